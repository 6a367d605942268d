/**
 * Custom resources in the cluster's cleanups, as any kind: the namespace controller (which finds
 * them in discovery) empties a deleted namespace of them, and the garbage collector deletes one
 * whose owner is gone.
 */
import { describe, expect, it } from 'vitest';
import {
  CONFIG_MAPS,
  createTestEnv,
  garbageCollector,
  type KubeObject,
  namespaceController,
  NAMESPACES,
  resourceType,
} from '../../../controllers/index.ts';
import { widgetCRD } from './crd-support.ts';

const WIDGETS = resourceType<KubeObject & { spec?: { color?: string } }>({
  group: 'example.com',
  version: 'v1',
  resource: 'widgets',
  kind: 'Widget',
  namespaced: true,
});

describe('custom resources and the built-in controllers', () => {
  it('are emptied from a deleted namespace', async () => {
    const env = await createTestEnv({ crds: [widgetCRD()], controllers: [namespaceController()] });
    try {
      await env.resource(NAMESPACES).create({ metadata: { name: 'gone' } });
      await env.resource(WIDGETS, 'gone').create({ metadata: { name: 'w' }, spec: { color: 'red' } });
      await env.resource(NAMESPACES).delete('gone');
      await env.waitFor(NAMESPACES, 'gone', (o) => o === undefined);
      expect((await env.resource(WIDGETS).list()).items).toEqual([]);
    } finally {
      await env.stop();
    }
  });

  it('are collected when their owner is gone', async () => {
    const env = await createTestEnv({ crds: [widgetCRD()], controllers: [garbageCollector()] });
    try {
      const owner = await env.resource(CONFIG_MAPS, 'default').create({ metadata: { name: 'owner' } });
      const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid! };
      await env.resource(WIDGETS, 'default').create({ metadata: { name: 'owned', ownerReferences: [ref] }, spec: { color: 'red' } });
      await env.resource(CONFIG_MAPS, 'default').delete('owner');
      await env.waitFor(WIDGETS, 'default/owned', (o) => o === undefined);
    } finally {
      await env.stop();
    }
  });
});
