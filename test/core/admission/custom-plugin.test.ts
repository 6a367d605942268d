/**
 * An operator author's own admission plugin, through the package's public entry: the built-in
 * plugins are exported so a custom list can keep them, and a plugin of one's own refuses or
 * changes writes of the kinds it names, nothing else.
 */
import { describe, expect, it } from 'vitest';
import { type AdmissionPlugin, BUILTIN_ADMISSION, createApiServer, StatusError } from '../../../core/index.ts';

const requireOwner: AdmissionPlugin = {
  name: 'RequireOwnerLabel',
  kinds: [{ group: '', kind: 'ConfigMap' }],
  operations: ['CREATE', 'UPDATE'],
  admit(a) {
    const meta = a.object.metadata as { labels?: Record<string, string> };
    if (meta.labels?.team === 'platform') meta.labels.owner ??= 'platform-team';
  },
  validate(a) {
    const labels = (a.object.metadata as { labels?: Record<string, string> }).labels ?? {};
    if (!labels.owner) throw StatusError.forbidden({ group: '', resource: 'configmaps' }, a.name, 'an owner label is required');
  },
};

async function post(api: ReturnType<typeof createApiServer>, path: string, body: unknown) {
  const res = await api.fetch(
    new Request(`http://orch${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  return { status: res.status, body: (await res.json()) as { message?: string; metadata?: { labels?: Record<string, string> } } };
}

describe('a custom admission plugin beside the built-in ones', () => {
  const cases = [
    { name: 'no owner', labels: {}, status: 403, owner: undefined },
    { name: 'owner given', labels: { owner: 'me' }, status: 201, owner: 'me' },
    { name: 'owner defaulted by the mutating step', labels: { team: 'platform' }, status: 201, owner: 'platform-team' },
  ];
  for (const c of cases) {
    it(`${c.name} → ${c.status}`, async () => {
      const api = createApiServer({ admission: [...BUILTIN_ADMISSION, requireOwner] });
      await api.ready;
      const r = await post(api, '/api/v1/namespaces/default/configmaps', { metadata: { name: 'cm', labels: c.labels } });
      expect(r.status).toBe(c.status);
      if (c.status === 403) expect(r.body.message).toBe('configmaps "cm" is forbidden: an owner label is required');
      else expect(r.body.metadata?.labels?.owner).toBe(c.owner);
      await api.close();
    });
  }

  it('kinds the plugin does not name are not asked', async () => {
    const api = createApiServer({ admission: [...BUILTIN_ADMISSION, requireOwner] });
    await api.ready;
    expect((await post(api, '/api/v1/namespaces/default/secrets', { metadata: { name: 's' } })).status).toBe(201);
    await api.close();
  });
});
