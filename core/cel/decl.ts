/**
 * The CEL type of every schema node (the real platform's DeclType), and the conversion of JSON
 * values into the values cel-js evaluates. Objects with properties become message types whose
 * fields are converted lazily (a rule that reads one field of a large object converts one field);
 * maps become `map<string, T>`, arrays `list<T>`, int-or-string `dyn`, and strings with the
 * formats the real platform types (byte, duration, date, date-time) become bytes, durations and
 * timestamps.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { deepEqual } from '../util/json.ts';
import { escapeName } from './escape.ts';
import { parseDuration } from './library/duration.ts';
import { additionalPropertiesOf, type CelSchema, ext } from './schema.ts';

export type DeclKind = 'object' | 'map' | 'list' | 'string' | 'bytes' | 'int' | 'double' | 'bool' | 'timestamp' | 'duration' | 'dyn';

export interface DeclField {
  readonly json: string;
  /** The escaped CEL name, or undefined when CEL cannot see the property. */
  readonly cel: string | undefined;
  readonly decl: Decl;
}

export interface Decl {
  readonly kind: DeclKind;
  /** The type as cel-js spells it (`string`, `list<int>`, a message name...). */
  readonly celType: string;
  /** The schema node (for roots and embedded resources, with apiVersion, kind and metadata added). */
  readonly schema: CelSchema;
  readonly fields?: ReadonlyMap<string, DeclField>;
  readonly elem?: Decl;
  /** Most characters, items or properties a value can have (from the schema or the request size). */
  readonly maxElements: number;
  /** Fewest bytes the value takes serialized as JSON. */
  readonly minSize: number;
  /** JSON value → CEL value. */
  readonly toCel: (v: unknown) => unknown;
}

/** The request size limit the real platform estimates unbounded values from. */
export const MAX_REQUEST_SIZE_BYTES = 3 * 1024 * 1024;
const MAX_DURATION_SIZE_JSON = 32;
const MIN_DURATION_SIZE_JSON = 4;
const JSON_DATE_SIZE = 12;
const MIN_DATETIME_SIZE_JSON = 22;
const MAX_DATETIME_SIZE_JSON = 37;

const RAW = Symbol('raw');

export interface CelObject {
  readonly [RAW]: Readonly<Record<string, unknown>>;
}

/** The JSON object a message value wraps. */
export function rawOf(v: CelObject): Readonly<Record<string, unknown>> {
  return v[RAW];
}

export interface MessageType {
  readonly name: string;
  readonly ctor: new (raw: Record<string, unknown>) => CelObject;
  readonly fields: Record<string, string>;
}

/** Collects the message types of one schema so they can be registered in one environment. */
export class DeclBuilder {
  readonly messages: MessageType[] = [];
  private next = 0;
  constructor(private readonly prefix = 'object') {}

  /** The CEL type of a schema node, or undefined when the real platform does not expose it. */
  build(s: CelSchema, isResourceRoot: boolean): Decl | undefined {
    if (ext(s, 'int-or-string')) return dynDecl(s);
    const schema = isResourceRoot ? withTypeAndObjectMeta(s) : s;
    switch (schema.type) {
      case 'array': {
        if (!schema.items) return undefined;
        const elem = this.build(schema.items, ext(schema.items, 'embedded-resource') === true);
        if (!elem) return undefined;
        const max =
          schema.maxItems !== undefined ? Math.max(0, schema.maxItems) : Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSize + 1));
        const conv = elem.toCel;
        return {
          kind: 'list',
          celType: `list<${elem.celType}>`,
          schema,
          elem,
          maxElements: max,
          minSize: 2,
          toCel: (v) => (Array.isArray(v) ? v.map(conv) : v),
        };
      }
      case 'object': {
        const ap = additionalPropertiesOf(schema);
        if (ap) {
          const elem = this.build(ap, ext(ap, 'embedded-resource') === true);
          if (!elem) return undefined;
          const max =
            schema.maxProperties !== undefined
              ? Math.max(0, schema.maxProperties)
              : Math.floor((MAX_REQUEST_SIZE_BYTES - 2) / (elem.minSize + 6));
          const conv = elem.toCel;
          return {
            kind: 'map',
            celType: `map<string, ${elem.celType}>`,
            schema,
            elem,
            maxElements: max,
            minSize: 2,
            toCel: (v) => {
              if (!isPlainObject(v)) return v;
              const m = new Map<string, unknown>();
              for (const k of Object.keys(v)) {
                const e = v[k];
                if (e !== null && e !== undefined) m.set(k, conv(e));
              }
              return m;
            },
          };
        }
        return this.object(schema);
      }
      case 'string':
        return stringDecl(schema);
      case 'boolean':
        return scalar('bool', schema, 4);
      case 'number':
        return { ...scalar('double', schema, 1), toCel: (v) => (typeof v === 'bigint' ? Number(v) : v) };
      case 'integer':
        return { ...scalar('int', schema, 1), toCel: toInt };
      default:
        return undefined;
    }
  }

  private object(schema: CelSchema): Decl {
    const required = new Set(schema.required ?? []);
    const fields = new Map<string, DeclField>();
    const celFields: Record<string, string> = {};
    let minSize = 2;
    const props = schema.properties ?? {};
    for (const name of Object.keys(props)) {
      const prop = props[name];
      const decl = this.build(prop, ext(prop, 'embedded-resource') === true);
      if (!decl) continue;
      const cel = escapeName(name);
      fields.set(name, { json: name, cel, decl });
      if (cel !== undefined) celFields[cel] = decl.celType;
      if (required.has(name) && prop.default === undefined) minSize += name.length + decl.minSize + 4;
    }
    const name = `${this.prefix}${this.next++}`;
    const ctor = messageClass(name, fields);
    this.messages.push({ name, ctor, fields: celFields });
    return {
      kind: 'object',
      celType: name,
      schema,
      fields,
      maxElements: 0,
      minSize,
      toCel: (v) => (isPlainObject(v) ? new ctor(v) : v),
    };
  }
}

/** Registers the message types (and their deep equality) in an environment. */
export function registerMessages(env: Environment, messages: readonly MessageType[]): void {
  for (const m of messages) {
    env.registerType(m.name, { ctor: m.ctor, fields: m.fields });
    env.registerOperator(`${m.name} == ${m.name}`, (a: CelObject, b: CelObject) => deepEqual(a[RAW], b[RAW]));
  }
}

function messageClass(name: string, fields: ReadonlyMap<string, DeclField>): new (raw: Record<string, unknown>) => CelObject {
  // A named class so that cel-js error messages and type() show the type's name.
  const ctor = {
    [name]: class {
      readonly [RAW]: Record<string, unknown>;
      constructor(raw: Record<string, unknown>) {
        this[RAW] = raw;
      }
    },
  }[name];
  for (const f of fields.values()) {
    if (f.cel === undefined) continue;
    const json = f.json;
    const conv = f.decl.toCel;
    Object.defineProperty(ctor.prototype, f.cel, {
      get(this: CelObject) {
        const v = this[RAW][json];
        // An explicit null reads as an unset field, so has() and ?. treat both alike.
        return v === undefined || v === null ? undefined : conv(v);
      },
    });
  }
  return ctor;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toInt(v: unknown): unknown {
  return typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : v;
}

function toDyn(v: unknown): unknown {
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(toDyn);
  if (isPlainObject(v)) {
    const m = new Map<string, unknown>();
    for (const k of Object.keys(v)) m.set(k, toDyn(v[k]));
    return m;
  }
  return v;
}

function scalar(kind: DeclKind, schema: CelSchema, minSize: number): Decl {
  return { kind, celType: kind, schema, maxElements: 0, minSize, toCel: (v) => v };
}

function dynDecl(schema: CelSchema): Decl {
  const max = schema.maxLength !== undefined ? Math.max(0, schema.maxLength) * 4 : MAX_REQUEST_SIZE_BYTES - 2;
  return { kind: 'dyn', celType: 'dyn', schema, maxElements: max, minSize: 1, toCel: toDyn };
}

function stringDecl(schema: CelSchema): Decl {
  switch (schema.format) {
    case 'byte':
      return {
        kind: 'bytes',
        celType: 'bytes',
        schema,
        maxElements: schema.maxLength !== undefined ? Math.max(0, schema.maxLength) : MAX_REQUEST_SIZE_BYTES - 2,
        minSize: 2,
        toCel: (v) => (typeof v === 'string' ? decodeBase64(v) : v),
      };
    case 'duration':
      return {
        kind: 'duration',
        celType: 'google.protobuf.Duration',
        schema,
        maxElements: MAX_DURATION_SIZE_JSON,
        minSize: MIN_DURATION_SIZE_JSON,
        toCel: (v) => (typeof v === 'string' ? (parseDuration(v) ?? v) : v),
      };
    case 'date':
    case 'date-time':
      return {
        kind: 'timestamp',
        celType: 'google.protobuf.Timestamp',
        schema,
        maxElements: schema.format === 'date' ? JSON_DATE_SIZE : MAX_DATETIME_SIZE_JSON,
        minSize: schema.format === 'date' ? JSON_DATE_SIZE : MIN_DATETIME_SIZE_JSON,
        toCel: (v) => {
          if (typeof v !== 'string') return v;
          const d = new Date(v);
          return Number.isNaN(d.getTime()) ? v : d;
        },
      };
  }
  let max: number;
  if (schema.maxLength !== undefined) max = Math.max(0, schema.maxLength) * 4;
  else if (schema.enum && schema.enum.length > 0) max = Math.max(0, ...schema.enum.map((e) => (typeof e === 'string' ? e.length : 0)));
  else max = MAX_REQUEST_SIZE_BYTES - 2;
  return { kind: 'string', celType: 'string', schema, maxElements: max, minSize: 2, toCel: (v) => v };
}

function decodeBase64(s: string): Uint8Array | string {
  try {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return s;
  }
}

const STRING: CelSchema = { type: 'string' };

/** apiVersion, kind, metadata.name and metadata.generateName are always visible at a resource root. */
export function withTypeAndObjectMeta(s: CelSchema): CelSchema {
  const p = s.properties;
  const meta = p?.metadata;
  if (
    p?.kind?.type === 'string' &&
    p.apiVersion?.type === 'string' &&
    meta?.type === 'object' &&
    meta.properties?.name?.type === 'string' &&
    meta.properties.generateName?.type === 'string'
  ) {
    return s;
  }
  return {
    ...s,
    properties: {
      ...p,
      kind: STRING,
      apiVersion: STRING,
      metadata: { type: 'object', properties: { name: STRING, generateName: STRING } },
    },
  };
}
