/**
 * kubectl 1.32 and deleting many objects: `delete --all` deletes them one by name (it never sends
 * a DELETE of the collection), so what it prints does not depend on that answer; `delete --raw`
 * of a collection path prints the server's answer, which is the list of the deleted objects.
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

describe('kubectl 1.32 deleting a collection', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;

  it('delete --all deletes each object by name and prints one line for each', async () => {
    await k('create', 'configmap', 'all-a');
    await k('create', 'configmap', 'all-b');
    const r = await k.result(['delete', 'configmaps', '--all', '-v=6']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('configmap "all-a" deleted\nconfigmap "all-b" deleted\n');
    expect(r.stderr).toMatch(/DELETE http:\/\/[^ ]+\/configmaps\/all-a 200 OK/);
    expect(r.stderr).not.toMatch(/DELETE http:\/\/[^ ]+\/configmaps(\?[^ ]*)? /);
  });

  it('delete --raw of the collection prints the list of what it deleted', async () => {
    await k('create', 'configmap', 'raw-a', '--from-literal=k=a');
    const out = JSON.parse(await k('delete', '--raw', '/api/v1/namespaces/default/configmaps'));
    expect(out).toMatchObject({ kind: 'ConfigMapList', apiVersion: 'v1', items: [{ metadata: { name: 'raw-a' }, data: { k: 'a' } }] });
    expect(JSON.parse(await k('get', 'configmaps', '-o', 'json')).items).toEqual([]);
  });
});
