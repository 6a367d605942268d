/**
 * The `/metrics` endpoint in Prometheus text format, starting with the two series the API's specification names:
 * `apiserver_request_total` and `apiserver_requested_deprecated_apis`.
 */
import { compareStrings } from '../util/compare.ts';

type Labels = Readonly<Record<string, string>>;

const keys = new Map<string, string>();

/** The label text of a series; the same label values recur, so each is rendered once. */
function key(labels: Labels): string {
  let raw = '';
  for (const k in labels) raw += `${k}\u0000${labels[k]}\u0001`;
  let text = keys.get(raw);
  if (text === undefined) {
    text = render(labels);
    if (keys.size < 10_000) keys.set(raw, text);
  }
  return text;
}

/**
 * The label text a caller-made identity of the label values stands for; `labels` is called only
 * the first time. Every request is counted and timed once, so this skips building and reading a
 * label object per request.
 */
function keyByIdentity(known: Map<string, string>, identity: string, labels: () => Labels): string {
  let k = known.get(identity);
  if (k === undefined) {
    k = key(labels());
    if (known.size < 10_000) known.set(identity, k);
  }
  return k;
}

function render(labels: Labels): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}="${labels[k].replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');
}

class Series {
  readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly type: 'counter' | 'gauge',
    readonly help: string,
  ) {}
  get empty(): boolean {
    return this.values.size === 0;
  }
  /** Label text by a caller-made identity of the label values (see `count`). */
  private readonly byIdentity = new Map<string, string>();

  add(labels: Labels, by = 1): void {
    const k = key(labels);
    this.values.set(k, (this.values.get(k) ?? 0) + by);
  }

  /**
   * Adds 1 to the series whose label values `identity` stands for; `labels` is called only the
   * first time. Every request counts once, so this skips building and reading a label object.
   */
  count(identity: string, labels: () => Labels): void {
    const k = keyByIdentity(this.byIdentity, identity, labels);
    this.values.set(k, (this.values.get(k) ?? 0) + 1);
  }
  set(labels: Labels, value: number): void {
    this.values.set(key(labels), value);
  }
  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.type}`];
    for (const [k, v] of [...this.values.entries()].sort(([a], [b]) => compareStrings(a, b))) lines.push(`${this.name}{${k}} ${v}`);
    return lines.join('\n');
  }
}

/** A Prometheus histogram: cumulative buckets, sum and count per label set. */
class Histogram {
  private readonly series = new Map<string, { counts: number[]; sum: number; count: number }>();
  get empty(): boolean {
    return this.series.size === 0;
  }
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    this.record(key(labels), value);
  }

  /**
   * Observes `value` in the series whose label values `identity` stands for; `labels` is called
   * only the first time (as Series.count: every request is observed once).
   */
  observeBy(identity: string, labels: () => Labels, value: number): void {
    this.record(keyByIdentity(this.byIdentity, identity, labels), value);
  }

  /** Label text by a caller-made identity of the label values (see `observeBy`). */
  private readonly byIdentity = new Map<string, string>();

  private record(k: string, value: number): void {
    let s = this.series.get(k);
    if (!s) this.series.set(k, (s = { counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]) s.counts[i]++;
    s.sum += value;
    s.count++;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const [k, s] of [...this.series.entries()].sort(([a], [b]) => compareStrings(a, b))) {
      const sep = k ? ',' : '';
      this.buckets.forEach((b, i) => lines.push(`${this.name}_bucket{${k}${sep}le="${b}"} ${s.counts[i]}`));
      lines.push(`${this.name}_bucket{${k}${sep}le="+Inf"} ${s.count}`);
      lines.push(`${this.name}_sum{${k}} ${s.sum}`);
      lines.push(`${this.name}_count{${k}} ${s.count}`);
    }
    return lines.join('\n');
  }
}

export class Metrics {
  /** The real server's buckets for request latency (seconds). */
  readonly requestDuration = new Histogram(
    'apiserver_request_duration_seconds',
    '[STABLE] Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.',
    [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60],
  );
  readonly flowInQueue = new Series(
    'apiserver_flowcontrol_current_inqueue_requests',
    'gauge',
    '[BETA] Number of requests currently pending in queues of the API Priority and Fairness subsystem',
  );
  readonly flowExecuting = new Series(
    'apiserver_flowcontrol_current_executing_requests',
    'gauge',
    '[BETA] Number of requests in initial (for a WATCH) or any (for a non-WATCH) execution stage in the API Priority and Fairness subsystem',
  );
  readonly flowRejected = new Series(
    'apiserver_flowcontrol_rejected_requests_total',
    'counter',
    '[BETA] Number of requests rejected by API Priority and Fairness subsystem',
  );
  readonly flowDispatched = new Series(
    'apiserver_flowcontrol_dispatched_requests_total',
    'counter',
    '[BETA] Number of requests executed by API Priority and Fairness subsystem',
  );
  readonly flowNominalSeats = new Series(
    'apiserver_flowcontrol_nominal_limit_seats',
    'gauge',
    '[BETA] Nominal number of execution seats configured for each priority level',
  );
  readonly flowLowerLimit = new Series(
    'apiserver_flowcontrol_lower_limit_seats',
    'gauge',
    '[ALPHA] Configured lower bound on number of execution seats available to each priority level',
  );
  readonly flowUpperLimit = new Series(
    'apiserver_flowcontrol_upper_limit_seats',
    'gauge',
    '[ALPHA] Configured upper bound on number of execution seats available to each priority level',
  );
  readonly flowCurrentLimit = new Series(
    'apiserver_flowcontrol_current_limit_seats',
    'gauge',
    '[ALPHA] current derived number of execution seats available to each priority level',
  );
  readonly authenticated = new Series('authentication_attempts', 'counter', '[ALPHA] Counter of authenticated attempts.');
  readonly authorizationAttempts = new Series(
    'authorization_attempts_total',
    'counter',
    "[ALPHA] Counter of authorization attempts broken down by result. It can be either 'allowed', 'denied', 'no-opinion' or 'error'.",
  );
  readonly requestTerminations = new Series(
    'apiserver_request_terminations_total',
    'counter',
    '[ALPHA] Number of requests which apiserver terminated in self-defense.',
  );

  readonly requests = new Series(
    'apiserver_request_total',
    'counter',
    '[STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
  );
  readonly deprecated = new Series(
    'apiserver_requested_deprecated_apis',
    'gauge',
    '[STABLE] Gauge of deprecated APIs that have been requested, broken out by API group, version, resource, subresource, and removed_release.',
  );

  readonly watchers = new Series(
    'apiserver_registered_watchers',
    'gauge',
    '[ALPHA] Number of currently registered watchers for a given resources',
  );

  readonly longRunning = new Series(
    'apiserver_longrunning_requests',
    'gauge',
    '[STABLE] Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
  );

  readonly storageObjects = new Series(
    'apiserver_storage_objects',
    'gauge',
    '[STABLE] Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
  );

  /** The stored objects per resource (`configmaps`, `statefulsets.apps`), read at each scrape. */
  countStoredObjects(counts: Iterable<readonly [string, number]>): void {
    this.storageObjects.values.clear();
    for (const [resource, n] of counts) this.storageObjects.set({ resource }, n);
  }

  render(): string {
    const all = [
      this.requests,
      this.requestDuration,
      this.deprecated,
      this.watchers,
      this.longRunning,
      this.storageObjects,
      this.flowInQueue,
      this.flowExecuting,
      this.flowRejected,
      this.flowDispatched,
      this.flowNominalSeats,
      this.flowLowerLimit,
      this.flowUpperLimit,
      this.flowCurrentLimit,
      this.requestTerminations,
      this.authenticated,
      this.authorizationAttempts,
    ];
    const always = new Set<unknown>([this.requests, this.deprecated, this.watchers]);
    // The newer families are left out while they have no series, as the real registry leaves them out.
    return `${all
      .filter((m) => always.has(m) || !m.empty)
      .map((m) => m.render())
      .join('\n')}\n`;
  }
}

/** The verb label as the real platform cleans it (LIST, WATCH, APPLY, ...). */
export function metricVerb(verb: string, method: string, isApply: boolean): string {
  switch (verb) {
    case 'list':
      return 'LIST';
    case 'watch':
      return 'WATCH';
    case 'get':
      return 'GET';
    case 'create':
      return 'POST';
    case 'update':
      return 'PUT';
    case 'patch':
      return isApply ? 'APPLY' : 'PATCH';
    case 'delete':
      return 'DELETE';
    case 'deletecollection':
      // Its own label, as the real installer routes it (not the HTTP method).
      return 'DELETECOLLECTION';
    default:
      return method;
  }
}
