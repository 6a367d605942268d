import type { FieldSpec, ObjectSchema } from './types.ts';

/** A JSON-visible field of an object type, with the chain of inline members that holds it. */
export interface ResolvedField {
  readonly spec: FieldSpec;
  /** Inline members from the object down to the field (for protobuf nesting); empty if direct. */
  readonly via: readonly FieldSpec[];
}

const cache = new WeakMap<ObjectSchema, Map<string, ResolvedField>>();
const orderCache = new WeakMap<ObjectSchema, readonly ResolvedField[]>();

function collect(schema: ObjectSchema, via: FieldSpec[], out: ResolvedField[]): void {
  for (const f of schema.fields) {
    if (f.inline && f.schema.type === 'object') collect(f.schema, [...via, f], out);
    else out.push({ spec: f, via });
  }
}

/** JSON fields of an object type in output order, inline members flattened. */
export function jsonFields(schema: ObjectSchema): readonly ResolvedField[] {
  let out = orderCache.get(schema);
  if (!out) {
    const list: ResolvedField[] = [];
    collect(schema, [], list);
    out = list;
    orderCache.set(schema, out);
  }
  return out;
}

/** Lookup of a JSON field by name, inline members flattened. */
export function fieldIndex(schema: ObjectSchema): Map<string, ResolvedField> {
  let m = cache.get(schema);
  if (!m) {
    m = new Map(jsonFields(schema).map((r) => [r.spec.name, r]));
    cache.set(schema, m);
  }
  return m;
}

export function fieldOf(schema: ObjectSchema, name: string): FieldSpec | undefined {
  return fieldIndex(schema).get(name)?.spec;
}
