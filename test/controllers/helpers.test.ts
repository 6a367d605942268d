/**
 * The controller helpers (docs/writing-a-controller.md, "The pieces"): finalizers added and
 * removed with a retry on conflict, owner references (at most one controller), status conditions
 * and their transition times.
 */
import { describe, expect, it } from 'vitest';
import {
  addFinalizer,
  AlreadyOwnedError,
  Client,
  CONFIG_MAPS,
  controllerReference,
  findCondition,
  getControllerOf,
  hasFinalizer,
  isConditionTrue,
  isControlledBy,
  NAMESPACES,
  ownerReference,
  removeCondition,
  removeFinalizer,
  removeOwnerReference,
  setCondition,
  setControllerReference,
  type ConditionLike as Condition,
  type ConfigMap,
  type KubeObject,
} from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const envs = controllerEnvs();

describe('finalizers', () => {
  async function setup() {
    const env = await envs.start();
    const api = env.api!;
    const patches: string[] = [];
    const client = new Client({
      fetch: (r) => {
        if (r.method === 'PATCH') patches.push(new URL(r.url).pathname);
        return api.fetch(r);
      },
    });
    return { env, client, patches, cms: client.resource(CONFIG_MAPS, 'default') };
  }

  it('adds and removes a finalizer, keeping the others', async () => {
    const { cms } = await setup();
    const cm = await cms.create({ metadata: { name: 'a', finalizers: ['other.io/keep'] } });
    const added = await addFinalizer(cms, cm, 'samples.orch.io/x');
    expect(added.metadata.finalizers).toEqual(['other.io/keep', 'samples.orch.io/x']);
    expect(hasFinalizer(added, 'samples.orch.io/x')).toBe(true);
    const again = await addFinalizer(cms, added, 'samples.orch.io/x');
    expect(again).toBe(added); // nothing to do, nothing sent
    const removed = await removeFinalizer(cms, added, 'samples.orch.io/x');
    expect(removed?.metadata.finalizers).toEqual(['other.io/keep']);
  });

  it('a stale object gets a 409, is read again and the change redone, keeping the concurrent change', async () => {
    const { cms, patches } = await setup();
    const stale = await cms.create({ metadata: { name: 'a' } });
    await cms.patch('a', { type: 'merge', patch: { metadata: { finalizers: ['someone.io/else'] } } });
    patches.length = 0;
    const out = await addFinalizer(cms, stale, 'samples.orch.io/x');
    expect(out.metadata.finalizers).toEqual(['someone.io/else', 'samples.orch.io/x']);
    expect(patches).toHaveLength(2); // the stale attempt, then the retry
  });

  it('removing the last finalizer of a deleted object lets it go (answers undefined when it is gone)', async () => {
    const { cms } = await setup();
    const cm = await cms.create({ metadata: { name: 'a', finalizers: ['samples.orch.io/x'] } });
    const terminating = (await cms.delete('a')) as ConfigMap;
    expect(terminating.metadata.deletionTimestamp).toBeTruthy();
    await removeFinalizer(cms, terminating, 'samples.orch.io/x');
    await expect(cms.get('a')).rejects.toMatchObject({ code: 404 });
    expect(await removeFinalizer(cms, cm, 'samples.orch.io/x')).toBeUndefined();
  });
});

describe('owner references', () => {
  const owner: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', uid: 'u-1' } };
  const other: KubeObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'other', uid: 'u-2' } };

  it('a controller reference says controller and blockOwnerDeletion', () => {
    expect(controllerReference(owner)).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      name: 'team',
      uid: 'u-1',
      controller: true,
      blockOwnerDeletion: true,
    });
    expect(ownerReference({ metadata: { name: 'n', uid: 'u' } }, NAMESPACES)).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      name: 'n',
      uid: 'u',
    });
    expect(() => ownerReference({ metadata: { name: 'n' } }, NAMESPACES)).toThrow(/uid/);
  });

  it('an object has at most one controller', () => {
    const obj: KubeObject = { metadata: { name: 'x' } };
    setControllerReference(owner, obj);
    setControllerReference(owner, obj); // the same owner again: replaced, not doubled
    expect(obj.metadata.ownerReferences).toHaveLength(1);
    expect(getControllerOf(obj)?.uid).toBe('u-1');
    expect(isControlledBy(obj, owner)).toBe(true);
    expect(() => setControllerReference(other, obj)).toThrow(AlreadyOwnedError);
    expect(() => setControllerReference(other, obj)).toThrow('Object x is already owned by another Namespace controller team');
    expect(removeOwnerReference(obj, 'u-1')).toBe(true);
    expect(obj.metadata.ownerReferences).toBeUndefined();
    expect(removeOwnerReference(obj, 'u-1')).toBe(false);
  });
});

describe('status conditions', () => {
  const T0 = Date.UTC(2026, 0, 1);
  const T1 = T0 + 60_000;
  const base = (): Condition[] => [
    { type: 'Ready', status: 'False', reason: 'Starting', message: 'starting', lastTransitionTime: '2026-01-01T00:00:00Z' },
  ];

  it.each<{ name: string; next: Condition; changed: boolean; want: Partial<Condition> }>([
    {
      name: 'same status, same words: nothing changes',
      next: { type: 'Ready', status: 'False', reason: 'Starting', message: 'starting' },
      changed: false,
      want: { lastTransitionTime: '2026-01-01T00:00:00Z' },
    },
    {
      name: 'same status, new reason: no transition',
      next: { type: 'Ready', status: 'False', reason: 'Waiting', message: 'waiting' },
      changed: true,
      want: { reason: 'Waiting', lastTransitionTime: '2026-01-01T00:00:00Z' },
    },
    {
      name: 'status flips: the transition time moves',
      next: { type: 'Ready', status: 'True', reason: 'Up', message: 'up' },
      changed: true,
      want: { status: 'True', lastTransitionTime: '2026-01-01T00:01:00Z' },
    },
    {
      name: 'status flips with a given time: that time is kept',
      next: { type: 'Ready', status: 'True', reason: 'Up', lastTransitionTime: '2025-12-31T00:00:00Z' },
      changed: true,
      want: { lastTransitionTime: '2025-12-31T00:00:00Z' },
    },
    {
      name: 'observedGeneration alone is a change',
      next: { type: 'Ready', status: 'False', reason: 'Starting', message: 'starting', observedGeneration: 3 },
      changed: true,
      want: { observedGeneration: 3 },
    },
  ])('$name', ({ next, changed, want }) => {
    const conds = base();
    expect(setCondition(conds, next, T1)).toBe(changed);
    expect(conds).toHaveLength(1);
    expect(conds[0]).toMatchObject(want);
  });

  it('a new type is added, stamped now; find, isTrue and remove', () => {
    const conds = base();
    expect(setCondition(conds, { type: 'Synced', status: 'True' }, T1)).toBe(true);
    expect(findCondition(conds, 'Synced')).toEqual({ type: 'Synced', status: 'True', lastTransitionTime: '2026-01-01T00:01:00Z' });
    expect(isConditionTrue(conds, 'Synced')).toBe(true);
    expect(isConditionTrue(conds, 'Ready')).toBe(false);
    expect(removeCondition(conds, 'Synced')).toBe(true);
    expect(conds.map((c) => c.type)).toEqual(['Ready']);
  });
});
