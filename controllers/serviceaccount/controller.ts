/**
 * The `default` ServiceAccount of every namespace, as kube-controller-manager's serviceaccount
 * controller keeps it: created when a namespace appears and again if it is deleted, never in a
 * namespace that is terminating.
 */
import type { Namespace } from '../runtime/api/types.ts';
import { NAMESPACES, SERVICE_ACCOUNTS } from '../runtime/api/resources.ts';
import { isAlreadyExists } from '../runtime/client/index.ts';
import type { RunnableFactory } from '../runtime/controller/manager.ts';

export const DEFAULT_SERVICE_ACCOUNT = 'default';

export function serviceAccountController(): RunnableFactory {
  return (mgr) => {
    const namespaces = mgr.informer(NAMESPACES);
    const accounts = mgr.informer(SERVICE_ACCOUNTS);
    return mgr.createController<Namespace>({
      name: 'serviceaccount-controller',
      for: NAMESPACES,
      // A deleted `default` account brings its namespace back to the queue.
      watches: [
        {
          resource: SERVICE_ACCOUNTS,
          map: (sa) => (sa.metadata.name === DEFAULT_SERVICE_ACCOUNT && sa.metadata.namespace ? [sa.metadata.namespace] : []),
        },
      ],
      async reconcile(name) {
        const ns = namespaces.store.get(name);
        if (!ns || ns.metadata.deletionTimestamp || ns.status?.phase === 'Terminating') return undefined;
        if (accounts.store.get(`${name}/${DEFAULT_SERVICE_ACCOUNT}`)) return undefined;
        try {
          await mgr.client.resource(SERVICE_ACCOUNTS, name).create({ metadata: { name: DEFAULT_SERVICE_ACCOUNT } });
        } catch (err) {
          if (!isAlreadyExists(err)) throw err;
        }
        return undefined;
      },
    });
  };
}
