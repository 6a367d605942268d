/**
 * The etcd backend's own unary calls (KV Range and Txn over HTTP/2): answers as etcd gives them,
 * etcd's errors with their gRPC codes, large answers spread over many frames, and no call that
 * hangs: a server that never answers runs out the call's deadline, one that refuses the connection
 * fails it at once, and either way the next call goes to the next server of the list.
 */
import { createServer as createHttp2Server, type Http2Server } from 'node:http2';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusError } from '../../../core/index.ts';
import { EtcdBackend } from '../../../server/storage/etcd-backend.ts';
import { CompareResult, CompareTarget, int64 } from '../../../server/storage/etcd-kv-proto.ts';
import { EtcdCallError, EtcdClient, GrpcCode } from '../../../server/storage/etcd-client.ts';
import { type EtcdProcess, freePort, startEtcd } from '../../support/etcd.ts';

let etcd: EtcdProcess;
const bytes = (s: string) => Buffer.from(s);

beforeAll(async () => {
  etcd = await startEtcd();
}, 30_000);
afterAll(() => etcd?.stop());

/** Starts a server on 127.0.0.1 and answers its URL and a stop function. */
async function listening(server: Server | Http2Server): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function rejection(p: Promise<unknown>): Promise<EtcdCallError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EtcdCallError);
  return err as EtcdCallError;
}

describe('unary calls to etcd', () => {
  it('creates a key only where it is absent, and answers the current value where it is not', async () => {
    const kv = new EtcdClient([etcd.url]);
    try {
      const key = bytes('/unary/guarded');
      const create = (value: string) =>
        kv.txn(
          {
            compare: [{ key, target: CompareTarget.CREATE, result: CompareResult.EQUAL, create_revision: 0 }],
            success: [{ request_put: { key, value: bytes(value) } }],
            failure: [{ request_range: { key } }],
          },
          5_000,
        );
      const first = await create('one');
      expect(first.succeeded).toBe(true);
      const second = await create('two');
      expect(second.succeeded).toBe(false);
      const current = second.responses[0].response_range!.kvs[0];
      expect(Buffer.from(current.value).toString()).toBe('one');
      expect(int64(current.mod_revision)).toBe(int64(first.header!.revision));
      expect(int64(current.create_revision)).toBe(int64(first.header!.revision));
    } finally {
      kv.close();
    }
  });

  it('reads an answer larger than HTTP/2 frames and windows (3 MB in one range)', async () => {
    const kv = new EtcdClient([etcd.url]);
    try {
      const value = bytes('x'.repeat(10_000));
      for (let i = 0; i < 300; i++) {
        const key = bytes(`/unary/large/${String(i).padStart(3, '0')}`);
        await kv.txn({ compare: [], success: [{ request_put: { key, value } }] }, 5_000);
      }
      const res = await kv.range({ key: bytes('/unary/large/'), range_end: bytes('/unary/large0') }, 5_000);
      expect(res.kvs).toHaveLength(300);
      expect(res.kvs.every((kv) => kv.value.length === 10_000)).toBe(true);
      expect(Buffer.from(res.kvs[299].key).toString()).toBe('/unary/large/299');
    } finally {
      kv.close();
    }
  });

  it("passes etcd's own error on with its gRPC code and message", async () => {
    const kv = new EtcdClient([etcd.url]);
    try {
      const err = await rejection(kv.range({ key: bytes('/unary/'), revision: 1e12 }, 5_000));
      expect(err.code).toBe(11); // OUT_OF_RANGE
      expect(err.message).toContain('future revision');
    } finally {
      kv.close();
    }
  });

  it('ends a call that gets no answer at its deadline, then moves to the next server when the first does not answer a ping', async () => {
    // A TCP server that accepts and never speaks: no HTTP/2 settings, no answer, no ping ack.
    const sockets: Socket[] = [];
    const silent = await listening(createTcpServer((s) => sockets.push(s)));
    const kv = new EtcdClient([silent.url, etcd.url], {}, 100);
    try {
      const started = Date.now();
      const err = await rejection(kv.range({ key: bytes('/unary/x') }, 200));
      expect(err.code).toBe(GrpcCode.DEADLINE_EXCEEDED);
      expect(Date.now() - started).toBeLessThan(5_000);
      await new Promise((r) => setTimeout(r, 300)); // the ping goes unanswered
      const res = await kv.range({ key: bytes('/unary/x') }, 5_000);
      expect(int64(res.header!.revision)).toBeGreaterThan(0);
    } finally {
      kv.close();
      for (const s of sockets) s.destroy();
      await silent.stop();
    }
  });

  it('keeps a session whose server answers pings but not the call', async () => {
    const server = createHttp2Server();
    let calls = 0;
    let sessions = 0;
    server.on('session', () => sessions++);
    server.on('stream', () => calls++); // never responds
    const slow = await listening(server);
    const kv = new EtcdClient([slow.url], {}, 100);
    try {
      expect((await rejection(kv.range({ key: bytes('/k') }, 100))).code).toBe(GrpcCode.DEADLINE_EXCEEDED);
      await new Promise((r) => setTimeout(r, 300));
      expect((await rejection(kv.range({ key: bytes('/k') }, 100))).code).toBe(GrpcCode.DEADLINE_EXCEEDED);
      expect(calls).toBe(2);
      expect(sessions).toBe(1);
    } finally {
      kv.close();
      await slow.stop();
    }
  });

  it('fails a call at once when the server refuses the connection, and the next goes to the next server', async () => {
    const refused = `http://127.0.0.1:${await freePort()}`;
    const kv = new EtcdClient([refused, etcd.url]);
    try {
      const started = Date.now();
      expect((await rejection(kv.range({ key: bytes('/unary/x') }, 10_000))).code).toBe(GrpcCode.UNAVAILABLE);
      expect(Date.now() - started).toBeLessThan(5_000);
      const res = await kv.range({ key: bytes('/unary/x') }, 5_000);
      expect(int64(res.header!.revision)).toBeGreaterThan(0);
    } finally {
      kv.close();
    }
  });

  it('refuses calls once closed', async () => {
    const kv = new EtcdClient([etcd.url]);
    kv.close();
    expect((await rejection(kv.range({ key: bytes('/k') }, 1_000))).code).toBe(GrpcCode.UNAVAILABLE);
  });
});

describe('the etcd backend on these calls', () => {
  it.each([
    ['a server that never answers', 'timeout', 504],
    ['a refused connection', 'refused', 503],
  ])('answers %s with a %s Status (%i)', async (_, kind, code) => {
    const sockets: Socket[] = [];
    const silent = await listening(createTcpServer((s) => sockets.push(s)));
    const url = kind === 'timeout' ? silent.url : `http://127.0.0.1:${await freePort()}`;
    const b = new EtcdBackend({ servers: [url], compactionIntervalMs: 0, requestTimeoutMs: 200 });
    try {
      const err = await b.get('/registry/configmaps/default/x').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(StatusError);
      expect((err as StatusError).status.code).toBe(code);
    } finally {
      await b.close();
      for (const s of sockets) s.destroy();
      await silent.stop();
    }
  });
});
