/**
 * etcd over TLS, as the real API server's `--etcd-cafile`, `--etcd-certfile` and `--etcd-keyfile`
 * give it: an https etcd that asks every client for a certificate serves reads, writes and watches
 * to a server holding one signed by the CA it trusts; without one, or when etcd's own certificate
 * is not signed by the CA given, every request is a 503 and the server is not healthy.
 */
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackendEvent, StatusError } from '../../../core/index.ts';
import { EtcdBackend } from '../../../server/storage/etcd-backend.ts';
import { openStorage, StorageConfigError } from '../../../server/storage/open-storage.ts';
import { clientCertificate, makeCertificate, newKey, selfSigned } from '../../../server/x509.ts';
import { type EtcdProcess, startEtcd } from '../../support/etcd.ts';

const CA = { commonName: 'etcd-ca' };
const OTHER_CA = { commonName: 'another-ca' };
let dir: string;
let etcd: EtcdProcess;
const files = { caFile: '', certFile: '', keyFile: '' };
const pem = { ca: Buffer.alloc(0), cert: Buffer.alloc(0), key: Buffer.alloc(0), otherCa: Buffer.alloc(0) };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'orch-etcd-tls-'));
  const ca = selfSigned(CA, [], []);
  const serverKey = newKey();
  const serverCert = makeCertificate({
    subject: { commonName: 'etcd' },
    publicKey: serverKey.publicKey,
    issuer: CA,
    issuerKey: createPrivateKey(ca.keyPem),
    ipAddresses: ['127.0.0.1'],
    usage: ['server', 'client'], // etcd's own gateway dials it with this certificate too
  });
  const client = clientCertificate({ commonName: 'orch-apiserver' }, { name: CA, keyPem: ca.keyPem });
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  files.caFile = write('ca.crt', ca.certPem);
  files.certFile = write('client.crt', client.certPem);
  files.keyFile = write('client.key', client.keyPem);
  const server = { certFile: write('server.crt', serverCert), keyFile: write('server.key', serverKey.pem), caFile: files.caFile };
  pem.ca = Buffer.from(ca.certPem);
  pem.cert = Buffer.from(client.certPem);
  pem.key = Buffer.from(client.keyPem);
  pem.otherCa = Buffer.from(selfSigned(OTHER_CA, [], []).certPem);
  etcd = await startEtcd(server);
}, 30_000);

afterAll(async () => {
  await etcd?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const value = (name: string) => (rev: number) => `{"metadata":{"name":"${name}","resourceVersion":"${rev}"}}`;

async function statusOf(p: Promise<unknown>): Promise<number | undefined> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  return err instanceof StatusError ? err.status.code : undefined;
}

describe('etcd over TLS', () => {
  it('serves writes, reads and watches with the CA and a client certificate etcd trusts', async () => {
    expect(etcd.url.startsWith('https://')).toBe(true);
    // etcd named by its IP address, as local clusters are: nothing may warn about it (grpc-js
    // set the TLS server name to the address, which Node warns is not permitted: DEP0123).
    expect(new URL(etcd.url).hostname).toBe('127.0.0.1');
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const b = new EtcdBackend({ servers: [etcd.url], compactionIntervalMs: 0, tls: { ca: pem.ca, cert: pem.cert, key: pem.key } });
    try {
      const seen: BackendEvent[] = [];
      b.watch('/registry/configmaps/', await b.currentRevision(), (e) => seen.push(e));
      const created = await b.create('/registry/configmaps/default/a', value('a'));
      expect(created.ok).toBe(true);
      expect((await b.get('/registry/configmaps/default/a'))?.value).toContain('"name":"a"');
      expect(await b.healthy()).toBe(true);
      await expect.poll(() => seen.map((e) => e.key)).toEqual(['/registry/configmaps/default/a']);
      // Warnings are emitted on the next tick.
      await new Promise((r) => setImmediate(r));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await b.close();
    }
  });

  it.each([
    ['no client certificate', () => ({ ca: pem.ca })],
    ["a CA that did not sign etcd's certificate", () => ({ ca: pem.otherCa, cert: pem.cert, key: pem.key })],
    ['plain HTTP/2 to the https port', () => undefined],
  ])('answers 503 and is not healthy with %s', async (_, tls) => {
    const t = tls();
    const servers = t ? [etcd.url] : [etcd.url.replace('https://', 'http://')];
    const b = new EtcdBackend({ servers, compactionIntervalMs: 0, requestTimeoutMs: 3_000, ...(t ? { tls: t } : {}) });
    try {
      expect(await statusOf(b.get('/registry/configmaps/default/a'))).toBe(503);
      expect(await statusOf(b.create('/registry/configmaps/default/b', value('b')))).toBe(503);
      expect(await b.healthy()).toBe(false);
    } finally {
      await b.close();
    }
  });

  it('opens the backend from the flags’ files, and names a file it cannot read', async () => {
    const b = await openStorage({
      kind: 'etcd',
      etcdServers: [etcd.url],
      etcdTls: { caFile: files.caFile, certFile: files.certFile, keyFile: files.keyFile },
    });
    try {
      expect(await b.healthy()).toBe(true);
    } finally {
      await b.close?.();
    }
    await expect(openStorage({ kind: 'etcd', etcdServers: [etcd.url], etcdTls: { caFile: join(dir, 'missing.crt') } })).rejects.toThrow(
      StorageConfigError,
    );
    await expect(openStorage({ kind: 'etcd', etcdServers: [etcd.url], etcdTls: { caFile: join(dir, 'missing.crt') } })).rejects.toThrow(
      '--etcd-cafile',
    );
  });
});
