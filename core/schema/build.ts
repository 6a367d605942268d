/**
 * Small constructors so that type declarations read like the API reference tables.
 * `field(3, str())` is "field 3, a string".
 */
import type {
  ArraySchema,
  BooleanSchema,
  BytesSchema,
  FieldSpec,
  IntegerSchema,
  IntOrStringSchema,
  MapSchema,
  NumberSchema,
  ObjectSchema,
  QuantitySchema,
  RawSchema,
  Schema,
  StringSchema,
  StructType,
  TimeSchema,
} from './types.ts';

export const str = (opts: Omit<StringSchema, 'type'> = {}): StringSchema => ({ type: 'string', ...opts });
/**
 * A string of a fixed set of values: `enumOf('A', 'B')`, or with what each value means,
 * `enumOf({ A: 'meaning', B: 'meaning' })`. Schema validation rejects other values (listing
 * them in the order given) unless `{ checkedBy: 'kind' }` leaves that to the kind's validation;
 * either way OpenAPI publishes the values.
 */
export function enumOf(...values: string[]): StringSchema;
export function enumOf(meanings: Readonly<Record<string, string>>, opts?: { readonly checkedBy?: 'schema' | 'kind' }): StringSchema;
export function enumOf(...args: unknown[]): StringSchema {
  if (args.length === 0 || typeof args[0] === 'string') return { type: 'string', enum: args as string[] };
  const meanings = args[0] as Readonly<Record<string, string>>;
  const opts = (args[1] ?? {}) as { readonly checkedBy?: 'schema' | 'kind' };
  return opts.checkedBy === 'kind'
    ? { type: 'string', enumValues: meanings }
    : { type: 'string', enum: Object.keys(meanings), enumValues: meanings };
}
export const int32 = (opts: Omit<IntegerSchema, 'type' | 'format'> = {}): IntegerSchema => ({ type: 'integer', format: 'int32', ...opts });
export const int64 = (opts: Omit<IntegerSchema, 'type' | 'format'> = {}): IntegerSchema => ({ type: 'integer', format: 'int64', ...opts });
export const double = (): NumberSchema => ({ type: 'number', format: 'double' });
export const bool = (): BooleanSchema => ({ type: 'boolean' });
export const bytes = (): BytesSchema => ({ type: 'bytes' });
export const time = (): TimeSchema => ({ type: 'time', precision: 'second' });
export const microTime = (): TimeSchema => ({ type: 'time', precision: 'micro' });
export const intOrString = (): IntOrStringSchema => ({ type: 'int-or-string' });
export const quantity = (): QuantitySchema => ({ type: 'quantity' });
export const raw = (): RawSchema => ({ type: 'raw' });

export const list = (items: Schema, markers?: Omit<ArraySchema, 'type' | 'items'>): ArraySchema => {
  const s: ArraySchema = { type: 'array', items };
  return markers ? Object.assign(s, markers) : s;
};

export const map = (values: Schema, markers?: Omit<MapSchema, 'type' | 'values'>): MapSchema => {
  const s: MapSchema = { type: 'map', values };
  return markers ? Object.assign(s, markers) : s;
};

export type FieldOptions = Omit<FieldSpec, 'name' | 'schema' | 'proto'>;

/** A field declaration; the name comes from the key of the `struct` fields record. */
export interface FieldDecl extends FieldOptions {
  readonly schema: Schema;
  readonly proto?: number;
}

// Plain objects and Object.assign rather than spreads: the type modules call these a few thousand
// times while they load, and a spread's generic copy was the largest part of that.
export const field = (proto: number | undefined, schema: Schema, opts?: FieldOptions): FieldDecl => {
  const d: FieldDecl = proto !== undefined ? { proto, schema } : { schema };
  return opts ? Object.assign(d, opts) : d;
};

/** An object type; fields keep declaration order, which is the JSON output order. */
export function struct(
  name: string,
  fields: Record<string, FieldDecl>,
  opts: { structType?: StructType; description?: string; unknownFields?: Schema } = {},
): ObjectSchema {
  return {
    type: 'object',
    name,
    fields: Object.keys(fields).map((n) => Object.assign({ name: n }, fields[n]) as FieldSpec),
    ...opts,
  };
}

/** The same object type with some fields changed or added (e.g. a kind adding `required`). */
export function extend(
  base: ObjectSchema,
  changes: Record<string, Partial<FieldDecl>>,
  opts: { name?: string; structType?: StructType } = {},
): ObjectSchema {
  const fields: FieldSpec[] = base.fields.map((f) => (changes[f.name] ? { ...f, ...changes[f.name] } : f));
  for (const [n, d] of Object.entries(changes)) {
    if (!base.fields.some((f) => f.name === n)) {
      if (!d.schema) throw new Error(`extend(${base.name}): new field ${n} needs a schema`);
      fields.push({ name: n, ...(d as FieldDecl) });
    }
  }
  return { ...base, ...opts, name: opts.name ?? base.name, fields };
}
