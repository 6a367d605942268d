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
        else reject(new IoError(`${r.method} "${r.url.href}": ${err.message}`, 'OTHER'));
      });
      req.end(r.body);
    });
  };
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

  async text(): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of this.res) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
}
