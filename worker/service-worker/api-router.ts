/**
 * In the Service Worker: which connection to the API worker answers a request. Each page hands
 * the SW a port at start-up; a request uses its own page's port, else any live page's (they all
 * lead to the same SharedWorker). A SW the browser stopped and restarted has none: it asks the
 * open pages for one and waits for the first.
 */
import type { Status } from '../../core/index.ts';
import { PortConnection } from './port-client.ts';
import type { ClientsLike } from './sw-types.ts';
import { NEED_PORT } from '../protocol/messages.ts';

/** A Status answer for when the SW cannot reach the API server at all. */
export function unavailable(message: string): Response {
  const status: Status = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: 'ServiceUnavailable',
    code: 503,
  };
  return new Response(JSON.stringify(status), {
    status: 503,
    statusText: 'Service Unavailable',
    headers: { 'content-type': 'application/json', 'retry-after': '1' },
  });
}

export class ApiRouter {
  private readonly conns = new Map<string, PortConnection>();
  private waiters: ((c: PortConnection) => void)[] = [];

  constructor(
    private readonly clients: ClientsLike,
    private readonly waitMs = 10_000,
  ) {}

  /** Pages whose port this SW holds. */
  get connections(): number {
    return this.conns.size;
  }

  /** A page's port to the API worker. */
  adopt(clientId: string, port: MessagePort): void {
    const conn = new PortConnection(port);
    this.conns.set(clientId, conn);
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w(conn);
  }

  async forward(request: Request, clientId: string): Promise<Response> {
    let conn: PortConnection;
    try {
      conn = await this.connection(clientId);
    } catch (err) {
      return unavailable(err instanceof Error ? err.message : String(err));
    }
    try {
      return await conn.forward(request);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      return unavailable(`the API worker did not answer: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async connection(clientId: string): Promise<PortConnection> {
    const own = clientId ? this.conns.get(clientId) : undefined;
    if (own) return own;
    for (const [id, conn] of this.conns) {
      if (await this.clients.get(id)) return conn;
      // Its page is gone. Requests still on it finish; an idle one is closed so the worker frees it.
      this.conns.delete(id);
      if (conn.inFlight === 0) conn.close();
    }
    return new Promise<PortConnection>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== take);
        reject(new Error('no page of this origin runs the orch API worker (open the playground to start it)'));
      }, this.waitMs);
      const take = (c: PortConnection) => {
        clearTimeout(timer);
        resolve(c);
      };
      this.waiters.push(take);
      void this.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((all) => {
        for (const c of all) c.postMessage({ type: NEED_PORT });
      });
    });
  }
}
