/**
 * A gRPC stream as etcd's Watch is spoken: the messages a server sends are decoded one by one
 * however HTTP/2 happens to chunk them, the call ends once with the server's status, and what
 * the client writes reaches the server framed as gRPC frames it. Against a local HTTP/2 server
 * that plays etcd's part.
 */
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etcdMessage, int64, type WatchRequestMessage, type WatchResponseMessage } from '../../../server/storage/etcd-kv-proto.ts';
import { EtcdCallError, frame, GRPC_HEADERS } from '../../../server/storage/grpc-frame.ts';
import { GrpcStream } from '../../../server/storage/grpc-stream.ts';

const Request = etcdMessage('WatchRequest');
const Response = etcdMessage('WatchResponse');

/** What the server does on a call: the chunks it writes, then the status it ends with. */
interface Script {
  readonly chunks: (frames: Buffer) => Buffer[];
  readonly status?: string;
  /** The first message's frame says "compressed". */
  readonly compressed?: boolean;
}

const responses: WatchResponseMessage[] = [1, 2, 3].map((i) => ({
  header: { revision: 10 + i },
  events: [{ kv: { key: Buffer.from(`/k/${i}`), value: Buffer.from('v'), create_revision: 10 + i, mod_revision: 10 + i } }],
}));

let server: http2.Http2Server;
let url = '';
let script: Script;
/** What the server read from the last call: its request messages. */
let received: WatchRequestMessage[] = [];

beforeAll(async () => {
  server = http2.createServer();
  server.on('stream', (stream) => {
    const reqChunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => {
      reqChunks.push(c);
      const all = Buffer.concat(reqChunks);
      received = [];
      for (let at = 0; at + 5 <= all.length; ) {
        const n = all.readUInt32BE(at + 1);
        if (at + 5 + n > all.length) break;
        received.push(Request.decode(all.subarray(at + 5, at + 5 + n)) as unknown as WatchRequestMessage);
        at += 5 + n;
      }
    });
    stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
    stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': script.status ?? '0', 'grpc-message': 'no%20such%20watch' }));
    const frames = Buffer.concat(responses.map((r) => Buffer.from(frame(Response.encode(r).finish()))));
    if (script.compressed) frames[0] = 1;
    // Once the client has written its request: the answers, then the end.
    stream.once('data', async () => {
      for (const c of script.chunks(frames)) {
        stream.write(c);
        await new Promise((r) => setImmediate(r));
      }
      stream.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** One call: writes a create request, collects what comes back until the call ends. */
async function call(s: Script): Promise<{ messages: WatchResponseMessage[]; err: EtcdCallError | undefined }> {
  script = s;
  const session = http2.connect(url);
  try {
    const messages: WatchResponseMessage[] = [];
    const err = await new Promise<EtcdCallError | undefined>((resolve) => {
      const stream = session.request({ ':method': 'POST', ':path': '/etcdserverpb.Watch/Watch', ...GRPC_HEADERS });
      const grpc = new GrpcStream<WatchRequestMessage, WatchResponseMessage>(stream, Request, Response, {
        onMessage: (m) => messages.push(m),
        onEnd: resolve,
      });
      grpc.write({ create_request: { key: Buffer.from('/k/'), range_end: Buffer.from('/k0'), start_revision: 11, prev_kv: true } });
    });
    return { messages, err };
  } finally {
    session.close();
  }
}

const every = (n: number) => (b: Buffer) => Array.from({ length: Math.ceil(b.length / n) }, (_, i) => b.subarray(i * n, (i + 1) * n));

describe('a gRPC stream', () => {
  it.each([
    ['all frames in one chunk', (b: Buffer) => [b]],
    ['a chunk per byte', every(1)],
    ['chunks cutting headers and messages (7 bytes)', every(7)],
    ['a frame cut inside its 5-byte header, the rest together', (b: Buffer) => [b.subarray(0, 3), b.subarray(3)]],
  ])('decodes every message in order, with %s, and ends without error on status 0', async (_, chunks) => {
    const { messages, err } = await call({ chunks });
    expect(err).toBeUndefined();
    expect(messages.map((m) => int64(m.header?.revision))).toEqual([11, 12, 13]);
    expect(messages.map((m) => Buffer.from(m.events[0]!.kv!.key).toString())).toEqual(['/k/1', '/k/2', '/k/3']);
  });

  it('sends what is written as gRPC frames it', async () => {
    await call({ chunks: (b) => [b] });
    expect(received).toHaveLength(1);
    const create = received[0]!.create_request!;
    expect(Buffer.from(create.key).toString()).toBe('/k/');
    expect(int64(create.start_revision)).toBe(11);
    expect(create.prev_kv).toBe(true);
  });

  it("ends with the server's status and message when it is not 0", async () => {
    const { messages, err } = await call({ chunks: (b) => [b], status: '5' });
    expect(messages).toHaveLength(3); // what came before the status still counts
    expect(err).toBeInstanceOf(EtcdCallError);
    expect(err?.code).toBe(5);
    expect(err?.message).toBe('no such watch');
  });

  it('ends with an error at a compressed message, which it never asked for, and delivers nothing after it', async () => {
    const { messages, err } = await call({ chunks: (b) => [b], compressed: true });
    expect(messages).toEqual([]);
    expect(err?.code).toBe(14);
    expect(err?.message).toMatch(/compressed/);
  });
});
