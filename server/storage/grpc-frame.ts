/**
 * gRPC over HTTP/2 as the etcd client needs it: the status codes the backend tells apart, the
 * error a failed call ends with, a message's frame, and a call's status.
 */
import type { IncomingHttpHeaders } from 'node:http2';

/** gRPC status codes the backend tells apart. */
export const GrpcCode = { DEADLINE_EXCEEDED: 4, UNAVAILABLE: 14 } as const;

/** A call that failed: gRPC's status code and message (or UNAVAILABLE for a lost connection). */
export class EtcdCallError extends Error {
  override readonly name = 'EtcdCallError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const GRPC_HEADERS = { 'content-type': 'application/grpc', te: 'trailers' } as const;

/** A message as gRPC sends it: byte 0 says "not compressed", bytes 1–4 its length, then the message. */
export function frame(payload: Uint8Array): Uint8Array {
  const framed = new Uint8Array(5 + payload.length);
  new DataView(framed.buffer).setUint32(1, payload.length);
  framed.set(payload, 5);
  return framed;
}

/**
 * A call's gRPC status, which comes in the response headers (a "trailers-only" answer) or in the
 * trailers: `read` is to be called with both, `ended` says how the call ended by it.
 */
export class GrpcStatus {
  private code: string | undefined;
  private message = '';

  readonly read = (headers: IncomingHttpHeaders): void => {
    const s = headers['grpc-status'];
    if (typeof s === 'string') {
      this.code = s;
      this.message = decodeGrpcMessage(headers['grpc-message']);
    }
  };

  /** Undefined for status 0 (OK), else the error the call ends with. */
  ended(): EtcdCallError | undefined {
    if (this.code === undefined) return new EtcdCallError(GrpcCode.UNAVAILABLE, 'the call ended without a status');
    if (this.code !== '0') return new EtcdCallError(Number(this.code), this.message || `gRPC status ${this.code}`);
    return undefined;
  }
}

/** grpc-message is percent-encoded (gRPC over HTTP/2). */
function decodeGrpcMessage(v: string | string[] | undefined): string {
  const s = Array.isArray(v) ? v[0] : v;
  if (!s) return '';
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
