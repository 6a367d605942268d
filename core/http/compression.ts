/**
 * Response compression (gate APIResponseCompression, on by default): bodies over the threshold
 * are gzipped with the platform's CompressionStream when the client accepts gzip. The real
 * platform's threshold is 128 KiB.
 */
import type { ApiResponse } from './api-request.ts';

export const DEFAULT_COMPRESSION_THRESHOLD = 128 * 1024;

function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding.trim().toLowerCase() !== 'gzip' && coding.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

export function maybeCompress(res: ApiResponse, acceptEncoding: string | null, threshold: number): ApiResponse {
  const body = res.body;
  if (body === null || body instanceof ReadableStream || !acceptsGzip(acceptEncoding)) return res;
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  if (bytes.byteLength < threshold) return res;
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  return {
    ...res,
    headers: { ...res.headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' },
    body: stream as ReadableStream<Uint8Array>,
  };
}
