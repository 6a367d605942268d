/** WHATWG Request/Response ⇄ the core's request/response shapes. */
import { StatusError } from '../errors/status-error.ts';
import type { ApiRequest, ApiResponse } from './api-request.ts';

export async function readLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw StatusError.tooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

export function fromFetchRequest(request: Request): ApiRequest {
  return {
    method: request.method.toUpperCase(),
    url: new URL(request.url),
    headers: request.headers,
    readBody: (limit) => readLimited(request.body, limit),
    signal: request.signal,
  };
}

export function toFetchResponse(res: ApiResponse): Response {
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) {
    if (k === 'transfer-encoding') continue; // the host frames the body
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else headers.set(k, v);
  }
  return new Response(res.body as BodyInit | null, { status: res.status, headers });
}
