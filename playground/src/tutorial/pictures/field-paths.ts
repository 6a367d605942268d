/** managedFields' fieldsV1 sets as the paths of the fields they own, for the ownership table. */

/** The owned leaves of a fieldsV1 set, as `.data.a`, `.spec.containers[name=log].image`. */
export function fieldPaths(set: Record<string, unknown>, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(set)) {
    if (k === '.') {
      out.push(prefix || '.');
      continue;
    }
    const step = k.startsWith('f:')
      ? `.${k.slice(2)}`
      : k.startsWith('k:')
        ? `[${Object.entries(JSON.parse(k.slice(2)) as Record<string, unknown>)
            .map(([a, b]) => `${a}=${String(b)}`)
            .join(',')}]`
        : `[${k.slice(2)}]`;
    const child = (v ?? {}) as Record<string, unknown>;
    if (Object.keys(child).length === 0) out.push(prefix + step);
    else out.push(...fieldPaths(child, prefix + step));
  }
  return out;
}
