/**
 * Everything the server stores, as one comparable value: every served resource listed across all
 * namespaces (in-process, straight through `handle`). Tests take it before and after a request
 * that answered an error, to show that the error changed nothing.
 */
import type { ApiServer } from '../../core/index.ts';

/** The collection path of every stored resource (cluster wide for namespaced ones); create-only kinds (access reviews) store nothing. */
export function collectionPaths(api: ApiServer): string[] {
  return api.kinds
    .filter((def) => !def.createOnly)
    .map((def) => `${def.group ? `/apis/${def.group}` : '/api'}/${def.version}/${def.resource}`);
}

export async function dumpStore(api: ApiServer): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of collectionPaths(api)) {
    const res = await api.fetch(new Request(`http://orch.test${path}`));
    const list = (await res.json()) as { items?: unknown[] };
    if (res.status !== 200) throw new Error(`listing ${path} answered ${res.status}`);
    out[path] = list.items;
  }
  return out;
}
