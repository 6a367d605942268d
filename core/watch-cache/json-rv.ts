/**
 * Rewrites `metadata.resourceVersion` inside canonical JSON without parsing it. Canonical output
 * puts `metadata` right after `kind` and `apiVersion`, and `resourceVersion` before any nested
 * object of metadata, so the first occurrence of the member is the right one (a string value
 * containing the same characters would be escaped and cannot match).
 */
const MEMBER = '"resourceVersion":"';

export function setResourceVersion(json: string, rv: number): string {
  const i = json.indexOf(MEMBER);
  if (i < 0) return json;
  const start = i + MEMBER.length;
  const end = json.indexOf('"', start);
  return json.slice(0, start) + String(rv) + json.slice(end);
}
