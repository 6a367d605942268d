/**
 * The tokens controller (kube-controller-manager's `serviceaccount-token`): a Secret of type
 * `service-account-token` naming a ServiceAccount gets a long-lived token of it, its namespace,
 * the root CA and the account's uid, written in the spelling of the Secret's type; it goes when
 * its account goes or is another one; Secrets of other types and filled ones are left alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SECRETS, SERVICE_ACCOUNTS } from '../../controllers/runtime/api/resources.ts';
import { tokensController } from '../../controllers/serviceaccount/index.ts';
import { createTestEnv, type TestEnv } from '../../controllers/testing/index.ts';
import type { Secret } from '../../core/registry/types/index.ts';

const ROOT_CA = '-----BEGIN CERTIFICATE-----\nMIIBroot\n-----END CERTIFICATE-----\n';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const text = (s: string | undefined) => Buffer.from(s ?? '', 'base64').toString('utf8');

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

async function start(rootCA?: string): Promise<TestEnv> {
  env = await createTestEnv();
  const signer = env.api!.security.tokens;
  await env.manager.add(tokensController({ signer, ...(rootCA ? { rootCA } : {}) }));
  return env;
}

const filled = (s: Secret | undefined) => Boolean(s?.data?.token);

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('the tokens controller fills a token Secret of an existing ServiceAccount', () => {
  it.each<{ what: string; type: string; annotations: Record<string, string>; uidKey: string; nameKey: string }>([
    {
      what: 'the real spelling, as kubectl writes it',
      type: 'kubernetes.io/service-account-token',
      annotations: { 'kubernetes.io/service-account.name': 'robot' },
      uidKey: 'kubernetes.io/service-account.uid',
      nameKey: 'kubernetes.io/service-account.name',
    },
    {
      what: "orch's spelling",
      type: 'orchestrator.io/service-account-token',
      annotations: { 'orchestrator.io/service-account.name': 'robot' },
      uidKey: 'orchestrator.io/service-account.uid',
      nameKey: 'orchestrator.io/service-account.name',
    },
    {
      what: "the real type with orch's name annotation: written in the type's spelling",
      type: 'kubernetes.io/service-account-token',
      annotations: { 'orchestrator.io/service-account.name': 'robot' },
      uidKey: 'kubernetes.io/service-account.uid',
      nameKey: 'kubernetes.io/service-account.name',
    },
  ])('$what', async ({ type, annotations, uidKey, nameKey }) => {
    const e = await start(ROOT_CA);
    const sa = await e.resource(SERVICE_ACCOUNTS, 'default').create({ metadata: { name: 'robot' } });
    await e.resource(SECRETS, 'default').create({ metadata: { name: 'robot-token', annotations }, type });

    const secret = await e.waitFor(SECRETS, 'default/robot-token', filled);
    expect(Object.keys(secret?.data ?? {}).sort()).toEqual(['ca.crt', 'namespace', 'token']);
    expect(text(secret?.data?.namespace)).toBe('default');
    expect(text(secret?.data?.['ca.crt'])).toBe(ROOT_CA);
    expect(secret?.metadata.annotations?.[uidKey]).toBe(sa.metadata.uid);
    expect(secret?.metadata.annotations?.[nameKey]).toBe('robot');
    expect(secret?.type).toBe(type);

    // A legacy token: the fixed issuer, the account and the Secret, no expiry and no audience.
    const token = text(secret?.data?.token);
    expect(claimsOf(token)).toEqual({
      iss: 'kubernetes/serviceaccount',
      sub: 'system:serviceaccount:default:robot',
      'orchestrator.io/serviceaccount/namespace': 'default',
      'orchestrator.io/serviceaccount/secret.name': 'robot-token',
      'orchestrator.io/serviceaccount/service-account.name': 'robot',
      'orchestrator.io/serviceaccount/service-account.uid': sa.metadata.uid,
    });
    // ...which the server's authenticator takes as the account.
    const verdict = await e.api!.security.tokens.review(token, []);
    expect(verdict).toMatchObject({ user: { name: 'system:serviceaccount:default:robot', uid: sa.metadata.uid } });
    expect(e.errors).toEqual([]);
  });

  it('puts no ca.crt in without a root CA', async () => {
    const e = await start();
    await e.resource(SERVICE_ACCOUNTS, 'default').create({ metadata: { name: 'robot' } });
    await e.resource(SECRETS, 'default').create({
      metadata: { name: 't', annotations: { 'kubernetes.io/service-account.name': 'robot' } },
      type: 'kubernetes.io/service-account-token',
    });
    const secret = await e.waitFor(SECRETS, 'default/t', filled);
    expect(Object.keys(secret?.data ?? {}).sort()).toEqual(['namespace', 'token']);
  });

  it('keeps a token already there, and fills only what is missing or not the root CA', async () => {
    const e = await start(ROOT_CA);
    await e.resource(SERVICE_ACCOUNTS, 'default').create({ metadata: { name: 'robot' } });
    await e.resource(SECRETS, 'default').create({
      metadata: { name: 't', annotations: { 'kubernetes.io/service-account.name': 'robot' } },
      type: 'kubernetes.io/service-account-token',
      data: { token: b64('my-own-token'), 'ca.crt': b64('an old CA'), extra: b64('kept') },
    });
    const secret = await e.waitFor(SECRETS, 'default/t', (s) => Boolean(s?.data?.namespace));
    expect(text(secret?.data?.token)).toBe('my-own-token');
    expect(text(secret?.data?.['ca.crt'])).toBe(ROOT_CA);
    expect(text(secret?.data?.extra)).toBe('kept');
  });

  it('leaves Secrets of other types alone', async () => {
    const e = await start(ROOT_CA);
    await e.resource(SERVICE_ACCOUNTS, 'default').create({ metadata: { name: 'robot' } });
    const other = await e.resource(SECRETS, 'default').create({
      metadata: { name: 'plain', annotations: { 'kubernetes.io/service-account.name': 'robot' } },
      type: 'Opaque',
    });
    // A token Secret made after it is filled: by then the controller has seen the other one too.
    await e.resource(SECRETS, 'default').create({
      metadata: { name: 't', annotations: { 'kubernetes.io/service-account.name': 'robot' } },
      type: 'kubernetes.io/service-account-token',
    });
    await e.waitFor(SECRETS, 'default/t', filled);
    await e.settle();
    const plain = await e.resource(SECRETS, 'default').get('plain');
    expect(plain.metadata.resourceVersion).toBe(other.metadata.resourceVersion);
    expect(plain.data).toBeUndefined();
  });
});

describe('the tokens controller deletes token Secrets whose ServiceAccount is gone', () => {
  it.each<{ what: string; annotations: Record<string, string> }>([
    { what: 'a Secret naming an account that does not exist', annotations: { 'kubernetes.io/service-account.name': 'ghost' } },
    {
      what: 'a Secret naming another uid of an existing account',
      annotations: { 'kubernetes.io/service-account.name': 'robot', 'kubernetes.io/service-account.uid': 'not-the-uid' },
    },
  ])('$what', async ({ annotations }) => {
    const e = await start();
    await e.resource(SERVICE_ACCOUNTS, 'default').create({ metadata: { name: 'robot' } });
    await e.resource(SECRETS, 'default').create({ metadata: { name: 'stale', annotations }, type: 'kubernetes.io/service-account-token' });
    await e.waitFor(SECRETS, 'default/stale', (s) => s === undefined);
    expect(e.errors).toEqual([]);
  });

  it('deletes the tokens of a deleted account, and only those', async () => {
    const e = await start();
    const accounts = e.resource(SERVICE_ACCOUNTS, 'default');
    const secrets = e.resource(SECRETS, 'default');
    await accounts.create({ metadata: { name: 'robot' } });
    await accounts.create({ metadata: { name: 'keeper' } });
    for (const [name, account, type] of [
      ['robot-a', 'robot', 'kubernetes.io/service-account-token'],
      ['robot-b', 'robot', 'orchestrator.io/service-account-token'],
      ['keeper-a', 'keeper', 'kubernetes.io/service-account-token'],
    ]) {
      await secrets.create({ metadata: { name, annotations: { [`${type.split('/')[0]}/service-account.name`]: account } }, type });
      await e.waitFor(SECRETS, `default/${name}`, filled);
    }
    await accounts.delete('robot');
    await e.waitFor(SECRETS, 'default/robot-a', (s) => s === undefined);
    await e.waitFor(SECRETS, 'default/robot-b', (s) => s === undefined);
    await e.settle();
    expect(filled(await secrets.get('keeper-a'))).toBe(true);
  });

  it("drops a deleted token Secret from its account's secrets list", async () => {
    const e = await start();
    const accounts = e.resource(SERVICE_ACCOUNTS, 'default');
    const secrets = e.resource(SECRETS, 'default');
    await accounts.create({ metadata: { name: 'robot' }, secrets: [{ name: 'robot-token' }, { name: 'other' }] });
    await secrets.create({
      metadata: { name: 'robot-token', annotations: { 'kubernetes.io/service-account.name': 'robot' } },
      type: 'kubernetes.io/service-account-token',
    });
    await e.waitFor(SECRETS, 'default/robot-token', filled);
    await secrets.delete('robot-token');
    const sa = await e.waitFor(SERVICE_ACCOUNTS, 'default/robot', (s) => s?.secrets?.length === 1);
    expect(sa?.secrets).toEqual([{ name: 'other' }]);
  });
});
