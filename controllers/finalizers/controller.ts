/**
 * A sample controller that owns a finalizer. It mirrors ConfigMaps labelled
 * `samples.orch.io/mirror-to=<namespace>` into that namespace. Owner references cannot cross
 * namespaces, so the garbage collector cannot clean the copies up; the finalizer
 * `samples.orch.io/cleanup` keeps the source until this controller has deleted its copy (and
 * said so in an Event), and only then is removed, letting the deletion finish.
 */
import type { ConfigMap } from '../../core/registry/types/index.ts';
import { CONFIG_MAPS, keyOf, objectKey, splitKey } from '../runtime/api/resources.ts';
import { isAlreadyExists, isNotFound } from '../runtime/client/api-error.ts';
import type { RunnableFactory } from '../runtime/controller/manager.ts';
import { or, hasLabels, type Predicate } from '../runtime/controller/predicates.ts';
import { referenceTo } from '../runtime/helpers/events.ts';
import { addFinalizer, hasFinalizer, removeFinalizer } from '../runtime/helpers/finalizers.ts';

export const CLEANUP_FINALIZER = 'samples.orch.io/cleanup';
/** On a source: the namespace to mirror it into. */
export const MIRROR_TO_LABEL = 'samples.orch.io/mirror-to';
/** On a copy: `namespace/name` of its source. */
export const MIRROR_OF_ANNOTATION = 'samples.orch.io/mirror-of';
export const REPORTING_CONTROLLER = 'samples.orch.io/mirror-controller';

export interface FinalizerControllerOptions {
  readonly concurrency?: number;
}

/** The copy of `ns/name`: same name, prefixed with the source namespace so two sources never collide. */
export function mirrorName(source: ConfigMap): string {
  return `${source.metadata.namespace}.${source.metadata.name}`;
}

const ours: Predicate<ConfigMap> = (ev) =>
  hasFinalizer(ev.object, CLEANUP_FINALIZER) || (ev.old !== undefined && hasFinalizer(ev.old, CLEANUP_FINALIZER));

export function finalizerController(opts: FinalizerControllerOptions = {}): RunnableFactory {
  return (mgr) => {
    const configMaps = mgr.client.resource(CONFIG_MAPS);
    const recorder = mgr.eventRecorder(REPORTING_CONTROLLER);
    const controller = mgr.createController<ConfigMap>({
      name: 'mirror-controller',
      for: CONFIG_MAPS,
      predicates: [or(hasLabels({ [MIRROR_TO_LABEL]: undefined }), ours)],
      // A copy changed or deleted by someone else is put right by reconciling its source.
      watches: [
        {
          resource: CONFIG_MAPS,
          map: (obj) => {
            const of = obj.metadata.annotations?.[MIRROR_OF_ANNOTATION];
            return of ? [of] : [];
          },
        },
      ],
      concurrency: opts.concurrency ?? 1,
      async reconcile(key) {
        const source = controller.informer.store.get(key);
        const copies = (namespace: string) => configMaps.inNamespace(namespace);
        if (!source) {
          // Gone without us (its finalizer was forced off): its copy must not outlive it.
          const left = controller.informer.store.list().filter((c) => c.metadata.annotations?.[MIRROR_OF_ANNOTATION] === key);
          for (const c of left) {
            await copies(c.metadata.namespace ?? '')
              .delete(c.metadata.name ?? '', { preconditions: { uid: c.metadata.uid } })
              .catch((err: unknown) => {
                if (!isNotFound(err)) throw err;
              });
          }
          return;
        }
        const target = source.metadata.labels?.[MIRROR_TO_LABEL];

        if (source.metadata.deletionTimestamp !== undefined || !target) {
          // Being deleted, or no longer mirrored: remove the copy, then let go of the source.
          if (!hasFinalizer(source, CLEANUP_FINALIZER)) return;
          const previous = findCopy(source);
          if (previous) {
            await copies(previous.namespace)
              .delete(previous.name, {})
              .catch((err: unknown) => {
                if (!isNotFound(err)) throw err;
              });
            void recorder.record({
              regarding: referenceTo(source, CONFIG_MAPS),
              type: 'Normal',
              reason: 'MirrorDeleted',
              action: 'Delete',
              note: `Deleted mirror ${keyOf(previous.namespace, previous.name)}`,
            });
          }
          await removeFinalizer(configMaps, source, CLEANUP_FINALIZER);
          return;
        }

        // The finalizer goes on before the copy exists, so no copy can outlive its source.
        const held = await addFinalizer(configMaps, source, CLEANUP_FINALIZER);
        const name = mirrorName(held);
        const want: ConfigMap = {
          metadata: { name, namespace: target, annotations: { [MIRROR_OF_ANNOTATION]: objectKey(held) } },
          ...(held.data ? { data: held.data } : {}),
          ...(held.binaryData ? { binaryData: held.binaryData } : {}),
        };
        const existing = controller.informer.store.get(keyOf(target, name));
        if (!existing) {
          try {
            await copies(target).create(want);
          } catch (err) {
            // Made a moment ago and not yet in the cache: look again once it is.
            if (isAlreadyExists(err)) return { requeue: true };
            throw err;
          }
          void recorder.record({
            regarding: referenceTo(held, CONFIG_MAPS),
            type: 'Normal',
            reason: 'Mirrored',
            action: 'Create',
            note: `Mirrored to ${target}/${name}`,
          });
        } else if (
          JSON.stringify(existing.data ?? {}) !== JSON.stringify(held.data ?? {}) ||
          existing.metadata.annotations?.[MIRROR_OF_ANNOTATION] !== objectKey(held)
        ) {
          await copies(target).update({
            ...existing,
            data: held.data ?? {},
            metadata: { ...existing.metadata, annotations: { ...existing.metadata.annotations, ...want.metadata.annotations } },
          });
        }
        return;
      },
    });

    /** The copy this controller made for `source`, wherever the label pointed when it made it. */
    function findCopy(source: ConfigMap): { namespace: string; name: string } | undefined {
      const wanted = objectKey(source);
      const copy = controller.informer.store.list().find((c) => c.metadata.annotations?.[MIRROR_OF_ANNOTATION] === wanted);
      return copy ? splitKey(objectKey(copy)) : undefined;
    }

    return controller;
  };
}
