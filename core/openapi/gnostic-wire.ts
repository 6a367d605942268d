/**
 * The building blocks of the protobuf form of the OpenAPI documents: gnostic's messages
 * (github.com/google/gnostic-models, `openapi.v2` and `openapi.v3`) described as tables from JSON
 * key to field number, and one walker that writes a JSON document by such a table.
 *
 * The tables are written by hand over `@bufbuild/protobuf`'s wire writer rather than generated:
 * generating would need `protoc` and gnostic's `.proto` files in the build for two documents that
 * are only ever written, never read. What the walker does follows the way the real server gets its
 * bytes (the JSON document parsed by gnostic, then marshalled by Go's protobuf): fields in
 * ascending number, proto3 zero scalars left out (except a oneof's chosen member, which is always
 * written), a present message written even when empty, map-like objects as repeated `Named…`
 * entries in the document's key order, and every free-form value (`default`, `example`, `enum`,
 * vendor extensions) as an `Any` holding the value as YAML text.
 */
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { yamlText } from './yaml-text.ts';

/** Writes field `no` for the JSON value `v` (or nothing, when `v` does not fit or is a zero). */
export type FieldWriter = (w: BinaryWriter, no: number, v: JsonValue) => void;

/**
 * One message: its named members, and the members that collect keys by pattern (vendor
 * extensions, path names, response codes), each key becoming one `Named… { name = 1; value = 2 }`
 * entry whose value the pattern's writer writes. Patterns are tried in order; a key matching no
 * member and no pattern is not written (gnostic refuses such a document).
 */
export interface MessageTable {
  readonly fields: Readonly<Record<string, readonly [number, FieldWriter]>>;
  readonly patterns?: readonly (readonly [RegExp, number, FieldWriter])[];
}

/** A writer whose table is given later: the messages of a schema refer to themselves. */
type Table = () => MessageTable;

export const str: FieldWriter = (w, no, v) => {
  if (typeof v === 'string' && v !== '') w.tag(no, WireType.LengthDelimited).string(v);
};

export const bool: FieldWriter = (w, no, v) => {
  if (v === true) w.tag(no, WireType.Varint).bool(true);
};

export const double: FieldWriter = (w, no, v) => {
  if (typeof v === 'number' && v !== 0) w.tag(no, WireType.Bit64).double(v);
};

export const int64: FieldWriter = (w, no, v) => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v !== 0) w.tag(no, WireType.Varint).int64(v);
};

/** A oneof's scalar member: written even when it is the zero value. */
export const always = {
  str: ((w, no, v) => {
    if (typeof v === 'string') w.tag(no, WireType.LengthDelimited).string(v);
  }) as FieldWriter,
  bool: ((w, no, v) => {
    if (typeof v === 'boolean') w.tag(no, WireType.Varint).bool(v);
  }) as FieldWriter,
  double: ((w, no, v) => {
    if (typeof v === 'number') w.tag(no, WireType.Bit64).double(v);
  }) as FieldWriter,
};

/** `repeated string`, from one string or a list of them. */
export const strings: FieldWriter = (w, no, v) => {
  for (const s of Array.isArray(v) ? v : [v]) if (typeof s === 'string') w.tag(no, WireType.LengthDelimited).string(s);
};

/**
 * The YAML texts of one document being written, by the value's JSON: the same few values (kinds'
 * group-version-kinds, actions) recur thousands of times in a document.
 */
let yamlTexts: Map<string, string> | undefined;

/** `Any { string yaml = 2; }` — the packed `google.protobuf.Any` (1) is never set for plain values. */
export const any: FieldWriter = (w, no, v) => {
  const key = JSON.stringify(v);
  let yaml = yamlTexts?.get(key);
  if (yaml === undefined) {
    yaml = yamlText(v);
    yamlTexts?.set(key, yaml);
  }
  w.tag(no, WireType.LengthDelimited).fork();
  w.tag(2, WireType.LengthDelimited).string(yaml);
  w.join();
};

/** `repeated Any`, from a list. */
export const anys: FieldWriter = (w, no, v) => {
  if (Array.isArray(v)) for (const item of v) any(w, no, item);
};

/** A field holding a message, written by its table when the value is an object. */
export function message(table: Table): FieldWriter {
  let resolved: MessageTable | undefined;
  return (w, no, v) => {
    if (!isObject(v)) return;
    w.tag(no, WireType.LengthDelimited).fork();
    resolved ??= table();
    writeBody(w, resolved, v);
    w.join();
  };
}

/** `repeated M`: a list of objects, each one message. */
export function list(item: FieldWriter): FieldWriter {
  return (w, no, v) => {
    if (Array.isArray(v)) for (const x of v) item(w, no, x);
  };
}

/**
 * A oneof wrapper message: `choose` picks the member (number and writer) the value stands for;
 * the wrapper is written even when no member fits, as gnostic keeps an empty one.
 */
export function oneof(choose: (v: JsonValue) => readonly [number, FieldWriter] | undefined): FieldWriter {
  return (w, no, v) => {
    w.tag(no, WireType.LengthDelimited).fork();
    const member = choose(v);
    if (member) member[1](w, member[0], v);
    w.join();
  };
}

/** One `Named… { string name = 1; T value = 2; }` entry. */
function writeNamed(w: BinaryWriter, no: number, key: string, value: FieldWriter, v: JsonValue): void {
  w.tag(no, WireType.LengthDelimited).fork();
  w.tag(1, WireType.LengthDelimited).string(key);
  value(w, 2, v);
  w.join();
}

/** Vendor (specification) extensions: every `x-` key, as `NamedAny`. */
export const X_PATTERN = /^x-/;

/** A wrapper `{ repeated NamedT additional_properties = 1; }` over a JSON object. */
export function namedMap(value: FieldWriter): FieldWriter {
  const table: MessageTable = { fields: {}, patterns: [[/^/, 1, value]] };
  return message(() => table);
}

/** Extensions as NamedAny, in field `no` of the message. */
export function extensions(no: number): readonly [RegExp, number, FieldWriter] {
  return [X_PATTERN, no, any];
}

function writeBody(w: BinaryWriter, table: MessageTable, obj: JsonObject): void {
  const parts: { no: number; write: () => void }[] = [];
  for (const [key, v] of Object.entries(obj)) {
    // Own members only: a property named `constructor` or `toString` is data, not a member.
    const field = Object.hasOwn(table.fields, key) ? table.fields[key] : undefined;
    if (field) {
      parts.push({ no: field[0], write: () => field[1](w, field[0], v) });
      continue;
    }
    const p = table.patterns?.find(([re]) => re.test(key));
    if (p) parts.push({ no: p[1], write: () => writeNamed(w, p[1], key, p[2], v) });
  }
  // Go's marshaller writes fields by number; entries of one repeated field keep the key order.
  parts.sort((a, b) => a.no - b.no);
  for (const p of parts) p.write();
}

/** `ExternalDocs` and `Xml`, which gnostic's v2 and v3 protos define alike (same fields, same numbers). */
export const externalDocs = message(() => ({ fields: { description: [1, str], url: [2, str] }, patterns: [extensions(3)] }));
export const xml = message(() => ({
  fields: { name: [1, str], namespace: [2, str], prefix: [3, str], attribute: [4, bool], wrapped: [5, bool] },
  patterns: [extensions(6)],
}));

/** The whole document by its top-level table. */
export function encodeDocument(table: MessageTable, doc: JsonObject): Uint8Array<ArrayBuffer> {
  const w = new BinaryWriter();
  yamlTexts = new Map();
  try {
    writeBody(w, table, doc);
  } finally {
    yamlTexts = undefined;
  }
  return w.finish() as Uint8Array<ArrayBuffer>;
}

/** A member chooser for `…OrReference`: an object with `$ref` is the Reference (2), else the thing (1). */
export function orReference(thing: FieldWriter, reference: FieldWriter): FieldWriter {
  return oneof((v) => (isObject(v) && typeof v.$ref === 'string' ? [2, reference] : isObject(v) ? [1, thing] : undefined));
}
