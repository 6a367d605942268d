/**
 * /healthz, /livez, /readyz with the real platform's check names (docs/api-rules.md, health), `?verbose`, `?exclude=`, and
 * /livez/{check} and /readyz/{check}. Machines read only the status code; the text is for people.
 */
import { StatusError } from '../errors/status-error.ts';
import { textResponse, type ApiResponse } from '../http/api-request.ts';
import type { Clock } from '../util/clock.ts';

export interface HealthCheck {
  readonly name: string;
  /** Resolves to undefined when healthy, else to the reason (logged, withheld from the answer). */
  check(): Promise<string | undefined> | string | undefined;
}

export const POST_START_HOOKS = [
  'poststarthook/start-orch-apiserver-admission-initializer',
  'poststarthook/generic-apiserver-start-informers',
  'poststarthook/start-apiextensions-informers',
  'poststarthook/start-apiextensions-controllers',
  'poststarthook/crd-informer-synced',
  'poststarthook/bootstrap-controller',
  'poststarthook/rbac/bootstrap-roles',
  'poststarthook/scheduling/bootstrap-system-priority-classes',
  'poststarthook/start-cluster-authentication-info-controller',
  'poststarthook/start-orch-aggregator-informers',
  'poststarthook/apiservice-registration-controller',
  'poststarthook/apiservice-status-available-controller',
  'poststarthook/orch-apiserver-autoregistration',
] as const;

export interface HealthState {
  /** Set when start-up (bootstrap objects, caches) has finished. */
  started: boolean;
  /** Set on graceful shutdown: readyz fails from then on. */
  shuttingDown: boolean;
  readonly startTime: number;
}

export interface HealthOptions {
  readonly clock: Clock;
  readonly state: HealthState;
  readonly storeHealthy: () => Promise<boolean>;
  /** The storage check's name: the backend's (`etcd` for etcd, as the real platform names it). */
  readonly storeCheckName?: string;
  /** During this time after start, livez takes unfinished post-start hooks as passing. */
  readonly livezGracePeriodMs: number;
}

type Endpoint = 'healthz' | 'livez' | 'readyz';

const HEALTH_PATH = /^\/(healthz|livez|readyz)(?:\/(.+))?\/?$/;

export class Health {
  constructor(private readonly opts: HealthOptions) {}

  private checks(endpoint: Endpoint): HealthCheck[] {
    const { state, clock, livezGracePeriodMs } = this.opts;
    const inGrace = () => endpoint === 'livez' && clock.now() - state.startTime < livezGracePeriodMs;
    const hook = (name: string): HealthCheck => ({
      name,
      check: () => (state.started || inGrace() ? undefined : 'not finished'),
    });
    const list: HealthCheck[] = [
      { name: 'ping', check: () => undefined },
      { name: 'log', check: () => undefined },
      {
        name: this.opts.storeCheckName ?? 'store',
        check: async () => ((await this.opts.storeHealthy()) ? undefined : 'storage is not reachable'),
      },
      ...POST_START_HOOKS.map(hook),
      hook('autoregister-completion'),
      hook('poststarthook/apiservice-openapi-controller'),
    ];
    if (endpoint === 'readyz') list.push({ name: 'shutdown', check: () => (state.shuttingDown ? 'process is shutting down' : undefined) });
    return list;
  }

  /** The endpoints and each of their checks, as paths (what the root index lists of health). */
  paths(): string[] {
    return (['healthz', 'livez', 'readyz'] as const).flatMap((e) => [`/${e}`, ...this.checks(e).map((c) => `/${e}/${c.name}`)]);
  }

  /** True for the paths `handle` answers (checked first, without a promise, on every request). */
  static serves(path: string): boolean {
    // Most requests are API requests: rule them out before the regular expression.
    const c = path.charCodeAt(1);
    if (c !== 104 /* h */ && c !== 108 /* l */ && c !== 114 /* r */) return false;
    return HEALTH_PATH.test(path);
  }

  /** Answers a health path, or undefined when the path is not a health endpoint. */
  async handle(path: string, query: URLSearchParams): Promise<ApiResponse | undefined> {
    const m = HEALTH_PATH.exec(path);
    if (!m) return undefined;
    const endpoint = m[1] as Endpoint;
    const checks = this.checks(endpoint);
    if (m[2]) {
      const one = checks.find((c) => c.name === m[2]);
      if (!one) throw StatusError.pathNotFound();
      const reason = await one.check();
      return reason === undefined ? textResponse(200, 'ok') : textResponse(500, `internal server error: ${reason}\n`);
    }
    const excluded = new Set(query.getAll('exclude'));
    const verbose = query.has('verbose');
    const lines: string[] = [];
    let failed = false;
    for (const c of checks) {
      if (excluded.has(c.name)) {
        lines.push(`[+]${c.name} excluded: ok`);
        excluded.delete(c.name);
        continue;
      }
      const reason = await c.check();
      if (reason === undefined) {
        lines.push(`[+]${c.name} ok`);
      } else {
        lines.push(`[-]${c.name} failed: reason withheld`);
        failed = true;
      }
    }
    if (excluded.size)
      lines.push(`warn: some health checks cannot be excluded: no matches for ${[...excluded].map((e) => JSON.stringify(e)).join(',')}`);
    if (failed) {
      lines.push(`${endpoint} check failed`);
      return textResponse(500, `${lines.join('\n')}\n`);
    }
    if (!verbose) return textResponse(200, 'ok');
    lines.push(`${endpoint} check passed`);
    return textResponse(200, `${lines.join('\n')}\n`);
  }
}
