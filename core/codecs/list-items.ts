/**
 * List items go out without `kind` and `apiVersion`, as the real platform sends them (the list's
 * own kind says what they are; clients fill the fields in when they need them). Single objects,
 * watch events and Table rows keep them.
 */
const KIND = '{"kind":"';
const API_VERSION = '","apiVersion":"';

/** Canonical JSON of an object → the same text without its leading `kind` and `apiVersion`. */
export function withoutTypeMeta(json: string): string {
  // Canonical text starts with kind then apiVersion, whose values hold no quotes.
  if (json.startsWith(KIND)) {
    const a = json.indexOf(API_VERSION, KIND.length);
    const end = a < 0 ? -1 : json.indexOf('"', a + API_VERSION.length);
    if (end > 0) {
      const next = json.charCodeAt(end + 1);
      if (next === 44 /* , */) return `{${json.slice(end + 2)}`;
      if (next === 125 /* } */) return '{}';
    }
  }
  // Not canonical (never for stored objects): take the long way.
  const obj = JSON.parse(json) as Record<string, unknown>;
  delete obj.kind;
  delete obj.apiVersion;
  return JSON.stringify(obj);
}

/** The items of a list as they are sent. */
export function listItems(items: readonly string[]): string[] {
  return items.map(withoutTypeMeta);
}
