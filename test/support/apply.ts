/**
 * The steps of the field-ownership tests (docs/api-rules.md, "Server-side apply and field
 * ownership"): writes through recordUpdate and applyPatch at a fixed time, on ConfigMap or the
 * synthetic Widget, and a readable view of who owns what.
 */
import { applyPatch, fromFieldsV1, pathString, recordUpdate } from '../../core/apply/index.ts';
import { ConfigMap } from '../../core/registry/types/core-v1-misc.ts';
import { decodeObject } from '../../core/schema/decode.ts';
import type { ObjectSchema } from '../../core/schema/types.ts';
import { clone, isObject, type JsonObject } from '../../core/util/json.ts';
import { configMap } from './builders.ts';
import { WidgetSchema } from './widget.ts';

export const T0 = Date.UTC(2024, 0, 1, 10, 0, 0);
export const minutes = (n: number): number => T0 + n * 60_000;
export const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

export interface Kind {
  readonly schema: ObjectSchema;
  readonly apiVersion: string;
  readonly kind: string;
}

export const CONFIGMAP: Kind = { schema: ConfigMap, apiVersion: 'v1', kind: 'ConfigMap' };
export const WIDGET: Kind = { schema: WidgetSchema, apiVersion: 'test/v1', kind: 'Widget' };

/** The ConfigMap `cm` in `default`, as an apply configuration or an update body: only the fields given. */
export function cm(data?: Record<string, string>, labels?: Record<string, string>): JsonObject {
  return configMap('cm', data, { namespace: 'default', ...(labels ? { labels } : {}) });
}

/** The Widget `w` in `default` with `spec`, and `extra` fields beside it (`status`). */
export function widget(spec: JsonObject, extra: JsonObject = {}): JsonObject {
  return { apiVersion: 'test/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'default' }, spec, ...extra };
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
export function apply(
  live: JsonObject | undefined,
  config: JsonObject,
  manager: string,
  opts: WriteOptions & { force?: boolean } = {},
): JsonObject {
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

/** A server-side apply of the Widget spec `spec` by `manager`. */
export function applyWidget(
  live: JsonObject | undefined,
  spec: JsonObject,
  manager: string,
  opts: { force?: boolean; now?: number } = {},
): JsonObject {
  return apply(live, widget(spec), manager, { kind: WIDGET, ...opts });
}

/** An update (or create) of the Widget spec to `spec` by `manager`. */
export function updateWidget(live: JsonObject | undefined, spec: JsonObject, manager: string): JsonObject {
  return update(live, widget(spec), manager, { kind: WIDGET });
}

/** The error of class `type` that `run` throws: another error is thrown on, and none fails the test. */
export function thrown<E>(type: abstract new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (err) {
    if (err instanceof type) return err;
    throw err;
  }
  throw new Error(`expected a ${type.name}`);
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
