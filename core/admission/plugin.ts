/**
 * An admission plugin, as the real API server's: code that sees a create or an update of the kinds
 * it names after the kind's own defaults, may change the object (mutating, before the kind's
 * validation) or refuse it (validating, after), reading other objects as they are now and adding
 * `Warning` headers and audit annotations. Plugins name what they attach to; the registry asks
 * only the plugins of its own kind, so a kind nobody names pays nothing.
 */
import type { GroupKind, GroupResource } from '../errors/status-error.ts';
import type { JsonObject } from '../util/json.ts';

export type AdmissionOperation = 'CREATE' | 'UPDATE';

/**
 * Other objects, read-only, as the watch cache holds them now (the real plugins read informers'
 * listers, which are as current). Resources are named by their orch.io group. Answers are copies:
 * changing them changes nothing stored.
 */
export interface ObjectView {
  /** One object, or undefined when it is absent or its resource is not served. */
  get(resource: GroupResource, namespace: string, name: string): JsonObject | undefined;
  /** Every object of a resource, in one namespace when `namespace` is given, in key order. */
  list(resource: GroupResource, namespace?: string): JsonObject[];
}

/** What a plugin is asked about: one write of one object. */
export interface AdmissionAttributes {
  readonly operation: AdmissionOperation;
  /** The written resource, with its orch.io group. */
  readonly resource: GroupResource;
  readonly kind: GroupKind;
  /** The subresource written (`status`, ...), or '' for the object itself. */
  readonly subresource: string;
  readonly namespace: string;
  /** The object's name; '' while a create that asks for a generated name is mutated. */
  readonly name: string;
  /** The new object: a mutating plugin changes it in place; a validating one only reads it. */
  readonly object: JsonObject;
  /** The stored object an update replaces (never to be changed). */
  readonly oldObject: JsonObject | undefined;
  /** A dry run: the plugin runs all the same (side effects elsewhere would be its own to skip). */
  readonly dryRun: boolean;
  readonly objects: ObjectView;
  /** Adds a `Warning` header to the answer. */
  warn(text: string): void;
  /** Adds an annotation to the request's audit event (the plugin's own keys, prefixed by it). */
  annotate(key: string, value: string): void;
}

export interface AdmissionPlugin {
  /** The real plugin's name (`DefaultIngressClass`, `PodSecurity`). */
  readonly name: string;
  /** The kinds it sees, by orch.io group and kind, every served version of each. */
  readonly kinds: readonly GroupKind[];
  /** The operations it sees. */
  readonly operations: readonly AdmissionOperation[];
  /** Mutating admission: may change `object`; throws a StatusError to refuse. */
  admit?(a: AdmissionAttributes): void;
  /** Validating admission: throws a StatusError to refuse. */
  validate?(a: AdmissionAttributes): void;
}
