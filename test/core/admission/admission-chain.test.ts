/**
 * The admission mechanism (core/admission/chain.ts, wired in core/registry/resource-registry.ts):
 * plugins see only the kinds and operations they name; mutating plugins run in order before the
 * kind's validation, validating ones after it; dry runs are admitted too; plugins read other
 * objects and add warnings.
 */
import { describe, expect, it } from 'vitest';
import type { AdmissionAttributes, AdmissionPlugin } from '../../../core/admission/index.ts';
import { StatusError } from '../../../core/index.ts';
import { call, CM, inProcess, serverPerTest, type Target } from '../../support/targets.ts';

const CONFIGMAP = { group: '', kind: 'ConfigMap' };
const SECRET = { group: '', kind: 'Secret' };

/** Records each call as `plugin:phase:operation:name`. */
function recorder(log: string[], name: string, kinds = [CONFIGMAP], operations: AdmissionPlugin['operations'] = ['CREATE', 'UPDATE']) {
  const note = (phase: string, a: AdmissionAttributes) => log.push(`${name}:${phase}:${a.operation}:${a.name}`);
  return {
    name,
    kinds,
    operations,
    admit: (a: AdmissionAttributes) => note('admit', a),
    validate: (a: AdmissionAttributes) => note('validate', a),
  } satisfies AdmissionPlugin;
}

/** Appends `mark` to the `trail` annotation. */
function marker(mark: string): AdmissionPlugin {
  return {
    name: `mark-${mark}`,
    kinds: [CONFIGMAP],
    operations: ['CREATE', 'UPDATE'],
    admit(a) {
      const meta = a.object.metadata as { annotations?: Record<string, string> };
      meta.annotations = { ...meta.annotations, trail: (meta.annotations?.trail ?? '') + mark };
    },
  };
}

/** Refuses objects whose `data.refuse` is set; otherwise warns, naming what it saw. */
const gatekeeper: AdmissionPlugin = {
  name: 'gatekeeper',
  kinds: [CONFIGMAP],
  operations: ['CREATE', 'UPDATE'],
  validate(a) {
    const data = (a.object.data ?? {}) as Record<string, string>;
    if (data.refuse) throw StatusError.forbidden(a.resource, a.name, `refused by gatekeeper: ${data.refuse}`);
    const meta = a.object.metadata as Record<string, unknown>;
    a.warn(`saw ${a.operation} of ${a.name} with uid=${meta.uid !== undefined} trail=${(meta.annotations as any)?.trail ?? ''}`);
  },
};

async function withPlugins(plugins: AdmissionPlugin[]): Promise<Target> {
  return inProcess({ admission: plugins });
}

function cm(name: string, data: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...extra }, data };
}

describe('which plugins run', () => {
  it('a kind no plugin names is written exactly as without admission', async () => {
    const log: string[] = [];
    const plain = await withPlugins([]);
    const admitted = await withPlugins([recorder(log, 'secrets-only', [SECRET])]);
    try {
      const answers = [];
      for (const t of [plain, admitted]) {
        const r = await call(t, 'POST', CM, cm('same', { a: '1' }));
        expect(r.status).toBe(201);
        answers.push({ ...r.body, metadata: { ...r.body.metadata, uid: '', creationTimestamp: '', managedFields: [] } });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(log).toEqual([]);
    } finally {
      await plain.close();
      await admitted.close();
    }
  });

  it.each([
    {
      operations: ['CREATE', 'UPDATE'] as const,
      calls: ['p:admit:CREATE:', 'p:validate:CREATE:c', 'p:admit:UPDATE:c', 'p:validate:UPDATE:c'],
    },
    { operations: ['CREATE'] as const, calls: ['p:admit:CREATE:', 'p:validate:CREATE:c'] },
    { operations: ['UPDATE'] as const, calls: ['p:admit:UPDATE:c', 'p:validate:UPDATE:c'] },
  ])('a plugin for $operations sees exactly those operations', async ({ operations, calls }) => {
    const log: string[] = [];
    const t = await withPlugins([recorder(log, 'p', [CONFIGMAP], operations)]);
    try {
      // Mutation of a create comes before the name is generated; validation sees it.
      const created = await call(t, 'POST', CM, { metadata: { generateName: 'c' } });
      const name = created.body.metadata.name;
      await call(t, 'PUT', `${CM}/${name}`, { ...created.body, data: { k: 'v' } });
      expect(log).toEqual(calls.map((c) => (c.endsWith(':c') ? c.replace(/:c$/, `:${name}`) : c)));
    } finally {
      await t.close();
    }
  });
});

describe('order', () => {
  it('the namespace is admitted first: a write into a missing one is 404 before any plugin runs', async () => {
    const log: string[] = [];
    const t = await withPlugins([recorder(log, 'p')]);
    try {
      const r = await call(t, 'POST', '/api/v1/namespaces/nowhere/configmaps', cm('lost'));
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('namespaces "nowhere" not found');
      expect(log).toEqual([]);
    } finally {
      await t.close();
    }
  });

  const t = serverPerTest(() => withPlugins([marker('a'), gatekeeper, marker('b')]));

  it('mutating plugins run in order, all before any validating plugin', async () => {
    const r = await call(t, 'POST', CM, cm('ordered'));
    expect(r.status).toBe(201);
    expect(r.body.metadata.annotations.trail).toBe('ab');
    expect(r.headers.get('warning')).toContain('saw CREATE of ordered with uid=true trail=ab');
  });

  it('the kind validates after mutation: a plugin can make an invalid object valid', async () => {
    const fixer: AdmissionPlugin = {
      name: 'fixer',
      kinds: [CONFIGMAP],
      operations: ['CREATE'],
      admit(a) {
        const data = a.object.data as Record<string, string>;
        for (const k of Object.keys(data)) {
          if (!/^[-._a-zA-Z0-9]+$/.test(k)) {
            data[k.replace(/[^-._a-zA-Z0-9]/g, '-')] = data[k];
            delete data[k];
          }
        }
      },
    };
    const fixed = await withPlugins([fixer]);
    try {
      const r = await call(fixed, 'POST', CM, cm('fixed', { 'bad key': 'v' }));
      expect(r.status).toBe(201);
      expect(r.body.data).toEqual({ 'bad-key': 'v' });
    } finally {
      await fixed.close();
    }
  });

  it('validating admission runs after the kind validates: an invalid object is 422, not refused by a plugin', async () => {
    const r = await call(t, 'POST', CM, cm('both-wrong', { 'bad key': 'v', refuse: 'yes' }));
    expect(r.status).toBe(422);
  });

  it('a refusal is the plugin’s Status', async () => {
    const r = await call(t, 'POST', CM, cm('refused', { refuse: 'no thanks' }));
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('configmaps "refused" is forbidden: refused by gatekeeper: no thanks');
    expect((await call(t, 'GET', `${CM}/refused`)).status).toBe(404);
  });

  it('updates are admitted the same way, patches included', async () => {
    expect((await call(t, 'POST', CM, cm('upd'))).status).toBe(201);
    const refused = await call(
      t,
      'PATCH',
      `${CM}/upd`,
      { data: { refuse: 'patched' } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(refused.status).toBe(403);
    const patched = await call(t, 'PATCH', `${CM}/upd`, { data: { k: 'v' } }, { 'content-type': 'application/merge-patch+json' });
    expect(patched.status).toBe(200);
    // The marks are added on every write: mutating plugins see the update's object.
    expect(patched.body.metadata.annotations.trail).toBe('abab');
  });
});

describe('dry runs are admitted', () => {
  const t = serverPerTest(() => withPlugins([marker('m'), gatekeeper]));

  it.each([
    { verb: 'create', send: (t: Target) => call(t, 'POST', `${CM}?dryRun=All`, cm('dry', { refuse: 'dry' })) },
    {
      verb: 'update',
      send: async (t: Target) => {
        await call(t, 'POST', CM, cm('dry'));
        return call(t, 'PATCH', `${CM}/dry?dryRun=All`, { data: { refuse: 'dry' } }, { 'content-type': 'application/merge-patch+json' });
      },
    },
  ])('a dry-run $verb is refused as the real one would be', async ({ send }) => {
    expect((await send(t)).status).toBe(403);
  });

  it('a dry-run create answers the mutated object and stores nothing', async () => {
    const r = await call(t, 'POST', `${CM}?dryRun=All`, cm('dry-ok'));
    expect(r.status).toBe(201);
    expect(r.body.metadata.annotations.trail).toBe('m');
    expect(r.headers.get('warning')).toContain('saw CREATE of dry-ok');
    expect((await call(t, 'GET', `${CM}/dry-ok`)).status).toBe(404);
  });
});

describe('reading other objects', () => {
  /** Copies the `origin` ConfigMap's data into new ConfigMaps that ask for it; lists what exists in the namespace. */
  const copier: AdmissionPlugin = {
    name: 'copier',
    kinds: [CONFIGMAP],
    operations: ['CREATE'],
    admit(a) {
      const meta = a.object.metadata as { annotations?: Record<string, string> };
      if (meta.annotations?.['copy-from'] === undefined) return;
      const origin = a.objects.get({ group: '', resource: 'configmaps' }, a.namespace, meta.annotations['copy-from']);
      if (!origin) throw StatusError.badRequest(`no ConfigMap ${meta.annotations['copy-from']} to copy`);
      a.object.data = origin.data;
      const names = a.objects.list({ group: '', resource: 'configmaps' }, a.namespace).map((o) => (o.metadata as { name: string }).name);
      meta.annotations.siblings = names.join(',');
    },
  };
  const t = serverPerTest(() => withPlugins([copier]));

  it('get one and list a namespace from the cache', async () => {
    await call(t, 'POST', CM, cm('origin', { x: '1' }));
    await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'other' } });
    await call(t, 'POST', '/api/v1/namespaces/other/configmaps', cm('elsewhere'));
    const r = await call(t, 'POST', CM, cm('copy', {}, { annotations: { 'copy-from': 'origin' } }));
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ x: '1' });
    expect(r.body.metadata.annotations.siblings).toBe('origin');
  });

  it('a plugin’s error for a missing object is its Status, not a crash', async () => {
    const r = await call(t, 'POST', CM, cm('copy2', {}, { annotations: { 'copy-from': 'missing' } }));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('no ConfigMap missing to copy');
  });
});
