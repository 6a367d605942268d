/**
 * Talking to the API server the way any page does: plain `fetch` on the page's origin (the
 * Service Worker answers). Errors come back as the `Status` the server sent, never swallowed.
 */
import { ApiError as RuntimeApiError, isStatus } from '../../../controllers/runtime/index.ts';
import type { ObjectMeta, Status } from '../../../core/registry/types/index.ts';
import { identityHeaders } from './acting-as.ts';

/** A Status as the server sends it. */
export type ApiStatus = Status;

export type ApiObject = Record<string, unknown> & {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
};

export interface ApiResult {
  readonly status: number;
  readonly statusText: string;
  readonly headers: [string, string][];
  readonly text: string;
  /** The body as JSON, when it is JSON. */
  readonly json: unknown;
}

/** An answer the caller did not want (status ≥ 400), carrying the server's Status. */
export class ApiError extends Error {
  constructor(
    readonly result: ApiResult,
    readonly status: ApiStatus,
  ) {
    super(status.message ?? `${result.status} ${result.statusText}`);
  }
}

/** A Status for failures that never reached the server (network, aborted, worker down). */
export function clientStatus(message: string, code = 0): ApiStatus {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'ClientError', code };
}

export interface RequestOptions {
  readonly body?: string | undefined;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

export async function send(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResult> {
  const res = await fetch(path, {
    method,
    headers: { accept: 'application/json', ...identityHeaders(), ...opts.headers },
    body: opts.body ?? null,
    signal: opts.signal ?? null,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const headers: [string, string][] = [];
  res.headers.forEach((v, k) => headers.push([k, v]));
  return { status: res.status, statusText: res.statusText, headers, text, json };
}

/** The JSON body of a successful answer; an ApiError with the server's Status otherwise. */
export async function api<T = ApiObject>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const json = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const ct: Record<string, string> = json === undefined ? {} : { 'content-type': 'application/json' };
  const r = await send(method, path, { body: json, headers: { ...ct, ...headers } });
  if (r.status >= 400) throw new ApiError(r, isStatus(r.json) ? r.json : clientStatus(r.text || r.statusText, r.status));
  return r.json as T;
}

/** Whatever was thrown, as a Status to show. */
export function toStatus(err: unknown): ApiStatus {
  if (err instanceof ApiError || err instanceof RuntimeApiError) return err.status;
  if (isStatus(err)) return err;
  return clientStatus(err instanceof Error ? err.message : String(err));
}
