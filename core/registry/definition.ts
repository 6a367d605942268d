/**
 * A kind is declared once, as a KindDefinition: names, scope, schema, subresources and strategy.
 * The generic registry, the handlers, discovery, OpenAPI, codecs and tables all read it; nothing
 * outside a kind's own file knows anything specific about that kind.
 */
import type { FieldError } from '../errors/field-error.ts';
import type { NameValidator } from '../meta/names.ts';
import { decodeObject, type DecodeOptions, type DecodeResult } from '../schema/decode.ts';
import type { ObjectSchema } from '../schema/types.ts';
import { apiVersionOf } from '../util/api-version.ts';
import type { JsonObject } from '../util/json.ts';
import type { FeatureGates } from '../features/feature-gates.ts';
import type { TableColumn } from './table.ts';
import type { RequestAccess } from '../auth/access.ts';

// The registry's modules name a kind's apiVersion through here; the helper is util's, for every layer.
export { apiVersionOf };

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export const ALL_VERBS: readonly Verb[] = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

/** What a strategy hook may look at besides the object. */
export interface StrategyContext {
  /** Now, on the server's clock (ms). */
  readonly now: number;
  readonly gates: FeatureGates;
  /** The subresource being written (`status`, ...), or '' for the main resource. */
  readonly subresource: string;
  /** Whether the object is being created or updated (some rules apply only on create). */
  readonly operation: 'create' | 'update';
}

/**
 * A kind's rules. `T` is the kind's object type (its generated interface): the registry hands the
 * hooks decoded objects, whose shape the schema already guarantees, so a hook reads
 * `obj.spec?.template?.spec` instead of probing untyped JSON.
 */
export interface Strategy<T = JsonObject> {
  /** Defaults that depend on other fields (run after the schema's own defaults, on every write). */
  defaults?(obj: T, ctx: StrategyContext): void;
  /** Adjust a new object before validation (e.g. initial status). */
  prepareForCreate?(obj: T, ctx: StrategyContext): void;
  /** Adjust an updated object before validation (e.g. keep fields only a subresource may change). */
  prepareForUpdate?(obj: T, old: T, ctx: StrategyContext): void;
  validate?(obj: T, ctx: StrategyContext): FieldError[];
  validateUpdate?(obj: T, old: T, ctx: StrategyContext): FieldError[];
  /**
   * Finalizers beyond `metadata.finalizers` that keep a deleted object (Namespace's
   * `spec.finalizers`). The object is removed once none remain in either place.
   */
  pendingFinalizers?(obj: T): boolean;
  /** Changes made when deletion starts (Namespace: phase Terminating). */
  beginDeletion?(obj: T, ctx: StrategyContext): void;
  /**
   * Graceful deletion (Pods): the grace period in seconds a DELETE gives the object, from the
   * requested one (`gracePeriodSeconds`) and the object itself. Kinds without it are removed at
   * once (or kept by finalizers).
   */
  gracePeriod?(obj: T, requested: number | undefined): number;
}

/** A subresource that writes part of the object (`status`, Namespace `finalize`). */
export interface PartialSubresource {
  readonly kind: 'partial';
  /** Top-level paths this subresource owns; everything else is kept from the stored object. */
  readonly paths: readonly (readonly string[])[];
  readonly verbs: readonly Verb[];
  /**
   * Instead, only these paths are kept from the stored object, and the rest (metadata: labels,
   * annotations, finalizers, ...) comes from the request: the older built-in kinds' status
   * strategies reset only `spec` (the real platform's ResetFieldsFor), newer kinds and custom
   * resources reset metadata too (the default).
   */
  readonly resets?: readonly (readonly string[])[];
}

/** The `scale` subresource: an autoscaling/v1 Scale view of the object. */
export interface ScaleSubresource {
  readonly kind: 'scale';
  readonly specReplicasPath: readonly string[];
  readonly statusReplicasPath: readonly string[];
  readonly labelSelectorPath?: readonly string[];
  /**
   * The columns the Scale view prints: a custom resource's own, read from the Scale (the real
   * platform serves a custom resource's scale with the resource's table converter). Default: the
   * Scale printer's `Name Desired Available Age`.
   */
  readonly table?: readonly TableColumn[];
}

/**
 * A subresource an object is POSTed to, which changes its parent (Pod `binding`): the posted
 * body's type, and the change it makes to the stored object (or a StatusError it answers).
 */
export interface CreateSubresource<T = JsonObject> {
  readonly kind: 'create';
  readonly schema: ObjectSchema;
  /** The posted kind as its apiVersion and kind (e.g. `v1` `Binding`). */
  readonly apiVersion: string;
  readonly bodyKind: string;
  /** The change the posted body makes to the stored object (answered with a Status). */
  change?(obj: T, body: JsonObject, ctx: StrategyContext): void;
  /**
   * Or: the answer to the posted body, computed from the stored object without changing it
   * (ServiceAccount `token` answers a TokenRequest).
   */
  answer?(obj: T, body: JsonObject, ctx: AnswerContext): Promise<JsonObject>;
}

/** What a create-only kind (or an answering subresource) may ask about the request it answers. */
export interface AnswerContext {
  readonly namespace: string;
  /** Now, on the server's clock (ms). */
  readonly now: number;
  readonly access: RequestAccess;
}

/**
 * How a body becomes an object, for kinds that are not Go types (custom resources): pruning,
 * defaulting and the canonical form follow the kind's own rules instead of the typed decoder.
 */
export interface ObjectCodec {
  /** Never fails on a value of the wrong type (validation reports it); fails (DecodeError) on undecodable metadata. */
  decode(input: JsonObject, opts?: DecodeOptions): DecodeResult;
}

export type Subresource<T = JsonObject> = PartialSubresource | ScaleSubresource | CreateSubresource<T>;

export interface KindDefinition<T = JsonObject> {
  /** '' for the core (legacy) group. */
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** Defaults to `<kind>List`. */
  readonly listKind?: string;
  /** Plural resource name, as in URLs. */
  readonly resource: string;
  readonly singular: string;
  readonly shortNames?: readonly string[];
  readonly categories?: readonly string[];
  readonly namespaced: boolean;
  /** The object's type: `apiVersion`, `kind`, `metadata` and the kind's own fields. */
  readonly schema: ObjectSchema;
  /** Which name syntax the kind requires (default: DNS subdomain). */
  readonly validateName?: NameValidator;
  readonly subresources?: Readonly<Record<string, Subresource<T>>>;
  /** `metadata.generation` starts at 1 and moves when anything but metadata and status changes. */
  readonly generation?: boolean;
  /** PUT of a missing object creates it (Events, Leases); otherwise 404. */
  readonly allowCreateOnUpdate?: boolean;
  /** DELETE answers the deleted object instead of a Status. */
  readonly returnDeletedObject?: boolean;
  /** Served only while this feature gate is on. */
  readonly featureGate?: string;
  /** Field selectors beyond metadata.name and metadata.namespace. */
  readonly fieldSelectors?: Readonly<Record<string, (obj: T) => string>>;
  /**
   * Fields that name the kind's own API group (RBAC's `roleRef.apiGroup`), as paths where `[]`
   * steps into each item of a list. Stored in the served spelling (the kind's defaults take the
   * `k8s.io` one), they are answered like the apiVersion, in the spelling of the group in the
   * request's path, so a client that compares what it wrote (`kubectl auth reconcile`) sees it.
   */
  readonly groupFields?: readonly (readonly string[])[];
  readonly strategy?: Strategy<T>;
  /** Objects that exist when the server starts (created if missing). */
  readonly bootstrap?: () => T[];
  /**
   * A bootstrap object already stored, brought back in line with the shipped one at start:
   * what to store instead (deleted and created again when `recreate`), or undefined to keep it.
   */
  readonly reconcileBootstrap?: (existing: T, shipped: T) => { readonly object: T; readonly recreate: boolean } | undefined;
  /**
   * Objects no DELETE may remove, by name, and the reason a DELETE of one is refused with (403
   * Forbidden), as the real platform's admission refuses to delete the system namespaces.
   */
  readonly undeletable?: { readonly names: readonly string[]; readonly reason: string };
  /**
   * A kind that is only created, never stored (the access reviews): a POST decodes, defaults and
   * validates the object, and answers what this returns (201); nothing is kept, no other verb
   * is served.
   */
  readonly createOnly?: (obj: T, ctx: AnswerContext) => T | Promise<T>;
  /** Verbs served on the main resource (default: all). */
  readonly verbs?: readonly Verb[];
  /**
   * The custom resource's definition is being deleted: a create is refused (405, `create not
   * allowed while custom resource definition is terminating`) and discovery lists only delete,
   * deletecollection, get, list and watch, while update and patch are still served (so that
   * finalizers can be removed), as the real platform does.
   */
  readonly terminating?: boolean;
  /** Where objects are kept (`<resource>` or `<resource>.<group>`); versions of one kind share it. */
  readonly storageResource?: string;
  /**
   * Columns of the Table view after `Name` (e.g. `Data`, `Age`), or with it where the kind lists
   * it (`NAME_COLUMN`, Event: last). Without them a kind's table is `Name` and `Created At`.
   */
  readonly table?: readonly TableColumn<T>[];
  /**
   * This version is stored as another version of the same kind (they share one storage, as
   * core/v1 and events.orch.io/v1 Events do): converters between the two representations.
   */
  readonly storedAs?: StoredAs<T>;
  /** Decodes objects instead of the typed decoder of `schema` (custom resources); see ObjectCodec. */
  readonly codec?: ObjectCodec;
  /**
   * Defaults filled whenever an object is read from storage, before any conversion (custom
   * resources: those of the schema of the version it is stored in, so a default added to the
   * schema shows on objects written before it, in gets, lists and watches). Answers the object
   * with them filled (in its canonical form), or undefined when none was missing; `stored`, just
   * parsed, is the hook's to change. Absent: objects are read as stored.
   */
  readonly storedDefaults?: (stored: JsonObject) => JsonObject | undefined;
  /**
   * A request body must name its `apiVersion` and `kind` (custom resources, decoded as
   * unstructured JSON): without a kind it is 400 `Object 'Kind' is missing in '…'`, without an
   * apiVersion 400 "the API version in the data () does not match …". Otherwise the endpoint's
   * are taken.
   */
  readonly requireTypeMeta?: boolean;
  /**
   * An update must carry the `metadata.resourceVersion` it replaces (custom resources, whose
   * strategy allows no unconditional update): one without is 422 `metadata.resourceVersion:
   * Invalid value: 0x0: must be specified for an update`. Otherwise the server takes the stored one.
   */
  readonly requireResourceVersionOnUpdate?: boolean;
  /**
   * Finalizer names without a `/` that are not standard (`orphan`, `foregroundDeletion`,
   * `orchestrator`): refused (422, the default, as every built-in kind does) or accepted with a
   * warning for each one a write adds (`warn`, custom resources).
   */
  readonly unqualifiedFinalizers?: 'refuse' | 'warn';
  /**
   * The OpenAPI schema of the object as its author wrote it (custom resources): published as is
   * instead of one derived from `schema`, under `schema.name`.
   */
  readonly publishedSchema?: JsonObject;
  /** Patch content types this kind refuses with 415 (custom resources: strategic merge patch, which needs Go types). */
  readonly refusedPatchTypes?: readonly string[];
  /** The warning requests to a deprecated version get, instead of the one built from `deprecated`. */
  readonly deprecationWarning?: string;
  /** A served version that is deprecated: requests get a `Warning` header and count in the gauge. */
  readonly deprecated?: {
    /** Release that deprecated it, e.g. `1.19`. */
    readonly deprecatedIn: string;
    /** Release that removes it, e.g. `1.35`. */
    readonly removedRelease?: string;
    /** What to use instead, e.g. `events.orch.io/v1 Event`. */
    readonly replacement?: string;
  };
}

export interface StoredAs<T = JsonObject> {
  /** The kind definition of the storage version. */
  readonly def: KindDefinition;
  toStorage(obj: T): JsonObject;
  fromStorage(obj: JsonObject): T;
}

/**
 * A kind declared over its object type. The registry, handlers and codecs work on decoded JSON
 * whatever the kind; the hooks of this definition are only ever called with objects of this kind
 * (decoded by its schema), which is why this one conversion is sound.
 */
export function defineKind<T>(def: KindDefinition<T>): KindDefinition {
  return def as unknown as KindDefinition;
}

/** The real platform's deprecation warning text. */
export function deprecationWarning(def: KindDefinition): string | undefined {
  const d = def.deprecated;
  if (!d) return undefined;
  if (def.deprecationWarning !== undefined) return def.deprecationWarning;
  let msg = `${apiVersionOf(def)} ${def.kind} is deprecated in v${d.deprecatedIn}+`;
  if (d.removedRelease) msg += `, unavailable in v${d.removedRelease}+`;
  if (d.replacement) msg += `; use ${d.replacement}`;
  return msg;
}

export function listKindOf(def: KindDefinition): string {
  return def.listKind ?? `${def.kind}List`;
}

export function storageResourceOf(def: KindDefinition): string {
  return def.storageResource ?? (def.group ? `${def.resource}.${def.group}` : def.resource);
}

/** Decodes (prunes, defaults, canonicalizes) an object of the kind: by its codec, or typed by its schema. */
export function decodeAs(def: KindDefinition, input: JsonObject, opts: DecodeOptions = {}): DecodeResult {
  return def.codec ? def.codec.decode(input, opts) : decodeObject(input, def.schema, opts);
}
