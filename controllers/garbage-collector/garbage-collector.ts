/**
 * The garbage collector, following the real one's design: informers on every deletable resource
 * feed a graph of owners and dependents; two work queues act on it.
 *
 * - attemptToDelete: a dependent whose owners are all gone is deleted (Background: after the
 *   owner); one whose owner is being deleted in the Foreground is deleted first, and the owner's
 *   `foregroundDeletion` finalizer is removed once no dependent with `blockOwnerDeletion` is left.
 * - attemptToOrphan: an owner deleted with `orphan` has its reference removed from every
 *   dependent, then the `orphan` finalizer is removed.
 *
 * Decisions are made on live objects (a GET), never on the cache alone: the graph says where to
 * look, the server says what is true.
 */
import type { Subscription } from 'rxjs';
import type { TimerHandle } from '../../core/index.ts';
import type { OwnerReference } from '../../core/registry/types/index.ts';
import { groupOf, resourceId, type ResourceType } from '../runtime/api/resources.ts';
import type { KubeObject } from '../runtime/api/types.ts';
import { isConflict, isNotFound, isUnsupportedMediaType } from '../runtime/client/api-error.ts';
import type { ResourceClient } from '../runtime/client/client.ts';
import { discoverResources } from '../runtime/client/discovery.ts';
import type { PropagationPolicy } from '../runtime/client/options.ts';
import { startWorkers, type Runnable } from '../runtime/controller/controller.ts';
import type { Manager, RunnableFactory } from '../runtime/controller/manager.ts';
import type { EventRecorder } from '../runtime/helpers/events.ts';
import { removeFinalizer } from '../runtime/helpers/finalizers.ts';
import type { InformerEvent } from '../runtime/informer/store.ts';
import { WorkQueue } from '../runtime/workqueue/workqueue.ts';
import { diffOwnerReferences, GraphNode, type Identity } from './graph.ts';

/** The real collector's event source. */
export const GARBAGE_COLLECTOR_CONTROLLER = 'garbage-collector-controller';
export const FOREGROUND_FINALIZER = 'foregroundDeletion';
export const ORPHAN_FINALIZER = 'orphan';

export interface GarbageCollectorOptions {
  /** Resources to watch. Default: discovered (every resource serving list, watch and delete). */
  readonly resources?: readonly ResourceType[];
  /** Workers per queue (default 10). */
  readonly workers?: number;
  /** How often discovery is redone to pick up new resources (default 30 s; only without `resources`). */
  readonly rediscoverEveryMs?: number;
}

/** Events are never owners or dependents worth collecting (the real collector ignores them too). */
const IGNORED = new Set(['/events', 'events.orch.io/events']);

/** A reference the collector cannot act on, and retrying will not help. */
class PermanentError extends Error {}

/** Said when an item turned out not to exist: the graph was corrected, nothing to retry. */
const VIRTUAL_DELETE = Symbol('virtual delete');

function hasFinalizer(obj: KubeObject, f: string): boolean {
  return (obj.metadata.finalizers ?? []).includes(f);
}

function deletionStartsWith(old: KubeObject | undefined, now: KubeObject, finalizer: string): boolean {
  if (now.metadata.deletionTimestamp === undefined || !hasFinalizer(now, finalizer)) return false;
  return old === undefined || old.metadata.deletionTimestamp === undefined || !hasFinalizer(old, finalizer);
}

export class GarbageCollector implements Runnable {
  readonly name = 'garbage-collector';
  private readonly nodes = new Map<string, GraphNode>();
  private readonly attemptToDelete: WorkQueue<string>;
  private readonly attemptToOrphan: WorkQueue<string>;
  private readonly monitors = new Map<string, Subscription>();
  /** `group/Kind` → the resource watched for it. */
  private readonly kinds = new Map<string, ResourceType>();
  private workers: Promise<void>[] = [];
  private rediscover: TimerHandle | undefined;
  private running = false;
  private readonly recorder: EventRecorder;

  constructor(
    private readonly mgr: Manager,
    private readonly opts: GarbageCollectorOptions = {},
  ) {
    this.attemptToDelete = new WorkQueue<string>({ clock: mgr.clock });
    this.attemptToOrphan = new WorkQueue<string>({ clock: mgr.clock });
    this.recorder = mgr.eventRecorder(GARBAGE_COLLECTOR_CONTROLLER);
  }

  /** The graph's view of a uid (for tests and debugging). */
  node(uid: string): GraphNode | undefined {
    return this.nodes.get(uid);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.syncMonitors(this.opts.resources ?? (await this.discover()));
    if (!this.running) return;
    const n = this.opts.workers ?? 10;
    const onError = (what: string) => (uid: string, err: unknown) => {
      if (this.running) this.mgr.logger.error(`garbage-collector: ${what} ${this.describe(uid)} failed; retrying after backoff`, err);
      return this.running;
    };
    this.workers = [
      ...startWorkers(this.attemptToDelete, n, (uid) => this.attemptToDeleteWorker(uid), onError('deleting')),
      ...startWorkers(this.attemptToOrphan, n, (uid) => this.attemptToOrphanWorker(uid), onError('orphaning the dependents of')),
    ];
    if (!this.opts.resources) this.scheduleRediscovery();
  }

  isIdle(): boolean {
    return this.attemptToDelete.isIdle && this.attemptToOrphan.isIdle;
  }

  async whenIdle(): Promise<void> {
    await Promise.all([this.attemptToDelete.whenIdle(), this.attemptToOrphan.whenIdle()]);
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.rediscover?.cancel();
    for (const s of this.monitors.values()) s.unsubscribe();
    this.monitors.clear();
    await Promise.all([this.attemptToDelete.shutDownWithDrain(), this.attemptToOrphan.shutDownWithDrain()]);
    await Promise.all(this.workers);
  }

  private describe(uid: string): string {
    const n = this.nodes.get(uid);
    if (!n) return uid;
    const { kind, namespace, name } = n.identity;
    return `${kind} ${namespace ? `${namespace}/` : ''}${name}`;
  }

  private async discover(): Promise<ResourceType[]> {
    const found = await discoverResources(this.mgr.client);
    if (found.failed.size) this.mgr.logger.error('garbage-collector: discovery failed for some groups', [...found.failed.keys()]);
    return found.resources.filter((r) => ['list', 'watch', 'delete'].every((v) => r.verbs.includes(v)));
  }

  private scheduleRediscovery(): void {
    this.rediscover = this.mgr.clock.setTimeout(() => {
      if (!this.running) return;
      this.discover()
        .then((rs) => this.syncMonitors(rs))
        .catch((err: unknown) => this.mgr.logger.error('garbage-collector: discovery failed', err))
        .finally(() => {
          if (this.running) this.scheduleRediscovery();
        });
    }, this.opts.rediscoverEveryMs ?? 30_000);
  }

  /** Watches every resource not yet watched; resolves once all their caches are synced. */
  private async syncMonitors(resources: readonly ResourceType[]): Promise<void> {
    const fresh: Promise<void>[] = [];
    for (const r of resources) {
      const id = resourceId(r);
      if (IGNORED.has(`${r.group}/${r.resource}`) || this.monitors.has(id)) continue;
      this.kinds.set(`${r.group}/${r.kind}`, r);
      const inf = this.mgr.informer(r);
      this.monitors.set(
        id,
        inf.events().subscribe((ev) => this.onEvent(r, ev)),
      );
      fresh.push(inf.waitForSync());
    }
    await Promise.all(fresh);
  }

  // -------------------------------------------------------------------------- the graph

  private identityOf(obj: KubeObject, r: ResourceType): Identity {
    return {
      apiVersion: obj.apiVersion ?? (r.group ? `${r.group}/${r.version}` : r.version),
      kind: obj.kind ?? r.kind,
      namespace: obj.metadata.namespace ?? '',
      name: obj.metadata.name ?? '',
      uid: obj.metadata.uid ?? '',
    };
  }

  private onEvent(r: ResourceType, ev: InformerEvent<KubeObject>): void {
    const obj = ev.object;
    const uid = obj.metadata.uid;
    if (!uid) return;
    const existing = this.nodes.get(uid);
    if (ev.type === 'DELETED') {
      if (existing) this.removeNode(existing);
      return;
    }
    const owners = obj.metadata.ownerReferences ?? [];
    const beingDeleted = obj.metadata.deletionTimestamp !== undefined;
    if (!existing) {
      const node = new GraphNode(this.identityOf(obj, r), owners, true);
      node.beingDeleted = beingDeleted;
      node.deletingDependents = beingDeleted && hasFinalizer(obj, FOREGROUND_FINALIZER);
      this.nodes.set(uid, node);
      this.addDependentToOwners(node, owners);
      this.processTransitions(ev.old, obj, node);
      return;
    }
    if (!existing.observed) {
      existing.observed = true;
      existing.identity = this.identityOf(obj, r);
      // Named by dependents before it was seen: those in another namespace than the one it turned
      // out to live in cannot be its dependents (the bad child seen before the good parent).
      const ns = existing.identity.namespace;
      for (const dep of existing.dependents) {
        if (ns && dep.identity.namespace !== ns) {
          this.reportInvalidNamespaceOwnerRef(dep, existing.uid);
          this.enqueueDelete(dep.uid);
        }
      }
    }
    const changes = diffOwnerReferences(existing.owners, owners);
    if (changes.added.length || changes.removed.length || changes.changed.length) {
      // An owner waiting on this dependent may be free to go now.
      for (const ref of changes.removed) if (ref.blockOwnerDeletion === true) this.enqueueDelete(ref.uid);
      for (const c of changes.changed)
        if (c.old.blockOwnerDeletion === true && c.now.blockOwnerDeletion !== true) this.enqueueDelete(c.now.uid);
      existing.owners = owners;
      this.addDependentToOwners(existing, changes.added);
      for (const ref of changes.removed) this.nodes.get(ref.uid)?.dependents.delete(existing);
    }
    if (beingDeleted) existing.beingDeleted = true;
    this.processTransitions(ev.old, obj, existing);
  }

  private addDependentToOwners(node: GraphNode, owners: readonly OwnerReference[]): void {
    let suspect = false;
    for (const ref of owners) {
      let owner = this.nodes.get(ref.uid);
      if (!owner) {
        // Named before seen: the server will tell whether it exists.
        owner = new GraphNode(
          { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, uid: ref.uid, namespace: node.identity.namespace },
          [],
          false,
        );
        this.nodes.set(ref.uid, owner);
        this.enqueueDelete(ref.uid);
      } else if (!suspect && owner.identity.namespace && owner.identity.namespace !== node.identity.namespace) {
        // An owner lives in its dependent's namespace (or in none): one seen elsewhere is not its
        // owner, as the real collector decides; the dependent is checked, and goes if no owner is left.
        if (owner.observed) this.reportInvalidNamespaceOwnerRef(node, ref.uid);
        suspect = true;
      }
      owner.dependents.add(node);
    }
    if (suspect) this.enqueueDelete(node.uid);
  }

  /** The real collector's Warning on the dependent: `ownerRef [v1/Kind, namespace: ns, name: n, uid: u] does not exist in namespace "ns"`. */
  private reportInvalidNamespaceOwnerRef(node: GraphNode, ownerUid: string): void {
    const ref = node.owners.find((o) => o.uid === ownerUid);
    if (!ref) return;
    const { apiVersion, kind, namespace, name, uid } = node.identity;
    const owner = `[${ref.apiVersion}/${ref.kind}, namespace: ${namespace}, name: ${ref.name}, uid: ${ref.uid}]`;
    void this.recorder.record({
      regarding: { apiVersion, kind, ...(namespace ? { namespace } : {}), name, uid },
      type: 'Warning',
      reason: 'OwnerRefInvalidNamespace',
      action: 'Validate',
      note: `ownerRef ${owner} does not exist in namespace ${JSON.stringify(namespace)}`,
    });
  }

  private processTransitions(old: KubeObject | undefined, now: KubeObject, node: GraphNode): void {
    if (deletionStartsWith(old, now, ORPHAN_FINALIZER)) {
      this.attemptToOrphan.add(node.uid);
      return;
    }
    if (deletionStartsWith(old, now, FOREGROUND_FINALIZER)) {
      node.deletingDependents = true;
      for (const dep of node.dependents) this.enqueueDelete(dep.uid);
      this.enqueueDelete(node.uid);
    }
  }

  /** The object is gone: its dependents may now be garbage, and a foreground owner may be free. */
  private removeNode(node: GraphNode): void {
    this.nodes.delete(node.uid);
    for (const ref of node.owners) this.nodes.get(ref.uid)?.dependents.delete(node);
    for (const dep of node.dependents) this.enqueueDelete(dep.uid);
    for (const ref of node.owners) {
      const owner = this.nodes.get(ref.uid);
      if (owner?.deletingDependents) this.enqueueDelete(owner.uid);
    }
  }

  private enqueueDelete(uid: string): void {
    if (this.running) this.attemptToDelete.add(uid);
  }

  // -------------------------------------------------------------------------- talking to the server

  private resourceFor(apiVersion: string, kind: string): ResourceType {
    const r = this.kinds.get(`${groupOf(apiVersion)}/${kind}`);
    if (!r) throw new Error(`unable to find a watched resource for ${kind} in ${apiVersion}`);
    return r;
  }

  private clientFor(id: Identity): { rc: ResourceClient<KubeObject>; namespaced: boolean } {
    const r = this.resourceFor(id.apiVersion, id.kind);
    return { rc: this.mgr.client.resource(r, r.namespaced ? id.namespace : undefined), namespaced: r.namespaced };
  }

  private async getLive(id: Identity): Promise<KubeObject | undefined> {
    try {
      return await this.clientFor(id).rc.get(id.name);
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Whether an owner reference points at nothing (absent, or another object by now); with the owner if it exists. */
  private async isDangling(ref: OwnerReference, item: GraphNode): Promise<{ dangling: boolean; owner?: KubeObject }> {
    const r = this.resourceFor(ref.apiVersion, ref.kind);
    if (!item.identity.namespace && r.namespaced) {
      throw new PermanentError(`cluster-scoped ${this.describe(item.uid)} refers to a namespaced owner ${ref.kind} ${ref.name}`);
    }
    let owner: KubeObject;
    try {
      owner = await this.mgr.client.resource(r, r.namespaced ? item.identity.namespace : undefined).get(ref.name);
    } catch (err) {
      if (isNotFound(err)) return { dangling: true };
      throw err;
    }
    if (owner.metadata.uid !== ref.uid) return { dangling: true };
    return { dangling: false, owner };
  }

  private async deleteObject(
    id: Identity,
    resourceVersion: string | undefined,
    owners: readonly OwnerReference[],
    policy: PropagationPolicy,
  ): Promise<void> {
    const { rc } = this.clientFor(id);
    try {
      await rc.delete(id.name, {
        preconditions: { uid: id.uid, ...(resourceVersion ? { resourceVersion } : {}) },
        propagationPolicy: policy,
      });
    } catch (err) {
      if (!isConflict(err) || !resourceVersion) throw err;
      // Changed since it was read; if not in its owners, the decision stands.
      const live = await rc.get(id.name);
      if (live.metadata.uid !== id.uid || JSON.stringify(live.metadata.ownerReferences ?? []) !== JSON.stringify(owners)) throw err;
      await rc.delete(id.name, { preconditions: { uid: id.uid }, propagationPolicy: policy });
    }
  }

  /**
   * Changes an item's owner references: a strategic merge patch naming only what changes; where
   * the server has no strategic merge patch, a merge patch of the whole list at the read version.
   */
  private async patchOwners(item: GraphNode, strategic: object, edit: (refs: OwnerReference[]) => OwnerReference[]): Promise<void> {
    const { rc } = this.clientFor(item.identity);
    try {
      await rc.patch(item.identity.name, { type: 'strategic', patch: { metadata: { ...strategic, uid: item.uid } } });
    } catch (err) {
      if (!isUnsupportedMediaType(err)) throw err;
      const live = await rc.get(item.identity.name);
      if (live.metadata.uid !== item.uid) return;
      const refs = edit([...(live.metadata.ownerReferences ?? [])]);
      await rc.patch(item.identity.name, {
        type: 'merge',
        patch: { metadata: { uid: item.uid, resourceVersion: live.metadata.resourceVersion, ownerReferences: refs.length ? refs : null } },
      });
    }
  }

  private removeOwnerRefs(item: GraphNode, uids: readonly string[]): Promise<void> {
    return this.patchOwners(item, { ownerReferences: uids.map((uid) => ({ $patch: 'delete', uid })) }, (refs) =>
      refs.filter((r) => !uids.includes(r.uid)),
    );
  }

  private unblockOwnerRefs(item: GraphNode): Promise<void> {
    const blocking = item.owners.filter((r) => r.blockOwnerDeletion === true);
    return this.patchOwners(item, { ownerReferences: blocking.map((r) => ({ uid: r.uid, blockOwnerDeletion: false })) }, (refs) =>
      refs.map((r) => (r.blockOwnerDeletion === true ? { ...r, blockOwnerDeletion: false } : r)),
    );
  }

  private async removeGcFinalizer(node: GraphNode, finalizer: string): Promise<void> {
    const { rc } = this.clientFor(node.identity);
    const live = await this.getLive(node.identity);
    if (!live || !hasFinalizer(live, finalizer)) return;
    await removeFinalizer(rc, live, finalizer);
  }

  // -------------------------------------------------------------------------- workers

  private async attemptToDeleteWorker(uid: string): Promise<{ requeue: boolean } | undefined> {
    const node = this.nodes.get(uid);
    if (!node) return undefined; // gone from the graph meanwhile
    let outcome: typeof VIRTUAL_DELETE | undefined;
    try {
      outcome = await this.attemptToDeleteItem(node);
    } catch (err) {
      if (err instanceof PermanentError) {
        this.mgr.logger.error(`garbage-collector: ${err.message}`);
        return undefined;
      }
      throw err;
    }
    if (outcome === VIRTUAL_DELETE) return undefined;
    // A virtual node that exists: look again once an informer has shown it.
    return node.observed ? undefined : { requeue: true };
  }

  private async attemptToDeleteItem(item: GraphNode): Promise<typeof VIRTUAL_DELETE | undefined> {
    // Being deleted (not in the foreground) is a one-way trip; its dependents are handled when it is gone.
    if (item.beingDeleted && !item.deletingDependents) return undefined;
    const latest = await this.getLive(item.identity);
    if (!latest || latest.metadata.uid !== item.uid) {
      if (this.nodes.get(item.uid) === item) this.removeNode(item);
      return VIRTUAL_DELETE;
    }
    if (item.deletingDependents) {
      await this.processDeletingDependents(item);
      return undefined;
    }
    const refs = latest.metadata.ownerReferences ?? [];
    if (!refs.length) return undefined;

    const solid: OwnerReference[] = [];
    const dangling: OwnerReference[] = [];
    const waiting: OwnerReference[] = [];
    for (const ref of refs) {
      const { dangling: gone, owner } = await this.isDangling(ref, item);
      if (gone) dangling.push(ref);
      else if (owner!.metadata.deletionTimestamp !== undefined && hasFinalizer(owner!, FOREGROUND_FINALIZER)) waiting.push(ref);
      else solid.push(ref);
    }

    if (solid.length) {
      if (!dangling.length && !waiting.length) return undefined;
      // Keep the item, but drop references that would hold a foreground owner (or point nowhere).
      await this.removeOwnerRefs(
        item,
        [...dangling, ...waiting].map((r) => r.uid),
      );
      return undefined;
    }
    if (waiting.length && item.dependents.size) {
      if ([...item.dependents].some((d) => d.deletingDependents)) {
        // An owner and a dependent both wait on each other's deletion: stop blocking, to break the cycle.
        await this.unblockOwnerRefs(item);
      }
      return this.deleteOrVirtual(item, latest, 'Foreground');
    }
    const policy: PropagationPolicy = hasFinalizer(latest, ORPHAN_FINALIZER)
      ? 'Orphan'
      : hasFinalizer(latest, FOREGROUND_FINALIZER)
        ? 'Foreground'
        : 'Background';
    return this.deleteOrVirtual(item, latest, policy);
  }

  private async deleteOrVirtual(
    item: GraphNode,
    latest: KubeObject,
    policy: PropagationPolicy,
  ): Promise<typeof VIRTUAL_DELETE | undefined> {
    try {
      await this.deleteObject(item.identity, latest.metadata.resourceVersion, latest.metadata.ownerReferences ?? [], policy);
      return undefined;
    } catch (err) {
      if (!isNotFound(err)) throw err;
      if (this.nodes.get(item.uid) === item) this.removeNode(item);
      return VIRTUAL_DELETE;
    }
  }

  private async processDeletingDependents(item: GraphNode): Promise<void> {
    const blocking = item.blockingDependents();
    if (!blocking.length) {
      await this.removeGcFinalizer(item, FOREGROUND_FINALIZER);
      return;
    }
    for (const dep of blocking) if (!dep.deletingDependents) this.enqueueDelete(dep.uid);
  }

  private async attemptToOrphanWorker(uid: string): Promise<undefined> {
    const owner = this.nodes.get(uid);
    if (!owner) return undefined;
    const failures: string[] = [];
    await Promise.all(
      [...owner.dependents].map(async (dep) => {
        try {
          await this.removeOwnerRefs(dep, [uid]);
        } catch (err) {
          if (!isNotFound(err))
            failures.push(`orphaning ${this.describe(dep.uid)} failed, ${err instanceof Error ? err.message : String(err)}`);
        }
      }),
    );
    if (failures.length) throw new Error(`failed to orphan dependents of owner ${this.describe(uid)}, got errors: ${failures.join(', ')}`);
    await this.removeGcFinalizer(owner, ORPHAN_FINALIZER);
    return undefined;
  }
}

export function garbageCollector(opts: GarbageCollectorOptions = {}): RunnableFactory {
  return (mgr) => new GarbageCollector(mgr, opts);
}
