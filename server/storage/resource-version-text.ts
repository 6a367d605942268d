/**
 * An object's resourceVersion is not stored in etcd (the key's mod_revision is); these take it out
 * of canonical JSON before a write and put it back after a read, without parsing. In canonical
 * output `resourceVersion` is the first such member and comes right after `uid` (Go's ObjectMeta
 * order: name, generateName, namespace, selfLink, uid, resourceVersion, ...).
 */
const RV = /,"resourceVersion":"[^"]*"/;
const UID = '"uid":"';

export function stripResourceVersion(json: string): string {
  const m = RV.exec(json);
  return m ? json.slice(0, m.index) + json.slice(m.index + m[0].length) : json;
}

export function insertResourceVersion(json: string, rv: number): string {
  const i = json.indexOf(UID);
  // Not an object of ours (a corrupt value): handed on as it is.
  if (i < 0) return json;
  const end = json.indexOf('"', i + UID.length);
  return `${json.slice(0, end + 1)},"resourceVersion":"${rv}"${json.slice(end + 1)}`;
}
