/** kubectl 1.32 against orch-apiserver: the raw calls issue 2 names. Skipped (with the reason) without kubectl. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/index.ts';
import { hasKubectl, KUBECTL, kubectlFor, type Kubectl } from '../support/kubectl.ts';

if (!hasKubectl) console.log(`skipping kubectl interop tests: ${KUBECTL} is not installed`);

describe.skipIf(!hasKubectl)('kubectl get --raw', () => {
  let server: RunningServer;
  let kubectl: Kubectl;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
    kubectl = kubectlFor(server.url);
  });
  afterAll(async () => {
    await server.shutdown();
  });

  it('get --raw /version says major 1, minor 32', async () => {
    const v = JSON.parse(await kubectl('get', '--raw', '/version'));
    expect(v).toMatchObject({ major: '1', minor: '32' });
    expect(v.gitVersion).toMatch(/^v1\.32\./);
  });

  it('get --raw /api/v1/namespaces lists the four start-up namespaces', async () => {
    const list = JSON.parse(await kubectl('get', '--raw', '/api/v1/namespaces'));
    expect(list.kind).toBe('NamespaceList');
    expect(list.items.map((n: { metadata: { name: string } }) => n.metadata.name)).toEqual(['default', 'orch-node-lease', 'orch-public', 'orch-system']);
  });

  it('--server with a URL works too (the README line)', async () => {
    const out = await kubectl('--server', server.url, 'get', '--raw', '/api/v1/namespaces/default');
    expect(JSON.parse(out).metadata.name).toBe('default');
  });
});
