/**
 * A bidirectional gRPC call on an HTTP/2 stream (etcd's Watch): messages written are framed as
 * gRPC frames them (a byte saying "not compressed", a 4-byte length, the protobuf bytes), and the
 * frames that arrive are cut out of however the data is chunked and decoded one by one. The call
 * ends once, with no error when the server closes it with status 0 and with an EtcdCallError
 * otherwise (a status, a reset stream, a lost session, a frame that does not decode).
 */
import http2 from 'node:http2';
import type protobuf from 'protobufjs';
import { EtcdCallError, frame, GrpcCode, GrpcStatus } from './grpc-frame.ts';

export interface GrpcStreamHandlers<Res> {
  readonly onMessage: (message: Res) => void;
  /** The call is over: `err` is undefined when the server ended it with status 0. */
  readonly onEnd: (err: EtcdCallError | undefined) => void;
}

export class GrpcStream<Req extends object, Res> {
  private pending: Buffer = Buffer.alloc(0);
  private readonly status = new GrpcStatus();
  private ended = false;

  constructor(
    private readonly stream: http2.ClientHttp2Stream,
    private readonly request: protobuf.Type,
    private readonly response: protobuf.Type,
    private readonly handlers: GrpcStreamHandlers<Res>,
  ) {
    stream.on('response', this.status.read);
    stream.on('trailers', this.status.read);
    stream.on('data', (chunk: Buffer) => this.receive(chunk));
    stream.on('error', (err: Error) => this.end(new EtcdCallError(GrpcCode.UNAVAILABLE, err.message)));
    // The server's side ends with its trailers, and that ends the call (this side, still open, is
    // then closed); a stream closed without them was cut off.
    const over = () => this.end(this.status.ended());
    stream.on('end', () => {
      over();
      if (!stream.destroyed) stream.close();
    });
    stream.on('close', over);
  }

  /** Sends one message (ignored once the call is over). */
  write(message: Req): void {
    if (this.ended || this.stream.destroyed) return;
    this.stream.write(frame(this.request.encode(message as protobuf.Message).finish()));
  }

  /** Ends the call from this side (RST_STREAM CANCEL, as a cancelled gRPC call does); no onEnd follows. */
  cancel(): void {
    this.ended = true;
    if (!this.stream.destroyed) this.stream.close(http2.constants.NGHTTP2_CANCEL);
  }

  private receive(chunk: Buffer): void {
    let buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (!this.ended && buf.length >= 5) {
      const length = buf.readUInt32BE(1);
      if (buf.length < 5 + length) break;
      if (buf[0] !== 0) return this.fail('a compressed gRPC message (none was asked for)');
      let message: Res;
      try {
        message = this.response.decode(buf.subarray(5, 5 + length)) as unknown as Res;
      } catch (err) {
        return this.fail(`undecodable message: ${(err as Error).message}`);
      }
      buf = buf.subarray(5 + length);
      this.handlers.onMessage(message);
    }
    // What is left is the start of the next frame; copied, so the chunk it came in can be freed.
    this.pending = buf.length ? Buffer.from(buf) : Buffer.alloc(0);
  }

  private fail(why: string): void {
    this.end(new EtcdCallError(GrpcCode.UNAVAILABLE, why));
    if (!this.stream.destroyed) this.stream.close(http2.constants.NGHTTP2_CANCEL);
  }

  private end(err: EtcdCallError | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.handlers.onEnd(err);
  }
}
