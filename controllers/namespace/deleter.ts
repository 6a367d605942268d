/**
 * Emptying a terminating namespace, as the real namespace controller does: mark it Terminating,
 * delete every namespaced resource in it (a deletecollection per resource, or one delete per
 * object where that is not served; propagation Background), count what remains and which
 * finalizers hold it, report that in the namespace's conditions, and once nothing remains remove
 * the `orchestrator` finalizer through `PUT /api/v1/namespaces/{name}/finalize`.
 */
import type { Clock } from '../../core/index.ts';
import type { Namespace } from '../../core/registry/types/index.ts';
import type { ResourceType } from '../runtime/api/resources.ts';
import { NAMESPACES } from '../runtime/api/resources.ts';
import type { KubeObject } from '../runtime/api/types.ts';
import { isConflict, isMethodNotAllowed, isNotFound } from '../runtime/client/api-error.ts';
import type { Client } from '../runtime/client/client.ts';
import { discoverResources, type DiscoveredResource } from '../runtime/client/discovery.ts';
import { updateConditions, type DeletionReport } from './conditions.ts';

/** The finalizer the namespace controller owns. */
export const NAMESPACE_FINALIZER = 'orchestrator';

/** How long to wait for objects held by finalizers, when nothing better is known (the real value). */
const FINALIZER_ESTIMATE_SECONDS = 15;

export interface DeleterOptions {
  readonly client: Client;
  readonly clock: Clock;
  /** The resources to empty; default: discovered (namespaced, deletable), at the preferred versions. */
  readonly resources?: readonly ResourceType[];
  readonly finalizerToken?: string;
}

/** Some content is still there; try again in about `estimateSeconds`. */
export class ResourcesRemainingError extends Error {
  constructor(readonly estimateSeconds: number) {
    super(`some content remains in the namespace, estimate ${estimateSeconds} seconds before it is removed`);
  }
}

interface GvrResult {
  estimate: number;
  remaining: number;
  finalizers: Map<string, number>;
}

function gvrText(r: ResourceType): string {
  return `${r.group}/${r.version}, Resource=${r.resource}`;
}

export class NamespacedResourcesDeleter {
  private readonly client: Client;
  private readonly clock: Clock;
  private readonly token: string;
  /** Operations a resource turned out not to serve (`<gvr>|list`, `<gvr>|deletecollection`). */
  private readonly unsupported = new Set<string>();

  constructor(private readonly opts: DeleterOptions) {
    this.client = opts.client;
    this.clock = opts.clock;
    this.token = opts.finalizerToken ?? NAMESPACE_FINALIZER;
  }

  /** One pass over namespace `name`; throws ResourcesRemainingError while content remains. */
  async delete(name: string): Promise<void> {
    const namespaces = this.client.resource(NAMESPACES);
    let ns: Namespace;
    try {
      ns = await namespaces.get(name);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (!ns.metadata.deletionTimestamp) return;

    try {
      ns = await this.retryOnConflict(ns, (cur) =>
        cur.status?.phase === 'Terminating'
          ? Promise.resolve(cur)
          : namespaces.updateStatus({ ...cur, status: { ...cur.status, phase: 'Terminating' } }),
      );
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (!ns.metadata.deletionTimestamp) return;
    if ((ns.spec?.finalizers ?? []).length === 0) return; // finalized already

    const estimate = await this.deleteAllContent(ns);
    if (estimate > 0) throw new ResourcesRemainingError(estimate);

    try {
      await this.retryOnConflict(ns, (cur) => {
        const rest = [...new Set((cur.spec?.finalizers ?? []).filter((f) => f !== this.token))].sort();
        return namespaces.updateSubresource({ ...cur, spec: { ...cur.spec, finalizers: rest } }, 'finalize');
      });
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  /** Redoes `fn` on the latest namespace after a conflict; the namespace must stay the same one. */
  private async retryOnConflict(ns: Namespace, fn: (ns: Namespace) => Promise<Namespace>): Promise<Namespace> {
    let latest = ns;
    for (;;) {
      try {
        return await fn(latest);
      } catch (err) {
        if (!isConflict(err)) throw err;
        const prev = latest;
        latest = await this.client.resource(NAMESPACES).get(prev.metadata.name ?? '');
        if (latest.metadata.uid !== prev.metadata.uid) throw new Error('namespace uid has changed across retries');
      }
    }
  }

  private async resources(report: DeletionReport, errors: Error[]): Promise<readonly (ResourceType | DiscoveredResource)[]> {
    if (this.opts.resources) return this.opts.resources.filter((r) => r.namespaced);
    try {
      const found = await discoverResources(this.client);
      if (found.failed.size) {
        const detail = [...found.failed].map(([gv, e]) => `${gv}: ${e.message}`).join(', ');
        const err = new Error(`unable to retrieve the complete list of server APIs: ${detail}`);
        report.discoveryError = `Discovery failed for some groups, ${found.failed.size} failing: ${err.message}`;
        errors.push(err);
      }
      for (const r of found.resources) {
        if (!r.verbs.includes('list')) this.unsupported.add(`${gvrText(r)}|list`);
        if (!r.verbs.includes('deletecollection')) this.unsupported.add(`${gvrText(r)}|deletecollection`);
      }
      return found.resources.filter((r) => r.namespaced && r.verbs.includes('delete'));
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      report.discoveryError = e.message;
      errors.push(e);
      return [];
    }
  }

  /** Deletes everything in the namespace; answers the seconds to wait for what remains (0: all gone). */
  private async deleteAllContent(ns: Namespace): Promise<number> {
    const namespace = ns.metadata.name ?? '';
    const report: DeletionReport = { contentErrors: [], remaining: new Map(), finalizers: new Map() };
    const errors: Error[] = [];
    let estimate = 0;
    for (const r of await this.resources(report, errors)) {
      const result = await this.deleteAllOf(r, namespace).catch((err: unknown) => {
        const e = err instanceof Error ? err : new Error(String(err));
        errors.push(e);
        report.contentErrors.push(e.message);
        return (e as Error & { partial?: GvrResult }).partial;
      });
      if (!result) continue;
      estimate = Math.max(estimate, result.estimate);
      if (result.remaining > 0) {
        report.remaining.set(`${r.resource}.${r.group}`, result.remaining);
        for (const [f, n] of result.finalizers) report.finalizers.set(f, (report.finalizers.get(f) ?? 0) + n);
      }
    }

    const conditions = structuredClone(ns.status?.conditions ?? []);
    if (updateConditions(conditions, report, this.clock.now())) {
      // As the real controller: a failed condition update does not stop the deletion.
      await this.client
        .resource(NAMESPACES)
        .updateStatus({ ...ns, status: { ...ns.status, conditions } })
        .catch(() => undefined);
    }
    if (errors.length) throw new AggregateError(errors, errors.map((e) => e.message).join(', '));
    return estimate;
  }

  private async deleteAllOf(r: ResourceType, namespace: string): Promise<GvrResult> {
    const rc = this.client.resource(r, namespace);
    const id = gvrText(r);
    let collectionDeleted = false;
    if (!this.unsupported.has(`${id}|deletecollection`)) {
      try {
        await rc.deleteCollection({ propagationPolicy: 'Background' });
        collectionDeleted = true;
      } catch (err) {
        if (!isMethodNotAllowed(err) && !isNotFound(err)) throw err;
        this.unsupported.add(`${id}|deletecollection`);
      }
    }
    if (!collectionDeleted) {
      for (const item of await this.list(rc, id)) {
        await rc.delete(item.metadata.name ?? '', { propagationPolicy: 'Background' }).catch((err: unknown) => {
          if (!isNotFound(err) && !isMethodNotAllowed(err)) throw err;
        });
      }
    }
    const left = await this.list(rc, id);
    if (left.length === 0) return { estimate: 0, remaining: 0, finalizers: new Map() };
    const finalizers = new Map<string, number>();
    for (const item of left) for (const f of item.metadata.finalizers ?? []) finalizers.set(f, (finalizers.get(f) ?? 0) + 1);
    if (finalizers.size) return { estimate: FINALIZER_ESTIMATE_SECONDS, remaining: left.length, finalizers };
    const err = new Error(`unexpected items still remain in namespace: ${namespace} for gvr: ${id}`) as Error & { partial?: GvrResult };
    err.partial = { estimate: 0, remaining: left.length, finalizers };
    throw err;
  }

  private async list(rc: ReturnType<Client['resource']>, id: string): Promise<KubeObject[]> {
    if (this.unsupported.has(`${id}|list`)) return [];
    try {
      return (await rc.listAll()).items;
    } catch (err) {
      if (!isMethodNotAllowed(err) && !isNotFound(err)) throw err;
      this.unsupported.add(`${id}|list`);
      return [];
    }
  }
}
