/**
 * Encryption at rest (`--encryption-provider-config`): Secrets are stored under the first
 * provider (`k8s:enc:<provider>:v1:<key>:` then ciphertext), read back by whichever configured
 * provider wrote them, and other resources stay plain. A Secret whose key was removed from the
 * configuration is a corrupt object: reading it fails with a 500, and only a delete with
 * `ignoreStoreReadErrorWithClusterBreakingPotential` (gate AllowUnsafeMalformedObjectDeletion)
 * removes it, as the real platform's Common Behavior describes.
 */
import { createDecipheriv } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open as openLmdb } from 'lmdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EncryptionTransformer, parseEncryptionConfig } from '../../../server/storage/encryption/index.ts';
import { EtcdBackend } from '../../../server/storage/etcd-backend.ts';
import { LmdbBackend } from '../../../server/storage/lmdb-backend.ts';
import { type EtcdProcess, etcdClient, startEtcd } from '../../support/etcd.ts';
import { call, overHttp, type Target } from '../../support/targets.ts';

const KEY1 = Buffer.alloc(32, 1).toString('base64');
const KEY2 = Buffer.alloc(32, 2).toString('base64');

function config(providers: string): string {
  return `apiVersion: apiserver.config.orch.io/v1
kind: EncryptionConfiguration
resources:
  - resources: [secrets]
    providers:
${providers}`;
}
const aesgcm = (name: string, secret: string) =>
  `      - aesgcm:\n          keys:\n            - name: ${name}\n              secret: ${secret}\n`;
const aescbc = (name: string, secret: string) =>
  `      - aescbc:\n          keys:\n            - name: ${name}\n              secret: ${secret}\n`;
const identity = '      - identity: {}\n';

const secretbox = (name: string, secret: string) =>
  `      - secretbox:\n          keys:\n            - name: ${name}\n              secret: ${secret}\n`;

const transformer = (text: string) => new EncryptionTransformer(parseEncryptionConfig(text));
const SECRETS = '/api/v1/namespaces/default/secrets';
const secret = (name: string) => ({ metadata: { name }, stringData: { password: 'hunter2-plaintext' } });

describe('providers', () => {
  const k = '/registry/secrets/default/a';

  it.each([
    ['aesgcm', aesgcm('k1', KEY1)],
    ['aescbc', aescbc('k1', KEY1)],
    ['secretbox', secretbox('k1', KEY1)],
  ])('%s writes its prefix and ciphertext, and reads it back', (name, provider) => {
    const t = transformer(config(provider));
    const stored = Buffer.from(t.toStorage(k, k, '{"a":"secret"}') as Uint8Array);
    expect(stored.subarray(0, `k8s:enc:${name}:v1:k1:`.length).toString()).toBe(`k8s:enc:${name}:v1:k1:`);
    expect(stored.subarray(`k8s:enc:${name}:v1:k1:`.length).includes('secret')).toBe(false);
    expect(t.fromStorage(k, k, stored)).toBe('{"a":"secret"}');
    // Other resources are not named by the rule: stored as they are.
    expect(t.toStorage('/registry/configmaps/default/a', '/registry/configmaps/default/a', '{}')).toBe('{}');
  });

  it("reads a value the real platform's secretbox wrote: nonce, then NaCl's box (its reference vector)", () => {
    const t = transformer(config(secretbox('k1', Buffer.alloc(32, 1).toString('base64'))));
    const box = Buffer.from(
      '8442bc313f4626f1359e3b50122b6ce6fe66ddfe7d39d14e637eb4fd5b45beadab55198df6ab5368439792a23c87db70acb6156dc5ef957ac04f6276cf6093b84be77ff0849cc33e34b7254d5a8f65ad',
      'hex',
    );
    const stored = Buffer.concat([Buffer.from('k8s:enc:secretbox:v1:k1:'), Buffer.alloc(24, 2), box]);
    expect(t.fromStorage(k, k, stored)).toBe('\x03'.repeat(64));
    box[40] ^= 1;
    expect(t.fromStorage(k, k, Buffer.concat([Buffer.from('k8s:enc:secretbox:v1:k1:'), Buffer.alloc(24, 2), box]))).toMatch(
      /^\(unreadable/,
    );
  });

  it('binds an aesgcm value to the key it is stored under: copied under another key, it does not decrypt', () => {
    const t = transformer(config(aesgcm('k1', KEY1)));
    const stored = t.toStorage(k, '/prefix/secrets/default/a', '{"a":1}');
    expect(t.fromStorage(k, '/prefix/secrets/default/a', stored)).toBe('{"a":1}');
    expect(t.fromStorage(k, '/prefix/secrets/default/b', stored)).toMatch(/^\(unreadable/);
    expect(t.fromStorage(k, k, stored)).toMatch(/^\(unreadable/);
  });

  it('reads with any configured provider and unencrypted values only when identity is listed', () => {
    const old = transformer(config(aescbc('old', KEY2)));
    const rotated = transformer(config(aesgcm('new', KEY1) + secretbox('box', KEY2) + aescbc('old', KEY2) + identity));
    const boxed = transformer(config(secretbox('box', KEY2)));
    expect(rotated.fromStorage(k, k, old.toStorage(k, k, '{"v":1}'))).toBe('{"v":1}');
    expect(rotated.fromStorage(k, k, boxed.toStorage(k, k, '{"v":2}'))).toBe('{"v":2}');
    expect(rotated.fromStorage(k, k, '{"plain":true}')).toBe('{"plain":true}');
    expect(transformer(config(aesgcm('new', KEY1))).fromStorage(k, k, '{"plain":true}')).toMatch(/^\(unreadable/);
  });

  it.each([
    ['a short aesgcm key', aesgcm('k', Buffer.alloc(7).toString('base64')), /key must be 16, 24 or 32 bytes long/],
    ['a secretbox key that is not 32 bytes', secretbox('k', Buffer.alloc(16).toString('base64')), /key must be 32 bytes long, not 16/],
    ['an unknown provider', '      - rot13: {}\n', /unknown provider type "rot13"/],
    ['a provider named like an Object method', '      - toString: {}\n', /unknown provider type "toString"/],
    ['no keys', '      - aescbc: {}\n', /keys: at least one key is required/],
  ])('refuses a configuration with %s, saying why', (_what, providers, message) => {
    expect(() => parseEncryptionConfig(config(providers))).toThrow(message);
  });
});

describe.each(['data-dir', 'etcd'] as const)('encryption at rest on %s', (kind) => {
  let etcd: EtcdProcess | undefined;
  let dir: string;
  let prefixes = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'orch-enc-'));
    if (kind === 'etcd') etcd = await startEtcd();
  }, 30_000);
  afterAll(async () => {
    await etcd?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A server on the storage at `where`, with the encryption configuration given. */
  const serve = (where: string, text: string, gates: Record<string, boolean> = {}): Promise<Target> => {
    const t = transformer(text);
    const storage =
      kind === 'etcd'
        ? new EtcdBackend({ servers: [etcd!.url], prefix: where, compactionIntervalMs: 0, transformer: t })
        : LmdbBackend.open({ dir: join(dir, where), transformer: t });
    return overHttp({ storage, featureGates: gates });
  };

  /** The bytes stored for a key, as the medium holds them. */
  const raw = async (where: string, key: string): Promise<Buffer> => {
    if (kind === 'etcd') {
      const b = new EtcdBackend({ servers: [etcd!.url], prefix: where, compactionIntervalMs: 0 });
      const client = etcdClient(etcd!.url);
      try {
        return (await client.get(b.etcdKey(key)).buffer())!;
      } finally {
        client.close();
        await b.close();
      }
    }
    return readFileSync(join(dir, where, 'lmdb', 'data.mdb'));
  };

  it('stores Secrets encrypted and serves them decrypted', async () => {
    const where = `/enc${++prefixes}`;
    const server = await serve(where, config(aesgcm('key1', KEY1)));
    try {
      expect((await call(server, 'POST', SECRETS, secret('db'))).status).toBe(201);
      expect(
        (
          await call(server, 'POST', '/api/v1/namespaces/default/configmaps', {
            metadata: { name: 'plain' },
            data: { v: 'visible-plaintext' },
          })
        ).status,
      ).toBe(201);
      const got = await call(server, 'GET', `${SECRETS}/db`);
      expect(got.status).toBe(200);
      expect(Buffer.from(got.body.data.password, 'base64').toString()).toBe('hunter2-plaintext');
      expect((await call(server, 'GET', SECRETS)).body.items).toHaveLength(1);
    } finally {
      await server.close();
    }
    const stored = await raw(where, '/registry/secrets/default/db');
    expect(stored.includes(Buffer.from('hunter2'))).toBe(false);
    expect(stored.includes(Buffer.from(Buffer.from('hunter2-plaintext').toString('base64')))).toBe(false);
    if (kind === 'etcd') expect(stored.subarray(0, 23).toString()).toBe('k8s:enc:aesgcm:v1:key1:');
    else expect(stored.includes(Buffer.from('visible-plaintext'))).toBe(true);
  });

  /** A value as the medium stores it, and the key it stores it under. */
  const stored = async (where: string, key: string): Promise<{ storedKey: string; bytes: Buffer }> => {
    if (kind === 'etcd') {
      const storedKey = `${where}/${key.slice('/registry/'.length)}`;
      return { storedKey, bytes: await raw(where, key) };
    }
    const env = openLmdb({ path: join(dir, where, 'lmdb'), maxDbs: 4, compression: false });
    try {
      const rec = env.openDB<[Uint8Array, number, number], string>('kv', { encoding: 'msgpack' }).get(key);
      return { storedKey: key, bytes: Buffer.from(rec![0]) };
    } finally {
      await env.close();
    }
  };

  it('authenticates an aesgcm value with the key the medium stores it under, as the real platform does', async () => {
    const where = `/enc${++prefixes}`;
    const server = await serve(where, config(aesgcm('key1', KEY1)));
    try {
      expect((await call(server, 'POST', SECRETS, secret('bound'))).status).toBe(201);
    } finally {
      await server.close();
    }
    const { storedKey, bytes } = await stored(where, '/registry/secrets/default/bound');
    const body = bytes.subarray('k8s:enc:aesgcm:v1:key1:'.length);
    const open = (aad: string): string => {
      const d = createDecipheriv('aes-256-gcm', Buffer.from(KEY1, 'base64'), body.subarray(0, 12));
      d.setAAD(Buffer.from(aad));
      d.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([d.update(body.subarray(12, body.length - 16)), d.final()]).toString();
    };
    expect(JSON.parse(open(storedKey)).metadata.name).toBe('bound');
    expect(() => open(`${storedKey}-elsewhere`)).toThrow();
  });

  it('makes a Secret whose key was removed a corrupt object, deletable only with ignoreStoreReadErrorWithClusterBreakingPotential', async () => {
    const where = `/enc${++prefixes}`;
    const first = await serve(where, config(aesgcm('key1', KEY1)));
    expect((await call(first, 'POST', SECRETS, secret('lost'))).status).toBe(201);
    expect((await call(first, 'POST', SECRETS, secret('kept'))).status).toBe(201);
    await first.close();

    // key1 is gone from the configuration; new writes use key2.
    const server = await serve(where, config(aesgcm('key2', KEY2)), { AllowUnsafeMalformedObjectDeletion: true });
    try {
      const got = await call(server, 'GET', `${SECRETS}/lost`);
      expect(got.status).toBe(500);
      expect(got.body).toMatchObject({ kind: 'Status', reason: 'InternalError' });
      expect(got.body.message).toContain('corrupt object');
      // A list that holds it fails as a whole, as the real platform's does.
      expect((await call(server, 'GET', SECRETS)).status).toBe(500);
      // An ordinary delete must read the object first, and cannot.
      expect((await call(server, 'DELETE', `${SECRETS}/lost`)).status).toBe(500);
      const unsafe = await call(server, 'DELETE', `${SECRETS}/lost`, {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        ignoreStoreReadErrorWithClusterBreakingPotential: true,
      });
      expect(unsafe.status).toBe(200);
      expect((await call(server, 'GET', `${SECRETS}/lost`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('refuses ignoreStoreReadErrorWithClusterBreakingPotential without its gate', async () => {
    const server = await serve(`/enc${++prefixes}`, config(aesgcm('key1', KEY1)));
    try {
      const r = await call(server, 'DELETE', `${SECRETS}/any`, {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        ignoreStoreReadErrorWithClusterBreakingPotential: true,
      });
      expect(r.status).toBe(422);
      expect(r.body.message).toContain('AllowUnsafeMalformedObjectDeletion');
    } finally {
      await server.close();
    }
  });
});
