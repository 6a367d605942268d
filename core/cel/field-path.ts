/**
 * A rule's `fieldPath` (`.spec.ports['http']`): checked against the schema when the CRD is
 * written, and normalized to the field-error notation (`spec.ports[http]`) that runtime errors use.
 */
import { additionalPropertiesOf, type CelSchema } from './schema.ts';

const UNESCAPE: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', "'": "'", '\\': '\\' };

function tokens(path: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < path.length) {
    const c = path[i];
    if (c === '.' || c === '[' || c === ']') {
      out.push(c);
      i++;
    } else if (c === "'") {
      let j = i + 1;
      while (j < path.length && !(path[j] === "'" && path[j - 1] !== '\\')) j++;
      out.push(path.slice(i, j + 1));
      i = j + 1;
    } else {
      let j = i;
      while (j < path.length && !'.[]'.includes(path[j])) j++;
      out.push(path.slice(i, j));
      i = j;
    }
  }
  return out;
}

/** The normalized path, or an error text when the path does not lead into the schema. */
export function validFieldPath(path: string, root: CelSchema): { path?: string; error?: string } {
  let s: CelSchema | undefined = root;
  let out = '';
  const step = (name: string): string | undefined => {
    if (!s) return 'does not refer to a valid field';
    if (s.properties) {
      const next: CelSchema | undefined = s.properties[name];
      if (!next) return 'does not refer to a valid field';
      out = out ? `${out}.${name}` : name;
      s = next;
      return undefined;
    }
    const ap = additionalPropertiesOf(s);
    if (ap) {
      out = `${out}[${name}]`;
      s = ap;
      return undefined;
    }
    return 'does not refer to a valid field';
  };
  const t = tokens(path);
  for (let i = 0; i < t.length; i++) {
    const tok = t[i];
    if (tok === '[') {
      const q = t[++i];
      if (q === undefined) return { error: 'unexpected end of JSON path' };
      if (q.length < 2 || q[0] !== "'" || q[q.length - 1] !== "'") return { error: `expected single quoted string but got ${q}` };
      let bad = false;
      const key = q.slice(1, -1).replace(/\\(.)/g, (_, c: string) => {
        if (!(c in UNESCAPE)) bad = true;
        return UNESCAPE[c] ?? '';
      });
      if (bad) return { error: 'invalid string literal' };
      const err = step(key);
      if (err) return { error: err };
      if (t[++i] !== ']') return { error: `expected ] but got ${t[i] ?? ''}` };
    } else if (tok === '.') {
      const name = t[++i];
      if (name === undefined) return { error: 'unexpected end of JSON path' };
      const err = step(name);
      if (err) return { error: err };
    } else {
      return { error: `expected [ or . but got: ${tok}` };
    }
  }
  return { path: out };
}
