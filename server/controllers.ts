/**
 * The controllers orch-apiserver runs beside the API, as a small cluster's controller manager
 * and node agent would: the built-in table (controllers/builtin.ts), filtered by `--controllers`
 * and by the server's feature gates, which they are given too. They talk to the server through an
 * in-process client on its `handle` and run on the server's clock. `--controllers` names them as
 * kube-controller-manager's flag does (`*` for those on by default, `-name` to leave one out).
 */
import { type ApiServer, CONTROLLER_MANAGER_USER, handleAs } from '../core/index.ts';
import {
  BUILTIN_CONTROLLERS,
  cannotRun,
  Client,
  inProcessTransport,
  Manager,
  takingTurns,
  type BuiltinControllerName,
  type Logger,
} from '../controllers/index.ts';

export type ControllerName = BuiltinControllerName;
export const CONTROLLER_NAMES: readonly ControllerName[] = BUILTIN_CONTROLLERS.map((c) => c.name);
/** What runs without `--controllers`, and what `*` stands for. */
export const DEFAULT_CONTROLLERS: readonly ControllerName[] = BUILTIN_CONTROLLERS.filter((c) => c.enabledByDefault).map((c) => c.name);

export class UnknownControllerError extends Error {}

/** `--controllers` text: names, `*` (those on by default), `-name` (not this one); empty or `none`: none. */
export function parseControllers(text: string): ControllerName[] {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'none')) return [];
  const known = new Set<string>(CONTROLLER_NAMES);
  const on = new Set<ControllerName>();
  const off = new Set<string>();
  for (const p of parts) {
    const name = p.startsWith('-') ? p.slice(1) : p;
    if (p === '*') {
      for (const n of DEFAULT_CONTROLLERS) on.add(n);
      continue;
    }
    if (!known.has(name))
      throw new UnknownControllerError(`${JSON.stringify(name)} is not in the list of known controllers (${CONTROLLER_NAMES.join(', ')})`);
    if (p.startsWith('-')) off.add(name);
    else on.add(name as ControllerName);
  }
  return CONTROLLER_NAMES.filter((n) => on.has(n) && !off.has(n));
}

export interface ControllerSettings {
  readonly names: readonly ControllerName[];
  /** `--pod-ready-delay`: how long simulated pods take to become Ready. */
  readonly podReadyDelayMs: number;
  /** `--pod-stop-delay`: how long a deleted simulated pod's containers take to stop. */
  readonly podStopDelayMs: number;
  /**
   * The CA clients verify the server with (PEM), put in ServiceAccount token Secrets as `ca.crt`:
   * the serving certificate when serving TLS (what `--write-kubeconfig` trusts), as the real
   * controller manager's default is the CA of its kubeconfig.
   */
  readonly rootCaPem?: string;
  readonly logger?: Logger;
}

export interface RunningControllers {
  /** The controllers running (a requested one whose API is not served is left out). */
  readonly names: readonly ControllerName[];
  readonly manager: Manager;
  /** Requested controllers that cannot run on this server, with why. */
  readonly skipped: readonly { readonly name: ControllerName; readonly reason: string }[];
  stop(): Promise<void>;
}

export async function startControllers(api: ApiServer, settings: ControllerSettings): Promise<RunningControllers> {
  const { chosen, skipped } = chooseControllers(api, settings.names);
  const manager = await runControllers(api, chosen, settings);
  return { names: chosen.map((c) => c.name), manager, skipped, stop: () => manager.stop() };
}

type Chosen = (typeof BUILTIN_CONTROLLERS)[number];

/** The requested controllers that can run on this server, and the others with why not. */
export function chooseControllers(
  api: ApiServer,
  names: readonly ControllerName[],
): { chosen: Chosen[]; skipped: { name: ControllerName; reason: string }[] } {
  const skipped: { name: ControllerName; reason: string }[] = [];
  const chosen = names.flatMap((name) => {
    const controller = BUILTIN_CONTROLLERS.find((c) => c.name === name);
    if (!controller) return [];
    // As kube-controller-manager: a controller runs only where its API is served (and the
    // tokens controller only with a signing key).
    const reason = cannotRun(controller, { gates: api.gates, signingKey: api.security.tokens.signingKeyConfigured });
    if (reason) {
      skipped.push({ name, reason });
      return [];
    }
    return [controller];
  });
  return { chosen, skipped };
}

/** Starts the chosen controllers in a manager of their own, on the server's clock. */
export async function runControllers(api: ApiServer, chosen: readonly Chosen[], settings: ControllerSettings): Promise<Manager> {
  // As the controller manager's user: under RBAC without anonymous access a request with no
  // credentials would be refused.
  const client = new Client({
    transport: takingTurns(inProcessTransport(handleAs(api, CONTROLLER_MANAGER_USER)), setImmediate),
    userAgent: 'orch-controller-manager',
  });
  const manager = new Manager({ client, clock: api.clock, ...(settings.logger ? { logger: settings.logger } : {}) });
  const podLifecycle = { readyDelayMs: settings.podReadyDelayMs, stopDelayMs: settings.podStopDelayMs };
  const tokens = api.security.tokens;
  const serviceAccountTokens = tokens.signingKeyConfigured
    ? { signer: tokens, ...(settings.rootCaPem ? { rootCA: settings.rootCaPem } : {}) }
    : undefined;
  for (const c of chosen) await manager.add(c.create({ gates: api.gates, podLifecycle, serviceAccountTokens }));
  await manager.start();
  return manager;
}
