/** Owner references: who owns an object, and which owner is its controller. */
import type { OwnerReference } from '../../../core/registry/types/index.ts';
import { apiVersionOf, type ResourceType } from '../api/resources.ts';
import type { KubeObject } from '../api/types.ts';

export interface OwnerReferenceOptions {
  readonly controller?: boolean;
  readonly blockOwnerDeletion?: boolean;
}

/** A reference to `owner` (kind and apiVersion from `type` when the object lacks them). */
export function ownerReference(owner: KubeObject, type?: ResourceType, opts: OwnerReferenceOptions = {}): OwnerReference {
  const apiVersion = owner.apiVersion ?? (type ? apiVersionOf(type) : undefined);
  const kind = owner.kind ?? type?.kind;
  const { name, uid } = owner.metadata;
  if (!apiVersion || !kind || !name || !uid) throw new Error("an owner reference needs the owner's apiVersion, kind, name and uid");
  return {
    apiVersion,
    kind,
    name,
    uid,
    ...(opts.controller !== undefined ? { controller: opts.controller } : {}),
    ...(opts.blockOwnerDeletion !== undefined ? { blockOwnerDeletion: opts.blockOwnerDeletion } : {}),
  };
}

/** The controller reference controllers set: `controller: true` and `blockOwnerDeletion: true`. */
export function controllerReference(owner: KubeObject, type?: ResourceType): OwnerReference {
  return ownerReference(owner, type, { controller: true, blockOwnerDeletion: true });
}

export function getControllerOf(obj: KubeObject): OwnerReference | undefined {
  return obj.metadata.ownerReferences?.find((r) => r.controller === true);
}

export function isControlledBy(obj: KubeObject, owner: KubeObject): boolean {
  return getControllerOf(obj)?.uid === owner.metadata.uid;
}

export class AlreadyOwnedError extends Error {
  constructor(
    readonly obj: KubeObject,
    readonly owner: OwnerReference,
  ) {
    super(
      `Object ${obj.metadata.namespace ? `${obj.metadata.namespace}/` : ''}${obj.metadata.name} is already owned by another ${owner.kind} controller ${owner.name}`,
    );
    this.name = 'AlreadyOwnedError';
  }
}

/** Adds `ref` or replaces the reference to the same owner; in place. */
export function upsertOwnerReference(obj: KubeObject, ref: OwnerReference): void {
  const refs = obj.metadata.ownerReferences ?? [];
  const i = refs.findIndex((r) => r.uid === ref.uid);
  if (i >= 0) refs[i] = ref;
  else refs.push(ref);
  obj.metadata.ownerReferences = refs;
}

/** Makes `owner` the controller of `obj` (in place); an object has at most one controller. */
export function setControllerReference(owner: KubeObject, obj: KubeObject, type?: ResourceType): void {
  const ref = controllerReference(owner, type);
  const existing = getControllerOf(obj);
  if (existing && existing.uid !== ref.uid) throw new AlreadyOwnedError(obj, existing);
  upsertOwnerReference(obj, ref);
}

/** Removes the reference to the owner with this uid (in place); true if there was one. */
export function removeOwnerReference(obj: KubeObject, uid: string): boolean {
  const refs = obj.metadata.ownerReferences ?? [];
  const kept = refs.filter((r) => r.uid !== uid);
  if (kept.length === refs.length) return false;
  if (kept.length) obj.metadata.ownerReferences = kept;
  else delete obj.metadata.ownerReferences;
  return true;
}
