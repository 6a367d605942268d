/** Starting and stopping orch-apiserver on node:http. */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import { clientCertificate, type TlsMaterial } from './tls.ts';
import type { AddressInfo } from 'node:net';
import { createApiServer, type ApiRequest, type ApiServer, type ApiServerOptions } from '../core/index.ts';
import { startControllers, type ControllerName, type RunningControllers } from './controllers.ts';
import { createIdleCompaction, type IdleCompactionOptions } from './idle-compaction.ts';
import { type ElectedControllers, electedControllers, type LeaderElectionSettings } from './leader-election.ts';
import { toApiRequest, writeApiResponse } from './node-adapter.ts';

export interface StartOptions extends ApiServerOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** `--shutdown-delay-duration`: serve this long after shutdown begins, with /readyz failing. */
  readonly shutdownDelayMs?: number;
  /** Controllers to run beside the API, on its clock, through an in-process client (default: none). */
  readonly controllers?: readonly ControllerName[];
  /** How long the pod simulator takes to make a pod Ready (default 2000 ms). */
  readonly podReadyDelayMs?: number;
  /** How long a deleted pod's containers take to stop in the pod simulator (default 1000 ms). */
  readonly podStopDelayMs?: number;
  /** `--request-timeout`: how long a request's body may take to arrive before a 504 (default 60 s). */
  readonly requestTimeoutMs?: number;
  /** Give memory back after write bursts when idle (default on; false turns it off). */
  readonly idleCompaction?: IdleCompactionOptions | false;
  /** Serve HTTPS with this certificate (and verify client certificates against its client CA). */
  readonly tls?: TlsMaterial;
  /**
   * `--leader-elect`: run the controllers only while this replica holds the controller Lease
   * (several replicas on one etcd). Without it, they run from the start.
   */
  readonly leaderElection?: LeaderElectionSettings;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly api: ApiServer;
  readonly server: Server;
  /** The controllers running beside the API (none unless asked for, or run under leader election). */
  readonly controllers: RunningControllers | undefined;
  /** With `leaderElection`: the controllers this replica runs while it holds the Lease. */
  readonly electedControllers: ElectedControllers | undefined;
  /** Graceful: /readyz fails, keep serving for the delay, then stop accepting, end open watches, close. */
  shutdown(): Promise<void>;
}

/**
 * Over HTTP, flow control holds a request's seats until the event loop's next turn, so the
 * requests read from sockets meanwhile are ordered by fair queuing (see FlowControlOptions.nextTurn).
 */
function heldSeats(options: StartOptions): StartOptions {
  const flow = options.security?.flowControl;
  if (!flow) return options;
  return { ...options, security: { ...options.security, flowControl: { nextTurn: (run) => void setImmediate(run), ...flow } } };
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // Made once the port is bound (below); no request is read before then.
  let api!: ApiServer;
  const compaction = options.idleCompaction === false ? undefined : createIdleCompaction(options.idleCompaction);
  const listener: RequestListener = (req, res) => {
    compaction?.touch();
    const apiReq = toApiRequest(req, res, options.requestTimeoutMs);
    if (options.tls?.clientCaPem) withCertificateUser(apiReq, req);
    api
      .handle(apiReq)
      .then((r) => writeApiResponse(res, r, req.method === 'HEAD'))
      .catch((err: unknown) => {
        console.error('orch-apiserver: failed to answer', err);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  };
  const tls = options.tls;
  // node:https (and with it node:tls) loads only when serving TLS: ~10% of a plain start.
  const server: Server = tls
    ? ((await import('node:https')).createServer(
        {
          cert: tls.certPem,
          key: tls.keyPem,
          ...(tls.clientCaPem ? { ca: tls.clientCaPem, requestCert: true, rejectUnauthorized: false } : {}),
        },
        listener,
      ) as unknown as Server)
    : createServer(listener);
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  // The port is bound before the server starts up: start-up runs as one long chain of promise
  // jobs, which would hold back the bind until it ends, so clients would be refused instead of
  // waiting in the accept queue for their answer (503 from /readyz until it is done).
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  try {
    api = createApiServer(heldSeats(options));
  } catch (err) {
    server.close();
    throw err;
  }
  await api.ready;
  // Requests that came in during start-up are answered before the controllers start: they do not
  // wait for the controllers' first lists and watches, as they would not wait for a separate
  // controller manager.
  await new Promise((resolve) => setImmediate(resolve));
  const controllerSettings = {
    names: options.controllers ?? [],
    podReadyDelayMs: options.podReadyDelayMs ?? 2000,
    podStopDelayMs: options.podStopDelayMs ?? 1000,
    ...(options.tls ? { rootCaPem: options.tls.certPem } : {}),
  };
  const wanted = Boolean(options.controllers?.length);
  const elected = wanted && options.leaderElection ? await electedControllers(api, controllerSettings, options.leaderElection) : undefined;
  const controllers = wanted && !elected ? await startControllers(api, controllerSettings) : undefined;
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let stopping: Promise<void> | undefined;
  return {
    url: `${tls ? 'https' : 'http'}://${shownHost}:${port}`,
    port,
    api,
    server,
    controllers,
    electedControllers: elected,
    shutdown() {
      stopping ??= (async () => {
        api.beginShutdown();
        if (options.shutdownDelayMs) await new Promise((r) => setTimeout(r, options.shutdownDelayMs));
        // Controllers first: they finish the work in hand while the API still answers.
        await controllers?.stop();
        await elected?.stop();
        compaction?.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await api.close(); // ends watches
        server.closeAllConnections();
        await closed;
      })();
      return stopping;
    },
  };
}

/** A client certificate's user (CN and O), or why it did not verify, for the core's authentication. */
function withCertificateUser(apiReq: ApiRequest, req: IncomingMessage): void {
  const cert = clientCertificate(req);
  if (cert)
    Object.defineProperty(apiReq, 'error' in cert ? 'certificateError' : 'certificateUser', { value: 'error' in cert ? cert.error : cert });
}
