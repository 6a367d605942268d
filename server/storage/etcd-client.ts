/**
 * The etcd backend's client: its key-value calls (KV Range, Txn and Compact) are gRPC unary calls
 * and its watches gRPC Watch streams, all sent straight over one HTTP/2 session, encoded with
 * protobufjs from etcd's own message definitions (etcd-kv-proto.ts).
 *
 * Why not the etcd3 client (grpc-js): every create, update and delete is one of these calls, and at 16
 * concurrent clients the API server's main thread decides how many creates/s etcd gets. grpc-js
 * spends ~200 µs of that thread per call (interceptors, resolving, retrying and load-balancing
 * call layers, a stack capture, int64s turned into strings), against ~110 µs for the same call
 * made here; the difference is about a third of a create's whole cost (P7 in `npm run bench`). Every event
of a watch costs the same thread again, and grpc-js warns (DEP0123) when it speaks TLS to an
etcd named by its IP address, as local clusters are.
 *
 * What a caller gets is what the etcd3 client gave: a rejected call never hangs (each has a
 * deadline), failures carry the gRPC status code, and nothing is retried (the API server answers
 * with a Status and its client retries). A broken session is dropped and the next call connects
 * again, to the next server of the list when there are several.
 */
import http2 from 'node:http2';
import type protobuf from 'protobufjs';
import {
  etcdMessage,
  type CompactionRequestMessage,
  type CompactionResponseMessage,
  type RangeRequestMessage,
  type RangeResponseMessage,
  type TxnRequestMessage,
  type TxnResponseMessage,
  type WatchRequestMessage,
  type WatchResponseMessage,
} from './etcd-kv-proto.ts';
import type { EtcdTls } from './etcd-options.ts';
import { EtcdCallError, frame, GRPC_HEADERS, GrpcCode, GrpcStatus } from './grpc-frame.ts';
import { GrpcStream, type GrpcStreamHandlers } from './grpc-stream.ts';

export { EtcdCallError, GrpcCode } from './grpc-frame.ts';

interface Method {
  readonly path: string;
  readonly request: protobuf.Type;
  readonly response: protobuf.Type;
}

function kvMethod(name: string, messages = name): Method {
  return { path: `/etcdserverpb.KV/${name}`, request: etcdMessage(`${messages}Request`), response: etcdMessage(`${messages}Response`) };
}

const WATCH: Method = { path: '/etcdserverpb.Watch/Watch', request: etcdMessage('WatchRequest'), response: etcdMessage('WatchResponse') };

export class EtcdClient {
  private session: http2.ClientHttp2Session | undefined;
  /** Which of the servers the next session connects to. */
  private next = 0;
  private closed = false;
  private readonly methods = { range: kvMethod('Range'), txn: kvMethod('Txn'), compact: kvMethod('Compact', 'Compaction') };

  constructor(
    /** Client URLs (`http://host:port`, or https: TLS, verified against `tls.ca` or the system's CAs). */
    private readonly servers: readonly string[],
    private readonly tls: EtcdTls = {},
    /** How long a server may take to answer a ping after a call ran out of time. */
    private readonly pingTimeoutMs = 2_000,
  ) {}

  range(req: RangeRequestMessage, timeoutMs: number): Promise<RangeResponseMessage> {
    return this.call(this.methods.range, req, timeoutMs) as Promise<RangeResponseMessage>;
  }

  txn(req: TxnRequestMessage, timeoutMs: number): Promise<TxnResponseMessage> {
    return this.call(this.methods.txn, req, timeoutMs) as Promise<TxnResponseMessage>;
  }

  compact(req: CompactionRequestMessage, timeoutMs: number): Promise<CompactionResponseMessage> {
    return this.call(this.methods.compact, req, timeoutMs) as Promise<CompactionResponseMessage>;
  }

  /**
   * Opens a Watch stream on the session. Throws (EtcdCallError) when no session can be had; a
   * stream that breaks later ends through `onEnd`.
   */
  watch(handlers: GrpcStreamHandlers<WatchResponseMessage>): GrpcStream<WatchRequestMessage, WatchResponseMessage> {
    return new GrpcStream(this.open(WATCH).stream, WATCH.request, WATCH.response, handlers);
  }

  close(): void {
    this.closed = true;
    this.session?.destroy();
    this.session = undefined;
  }

  private connect(): http2.ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const server = this.servers[this.next % this.servers.length];
    const url = /^https?:\/\//.test(server) ? server : `http://${server}`;
    const { ca, cert, key } = this.tls;
    const session = http2.connect(url, url.startsWith('https:') ? { ca, cert, key, ALPNProtocols: ['h2'] } : {});
    const drop = (failed: boolean) => {
      if (this.session !== session) return;
      this.session = undefined;
      // After a failure the next session tries the next server (a list of one tries it again).
      if (failed) this.next++;
    };
    // Calls in flight on a session that fails end with the stream's own error; nothing else to do.
    session.on('error', () => drop(true));
    session.on('goaway', () => drop(false));
    session.on('close', () => drop(false));
    // An idle session to etcd does not keep the process alive (what serves does).
    session.unref();
    this.session = session;
    return session;
  }

  /**
   * After a call ran out of time: a session whose server does not answer a ping either (a host gone
   * without closing the connection) is dropped, so the next call connects afresh (or to another
   * server) instead of waiting out its own deadline too.
   */
  private probe(session: http2.ClientHttp2Session): void {
    if (session.destroyed || session.closed) return;
    // Destroyed with an error, the session counts as failed: the next one tries the next server.
    const unanswered = () => session.destroy(new Error('etcd does not answer a ping'));
    const timer = setTimeout(unanswered, this.pingTimeoutMs);
    timer.unref();
    try {
      session.ping((err) => {
        clearTimeout(timer);
        if (err) unanswered();
      });
    } catch {
      clearTimeout(timer);
      unanswered();
    }
  }

  /** A call's stream on the session (connecting one if needed); throws EtcdCallError when there is none to be had. */
  private open(method: Method): { session: http2.ClientHttp2Session; stream: http2.ClientHttp2Stream } {
    if (this.closed) throw new EtcdCallError(GrpcCode.UNAVAILABLE, 'etcd client is closed');
    try {
      const session = this.connect();
      return { session, stream: session.request({ ':method': 'POST', ':path': method.path, ...GRPC_HEADERS }) };
    } catch (err) {
      this.session = undefined;
      throw new EtcdCallError(GrpcCode.UNAVAILABLE, (err as Error).message);
    }
  }

  private call(method: Method, req: object, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const framed = frame(method.request.encode(req as protobuf.Message).finish());
      let opened: ReturnType<EtcdClient['open']>;
      try {
        opened = this.open(method);
      } catch (err) {
        reject(err);
        return;
      }
      const { session, stream } = opened;
      const chunks: Buffer[] = [];
      const status = new GrpcStatus();
      let done = false;
      const finish = (err: EtcdCallError | undefined, value?: unknown) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (err) {
          if (!stream.destroyed) stream.close(http2.constants.NGHTTP2_CANCEL);
          reject(err);
        } else resolve(value);
      };
      const timer = setTimeout(() => {
        finish(new EtcdCallError(GrpcCode.DEADLINE_EXCEEDED, 'context deadline exceeded'));
        this.probe(session);
      }, timeoutMs);
      stream.on('response', status.read);
      stream.on('trailers', status.read);
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (err: Error) => finish(new EtcdCallError(GrpcCode.UNAVAILABLE, err.message)));
      stream.on('close', () => {
        const failed = status.ended();
        if (failed) return finish(failed);
        const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        if (body.length < 5 || body[0] !== 0) return finish(new EtcdCallError(GrpcCode.UNAVAILABLE, 'malformed gRPC response'));
        const length = body.readUInt32BE(1);
        try {
          finish(undefined, method.response.decode(body.subarray(5, 5 + length)));
        } catch (err) {
          finish(new EtcdCallError(GrpcCode.UNAVAILABLE, `undecodable response: ${(err as Error).message}`));
        }
      });
      stream.end(framed);
    });
  }
}
