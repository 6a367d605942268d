/**
 * The debug dumps of API Priority and Fairness (`/debug/api_priority_and_fairness/...`), in the
 * real server's text: one header row, then a row per priority level, per queue, or per request;
 * each cell but the last ends in a comma, and the columns are aligned as Go's tabwriter aligns
 * them (at least 8 wide, one space of padding), since clients and scripts read them by position.
 *
 * - `dump_priority_levels`: every level, sorted by name (exempt and non-queuing levels too, with
 *   no queues), its requests waiting and running, and its totals since it was made.
 * - `dump_queues`: every queue of every level, its virtual time and what waits in it.
 * - `dump_requests`: the requests waiting in each queue (their place in it), then those running
 *   in it (place -1), then those running outside any queue (queue and place -1);
 *   `includeRequestDetails` (any value) adds who sent each and what it asks.
 */
import type { LevelDebugState } from './flow-control.ts';
import type { RequestDump } from './priority-level.ts';
import { goTabwriter } from '../util/go-tabwriter.ts';

export type DebugDump = 'dump_priority_levels' | 'dump_queues' | 'dump_requests';

export const DEBUG_DUMP_PREFIX = '/debug/api_priority_and_fairness/';

/** Which dump a path asks for (undefined: none). */
export function debugDumpOf(path: string): DebugDump | undefined {
  if (!path.startsWith(DEBUG_DUMP_PREFIX)) return undefined;
  const name = path.slice(DEBUG_DUMP_PREFIX.length);
  return name === 'dump_priority_levels' || name === 'dump_queues' || name === 'dump_requests' ? name : undefined;
}

export function renderDebugDump(which: DebugDump, levels: readonly LevelDebugState[], query: URLSearchParams): string {
  switch (which) {
    case 'dump_priority_levels':
      return dumpPriorityLevels(levels);
    case 'dump_queues':
      return dumpQueues(levels);
    case 'dump_requests':
      // As the real handler: any non-empty value asks for the details.
      return dumpRequests(levels, (query.get('includeRequestDetails') ?? '') !== '');
  }
}

const LEVEL_HEADERS = [
  'PriorityLevelName',
  'ActiveQueues',
  'IsIdle',
  'IsQuiescing',
  'WaitingRequests',
  'ExecutingRequests',
  'DispatchedRequests',
  'RejectedRequests',
  'TimedoutRequests',
  'CancelledRequests',
];

function dumpPriorityLevels(levels: readonly LevelDebugState[]): string {
  const rows = levels.map(({ name, quiescing, dump: d }) => [
    name,
    // A queue counts as active here when requests wait in it, as the real dump counts them.
    String(d.queues.filter((q) => q.waiting > 0).length),
    String(d.waiting === 0 && d.executing === 0),
    String(quiescing),
    String(d.waiting),
    String(d.executing),
    String(d.dispatched),
    String(d.rejected),
    String(d.timedOut),
    String(d.cancelled),
  ]);
  return table([LEVEL_HEADERS, ...rows]);
}

const QUEUE_HEADERS = [
  'PriorityLevelName',
  'Index',
  'PendingRequests',
  'ExecutingRequests',
  'SeatsInUse',
  'NextDispatchR',
  'InitialSeatsSum',
  'MaxSeatsSum',
  'TotalWorkSum',
];

function dumpQueues(levels: readonly LevelDebugState[]): string {
  const rows = levels.flatMap(({ name, dump: d }) =>
    d.queues.map((q, i) => [
      name,
      String(i),
      String(q.waiting),
      String(q.executing),
      String(q.seatsInUse),
      seatSeconds(q.nextDispatchR),
      String(q.waitingInitialSeats),
      String(q.waitingSeats),
      seatSeconds(q.waitingWork),
    ]),
  );
  return table([QUEUE_HEADERS, ...rows]);
}

// "FlowDistingsher" is the real header's spelling.
const REQUEST_HEADERS = [
  'PriorityLevelName',
  'FlowSchemaName',
  'QueueIndex',
  'RequestIndexInQueue',
  'FlowDistingsher',
  'ArriveTime',
  'InitialSeats',
  'FinalSeats',
  'AdditionalLatency',
  'StartTime',
];
const DETAIL_HEADERS = ['UserName', 'Verb', 'APIPath', 'Namespace', 'Name', 'APIVersion', 'Resource', 'SubResource'];

function dumpRequests(levels: readonly LevelDebugState[], details: boolean): string {
  const rows: string[][] = [details ? [...REQUEST_HEADERS, ...DETAIL_HEADERS] : REQUEST_HEADERS];
  for (const { name, dump: d } of levels) {
    const row = (queue: number, place: number, r: RequestDump) => {
      const cells = [
        name,
        r.flowSchema,
        String(queue),
        String(place),
        r.distinguisher,
        rfc3339Nano(r.arrivedAt),
        String(r.work.initialSeats),
        String(r.work.finalSeats),
        goDuration(r.work.additionalLatencyMs),
        rfc3339Nano(r.startedAt),
      ];
      rows.push(details ? [...cells, ...requestDetails(r)] : cells);
    };
    d.queues.forEach((q, i) => {
      q.requests.forEach((r, place) => row(i, place, r));
      for (const r of q.requestsExecuting) row(i, -1, r);
    });
    for (const r of d.queuelessExecuting) row(-1, -1, r);
  }
  return table(rows);
}

/** User, verb, path, namespace, name, group/version, resource and subresource, as the real request info has them. */
function requestDetails(r: RequestDump): string[] {
  const a = r.attributes;
  if (!a) return ['', '', r.path ?? '', '', '', '', '', ''];
  if (!a.isResourceRequest) return [a.user.name, a.verb, r.path ?? a.path, '', '', '', '', ''];
  const groupVersion = a.apiGroup ? `${a.apiGroup}/${a.apiVersion}` : a.apiVersion;
  return [a.user.name, a.verb, r.path ?? '', a.namespace, a.name, groupVersion, a.resource, a.subresource];
}

/**
 * Rows of cells in the real dumps' layout: cells joined by `,` and a tab, the tabs then turned
 * into padding by Go's tabwriter rules (minimum width 8, padding 1, spaces; a line's last cell
 * belongs to no column).
 */
export function table(rows: readonly (readonly string[])[]): string {
  return goTabwriter(`${rows.map((cells) => cells.join(',\t')).join('\n')}\n`, PADDING, MIN_WIDTH);
}

/** The dumps' tabwriter settings. */
const MIN_WIDTH = 8;
const PADDING = 1;

/** Seat-microseconds as the real SeatSeconds prints: whole seat-seconds, a point, eight digits, `ss`. */
export function seatSeconds(micros: number): string {
  // The real value is unsigned: it never goes below zero.
  const m = Math.max(0, Math.round(micros));
  return `${Math.floor(m / 1e6)}.${String((m % 1e6) * 100).padStart(8, '0')}ss`;
}

/** A time as Go's RFC3339Nano prints it in UTC (trailing zeros of the fraction dropped); unset is Go's zero time. */
export function rfc3339Nano(ms: number | undefined): string {
  if (ms === undefined) return '0001-01-01T00:00:00Z';
  const whole = Math.floor(ms / 1000) * 1000;
  const nanos = Math.round((ms - whole) * 1e6);
  const base = new Date(whole).toISOString().slice(0, 19);
  const fraction = nanos > 0 ? `.${String(nanos).padStart(9, '0').replace(/0+$/, '')}` : '';
  return `${base}${fraction}Z`;
}

/** Milliseconds as Go's `time.Duration` prints them: `0s`, `250µs`, `5ms`, `1.5s`, `2m0.5s`, `1h0m0s`. */
export function goDuration(ms: number): string {
  const ns = Math.round(ms * 1e6);
  if (ns === 0) return '0s';
  const sign = ns < 0 ? '-' : '';
  const u = Math.abs(ns);
  if (u < 1e3) return `${sign}${u}ns`;
  if (u < 1e6) return `${sign}${fraction(u, 1e3)}µs`;
  if (u < 1e9) return `${sign}${fraction(u, 1e6)}ms`;
  const seconds = fraction(u % 60e9, 1e9);
  const minutes = Math.floor(u / 60e9);
  if (minutes === 0) return `${sign}${seconds}s`;
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${sign}${minutes}m${seconds}s` : `${sign}${hours}h${minutes % 60}m${seconds}s`;
}

/** `n / unit` with the fraction's trailing zeros dropped (and its point, when nothing is left). */
function fraction(n: number, unit: number): string {
  const whole = Math.floor(n / unit);
  const rest = n % unit;
  if (rest === 0) return String(whole);
  const digits = String(unit).length - 1;
  return `${whole}.${String(rest).padStart(digits, '0').replace(/0+$/, '')}`;
}
