/**
 * One invocation's view of the cluster: the kubeconfig and inherited options resolved into a
 * connection, the project's client on an instrumented transport (auth and impersonation
 * headers, timeout, `Warning` headers, `-v` request logs), the namespace, and discovery.
 */
import { ApiError, Client, type ClientRequest, type Transport } from '../controllers/runtime/client/index.ts';
import { loadConfig, type KubeConfig } from './config/kubeconfig.ts';
import { type ApiResource, discover, ResourceMapper } from './discovery.ts';
import { CliError, usageError } from './errors.ts';
import { parseTimeout, type GlobalFlags } from './globals.ts';
import { IoError, type CliResponse, type Connection, type Io } from './io.ts';
import { CLIENT_VERSION } from './version.ts';

export const DEFAULT_SERVER = 'http://localhost:8080';

const DISCOVERY_TTL_MS = 6 * 3600_000;

export interface RequestSpec {
  readonly accept?: string;
  readonly body?: string;
  readonly contentType?: string;
  readonly signal?: AbortSignal;
}

export class Session {
  private mapperPromise?: Promise<ResourceMapper>;
  private resolved?: Promise<{ connection: Connection; namespace: string; config: KubeConfig }>;
  private readonly seenWarnings = new Set<string>();
  warningCount = 0;
  readonly verbosity: number;
  readonly timeoutMs: number;

  constructor(
    readonly io: Io,
    readonly flags: GlobalFlags,
  ) {
    this.verbosity = Number.parseInt(String(flags.v ?? '0').replace(/^=/, ''), 10) || 0;
    try {
      this.timeoutMs = parseTimeout(flags.requestTimeout ?? '0');
    } catch (err) {
      throw usageError((err as Error).message);
    }
  }

  /** The kubeconfig (merged), the connection and the namespace. */
  resolve(): Promise<{ connection: Connection; namespace: string; config: KubeConfig }> {
    this.resolved ??= this.resolveNow();
    return this.resolved;
  }

  private async resolveNow(): Promise<{ connection: Connection; namespace: string; config: KubeConfig }> {
    const f = this.flags;
    let config: KubeConfig;
    try {
      config = (await loadConfig(this.io, f.kubeconfig)).config;
    } catch (err) {
      throw usageError((err as Error).message);
    }
    const contextName = f.context ?? config['current-context'];
    const ctx = config.contexts.find((c) => c.name === contextName)?.context;
    if (f.context && !ctx) throw usageError(`context was not found for specified context: ${f.context}`);
    const clusterName = f.cluster ?? ctx?.cluster;
    const cluster = config.clusters.find((c) => c.name === clusterName)?.cluster;
    if (f.cluster && !cluster) throw usageError(`cluster "${f.cluster}" does not exist`);
    const userName = f.user ?? ctx?.user;
    const user = config.users.find((u) => u.name === userName)?.user ?? {};
    if (f.user && !config.users.some((u) => u.name === f.user)) throw usageError(`auth info "${f.user}" does not exist`);

    // Worded as the real client's kubeconfig validation: which file, for which cluster or user.
    const file = async (path: string | undefined, what?: string, owner?: string): Promise<string | undefined> => {
      if (!path) return undefined;
      try {
        return await this.io.readFile(path);
      } catch {
        const cause = `open ${path}: no such file or directory`;
        throw usageError(what ? `unable to read ${what} ${path} for ${owner ?? ''} due to ${cause}` : cause);
      }
    };
    const data = (b64: string | undefined) => (b64 ? atob(b64) : undefined);
    const token = f.token ?? user.token ?? (user.tokenFile ? (await file(user.tokenFile))?.trim() : undefined);
    const connection: Connection = {
      server: normalizeServer(f.server ?? cluster?.server ?? DEFAULT_SERVER),
      token,
      username: f.username ?? user.username,
      password: f.password ?? user.password,
      certificateAuthority:
        (await file(f.certificateAuthority, 'certificate-authority', clusterName)) ??
        data(cluster?.['certificate-authority-data']) ??
        (await file(cluster?.['certificate-authority'], 'certificate-authority', clusterName)),
      clientCertificate:
        (await file(f.clientCertificate, 'client-cert', userName)) ??
        data(user['client-certificate-data']) ??
        (await file(user['client-certificate'], 'client-cert', userName)),
      clientKey:
        (await file(f.clientKey, 'client-key', userName)) ??
        data(user['client-key-data']) ??
        (await file(user['client-key'], 'client-key', userName)),
      insecureSkipTlsVerify: f.insecureSkipTlsVerify || cluster?.['insecure-skip-tls-verify'] || false,
      tlsServerName: f.tlsServerName ?? cluster?.['tls-server-name'],
      disableCompression: f.disableCompression || cluster?.['disable-compression'] || false,
    };
    const namespace = f.namespace || ctx?.namespace || 'default';
    return { connection, namespace, config };
  }

  /** The namespace a command works in, and whether the user named it. */
  async namespace(): Promise<string> {
    return (await this.resolve()).namespace;
  }

  get explicitNamespace(): boolean {
    return Boolean(this.flags.namespace);
  }

  private transportPromise?: Promise<Transport>;

  /** The transport every request goes through (the client's and the raw ones). */
  transport(): Promise<Transport> {
    this.transportPromise ??= this.resolve().then(({ connection }) => this.instrument(connection));
    return this.transportPromise;
  }

  private instrument(connection: Connection): Transport {
    const inner = this.io.transport(connection);
    const extra: Record<string, string> = { 'user-agent': `orchctl/${CLIENT_VERSION} orch` };
    if (connection.token) extra.authorization = `Bearer ${connection.token}`;
    else if (connection.username !== undefined && connection.password !== undefined)
      extra.authorization = `Basic ${btoa(`${connection.username}:${connection.password}`)}`;
    if (this.flags.as) extra['impersonate-user'] = this.flags.as;
    if (this.flags.asGroup?.length) extra['impersonate-group'] = this.flags.asGroup.join(', ');
    if (this.flags.asUid) extra['impersonate-uid'] = this.flags.asUid;
    if (connection.disableCompression) extra['accept-encoding'] = 'identity';
    return async (r) => {
      const headers = { ...r.headers, ...extra };
      const signals = [r.signal, this.io.interrupt].filter((s): s is AbortSignal => Boolean(s));
      // A watch streams until interrupted; the timeout is for a single request's answer.
      const isWatch = r.url.searchParams.get('watch') === 'true';
      if (this.timeoutMs > 0 && !isWatch) signals.push(AbortSignal.timeout(this.timeoutMs));
      const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
      const request: ClientRequest = { ...r, headers, signal };
      const started = this.io.now();
      let res: CliResponse;
      try {
        res = await inner(request);
      } catch (err) {
        throw connectionError(
          err,
          connection.server,
          this.timeoutMs > 0 && !isWatch && Boolean(signal?.aborted) && !this.io.interrupt?.aborted,
        );
      }
      this.log(
        6,
        `${r.method} ${r.url.href} ${res.status} ${statusText(res.status)} in ${Math.round(this.io.now() - started)} milliseconds`,
      );
      if (this.verbosity >= 7)
        for (const [k, v] of Object.entries(headers)) this.log(7, `    ${k}: ${k === 'authorization' ? '<masked>' : v}`);
      if (this.verbosity >= 8 && r.body) this.log(8, `Request Body: ${r.body}`);
      this.warn(res.headers.get('warning'));
      return res;
    };
  }

  /** Prints the server's warnings once each (`Warning: ...`), counting them for --warnings-as-errors. */
  private warn(header: string | null): void {
    if (!header) return;
    for (const m of header.matchAll(/\d{3}\s+\S+\s+"((?:[^"\\]|\\.)*)"/g)) {
      const text = m[1]!.replace(/\\(.)/g, '$1');
      if (this.seenWarnings.has(text)) continue;
      this.seenWarnings.add(text);
      this.warningCount++;
      this.io.stderr(`Warning: ${text}\n`);
    }
  }

  log(level: number, line: string): void {
    if (this.verbosity < level) return;
    const d = new Date(this.io.now());
    const p = (n: number, w = 2) => String(n).padStart(w, '0');
    const stamp = `I${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}.${p(d.getUTCMilliseconds() * 1000, 6)}`;
    this.io.stderr(`${stamp} orchctl] ${line}\n`);
  }

  private clientPromise?: Promise<Client>;

  /** The project's typed client on this session's transport. */
  client(): Promise<Client> {
    this.clientPromise ??= this.transport().then(
      async (transport) =>
        new Client({ transport, baseUrl: (await this.resolve()).connection.server, userAgent: `orchctl/${CLIENT_VERSION}` }),
    );
    return this.clientPromise;
  }

  /** A raw request; the answer whatever its status. */
  async send(method: string, path: string, spec: RequestSpec = {}): Promise<CliResponse> {
    const transport = await this.transport();
    const { connection } = await this.resolve();
    const headers: Record<string, string> = { accept: spec.accept ?? 'application/json' };
    if (spec.contentType) headers['content-type'] = spec.contentType;
    return (await transport({
      method,
      url: new URL(joinUrl(connection.server, path)),
      headers,
      body: spec.body,
      signal: spec.signal,
    })) as CliResponse;
  }

  /** A request whose success is JSON; anything else an ApiError. */
  async json<T = unknown>(method: string, path: string, spec: RequestSpec = {}): Promise<T> {
    const res = await this.send(method, path, spec);
    const text = await res.text();
    if (res.status < 200 || res.status > 299) throw ApiError.fromResponse(res.status, text);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CliError(`error: the server answered ${res.status} with a body that is not JSON`);
    }
  }

  /**
   * The server's resource types: from the discovery cache (`--cache-dir`, default
   * `$HOME/.orch/cache`; six hours, as the real client keeps it) unless `fresh`, else discovered
   * and cached. A type the cached list lacks is looked up fresh (see `findType`).
   */
  mapper(fresh = false): Promise<ResourceMapper> {
    if (fresh && this.mapperPromise && !this.mapperCached) return this.mapperPromise;
    if (!fresh && this.mapperPromise) return this.mapperPromise;
    this.mapperPromise = this.loadMapper(fresh);
    return this.mapperPromise;
  }

  private mapperCached = false;

  private async loadMapper(fresh: boolean): Promise<ResourceMapper> {
    const file = await this.discoveryCacheFile();
    if (!fresh) {
      try {
        const cached = JSON.parse(await this.io.readFile(file)) as { time: number; resources: ApiResource[] };
        if (this.io.now() - cached.time < DISCOVERY_TTL_MS && Array.isArray(cached.resources)) {
          this.mapperCached = true;
          return new ResourceMapper(cached.resources);
        }
      } catch {
        // none yet, or unreadable: discover
      }
    }
    const resources = await discover((path, accept) => this.json('GET', path, { accept })).catch((err: unknown) => {
      // The real client reads a refused discovery answer without its Status (it asked for the
      // discovery types), so a 401 there is worded by its code alone.
      if (err instanceof ApiError && err.code === 401)
        throw new ApiError({ ...err.status, message: 'the server has asked for the client to provide credentials' });
      throw err;
    });
    this.mapperCached = false;
    try {
      await this.io.writeFile(file, JSON.stringify({ time: this.io.now(), resources }));
    } catch {
      // a read-only home: every run discovers
    }
    return new ResourceMapper(resources);
  }

  private async discoveryCacheFile(): Promise<string> {
    const dir = (this.flags.cacheDir ?? '$HOME/.orch/cache').replace(/^\$HOME|^~/, this.io.home);
    const host = new URL((await this.resolve()).connection.server).host.replace(/[^\w.-]/g, '_');
    return this.io.join(this.io.join(this.io.join(dir, 'discovery'), host), 'resources.json');
  }

  /** The resource a TYPE names; a type the cached discovery lacks is looked for again, fresh. */
  async findType(type: string): Promise<ApiResource> {
    const found = (await this.mapper()).lookup(type) ?? (await this.mapper(true)).lookup(type);
    if (!found) return (await this.mapper()).find(type);
    return found;
  }

  /** The resource of an object's apiVersion and kind (undefined when the server has none). */
  async forKind(apiVersion: string, kind: string): Promise<ApiResource | undefined> {
    return (await this.mapper()).forKind(apiVersion, kind) ?? (await this.mapper(true)).forKind(apiVersion, kind);
  }
}

function joinUrl(server: string, path: string): string {
  const base = server.replace(/\/+$/, '');
  return `${base}${path}`;
}

function normalizeServer(server: string): string {
  return /^[a-z]+:\/\//i.test(server) ? server : `https://${server}`;
}

function connectionError(err: unknown, server: string, timedOut: boolean): Error {
  if (err instanceof CliError) return err;
  const host = new URL(server).host;
  if (timedOut)
    return new CliError('Unable to connect to the server: net/http: request canceled (Client.Timeout exceeded while awaiting headers)');
  if (err instanceof IoError && err.code === 'ECONNREFUSED')
    return new CliError(`The connection to the server ${host} was refused - did you specify the right host or port?`);
  if (err instanceof Error && err.name === 'AbortError') return new CliError('error: interrupted');
  return new CliError(`Unable to connect to the server: ${err instanceof Error ? err.message : String(err)}`);
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

function statusText(code: number): string {
  return STATUS_TEXT[code] ?? '';
}
