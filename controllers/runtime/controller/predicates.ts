/**
 * Which informer events are worth a reconcile. A predicate sees the event (with the previous
 * object for MODIFIED) and says yes or no; creations and deletions pass the "changed" ones, as
 * the real controller runtime's predicates let them.
 */
import type { KubeObject } from '../api/types.ts';
import type { InformerEvent } from '../informer/store.ts';

export type Predicate<T extends KubeObject = KubeObject> = (event: InformerEvent<T>) => boolean;

function sameRecord(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  const ak = Object.keys(a ?? {});
  if (ak.length !== Object.keys(b ?? {}).length) return false;
  return ak.every((k) => a?.[k] === b?.[k]);
}

/** Updates only when `metadata.generation` moved (the spec changed, or deletion began). */
export const generationChanged: Predicate = (ev) => ev.type !== 'MODIFIED' || ev.old?.metadata.generation !== ev.object.metadata.generation;

/** Updates only when labels changed. */
export const labelsChanged: Predicate = (ev) => ev.type !== 'MODIFIED' || !sameRecord(ev.old?.metadata.labels, ev.object.metadata.labels);

/** Updates only when annotations changed. */
export const annotationsChanged: Predicate = (ev) =>
  ev.type !== 'MODIFIED' || !sameRecord(ev.old?.metadata.annotations, ev.object.metadata.annotations);

/**
 * Objects carrying these labels (a value of `undefined` asks only that the key exists). An update
 * passes when the object matches before or after, so a controller sees its object leave the set.
 */
export function hasLabels(labels: Readonly<Record<string, string | undefined>>): Predicate {
  const matches = (obj: KubeObject | undefined) =>
    obj !== undefined &&
    Object.entries(labels).every(([k, v]) => {
      const have = obj.metadata.labels?.[k];
      return v === undefined ? have !== undefined : have === v;
    });
  return (ev) => matches(ev.object) || matches(ev.old);
}

export function and<T extends KubeObject>(...ps: readonly Predicate<T>[]): Predicate<T> {
  return (ev) => ps.every((p) => p(ev));
}

export function or<T extends KubeObject>(...ps: readonly Predicate<T>[]): Predicate<T> {
  return (ev) => ps.some((p) => p(ev));
}

export function not<T extends KubeObject>(p: Predicate<T>): Predicate<T> {
  return (ev) => !p(ev);
}
