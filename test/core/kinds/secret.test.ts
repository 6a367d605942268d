/** Secret and ServiceAccount (core v1): schemas, defaults and v1.32 validation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretKind } from '../../../core/registry/kinds/secret.ts';
import { serviceAccountKind } from '../../../core/registry/kinds/serviceaccount.ts';
import { call, causeKeys, causesOf, expectCreated, serverWith, withChange, type Target } from './support.ts';

const SECRETS = '/api/v1/namespaces/default/secrets';
const SAS = '/api/v1/namespaces/default/serviceaccounts';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { key: b64('value') } };

let t: Target;
beforeAll(async () => {
  t = await serverWith([secretKind, serviceAccountKind]);
});
afterAll(async () => {
  await t.close();
});
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
      await call(t, 'POST', SECRETS, named({ ...secret, data: { key: b64('old'), other: b64('o') }, stringData: { key: 'new', text: 'héllo' } })),
    );
    expect(body.stringData).toBeUndefined();
    expect(body.data).toEqual({ key: b64('new'), other: b64('o'), text: b64('héllo') });
    const read = await call(t, 'GET', `${SECRETS}/${body.metadata.name}`);
    expect(read.body.data).toEqual(body.data);
  });

  const dockerJson = b64(JSON.stringify({ auths: {} }));
  // [row, type, data, annotations, expected causes]
  const rows: [string, string, Record<string, string>, Record<string, string>, string[]][] = [
    ['Opaque with any keys', 'Opaque', { a: b64('1') }, {}, []],
    ['a key with a slash', 'Opaque', { 'a/b': b64('1') }, {}, ['data[a/b] FieldValueInvalid']],
    ['the key ..', 'Opaque', { '..': b64('1') }, {}, ['data[..] FieldValueInvalid']],
    ['tls with both keys', 'orchestrator.io/tls', { 'tls.crt': b64('c'), 'tls.key': b64('k') }, {}, []],
    ['tls without tls.key', 'orchestrator.io/tls', { 'tls.crt': b64('c') }, {}, ['data[tls.key] FieldValueRequired']],
    ['tls without keys', 'orchestrator.io/tls', {}, {}, ['data[tls.crt] FieldValueRequired', 'data[tls.key] FieldValueRequired']],
    ['dockerconfigjson', 'orchestrator.io/dockerconfigjson', { '.dockerconfigjson': dockerJson }, {}, []],
    ['dockerconfigjson without its key', 'orchestrator.io/dockerconfigjson', {}, {}, ['data[.dockerconfigjson] FieldValueRequired']],
    ['dockerconfigjson that is not JSON', 'orchestrator.io/dockerconfigjson', { '.dockerconfigjson': b64('{nope') }, {}, ['data[.dockerconfigjson] FieldValueInvalid']],
    ['dockerconfigjson that is a JSON array', 'orchestrator.io/dockerconfigjson', { '.dockerconfigjson': b64('[]') }, {}, ['data[.dockerconfigjson] FieldValueInvalid']],
    ['dockercfg without its key', 'orchestrator.io/dockercfg', {}, {}, ['data[.dockercfg] FieldValueRequired']],
    ['basic-auth with only a username', 'orchestrator.io/basic-auth', { username: b64('u') }, {}, []],
    ['basic-auth with an empty password', 'orchestrator.io/basic-auth', { password: '' }, {}, []],
    ['basic-auth without either key', 'orchestrator.io/basic-auth', {}, {}, ['data[username] FieldValueRequired', 'data[password] FieldValueRequired']],
    ['ssh-auth', 'orchestrator.io/ssh-auth', { 'ssh-privatekey': b64('k') }, {}, []],
    ['ssh-auth with an empty key', 'orchestrator.io/ssh-auth', { 'ssh-privatekey': '' }, {}, ['data[ssh-privatekey] FieldValueRequired']],
    ['service-account-token', 'orchestrator.io/service-account-token', {}, { 'orchestrator.io/service-account.name': 'default' }, []],
    ['service-account-token without account', 'orchestrator.io/service-account-token', {}, {}, ['metadata.annotations[orchestrator.io/service-account.name] FieldValueRequired']],
    ['a custom type', 'example.com/custom', {}, {}, []],
  ];
  it.each(rows)('%s', async (_row, type, data, annotations, expected) => {
    const res = await call(t, 'POST', SECRETS, named({ ...secret, type, data, metadata: { name: 'x', annotations } }));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected);
  });

  it('the dockerconfigjson error is worded like Go and hides the contents', async () => {
    const res = await call(t, 'POST', SECRETS, named({ ...secret, type: 'orchestrator.io/dockerconfigjson', data: { '.dockerconfigjson': b64('[]') } }));
    expect(causesOf(res)[0].message).toBe(
      'Invalid value: "<secret contents redacted>": json: cannot unmarshal array into Go value of type map[string]interface {}',
    );
  });

  it('1 MiB of data is the limit', async () => {
    const mib = 1024 * 1024;
    const ok = await call(t, 'POST', SECRETS, named({ ...secret, data: { a: b64('x'.repeat(mib - 1)), b: b64('y') } }));
    expectCreated(ok);
    const big = await call(t, 'POST', SECRETS, named({ ...secret, data: { a: b64('x'.repeat(mib)), b: b64('y') } }));
    expect(causesOf(big)).toEqual([{ reason: 'FieldValueTooLong', field: 'data', message: 'Too long: may not be more than 1048576 bytes' }]);
  });

  it('type is immutable', async () => {
    const created = expectCreated(await call(t, 'POST', SECRETS, named(secret)));
    const res = await call(t, 'PUT', `${SECRETS}/${created.metadata.name}`, { ...created, type: 'example.com/other' });
    expect(causesOf(res)).toEqual([{ reason: 'FieldValueInvalid', field: 'type', message: 'Invalid value: "example.com/other": field is immutable' }]);
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
    ['builder', 201],
    ['builder.v2', 201],
    ['Builder', 422],
  ] as const)('name %s → %i', async (name, status) => {
    const res = await call(t, 'POST', SAS, { metadata: { name } });
    expect(res.status).toBe(status);
  });
});
