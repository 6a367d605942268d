/**
 * Upgrading from client-side to server-side apply with kubectl 1.32 (docs/api-rules.md,
 * "Server-side apply and field ownership"): after `kubectl apply`, `kubectl apply --server-side`
 * with a changed value takes the fields over without a conflict, and the last-applied annotation
 * then holds the configuration applied. With another field manager the same apply conflicts.
 * (kubectl follows a successful server-side apply with its own migration requests: the
 * annotation goes to the applier `kubectl-last-applied`, client-side apply's fields to the
 * applier; the assertions see the result of the whole command.)
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

const cm = (name: string, a: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
data:
  a: "${a}"
`;

interface ConfigMap {
  data: Record<string, string>;
  metadata: {
    annotations?: Record<string, string>;
    managedFields: { manager: string; operation: string; fieldsV1: { 'f:data'?: Record<string, unknown> } }[];
  };
}

describe('kubectl 1.32: from client-side to server-side apply', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;
  const get = async (name: string): Promise<ConfigMap> => JSON.parse(await k('get', 'cm', name, '-o', 'json', '--show-managed-fields'));
  const lastApplied = (obj: ConfigMap): unknown => JSON.parse(obj.metadata.annotations?.[LAST_APPLIED] ?? 'null');

  it('apply, then apply --server-side with a changed value: no conflict, and the annotation holds the new configuration', async () => {
    expect((await k('apply', '-f', k.file('csa-1.yaml', cm('csa', '1')))).trim()).toBe('configmap/csa created');
    expect(lastApplied(await get('csa'))).toMatchObject({ data: { a: '1' } });

    expect((await k('apply', '--server-side', '-f', k.file('csa-2.yaml', cm('csa', '2')))).trim()).toBe('configmap/csa serverside-applied');
    const after = await get('csa');
    expect(after.data).toEqual({ a: '2' });
    expect(lastApplied(after)).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'csa', namespace: 'default' },
      data: { a: '2' },
    });
    const ownersOfA = after.metadata.managedFields
      .filter((e) => e.fieldsV1['f:data']?.['f:a'] !== undefined)
      .map((e) => `${e.manager} ${e.operation}`);
    expect(ownersOfA).toEqual(['kubectl Apply']);
    // kubectl itself then moves the annotation to its own applier and client-side apply's fields to `kubectl`.
    expect(after.metadata.managedFields.map((e) => `${e.manager} ${e.operation}`)).toEqual(['kubectl-last-applied Apply', 'kubectl Apply']);
  });

  it('with another field manager the same upgrade conflicts; forced, the annotation is not kept', async () => {
    expect((await k('apply', '-f', k.file('other-1.yaml', cm('other', '1')))).trim()).toBe('configmap/other created');
    const file = k.file('other-2.yaml', cm('other', '2'));
    const r = await k.result(['apply', '--server-side', '--field-manager=not-kubectl', '-f', file]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('conflict with "kubectl-client-side-apply" using v1: .data.a');

    expect((await k('apply', '--server-side', '--field-manager=not-kubectl', '--force-conflicts', '-f', file)).trim()).toBe(
      'configmap/other serverside-applied',
    );
    // The server leaves the annotation alone for this manager; kubectl then hands client-side
    // apply's fields (the annotation among them) to it and applies again, which drops it.
    const after = await get('other');
    expect(after.data).toEqual({ a: '2' });
    expect(after.metadata.annotations?.[LAST_APPLIED]).toBeUndefined();
  });
});
