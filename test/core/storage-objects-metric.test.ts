/**
 * `apiserver_storage_objects` (STABLE): the objects stored per resource, group-qualified as the
 * real metric labels them (`configmaps`, `statefulsets.apps`), read at each scrape: creates and
 * deletes move it, a resource's versions count once.
 */
import { describe, expect, it } from 'vitest';
import { configMap, statefulSet } from '../support/builders.ts';
import { call, CM, serverPerTest } from '../support/targets.ts';

const t = serverPerTest();

async function stored(): Promise<Map<string, number>> {
  const text = await (await t.request('/metrics')).text();
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^apiserver_storage_objects\{resource="([^"]+)"\} (-?\d+)$/gm)) out.set(m[1]!, Number(m[2]));
  return out;
}

describe('apiserver_storage_objects', () => {
  it('counts what is stored, per group and resource', async () => {
    const text = await (await t.request('/metrics')).text();
    expect(text).toContain('# TYPE apiserver_storage_objects gauge');
    const before = await stored();
    await call(t, 'POST', CM, configMap('a'));
    await call(t, 'POST', CM, configMap('b'));
    await call(t, 'POST', '/apis/apps/v1/namespaces/default/statefulsets', statefulSet('web'));
    let now = await stored();
    expect(now.get('configmaps')).toBe((before.get('configmaps') ?? 0) + 2);
    expect(now.get('statefulsets.apps')).toBe((before.get('statefulsets.apps') ?? 0) + 1);
    // The bootstrap objects are counted as well: namespaces, RBAC roles.
    expect(now.get('namespaces')).toBeGreaterThanOrEqual(3);
    expect(now.get('clusterroles.rbac.authorization.orch.io')).toBeGreaterThan(0);
    await call(t, 'DELETE', `${CM}/a`);
    now = await stored();
    expect(now.get('configmaps')).toBe((before.get('configmaps') ?? 0) + 1);
  });
});
