/**
 * The core's own request/response shapes. `fetch(Request)` adapts WHATWG objects to these; the
 * Node host builds them straight from `node:http` without going through WHATWG objects, which
 * keeps the per-request cost low.
 */

export interface HeaderReader {
  get(name: string): string | null;
}

/** The parts of a request's URL the core reads (a WHATWG `URL` has them). */
export interface RequestUrl {
  /**
   * The path, still percent-encoded. The Node host passes it as the client sent it, `.` and `..`
   * segments included (the core refuses such names); a WHATWG Request's URL arrives already
   * normalized by its parser.
   */
  readonly pathname: string;
  readonly searchParams: URLSearchParams;
  /** `host[:port]` the client addressed. */
  readonly host: string;
}

export interface ApiRequest {
  readonly method: string;
  readonly url: RequestUrl;
  readonly headers: HeaderReader;
  /** The whole body; rejects with a 413 StatusError past `limit` bytes. */
  readBody(limit: number): Promise<Uint8Array>;
  /** Aborted when the client goes away (frees a watch). */
  readonly signal?: AbortSignal;
  /**
   * The user of a client certificate the host verified (TLS with `--client-ca-file`): CN and O,
   * and the certificate's credential ID (`X509SHA256=<hex SHA-256 of its DER>`).
   */
  readonly certificateUser?: { readonly name: string; readonly groups: readonly string[]; readonly credentialId?: string };
  /** Why the client certificate sent did not verify (untrusted, expired): the request fails authentication. */
  readonly certificateError?: string;
  /** The address the connection came from, when the host knows it (audit `sourceIPs`). */
  readonly remoteAddress?: string;
}

export type ResponseBody = string | Uint8Array | ReadableStream<Uint8Array> | null;

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: ResponseBody;
}

export function textResponse(status: number, text: string, contentType = 'text/plain; charset=utf-8'): ApiResponse {
  return { status, headers: { 'content-type': contentType, 'x-content-type-options': 'nosniff' }, body: text };
}

export function jsonResponse(status: number, json: string, extra: Record<string, string | string[]> = {}): ApiResponse {
  return { status, headers: { 'content-type': 'application/json', ...extra }, body: json };
}
