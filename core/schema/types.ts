/**
 * The declarative field schema of the API's kinds. One schema per type drives JSON decoding and
 * type checks, unknown-field pruning, canonical output (field order, Go's omitempty rules),
 * defaulting, validation of simple constraints, merge markers (strategic merge, server-side
 * apply), protobuf field numbers, and OpenAPI.
 */

export type Schema =
  | StringSchema
  | IntegerSchema
  | NumberSchema
  | BooleanSchema
  | BytesSchema
  | TimeSchema
  | IntOrStringSchema
  | QuantitySchema
  | RawSchema
  | ObjectSchema
  | ArraySchema
  | MapSchema;

export interface StringSchema {
  readonly type: 'string';
  /** The values schema validation accepts; any other is `Unsupported value`, listing these in this order. */
  readonly enum?: readonly string[];
  /**
   * The values the API documents for the field, each with what it means: published as the
   * OpenAPI `enum` and as "Possible enum values" lines after the field's description. With
   * `enum` set they are the same values; without it the kind's own validation decides (the
   * real platform checks some such fields with its own message, and some not at all).
   */
  readonly enumValues?: Readonly<Record<string, string>>;
  readonly maxLength?: number;
  readonly format?: string;
}

export interface IntegerSchema {
  readonly type: 'integer';
  readonly format: 'int32' | 'int64';
  readonly minimum?: number;
  readonly maximum?: number;
}

export interface NumberSchema {
  readonly type: 'number';
  readonly format: 'double';
}

export interface BooleanSchema {
  readonly type: 'boolean';
}

/** `[]byte`: base64 text in JSON, bytes in protobuf. */
export interface BytesSchema {
  readonly type: 'bytes';
}

/** metav1.Time (second precision) or metav1.MicroTime: RFC 3339 text in JSON. */
export interface TimeSchema {
  readonly type: 'time';
  readonly precision: 'second' | 'micro';
}

/** intstr.IntOrString. */
export interface IntOrStringSchema {
  readonly type: 'int-or-string';
}

/** resource.Quantity: canonical string in JSON; accepts numbers on input. */
export interface QuantitySchema {
  readonly type: 'quantity';
}

/** runtime.RawExtension or arbitrary JSON (kept as sent). */
export interface RawSchema {
  readonly type: 'raw';
}

export type StructType = 'atomic' | 'granular';
export type ListType = 'atomic' | 'set' | 'map';

export interface ObjectSchema {
  readonly type: 'object';
  /** Definition name, e.g. `io.orch.api.core.v1.ConfigMap`; also the protobuf message name. */
  readonly name: string;
  readonly fields: readonly FieldSpec[];
  /** `x-orch-map-type` on a struct: atomic structs are owned and replaced as a whole. */
  readonly structType?: StructType;
  readonly description?: string;
  /**
   * The type of fields it does not declare, when it keeps them (a custom resource's
   * `x-kubernetes-preserve-unknown-fields` beside `properties`): server-side apply merges and
   * owns them by their values' shape, the declared ones by their schema.
   */
  readonly unknownFields?: Schema;
}

export interface ArraySchema {
  readonly type: 'array';
  readonly items: Schema;
  /** Server-side apply: absent means atomic (unless patchStrategy says merge). */
  readonly listType?: ListType;
  readonly listMapKeys?: readonly string[];
  /** Strategic merge patch: `merge`, `replace`, `retainKeys`, `merge,retainKeys`. */
  readonly patchStrategy?: string;
  readonly patchMergeKey?: string;
  readonly maxItems?: number;
}

export interface MapSchema {
  readonly type: 'map';
  readonly values: Schema;
  readonly mapType?: StructType;
  /** Strategic merge patch strategy on a map field (e.g. `retainKeys`). */
  readonly patchStrategy?: string;
}

export interface FieldSpec {
  /** JSON name. For an inline field, the name of the embedded member (JSON shows its fields flat). */
  readonly name: string;
  readonly schema: Schema;
  /** Protobuf field number (absent: not carried by protobuf). */
  readonly proto?: number;
  /** An embedded struct (`json:",inline"`): its fields appear in the parent's JSON, it is a nested message in protobuf. */
  readonly inline?: boolean;
  /** Go pointer/optional: emitted whenever set, even when zero; protobuf writes it only when set. */
  readonly pointer?: boolean;
  /** Go `omitempty` (default true): a zero value is left out of the JSON. */
  readonly omitEmpty?: boolean;
  /** Validation: the field must be present and non-empty (Required value). */
  readonly required?: boolean;
  /** Filled in when the field is absent (on every decode, as the real platform defaults). */
  readonly default?: unknown;
  readonly description?: string;
}

export function isObjectSchema(s: Schema): s is ObjectSchema {
  return s.type === 'object';
}
