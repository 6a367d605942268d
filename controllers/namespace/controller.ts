/**
 * The namespace controller: a terminating namespace is emptied, then released. While objects held
 * by finalizers remain, it looks again after about half the estimated wait (as the real one does).
 */
import type { Namespace } from '../../core/registry/types/index.ts';
import { NAMESPACES, type ResourceType } from '../runtime/api/resources.ts';
import type { RunnableFactory } from '../runtime/controller/manager.ts';
import { NamespacedResourcesDeleter, ResourcesRemainingError } from './deleter.ts';

export interface NamespaceControllerOptions {
  /**
   * The namespaced resources to empty. Default: discovered from the server (`/api/v1`,
   * `/apis/{group}/{version}`), namespaced and deletable, at their preferred versions.
   */
  readonly resources?: readonly ResourceType[];
  /** Workers (the real default is 10). */
  readonly concurrency?: number;
}

export function namespaceController(opts: NamespaceControllerOptions = {}): RunnableFactory {
  return (mgr) => {
    const deleter = new NamespacedResourcesDeleter({
      client: mgr.client,
      clock: mgr.clock,
      ...(opts.resources ? { resources: opts.resources } : {}),
    });
    return mgr.createController<Namespace>({
      name: 'namespace-controller',
      for: NAMESPACES,
      predicates: [(ev) => ev.type !== 'DELETED' && ev.object.metadata.deletionTimestamp !== undefined],
      concurrency: opts.concurrency ?? 10,
      rateLimit: { baseMs: 5, capMs: 60_000 },
      async reconcile(key) {
        try {
          await deleter.delete(key);
        } catch (err) {
          if (err instanceof ResourcesRemainingError) return { requeueAfter: (Math.floor(err.estimateSeconds / 2) + 1) * 1000 };
          throw err;
        }
        return undefined;
      },
    });
  };
}
