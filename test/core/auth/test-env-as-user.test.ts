/** createTestEnv({ as }): controllers run as a user (here a ServiceAccount) under RBAC; the env's own client is an admin. */
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_MAPS, resourceType, type KubeObject } from '../../../controllers/index.ts';
import { createTestEnv, type TestEnv } from '../../../controllers/testing/index.ts';

const ROLE_BINDINGS = resourceType<KubeObject>({
  group: 'rbac.authorization.orch.io',
  version: 'v1',
  resource: 'rolebindings',
  kind: 'RoleBinding',
  namespaced: true,
});

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

describe('a test env acting as a user', () => {
  it('gives the controllers only what RBAC grants the user', async () => {
    env = await createTestEnv({ as: { user: 'system:serviceaccount:default:robot' } });
    const asRobot = env.manager.client.resource(CONFIG_MAPS, 'default');
    await expect(asRobot.list()).rejects.toMatchObject({
      status: {
        code: 403,
        message: expect.stringContaining('User "system:serviceaccount:default:robot" cannot list resource "configmaps"'),
      },
    });
    await env.client.resource(ROLE_BINDINGS, 'default').create({
      apiVersion: 'rbac.authorization.orch.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'robot-view', namespace: 'default' },
      subjects: [{ kind: 'ServiceAccount', name: 'robot', namespace: 'default' }],
      roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'view' },
    } as KubeObject);
    expect((await asRobot.list()).items).toEqual([]);
    await expect(asRobot.create({ metadata: { name: 'x' } })).rejects.toMatchObject({ status: { code: 403 } });
    expect((await env.client.resource(CONFIG_MAPS, 'default').create({ metadata: { name: 'x' } })).metadata?.name).toBe('x');
  });
});
