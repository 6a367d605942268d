/**
 * Field paths of server-side apply: a path is a list of elements, each naming a struct field or map
 * key (`f:`), a map-list item by its key fields (`k:`), a set item by its value (`v:`) or a list
 * item by index (`i:`). Elements have a total order (the real platform's), which fixes the order
 * of FieldsV1 keys and of conflict listings.
 */
import { compareStrings } from '../util/compare.ts';
import { goJson, goString } from '../util/go-json.ts';
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';

export interface KeyField {
  readonly name: string;
  readonly value: JsonValue;
}

export type PathElement =
  | { readonly kind: 'field'; readonly name: string }
  /** Key fields sorted by name, as the real platform keeps them. */
  | { readonly kind: 'key'; readonly fields: readonly KeyField[] }
  | { readonly kind: 'value'; readonly value: JsonValue }
  | { readonly kind: 'index'; readonly index: number };

export type Path = readonly PathElement[];

export const fieldElement = (name: string): PathElement => ({ kind: 'field', name });
export const valueElement = (value: JsonValue): PathElement => ({ kind: 'value', value });
export const indexElement = (index: number): PathElement => ({ kind: 'index', index });

export function keyElement(fields: readonly KeyField[]): PathElement {
  return { kind: 'key', fields: [...fields].sort((a, b) => compareStrings(a.name, b.name)) };
}

/** A path of field names, e.g. `fieldPath('metadata', 'labels')`. */
export function fieldPath(...names: string[]): Path {
  return names.map(fieldElement);
}

/** The real platform's total order of values: numbers, strings, booleans, lists, maps, null. */
export function orderValues(a: JsonValue, b: JsonValue): number {
  const ra = valueRank(a);
  const rb = valueRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 0:
      return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
    case 1:
      return compareStrings(a as string, b as string);
    case 2:
      return a === b ? 0 : a === false ? -1 : 1;
    case 3:
      return compareLists(a as JsonValue[], b as JsonValue[]);
    case 4:
      return compareMaps(a as JsonObject, b as JsonObject);
    default:
      return 0;
  }
}

function valueRank(v: JsonValue): number {
  if (typeof v === 'number') return 0;
  if (typeof v === 'string') return 1;
  if (typeof v === 'boolean') return 2;
  if (Array.isArray(v)) return 3;
  if (isObject(v)) return 4;
  return 5;
}

function compareLists(a: JsonValue[], b: JsonValue[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const c = orderValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function compareMaps(a: JsonObject, b: JsonObject): number {
  const ka = Object.keys(a).sort(compareStrings);
  const kb = Object.keys(b).sort(compareStrings);
  for (let i = 0; i < ka.length && i < kb.length; i++) {
    const c = compareStrings(ka[i], kb[i]) || orderValues(a[ka[i]], b[kb[i]]);
    if (c !== 0) return c;
  }
  return ka.length === kb.length ? 0 : ka.length < kb.length ? -1 : 1;
}

const KIND_RANK = { field: 0, key: 1, value: 2, index: 3 } as const;

/** Field names first, then keys, then set values, then indexes. */
export function compareElements(a: PathElement, b: PathElement): number {
  if (a.kind !== b.kind) return KIND_RANK[a.kind] < KIND_RANK[b.kind] ? -1 : 1;
  switch (a.kind) {
    case 'field':
      return compareStrings(a.name, (b as typeof a).name);
    case 'key': {
      const bf = (b as typeof a).fields;
      for (let i = 0; i < a.fields.length && i < bf.length; i++) {
        const c = compareStrings(a.fields[i].name, bf[i].name) || orderValues(a.fields[i].value, bf[i].value);
        if (c !== 0) return c;
      }
      return a.fields.length === bf.length ? 0 : a.fields.length < bf.length ? -1 : 1;
    }
    case 'value':
      return orderValues(a.value, (b as typeof a).value);
    case 'index': {
      const bi = (b as typeof a).index;
      return a.index < bi ? -1 : a.index > bi ? 1 : 0;
    }
  }
}

/** Elements are immutable and shared by every path below them, so their token is computed once. */
const tokens = new WeakMap<PathElement, string>();

/** The element as a FieldsV1 key: `f:name`, `k:{"name":"a"}`, `v:"x"`, `i:0`. */
export function elementToken(pe: PathElement): string {
  // Field elements are by far the most common: their token is cheaper to build than to look up.
  if (pe.kind === 'field') return `f:${pe.name}`;
  let t = tokens.get(pe);
  if (t === undefined) {
    t = tokenOf(pe);
    tokens.set(pe, t);
  }
  return t;
}

function tokenOf(pe: PathElement): string {
  switch (pe.kind) {
    case 'field':
      return `f:${pe.name}`;
    case 'key':
      return `k:{${pe.fields.map((f) => `${goString(f.name)}:${goJson(f.value)}`).join(',')}}`;
    case 'value':
      return `v:${goJson(pe.value)}`;
    case 'index':
      return `i:${pe.index}`;
  }
}

/** A malformed FieldsV1 key. */
export class PathElementError extends Error {}

/**
 * Parses a FieldsV1 key. Keys of a kind this version does not know (another letter before the
 * colon) give undefined: the real platform drops them rather than fail.
 */
export function parseElementToken(token: string): PathElement | undefined {
  if (token.length < 2) throw new PathElementError('key must be 2 characters long:');
  if (token[1] !== ':') throw new PathElementError(`missing colon: ${token}`);
  const body = token.slice(2);
  switch (token[0]) {
    case 'f':
      return fieldElement(body);
    case 'v':
      return valueElement(parseJson(body));
    case 'k': {
      const obj = parseJson(body);
      if (!isObject(obj)) throw new PathElementError(`ReadObjectCB: expect { or n, but found ${body.slice(0, 1)}`);
      return keyElement(Object.keys(obj).map((name) => ({ name, value: obj[name] })));
    }
    case 'i':
      if (!/^[+-]?\d+$/.test(body)) throw new PathElementError(`strconv.Atoi: parsing ${JSON.stringify(body)}: invalid syntax`);
      return indexElement(Number(body));
    default:
      return undefined;
  }
}

function parseJson(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch (err) {
    throw new PathElementError(err instanceof Error ? err.message : String(err));
  }
}

/** Go's `%v` of a scalar inside a path (strings quoted). */
function valueText(v: JsonValue): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(valueText).join(', ')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort(compareStrings)
      .map((k) => `${k}=${valueText(v[k])}`)
      .join(', ')}}`;
  }
  return String(v);
}

/** The element as the real platform prints it in messages: `.name`, `[name="a"]`, `[="x"]`, `[0]`. */
export function elementString(pe: PathElement): string {
  switch (pe.kind) {
    case 'field':
      return `.${pe.name}`;
    case 'key':
      return `[${pe.fields.map((f) => `${f.name}=${valueText(f.value)}`).join(',')}]`;
    case 'value':
      return `[=${valueText(pe.value)}]`;
    case 'index':
      return `[${pe.index}]`;
  }
}

/** A path as the real platform prints it: `.spec.containers[name="app"].image`. */
export function pathString(path: Path): string {
  return path.map(elementString).join('');
}
