/**
 * kubectl 1.32 against orch-apiserver (README, "orch-apiserver"): `get --raw` of the version and
 * of the start-up namespaces, and `--server` with the server's URL.
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

describe('kubectl get --raw', () => {
  const cluster = kubectlPerSuite();
  const kubectl = cluster.kubectl;

  it('get --raw /version says major 1, minor 32', async () => {
    const v = JSON.parse(await kubectl('get', '--raw', '/version'));
    expect(v).toMatchObject({ major: '1', minor: '32' });
    expect(v.gitVersion).toMatch(/^v1\.32\./);
  });

  it('get --raw /api/v1/namespaces lists the four start-up namespaces', async () => {
    const list = JSON.parse(await kubectl('get', '--raw', '/api/v1/namespaces'));
    expect(list.kind).toBe('NamespaceList');
    expect(list.items.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual([
      'default',
      'orch-node-lease',
      'orch-public',
      'orch-system',
    ]);
  });

  it('--server with a URL works too (the README line)', async () => {
    const out = await kubectl('--server', cluster.server.url, 'get', '--raw', '/api/v1/namespaces/default');
    expect(JSON.parse(out).metadata.name).toBe('default');
  });
});
