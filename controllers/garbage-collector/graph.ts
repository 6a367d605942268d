/**
 * The garbage collector's picture of ownership: one node per object uid, with the owner
 * references it carries and the nodes that name it as owner. An owner referenced before it is
 * seen is a "virtual" node until an informer shows it (or the server says it does not exist).
 */
import type { OwnerReference } from '../../core/registry/types/index.ts';

export interface Identity {
  readonly apiVersion: string;
  readonly kind: string;
  /** For a virtual node, the namespace of the dependent that named it (a guess until observed). */
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
}

export class GraphNode {
  readonly dependents = new Set<GraphNode>();
  /** Seen through an informer (false: only named in someone's ownerReferences so far). */
  observed: boolean;
  /** Has a deletionTimestamp. */
  beingDeleted = false;
  /** Being deleted in the foreground: its dependents go first. */
  deletingDependents = false;

  constructor(
    public identity: Identity,
    public owners: readonly OwnerReference[],
    observed: boolean,
  ) {
    this.observed = observed;
  }

  get uid(): string {
    return this.identity.uid;
  }

  /** Dependents whose reference to this node has `blockOwnerDeletion: true`. */
  blockingDependents(): GraphNode[] {
    return [...this.dependents].filter((d) => d.owners.some((r) => r.uid === this.uid && r.blockOwnerDeletion === true));
  }
}

export interface RefChanges {
  readonly added: OwnerReference[];
  readonly removed: OwnerReference[];
  readonly changed: { readonly old: OwnerReference; readonly now: OwnerReference }[];
}

export function diffOwnerReferences(before: readonly OwnerReference[], after: readonly OwnerReference[]): RefChanges {
  const oldByUid = new Map(before.map((r) => [r.uid, r]));
  const newByUid = new Map(after.map((r) => [r.uid, r]));
  const added = after.filter((r) => !oldByUid.has(r.uid));
  const removed = before.filter((r) => !newByUid.has(r.uid));
  const changed = after
    .filter((r) => oldByUid.has(r.uid) && JSON.stringify(oldByUid.get(r.uid)) !== JSON.stringify(r))
    .map((now) => ({ old: oldByUid.get(now.uid)!, now }));
  return { added, removed, changed };
}
