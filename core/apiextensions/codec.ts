/**
 * How a body becomes a custom resource, as the real platform's CR handler does it: any JSON value
 * is taken where the schema expects another type (validation reports it later, as 422), unknown
 * fields are pruned (and reported for `fieldValidation`), nulls of non-nullable fields are dropped,
 * defaults are filled from the schema, and `metadata` is ObjectMeta. The output puts `apiVersion`,
 * `kind` and `metadata` (in ObjectMeta order) first and every other member in key order, as Go
 * writes unstructured objects.
 */
import type { ObjectCodec } from '../registry/definition.ts';
import { ObjectMeta } from '../registry/types/meta-v1.ts';
import { DecodeError, decodeObject, type DecodeOptions, type DecodeResult } from '../schema/decode.ts';
import { clone, isObject, setOwn, type JsonObject, type JsonValue } from '../util/json.ts';
import { additionalOf, isEmbedded, itemsOf, preservesUnknown, propertiesOf, type SchemaProps } from './schema-props.ts';

interface Ctx {
  readonly defaults: boolean;
  readonly unknown: string[] | undefined;
}

const TYPE_META = new Set(['apiVersion', 'kind']);

/** The codec of one version of a custom resource, over its (structural) schema. */
export function customResourceCodec(schema: SchemaProps): ObjectCodec {
  return {
    decode(input: JsonObject, opts: DecodeOptions = {}): DecodeResult {
      const unknown: string[] = [];
      const ctx: Ctx = { defaults: opts.defaults ?? false, unknown: opts.collectUnknown ? unknown : undefined };
      return { value: resource(input, schema, ctx, ''), unknownFields: unknown };
    },
  };
}

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** A resource root (the object, or an embedded resource): type meta and ObjectMeta first, then its fields. */
function resource(input: JsonObject, s: SchemaProps, ctx: Ctx, path: string): JsonObject {
  const out: JsonObject = {};
  for (const k of ['apiVersion', 'kind']) if (input[k] !== undefined && input[k] !== null) out[k] = clone(input[k]);
  if (input.metadata !== undefined && input.metadata !== null) out.metadata = objectMeta(input.metadata, ctx, join(path, 'metadata'));
  fields(input, s, ctx, path, out, true);
  return out;
}

function objectMeta(v: JsonValue, ctx: Ctx, path: string): JsonValue {
  if (!isObject(v)) throw new DecodeError('json: cannot unmarshal into Go struct field of type v1.ObjectMeta');
  const decoded = decodeObject(v, ObjectMeta, { collectUnknown: ctx.unknown !== undefined });
  for (const u of decoded.unknownFields) ctx.unknown?.push(`${path}.${u}`);
  return decoded.value;
}

/** The members of an object (other than type meta and metadata at a resource root), pruned and defaulted. */
function fields(input: JsonObject, s: SchemaProps, ctx: Ctx, path: string, out: JsonObject, root: boolean): void {
  const props = propertiesOf(s);
  const additional = additionalOf(s);
  const keepUnknown = preservesUnknown(s) || additional === true;
  const keys = Object.keys(input);
  if (ctx.defaults && props) {
    for (const k of Object.keys(props)) {
      const d = props[k].default;
      if (d === undefined) continue;
      const cur = input[k];
      if (cur === undefined || (cur === null && props[k].nullable !== true)) {
        if (cur === undefined) keys.push(k);
        input = { ...input, [k]: clone(d) };
      }
    }
  }
  keys.sort();
  for (const k of keys) {
    if (root && (TYPE_META.has(k) || k === 'metadata')) continue;
    const v = input[k];
    const child = props?.[k] ?? (typeof additional === 'object' ? additional : undefined);
    if (!child) {
      if (keepUnknown) setOwn(out, k, clone(v));
      else ctx.unknown?.push(join(path, k));
      continue;
    }
    if (v === null) {
      // A null where the schema does not allow one is dropped, as if the field were not sent.
      if (child.nullable === true) setOwn(out, k, null);
      continue;
    }
    setOwn(out, k, value(v, child, ctx, join(path, k)));
  }
}

function value(v: JsonValue, s: SchemaProps, ctx: Ctx, path: string): JsonValue {
  if (Array.isArray(v)) {
    const items = itemsOf(s);
    return v.map((item, i) => (items && item !== null ? value(item, items, ctx, `${path}[${i}]`) : clone(item)));
  }
  if (!isObject(v)) return v;
  if (isEmbedded(s)) return resource(v, s, ctx, path);
  const out: JsonObject = {};
  fields(v, s, ctx, path, out, false);
  return out;
}
