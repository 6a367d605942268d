/**
 * application/cbor (alpha, gate CBORServingAndStorage): objects as self-described CBOR
 * (tag 55799), map keys in bytewise-lexical order of their encodings as the real platform sorts
 * them, `[]byte` fields as byte strings (base64 text in JSON), integers as integers.
 * Watches are `application/cbor-seq`: one event per item. Uses cbor-x.
 */
import { Decoder, Encoder } from 'cbor-x';
import { StatusError } from '../errors/status-error.ts';
import { listType } from '../registry/types/object.ts';
import { Status, WatchEvent } from '../registry/types/meta-v1.ts';
import { fieldIndex } from '../schema/index-fields.ts';
import type { ObjectSchema, Schema } from '../schema/types.ts';
import { setOwn, type JsonObject, type JsonValue } from '../util/json.ts';
import { cborStrictError } from './cbor-strict.ts';
import { cborDepthError } from './depth.ts';
import { inexactNumberMessage } from './exact-numbers.ts';
import { listItems } from './list-items.ts';
import type { EncodeContext, ListParts, Serializer } from './serializer.ts';

const encoder = new Encoder({
  useRecords: false,
  mapsAsObjects: true,
  tagUint8Array: false,
  useSelfDescribedHeader: true,
  variableMapSize: true,
});
// Maps decode as Map, so that a key named `__proto__` stays a key (see setKey).
const decoder = new Decoder({ useRecords: false, mapsAsObjects: false });
const utf8 = new TextEncoder();

type CborValue = JsonValue | Uint8Array | bigint | CborValue[] | { [k: string]: CborValue };

/** Bytewise order of encoded text keys = shorter UTF-8 first, then bytes. */
function compareKeys(a: string, b: string): number {
  const ab = utf8.encode(a);
  const bb = utf8.encode(b);
  if (ab.length !== bb.length) return ab.length - bb.length;
  for (let i = 0; i < ab.length; i++) if (ab[i] !== bb[i]) return ab[i] - bb[i];
  return 0;
}

function fromBase64(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function toBase64(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += String.fromCharCode(x);
  return btoa(s);
}

/** JSON value → CBOR-ready value, following the schema where there is one. */
function toCbor(v: JsonValue, s: Schema | undefined): CborValue {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') {
    if (typeof v === 'string' && s?.type === 'bytes') return fromBase64(v);
    return v;
  }
  if (typeof v === 'number') {
    // Integers past 32 bits go as CBOR integers (cbor-x would write a float); past 64 bits they stay floats.
    return Number.isInteger(v) && Math.abs(v) > 0xffffffff && Math.abs(v) < 2 ** 63 ? BigInt(v) : v;
  }
  if (Array.isArray(v)) return v.map((x) => toCbor(x, s?.type === 'array' ? s.items : undefined));
  const out: { [k: string]: CborValue } = {};
  const index = s?.type === 'object' ? fieldIndex(s) : undefined;
  for (const k of Object.keys(v).sort(compareKeys)) {
    const child = index ? index.get(k)?.spec.schema : s?.type === 'map' ? s.values : undefined;
    setOwn(out, k, toCbor(v[k], child));
  }
  return out;
}

/** Decoded CBOR → JSON value: byte strings become base64 text, big integers numbers. */
function fromCbor(v: unknown): JsonValue {
  if (v instanceof Uint8Array) return toBase64(v);
  if (typeof v === 'bigint') {
    // Inside int64 (cborStrictError refused the rest); numbers are doubles here, and one a double
    // would round is refused as in JSON text.
    const n = Number(v);
    if (BigInt(n) !== v) throw StatusError.badRequest(`error decoding CBOR: ${inexactNumberMessage(String(v))}`);
    return n;
  }
  if (v === undefined) return null;
  if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(fromCbor);
  if (v instanceof Map) {
    const out: JsonObject = {};
    for (const [k, x] of v) {
      if (typeof k !== 'string') throw StatusError.badRequest('cbor: map keys must be text strings');
      setOwn(out, k, fromCbor(x));
    }
    return out;
  }
  if (typeof v === 'object') {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) setOwn(out, k, fromCbor(x));
    return out;
  }
  throw StatusError.badRequest(`cbor: unsupported value of type ${typeof v}`);
}

export function encodeCbor(value: JsonObject, schema: ObjectSchema | undefined): Uint8Array<ArrayBuffer> {
  return encoder.encode(toCbor(value, schema)) as Uint8Array<ArrayBuffer>;
}

export function decodeCbor(body: Uint8Array): JsonValue {
  const tooDeep = cborDepthError(body);
  if (tooDeep) throw StatusError.badRequest(`error decoding CBOR: ${tooDeep}`);
  const refused = cborStrictError(body);
  if (refused) throw StatusError.badRequest(`error decoding CBOR: ${refused}`);
  let raw: unknown;
  try {
    raw = decoder.decode(body);
  } catch (err) {
    throw StatusError.badRequest(`error decoding CBOR: ${(err as Error).message}`);
  }
  return fromCbor(raw);
}

function eventSchema(objectSchema: ObjectSchema | undefined): ObjectSchema {
  // The event's object follows the kind's schema (so its bytes fields are byte strings).
  if (!objectSchema) return WatchEvent;
  return { ...WatchEvent, fields: WatchEvent.fields.map((f) => (f.name === 'object' ? { ...f, schema: objectSchema } : f)) };
}

export const cborSerializer: Serializer = {
  mediaType: 'application/cbor',
  aliases: [],
  streamMediaType: 'application/cbor-seq',
  supports: () => true,
  encodeObject(json: string, ctx: EncodeContext) {
    return encodeCbor(JSON.parse(json) as JsonObject, ctx.def?.schema);
  },
  encodeValue(value: JsonObject, ctx: EncodeContext) {
    return encodeCbor(value, value.kind === 'Status' ? Status : ctx.def?.schema);
  },
  encodeList(list: ListParts, ctx: EncodeContext) {
    const value: JsonObject = {
      kind: list.kind,
      apiVersion: list.apiVersion,
      metadata: list.metadata,
      items: listItems(list.items).map((i) => JSON.parse(i) as JsonValue),
    };
    return encodeCbor(value, ctx.def ? listType(ctx.def.schema) : undefined);
  },
  encodeWatchEvent(type: string, objectJson: string, ctx: EncodeContext) {
    const object = JSON.parse(objectJson) as JsonObject;
    const schema = type === 'ERROR' ? Status : ctx.def?.schema;
    return encodeCbor({ type, object }, eventSchema(schema));
  },
  decode: (body: Uint8Array) => decodeCbor(body),
};
