/** Reading and writing ObjectMeta members of plain JSON objects. */
import { isObject, type JsonObject } from '../util/json.ts';

export function metaOf(obj: JsonObject): JsonObject {
  let m = obj.metadata;
  if (!isObject(m)) {
    m = {};
    obj.metadata = m;
  }
  return m;
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export function finalizersOf(obj: JsonObject): string[] {
  const f = metaOf(obj).finalizers;
  return Array.isArray(f) ? (f.filter((x) => typeof x === 'string') as string[]) : [];
}

export function labelsOf(obj: JsonObject): Record<string, string> | undefined {
  const l = isObject(obj.metadata) ? obj.metadata.labels : undefined;
  return isObject(l) ? (l as Record<string, string>) : undefined;
}

/** A copy of the object without metadata and status: what `generation` tracks. */
export function specPart(obj: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(obj)) if (k !== 'metadata' && k !== 'status' && k !== 'apiVersion' && k !== 'kind') out[k] = obj[k];
  return out;
}

export function getPath(obj: JsonObject, path: readonly string[]): unknown {
  let cur: unknown = obj;
  for (const p of path) {
    if (!isObject(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

export function setPath(obj: JsonObject, path: readonly string[], value: unknown): void {
  let cur: JsonObject = obj;
  for (let i = 0; i < path.length - 1; i++) {
    const next = cur[path[i]];
    if (!isObject(next)) {
      if (value === undefined) return;
      cur[path[i]] = {};
    }
    cur = cur[path[i]] as JsonObject;
  }
  const last = path[path.length - 1];
  if (value === undefined) delete cur[last];
  else cur[last] = value as JsonObject;
}
