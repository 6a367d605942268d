/** Secret and ServiceAccount (core v1): schemas, defaults and v1.32 validation. */
import { describe, expect, it } from 'vitest';
import { secretKind } from '../../../core/registry/kinds/secret.ts';
import { serviceAccountKind } from '../../../core/registry/kinds/serviceaccount.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

const SECRETS = '/api/v1/namespaces/default/secrets';
const SAS = '/api/v1/namespaces/default/serviceaccounts';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { key: b64('value') } };

const t = serverPerSuite(() => serverWith([secretKind, serviceAccountKind]));
let seq = 0;
const named = <T>(body: T): T => withChange(body, 'metadata.name', `x-${++seq}`);

describe('Secret', () => {
  it('type defaults to Opaque', async () => {
    const body = expectCreated(await call(t, 'POST', SECRETS, named(secret)));
    expect(body.type).toBe('Opaque');
    expect(Object.keys(body)).toEqual(['kind', 'apiVersion', 'metadata', 'data', 'type']);
  });

  it('stringData is merged into data (and wins), and is never returned', async () => {
    const body = expectCreated(
      await call(
        t,
        'POST',
        SECRETS,
        named({ ...secret, data: { key: b64('old'), other: b64('o') }, stringData: { key: 'new', text: 'héllo' } }),
      ),
    );
    expect(body.stringData).toBeUndefined();
    expect(body.data).toEqual({ key: b64('new'), other: b64('o'), text: b64('héllo') });
    const read = await call(t, 'GET', `${SECRETS}/${body.metadata.name}`);
    expect(read.body.data).toEqual(body.data);
  });

  const dockerJson = b64(JSON.stringify({ auths: {} }));
  const rows: { rule: string; type: string; data: Record<string, string>; annotations: Record<string, string>; expected: string[] }[] = [
    { rule: 'Opaque with any keys', type: 'Opaque', data: { a: b64('1') }, annotations: {}, expected: [] },
    { rule: 'a key with a slash', type: 'Opaque', data: { 'a/b': b64('1') }, annotations: {}, expected: ['data[a/b] FieldValueInvalid'] },
    { rule: 'the key ..', type: 'Opaque', data: { '..': b64('1') }, annotations: {}, expected: ['data[..] FieldValueInvalid'] },
    {
      rule: 'tls with both keys',
      type: 'orchestrator.io/tls',
      data: { 'tls.crt': b64('c'), 'tls.key': b64('k') },
      annotations: {},
      expected: [],
    },
    {
      rule: 'tls without tls.key',
      type: 'orchestrator.io/tls',
      data: { 'tls.crt': b64('c') },
      annotations: {},
      expected: ['data[tls.key] FieldValueRequired'],
    },
    {
      rule: 'tls without keys',
      type: 'orchestrator.io/tls',
      data: {},
      annotations: {},
      expected: ['data[tls.crt] FieldValueRequired', 'data[tls.key] FieldValueRequired'],
    },
    {
      rule: 'dockerconfigjson',
      type: 'orchestrator.io/dockerconfigjson',
      data: { '.dockerconfigjson': dockerJson },
      annotations: {},
      expected: [],
    },
    {
      rule: 'dockerconfigjson without its key',
      type: 'orchestrator.io/dockerconfigjson',
      data: {},
      annotations: {},
      expected: ['data[.dockerconfigjson] FieldValueRequired'],
    },
    {
      rule: 'dockerconfigjson that is not JSON',
      type: 'orchestrator.io/dockerconfigjson',
      data: { '.dockerconfigjson': b64('{nope') },
      annotations: {},
      expected: ['data[.dockerconfigjson] FieldValueInvalid'],
    },
    {
      rule: 'dockerconfigjson that is a JSON array',
      type: 'orchestrator.io/dockerconfigjson',
      data: { '.dockerconfigjson': b64('[]') },
      annotations: {},
      expected: ['data[.dockerconfigjson] FieldValueInvalid'],
    },
    {
      rule: 'dockercfg without its key',
      type: 'orchestrator.io/dockercfg',
      data: {},
      annotations: {},
      expected: ['data[.dockercfg] FieldValueRequired'],
    },
    {
      rule: 'basic-auth with only a username',
      type: 'orchestrator.io/basic-auth',
      data: { username: b64('u') },
      annotations: {},
      expected: [],
    },
    {
      rule: 'basic-auth with an empty password',
      type: 'orchestrator.io/basic-auth',
      data: { password: '' },
      annotations: {},
      expected: [],
    },
    {
      rule: 'basic-auth without either key',
      type: 'orchestrator.io/basic-auth',
      data: {},
      annotations: {},
      expected: ['data[username] FieldValueRequired', 'data[password] FieldValueRequired'],
    },
    { rule: 'ssh-auth', type: 'orchestrator.io/ssh-auth', data: { 'ssh-privatekey': b64('k') }, annotations: {}, expected: [] },
    {
      rule: 'ssh-auth with an empty key',
      type: 'orchestrator.io/ssh-auth',
      data: { 'ssh-privatekey': '' },
      annotations: {},
      expected: ['data[ssh-privatekey] FieldValueRequired'],
    },
    {
      rule: 'service-account-token',
      type: 'orchestrator.io/service-account-token',
      data: {},
      annotations: { 'orchestrator.io/service-account.name': 'default' },
      expected: [],
    },
    {
      rule: 'service-account-token without account',
      type: 'orchestrator.io/service-account-token',
      data: {},
      annotations: {},
      expected: ['metadata.annotations[orchestrator.io/service-account.name] FieldValueRequired'],
    },
    { rule: 'a custom type', type: 'example.com/custom', data: {}, annotations: {}, expected: [] },
  ];
  it.each(rows)('$rule', async ({ type, data, annotations, expected }) => {
    const res = await call(t, 'POST', SECRETS, named({ ...secret, type, data, metadata: { name: 'x', annotations } }));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected);
  });

  // The real platform's spelling of the well-known types (what kubectl's generators write) obeys
  // the same rules, names its errors in that spelling, and is kept as written.
  const realSpelling = (s: string) => s.replaceAll('orchestrator.io/', 'kubernetes.io/');
  const aliasRows = [
    ...rows
      .filter((r) => r.type.startsWith('orchestrator.io/'))
      .map((r) => ({
        ...r,
        rule: `${r.rule}, spelled ${realSpelling(r.type)}`,
        type: realSpelling(r.type),
        annotations: Object.fromEntries(Object.entries(r.annotations).map(([k, v]) => [realSpelling(k), v])),
        expected: r.expected.map(realSpelling),
      })),
    {
      rule: 'kubernetes.io/service-account-token naming its account in orch’s spelling',
      type: 'kubernetes.io/service-account-token',
      data: {},
      annotations: { 'orchestrator.io/service-account.name': 'default' },
      expected: [],
    },
  ];
  it.each(aliasRows)('$rule', async ({ type, data, annotations, expected }) => {
    const res = await call(t, 'POST', SECRETS, named({ ...secret, type, data, metadata: { name: 'x', annotations } }));
    if (expected.length) {
      expect(causeKeys(res)).toEqual(expected);
      return;
    }
    expect(expectCreated(res).type).toBe(type);
  });

  it('a type’s spelling may not change afterwards', async () => {
    const tls = { ...secret, type: 'kubernetes.io/tls', data: { 'tls.crt': b64('c'), 'tls.key': b64('k') } };
    const created = expectCreated(await call(t, 'POST', SECRETS, named(tls)));
    const res = await call(t, 'PUT', `${SECRETS}/${created.metadata.name}`, { ...created, type: 'orchestrator.io/tls' });
    expect(causesOf(res)).toEqual([
      { reason: 'FieldValueInvalid', field: 'type', message: 'Invalid value: "orchestrator.io/tls": field is immutable' },
    ]);
  });

  it('the dockerconfigjson error is worded like Go and hides the contents', async () => {
    const res = await call(
      t,
      'POST',
      SECRETS,
      named({ ...secret, type: 'orchestrator.io/dockerconfigjson', data: { '.dockerconfigjson': b64('[]') } }),
    );
    expect(causesOf(res)[0].message).toBe(
      'Invalid value: "<secret contents redacted>": json: cannot unmarshal array into Go value of type map[string]interface {}',
    );
  });

  it('1 MiB of data is the limit', async () => {
    const mib = 1024 * 1024;
    const ok = await call(t, 'POST', SECRETS, named({ ...secret, data: { a: b64('x'.repeat(mib - 1)), b: b64('y') } }));
    expectCreated(ok);
    const big = await call(t, 'POST', SECRETS, named({ ...secret, data: { a: b64('x'.repeat(mib)), b: b64('y') } }));
    expect(causesOf(big)).toEqual([
      { reason: 'FieldValueTooLong', field: 'data', message: 'Too long: may not be more than 1048576 bytes' },
    ]);
  });

  it('type is immutable', async () => {
    const created = expectCreated(await call(t, 'POST', SECRETS, named(secret)));
    const res = await call(t, 'PUT', `${SECRETS}/${created.metadata.name}`, { ...created, type: 'example.com/other' });
    expect(causesOf(res)).toEqual([
      { reason: 'FieldValueInvalid', field: 'type', message: 'Invalid value: "example.com/other": field is immutable' },
    ]);
  });

  it('immutable: true freezes data and itself; metadata may still change', async () => {
    const created = expectCreated(await call(t, 'POST', SECRETS, named({ ...secret, immutable: true })));
    const url = `${SECRETS}/${created.metadata.name}`;
    const data = await call(t, 'PUT', url, { ...created, data: { key: b64('changed') } });
    expect(causeKeys(data)).toEqual(['data FieldValueForbidden']);
    const viaStringData = await call(t, 'PUT', url, { ...created, stringData: { key: 'changed' } });
    expect(causeKeys(viaStringData)).toEqual(['data FieldValueForbidden']);
    const unfreeze = await call(t, 'PUT', url, { ...created, immutable: false });
    expect(causeKeys(unfreeze)).toEqual(['immutable FieldValueForbidden']);
    const labels = await call(t, 'PUT', url, withChange(created, 'metadata.labels', { a: 'b' }));
    expect(labels.status).toBe(200);
  });

  it('a mutable secret can become immutable', async () => {
    const created = expectCreated(await call(t, 'POST', SECRETS, named(secret)));
    const res = await call(t, 'PUT', `${SECRETS}/${created.metadata.name}`, { ...created, immutable: true });
    expect(res.status).toBe(200);
  });

  it('table: Type, Data (number of keys), Age', () => {
    const obj = { metadata: { creationTimestamp: '2024-01-01T00:00:00Z' }, type: 'Opaque', data: { a: '', b: '' } };
    expect(secretKind.table!.map((c) => [c.name, c.cell(obj, Date.parse('2024-01-01T00:00:05Z'))])).toEqual([
      ['Type', 'Opaque'],
      ['Data', 2],
      ['Age', '5s'],
    ]);
  });
});

describe('ServiceAccount', () => {
  it('keeps only the name of secret references', async () => {
    const body = expectCreated(
      await call(t, 'POST', SAS, {
        apiVersion: 'v1',
        kind: 'ServiceAccount',
        metadata: { name: 'robot' },
        secrets: [{ name: 'tok', namespace: 'default', uid: 'u', kind: 'Secret' }],
        imagePullSecrets: [{ name: 'pull' }],
        automountServiceAccountToken: false,
      }),
    );
    expect(body.secrets).toEqual([{ name: 'tok' }]);
    expect(body.imagePullSecrets).toEqual([{ name: 'pull' }]);
    expect(body.automountServiceAccountToken).toBe(false);
    expect(serviceAccountKind.table!.map((c) => c.cell(body, Date.now()))[0]).toBe(1);
  });

  it.each([
    { name: 'builder', status: 201 },
    { name: 'builder.v2', status: 201 },
    { name: 'Builder', status: 422 },
  ] as const)('name $name → $status', async ({ name, status }) => {
    const res = await call(t, 'POST', SAS, { metadata: { name } });
    expect(res.status).toBe(status);
  });
});
