/** Shared steps of the apply tests: writes through recordUpdate/applyPatch and a readable view of ownership. */
import { applyPatch, fromFieldsV1, pathString, recordUpdate } from '../../../core/apply/index.ts';
import { ConfigMap } from '../../../core/registry/types/core-v1-misc.ts';
import { decodeObject } from '../../../core/schema/decode.ts';
import type { ObjectSchema } from '../../../core/schema/types.ts';
import { clone, isObject, type JsonObject } from '../../../core/util/json.ts';

export const T0 = Date.UTC(2024, 0, 1, 10, 0, 0);
export const minutes = (n: number): number => T0 + n * 60_000;
export const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

export interface Kind {
  readonly schema: ObjectSchema;
  readonly apiVersion: string;
  readonly kind: string;
}

export const CONFIGMAP: Kind = { schema: ConfigMap, apiVersion: 'v1', kind: 'ConfigMap' };

/** A ConfigMap apply configuration or update body. */
export function cm(data?: Record<string, string>, labels?: Record<string, string>): JsonObject {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'cm', namespace: 'default', ...(labels ? { labels } : {}) },
    ...(data ? { data } : {}),
  };
}

export interface WriteOptions {
  readonly kind?: Kind;
  readonly now?: number;
  readonly subresource?: string;
  readonly ignored?: string[][];
  readonly apiVersion?: string;
}

/** A create (live undefined) or update by `manager`; returns the stored object. */
export function update(live: JsonObject | undefined, body: JsonObject, manager: string, opts: WriteOptions = {}): JsonObject {
  const k = opts.kind ?? CONFIGMAP;
  const next = decodeObject(clone(body), k.schema).value;
  recordUpdate({
    live,
    next,
    manager,
    apiVersion: opts.apiVersion ?? k.apiVersion,
    subresource: opts.subresource,
    schema: k.schema,
    now: opts.now ?? T0,
    ignored: opts.ignored,
  });
  return decodeObject(next, k.schema).value;
}

/** A server-side apply by `manager`; returns the stored object. */
export function apply(live: JsonObject | undefined, config: JsonObject, manager: string, opts: WriteOptions & { force?: boolean } = {}): JsonObject {
  const k = opts.kind ?? CONFIGMAP;
  const out = applyPatch({
    live,
    config: clone(config),
    manager,
    apiVersion: opts.apiVersion ?? k.apiVersion,
    kind: k.kind,
    subresource: opts.subresource,
    force: opts.force,
    schema: k.schema,
    now: opts.now ?? T0,
    ignored: opts.ignored,
  });
  return decodeObject(out, k.schema).value;
}

/** Ownership as `{"<manager> <operation>[ <subresource>]": [".data.a", ...]}`, e.g. `{"alice Apply": [".data.a"]}`. */
export function owners(obj: JsonObject): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const list = isObject(obj.metadata) && Array.isArray(obj.metadata.managedFields) ? obj.metadata.managedFields : [];
  for (const e of list) {
    if (!isObject(e)) continue;
    const key = [e.manager, e.operation, e.subresource].filter((x) => typeof x === 'string' && x).join(' ');
    out[key] = fromFieldsV1(e.fieldsV1).paths().map(pathString);
  }
  return out;
}

/** The managedFields entries of an object. */
export function entries(obj: JsonObject): JsonObject[] {
  return isObject(obj.metadata) && Array.isArray(obj.metadata.managedFields) ? (obj.metadata.managedFields as JsonObject[]) : [];
}
