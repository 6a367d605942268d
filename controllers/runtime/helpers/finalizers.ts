/**
 * Adding and removing a finalizer. Each is a merge patch of `metadata.finalizers` carrying the
 * object's resourceVersion, so a concurrent change makes it fail with 409 rather than drop
 * someone else's finalizer; on 409 the object is read again and the change redone.
 */
import type { KubeObject } from '../api/types.ts';
import { isConflict, isNotFound } from '../client/api-error.ts';
import type { ResourceClient } from '../client/client.ts';

const ATTEMPTS = 5;

export function hasFinalizer(obj: KubeObject, finalizer: string): boolean {
  return (obj.metadata.finalizers ?? []).includes(finalizer);
}

function bound<T extends KubeObject>(rc: ResourceClient<T>, obj: KubeObject): ResourceClient<T> {
  return rc.type.namespaced && obj.metadata.namespace ? rc.inNamespace(obj.metadata.namespace) : rc;
}

async function editFinalizers<T extends KubeObject>(
  rc: ResourceClient<T>,
  obj: T,
  edit: (current: readonly string[]) => string[] | undefined,
): Promise<T> {
  const client = bound(rc, obj);
  const name = obj.metadata.name ?? '';
  let current = obj;
  for (let attempt = 1; ; attempt++) {
    const next = edit(current.metadata.finalizers ?? []);
    if (!next) return current;
    try {
      return await client.patch(name, {
        type: 'merge',
        patch: { metadata: { resourceVersion: current.metadata.resourceVersion, finalizers: next.length ? next : null } },
      });
    } catch (err) {
      if (!isConflict(err) || attempt >= ATTEMPTS) throw err;
      current = await client.get(name);
      if (obj.metadata.uid && current.metadata.uid !== obj.metadata.uid) throw err; // a different object by now
    }
  }
}

/** Adds `finalizer` unless present; answers the object as written. */
export function addFinalizer<T extends KubeObject>(rc: ResourceClient<T>, obj: T, finalizer: string): Promise<T> {
  return editFinalizers(rc, obj, (fs) => (fs.includes(finalizer) ? undefined : [...fs, finalizer]));
}

/** Removes `finalizer` if present; undefined when the object is gone (removing the last finalizer may remove it). */
export async function removeFinalizer<T extends KubeObject>(rc: ResourceClient<T>, obj: T, finalizer: string): Promise<T | undefined> {
  try {
    return await editFinalizers(rc, obj, (fs) => (fs.includes(finalizer) ? fs.filter((f) => f !== finalizer) : undefined));
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}
