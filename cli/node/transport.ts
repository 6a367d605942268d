/**
 * HTTP(S) with node:http and node:https: client certificates, a CA, `--insecure-skip-tls-verify`
 * and `--tls-server-name` need them, and they start faster than the global fetch (whose first use
 * loads undici). Responses are read as text or, for watches, streamed.
 */
import type { IncomingMessage } from 'node:http';
import type * as Http from 'node:http';
import type * as Https from 'node:https';
import type { ClientRequest } from '../../controllers/runtime/client/index.ts';
import { type CliResponse, type CliTransport, type Connection, IoError } from '../io.ts';

// Loaded when first needed: `node:https` brings TLS and crypto, tens of milliseconds of a start.
let httpModule: Promise<typeof Http> | undefined;
let httpsModule: Promise<typeof Https> | undefined;

export function nodeTransport(conn: Connection): CliTransport {
  let agent: Promise<Http.Agent> | undefined;
  const agentFor = async (tls: boolean): Promise<Http.Agent> => {
    if (tls) {
      const https = await (httpsModule ??= import('node:https'));
      return new https.Agent({
        keepAlive: false,
        ca: conn.certificateAuthority,
        cert: conn.clientCertificate,
        key: conn.clientKey,
        rejectUnauthorized: !conn.insecureSkipTlsVerify,
        servername: conn.tlsServerName,
      });
    }
    const http = await (httpModule ??= import('node:http'));
    return new http.Agent({ keepAlive: true });
  };
  return async (r: ClientRequest) => {
    const tls = r.url.protocol === 'https:';
    const mod = tls ? await (httpsModule ??= import('node:https')) : await (httpModule ??= import('node:http'));
    agent ??= agentFor(tls);
    const a = await agent;
    return new Promise<CliResponse>((resolve, reject) => {
      // A body's length is always sent: without it Node chunks the body, which the server refuses on DELETE.
      const headers = r.body === undefined ? r.headers : { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) };
      const req = mod.request(r.url, { method: r.method, headers, agent: a, signal: r.signal }, (res) => resolve(new NodeResponse(res)));
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (err.name === 'AbortError') reject(err);
        else if (err.code === 'ECONNREFUSED') reject(new IoError(err.message, 'ECONNREFUSED'));
        else {
          const tls = tlsFailure(err, conn.tlsServerName ?? r.url.hostname.replace(/^\[|\]$/g, ''));
          reject(new IoError(tls ?? `${r.method} "${r.url.href}": ${err.message}`, 'OTHER'));
        }
      });
      req.end(r.body);
    });
  };
}

/** Node's certificate checks that mean "no chain to a trusted CA", in Go's words. */
const UNKNOWN_AUTHORITY = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/**
 * A failed certificate check as the real client (Go's crypto/tls and x509) words it, so the
 * message after `Unable to connect to the server: ` is the same; undefined for other failures.
 */
export function tlsFailure(err: NodeJS.ErrnoException & { cert?: { subjectaltname?: string } }, host: string): string | undefined {
  const prefix = 'tls: failed to verify certificate: ';
  if (err.code && UNKNOWN_AUTHORITY.has(err.code)) return `${prefix}x509: certificate signed by unknown authority`;
  if (err.code === 'CERT_HAS_EXPIRED' || err.code === 'CERT_NOT_YET_VALID')
    return `${prefix}x509: certificate has expired or is not yet valid`;
  if (err.code !== 'ERR_TLS_CERT_ALTNAME_INVALID') return undefined;
  const sans = (err.cert?.subjectaltname ?? '').split(',').map((s) => s.trim());
  const isIp = /^[\d.]+$|:/.test(host);
  const valid = sans.filter((s) => s.startsWith(isIp ? 'IP Address:' : 'DNS:')).map((s) => s.slice(s.indexOf(':') + 1).toLowerCase());
  if (isIp && valid.length === 0) return `${prefix}x509: cannot validate certificate for ${host} because it doesn't contain any IP SANs`;
  if (valid.length === 0) return `${prefix}x509: certificate is not valid for any names, but wanted to match ${host}`;
  return `${prefix}x509: certificate is valid for ${valid.join(', ')}, not ${host}`;
}

class NodeResponse implements CliResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };

  constructor(private readonly res: IncomingMessage) {
    this.status = res.statusCode ?? 0;
    this.headers = {
      get: (name) => {
        const v = res.headers[name.toLowerCase()];
        return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
      },
    };
  }

  get body(): ReadableStream<Uint8Array> {
    // By hand rather than stream.Readable.toWeb: node:stream/web is only loaded by a watch.
    const res = this.res;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        res.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
        res.on('end', () => controller.close());
        res.on('error', (err) => controller.error(err));
      },
      cancel() {
        res.destroy();
      },
    });
  }

  /**
   * By events rather than `for await`: a stream's first async iterator sets up machinery that
   * took ~8 ms of `orchctl get`'s whole run (bench O1).
   */
  text(): Promise<string> {
    const res = this.res;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    });
  }
}
