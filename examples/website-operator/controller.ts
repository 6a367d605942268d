/**
 * The Website operator. For each Website it
 *
 * 1. holds a finalizer, so that its entry in the site directory (a ConfigMap shared by all
 *    Websites, which an owner reference cannot clean up) is removed before the Website goes;
 * 2. applies its children (children.ts) with server-side apply, as their controller;
 * 3. publishes `<namespace>.<name>: http://<host>/` in the directory;
 * 4. reports in `status` (through the status subresource) how many pods are ready, with a `Ready`
 *    condition, and records Events when the site is published, becomes available, and is
 *    unpublished.
 *
 * It reads from the informers' caches and writes through the client, so each reconcile is safe to
 * run again at any moment.
 */
import {
  addFinalizer,
  CONFIG_MAPS,
  type Condition,
  type ConfigMap,
  findCondition,
  hasFinalizer,
  isConflict,
  isNotFound,
  keyOf,
  type Manager,
  referenceTo,
  removeFinalizer,
  type RunnableFactory,
  SERVICES,
  STATEFUL_SETS,
  setCondition,
} from '../../controllers/index.ts';
import { desiredConfigMap, desiredService, desiredStatefulSet } from './children.ts';
import { DIRECTORY_FINALIZER, OPERATOR_NAME, WEBSITES, type Website, type WebsiteStatus } from './website.ts';

export interface WebsiteControllerOptions {
  /** Where the site directory lives (default `default/website-directory`). */
  readonly directory?: { readonly namespace: string; readonly name: string };
}

/** A Website's key in the directory's data (ConfigMap keys allow dots, not slashes). */
export function directoryKey(site: Website): string {
  return `${site.metadata.namespace}.${site.metadata.name}`;
}

export function websiteController(opts: WebsiteControllerOptions = {}): RunnableFactory {
  const directory = opts.directory ?? { namespace: 'default', name: 'website-directory' };
  return (mgr: Manager) => {
    const websites = mgr.client.resource(WEBSITES);
    const configMaps = mgr.client.resource(CONFIG_MAPS);
    const services = mgr.client.resource(SERVICES);
    const statefulSets = mgr.client.resource(STATEFUL_SETS);
    const statefulSetCache = mgr.informer(STATEFUL_SETS).store;
    const directoryCache = mgr.informer(CONFIG_MAPS).store;
    const recorder = mgr.eventRecorder(OPERATOR_NAME);
    const apply = { fieldManager: OPERATOR_NAME, force: true };

    const event = (site: Website, type: 'Normal' | 'Warning', reason: string, action: string, note: string) =>
      void recorder.record({ regarding: referenceTo(site, WEBSITES), type, reason, action, note });

    /**
     * Sets (or with `url` undefined, removes) the site's entry; a merge patch touches only that key.
     * True when it changed something (then an Event says so).
     */
    async function publish(site: Website, url: string | undefined): Promise<boolean> {
      const key = directoryKey(site);
      const current = directoryCache.get(keyOf(directory.namespace, directory.name));
      if (current?.data?.[key] === url) return false;
      const rc = configMaps.inNamespace(directory.namespace);
      // The cache may be behind our own last write: ask the server before announcing a change.
      const live = await rc.get(directory.name).catch((err: unknown) => (isNotFound(err) ? undefined : Promise.reject(err)));
      if (live && live.data?.[key] === url) return false;
      try {
        await rc.patch(directory.name, { type: 'merge', patch: { data: { [key]: url ?? null } } });
      } catch (err) {
        if (!isNotFound(err)) throw err;
        if (url === undefined) return false;
        const made: ConfigMap = { metadata: { name: directory.name }, data: { [key]: url } };
        await rc.create(made);
      }
      return true;
    }

    async function finalize(site: Website): Promise<void> {
      if (!hasFinalizer(site, DIRECTORY_FINALIZER)) return;
      if (await publish(site, undefined)) event(site, 'Normal', 'Unpublished', 'Delete', `removed ${site.spec?.host} from the directory`);
      // The last finalizer gone, the deletion completes; the garbage collector takes the children.
      await removeFinalizer(websites, site, DIRECTORY_FINALIZER);
    }

    /** Writes the status if it changed. */
    async function writeStatus(site: Website): Promise<void> {
      const want = site.spec?.replicas ?? 1;
      const sts = statefulSetCache.get(keyOf(site.metadata.namespace ?? '', site.metadata.name ?? ''));
      const ready = sts?.metadata.generation === sts?.status?.observedGeneration ? (sts?.status?.readyReplicas ?? 0) : 0;
      const conditions: Condition[] = structuredClone(site.status?.conditions ?? []);
      const available = ready >= want;
      setCondition(
        conditions,
        {
          type: 'Ready',
          status: available ? 'True' : 'False',
          reason: available ? 'Available' : 'Progressing',
          message: `${ready} of ${want} pods ready`,
          observedGeneration: site.metadata.generation,
        },
        mgr.clock.now(),
      );
      const status: WebsiteStatus = {
        observedGeneration: site.metadata.generation,
        replicas: ready,
        url: `http://${site.spec?.host}/`,
        conditions,
      };
      if (JSON.stringify(status) === JSON.stringify(site.status)) return;
      const wasAvailable = findCondition(site.status?.conditions, 'Ready')?.status === 'True';
      try {
        // With the cached resourceVersion: a status computed from a stale Website is refused, not
        // written over a newer one (and its transition is not announced twice).
        await websites
          .inNamespace(site.metadata.namespace ?? '')
          .patch(
            site.metadata.name ?? '',
            { type: 'merge', patch: { metadata: { resourceVersion: site.metadata.resourceVersion }, status } },
            { subresource: 'status' },
          );
      } catch (err) {
        // The cache is behind the server: the watch brings the newer Website, and with it another reconcile.
        if (isConflict(err)) return;
        throw err;
      }
      if (available && !wasAvailable) event(site, 'Normal', 'Available', 'Reconcile', `${ready} of ${want} pods ready`);
    }

    const controller = mgr.createController<Website>({
      name: 'website',
      for: WEBSITES,
      owns: [CONFIG_MAPS, SERVICES, STATEFUL_SETS],
      async reconcile(key): Promise<void> {
        let site: Website | undefined = controller.informer.store.get(key);
        if (!site) return; // gone: its finalizer saw to the directory, the garbage collector to its children
        if (site.metadata.deletionTimestamp) return finalize(site);
        // The finalizer first: nothing outside the Website's reach is written before it is held.
        if (!hasFinalizer(site, DIRECTORY_FINALIZER)) site = await addFinalizer(websites, site, DIRECTORY_FINALIZER);

        const ns = site.metadata.namespace ?? '';
        await configMaps.inNamespace(ns).apply(desiredConfigMap(site), apply);
        await services.inNamespace(ns).apply(desiredService(site), apply);
        await statefulSets.inNamespace(ns).apply(desiredStatefulSet(site), apply);

        if (await publish(site, `http://${site.spec?.host}/`))
          event(site, 'Normal', 'Published', 'Create', `${site.spec?.host} is in ${directory.namespace}/${directory.name}`);
        await writeStatus(site);
      },
    });
    return controller;
  };
}
