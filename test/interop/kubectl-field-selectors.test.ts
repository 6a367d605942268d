/**
 * kubectl 1.32 with the field selectors Secrets and Namespaces support (`type`, `status.phase`),
 * which used to answer 400 `field label not supported`, and `get --raw /` (the root index, which
 * used to answer 404).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

describe('kubectl field selectors on Secrets and Namespaces, and the root index', () => {
  const { kubectl } = kubectlPerSuite();

  beforeAll(async () => {
    await kubectl('create', 'secret', 'generic', 'plain', '--from-literal=k=v');
    await kubectl('create', 'namespace', 'leaving');
    const file = kubectl.file(
      'secret.yaml',
      [
        'apiVersion: v1',
        'kind: Secret',
        'metadata: {name: login}',
        'type: orchestrator.io/basic-auth',
        'stringData: {username: u}',
        '',
      ].join('\n'),
    );
    await kubectl('apply', '-f', file);
    // The namespace stays Terminating: its finalizer waits for a controller this server does not run.
    await kubectl('delete', 'namespace', 'leaving', '--wait=false');
  });

  it.each([
    { args: ['get', 'secrets', '--field-selector', 'type=Opaque'], names: ['secret/plain'] },
    { args: ['get', 'secrets', '--field-selector', 'type=orchestrator.io/basic-auth'], names: ['secret/login'] },
    { args: ['get', 'secrets', '--field-selector', 'type!=Opaque,metadata.name!=login'], names: [] },
    { args: ['get', 'secrets', '-A', '--field-selector', 'type=Opaque,metadata.namespace=default'], names: ['secret/plain'] },
    { args: ['get', 'ns', '--field-selector', 'status.phase=Terminating'], names: ['namespace/leaving'] },
    {
      args: ['get', 'ns', '--field-selector', 'status.phase=Active'],
      names: ['namespace/default', 'namespace/orch-node-lease', 'namespace/orch-public', 'namespace/orch-system'],
    },
  ])('kubectl $args', async ({ args, names }) => {
    const r = await kubectl.result([...args, '-o', 'name']);
    expect(r.stderr).not.toMatch(/error|field label/i);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual(names);
  });

  it('get --raw / lists the served paths', async () => {
    const { paths } = JSON.parse(await kubectl('get', '--raw', '/')) as { paths: string[] };
    expect(paths).toEqual([...paths].sort());
    expect(paths).toEqual(expect.arrayContaining(['/api', '/api/v1', '/apis', '/apis/apps/v1', '/healthz', '/openapi/v2', '/version']));
  });
});
