/**
 * gRPC over HTTP/2 as the etcd clients need it: the status codes the backend tells apart, the
 * error a failed call ends with, a message's frame, and the percent-encoded grpc-message.
 */

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

/** grpc-message is percent-encoded (gRPC over HTTP/2). */
export function decodeGrpcMessage(v: string | string[] | undefined): string {
  const s = Array.isArray(v) ? v[0] : v;
  if (!s) return '';
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
