/**
 * The work a request is expected to do, as the real work estimator reckons it: the seats it holds
 * while it runs, and for a write the seats it goes on holding after its answer, for as long as
 * the server takes to send its event to the watches that may want it (`watch-tracker.ts`).
 *
 * Seats while it runs: one for most requests; for a LIST (and a WATCH that asks for its initial
 * events) one per 100 objects it is expected to go through — every stored object when served
 * from the watch cache, the stored ones plus the page when a selector filters a read from
 * storage, twice the page otherwise — between one and the level's maximum (never more than 10).
 * A kind whose count is unknown costs one seat; a list whose options cannot be read costs the
 * maximum.
 *
 * After a create, update, patch or delete: nothing below 10 watchers (the real estimator does not
 * charge the few); from 10 on, one seat per 10 watchers for 5 ms — each watcher taken to cost a
 * tenth of a seat for that long — and when that is more seats than the level allows a request,
 * as many as it allows for proportionally longer, the same seat-time in a narrower shape.
 */
import type { Attributes } from '../auth/attributes.ts';

const MIN_SEATS = 1;
/** The real estimator's ceiling on any request's seats (lists and writes alike). */
const MAX_SEATS = 10;
const OBJECTS_PER_SEAT = 100;
/** How many watchers one seat of a write's final phase stands for. */
export const WATCHES_PER_SEAT = 10;
/** How long a seat of a write's final phase is held: the time to send one event, per seat. */
export const EVENT_ADDITIONAL_DURATION_MS = 5;

/** A request's work: its seats while it runs, then `finalSeats` for `additionalLatencyMs` after its answer. */
export interface WorkEstimate {
  readonly initialSeats: number;
  readonly finalSeats: number;
  readonly additionalLatencyMs: number;
}

/** The most seats a request holds at any time: it keeps the wider of its two phases throughout. */
export function maxSeatsOf(w: WorkEstimate): number {
  return Math.max(w.initialSeats, w.finalSeats);
}

/** The seats a request of the level may take at most: its own maximum, but never more than 10. */
function seatCap(maxSeats: number): number {
  return maxSeats > 0 && maxSeats < MAX_SEATS ? maxSeats : MAX_SEATS;
}

/** A priority level's maximum seats per request: `max(1, min(ceil(15% of nominal), nominal / handSize))`. */
export function levelMaxSeats(nominal: number, handSize: number): number {
  if (handSize <= 0) return 0;
  return Math.max(1, Math.min(Math.ceil(nominal * 0.15), Math.floor(nominal / handSize)));
}

function nonNegativeInt(v: string | null): number | undefined {
  if (v === null || v === '') return 0;
  return /^\d+$/.test(v) ? Number(v) : undefined;
}

/** Whether a list is served from storage rather than the watch cache (continuations, exact or unsupported versions). */
function fromStorage(query: URLSearchParams, limit: number): boolean {
  const rv = query.get('resourceVersion') ?? '';
  const match = query.get('resourceVersionMatch') ?? '';
  if (query.get('continue')) return true;
  const legacyExact = limit > 0 && match === '' && rv !== '' && rv !== '0';
  return (match !== '' && match !== 'NotOlderThan') || legacyExact;
}

/**
 * The seats of a request; `count` says how many objects of a resource are stored (undefined
 * when unknown), `maxSeats` is the level's maximum (0: none set).
 */
export function estimateSeats(
  a: Attributes,
  query: URLSearchParams,
  count: (apiGroup: string, resource: string) => number | undefined,
  maxSeats: number,
): number {
  if (!a.isResourceRequest || (a.verb !== 'list' && a.verb !== 'watch')) return MIN_SEATS;
  const max = seatCap(maxSeats);
  const limit = nonNegativeInt(query.get('limit'));
  if (limit === undefined) return max;
  if (a.verb === 'watch' && query.get('sendInitialEvents') !== 'true') return MIN_SEATS;
  const stored = count(a.apiGroup, a.resource);
  if (stored === undefined) return MIN_SEATS;
  const page = limit > 0 && limit < stored ? limit : stored;
  let objects: number;
  if (a.verb === 'watch' || !fromStorage(query, limit)) objects = stored;
  else if (query.get('fieldSelector') || query.get('labelSelector')) objects = stored + page;
  else objects = 2 * page;
  return Math.min(max, Math.max(MIN_SEATS, Math.ceil(objects / OBJECTS_PER_SEAT)));
}

const MUTATING = new Set(['create', 'update', 'patch', 'delete']);

/**
 * The work of a write that `watchers` watches may be told of: one seat while it runs, and its
 * events' cost after. Issuing a ServiceAccount token writes nothing, so it sends no event.
 */
export function mutatingWork(a: Attributes, watchers: number, maxSeats: number): WorkEstimate {
  const exempt = a.isResourceRequest && a.resource === 'serviceaccounts' && a.subresource === 'token';
  if (exempt || !(watchers >= WATCHES_PER_SEAT)) return { initialSeats: MIN_SEATS, finalSeats: 0, additionalLatencyMs: 0 };
  const seats = Math.ceil(watchers / WATCHES_PER_SEAT);
  const finalSeats = Math.min(seats, seatCap(maxSeats));
  return { initialSeats: MIN_SEATS, finalSeats, additionalLatencyMs: (seats * EVENT_ADDITIONAL_DURATION_MS) / finalSeats };
}

/**
 * The work of any request: a write's by the watches its event may go to (`watchers(group,
 * resource, namespace, name)`, undefined when not known: none), a LIST's or WATCH's by its
 * objects, one seat otherwise.
 */
export function estimateWork(
  a: Attributes,
  query: URLSearchParams,
  count: (apiGroup: string, resource: string) => number | undefined,
  watchers: (apiGroup: string, resource: string, namespace: string, name: string) => number | undefined,
  maxSeats: number,
): WorkEstimate {
  if (a.isResourceRequest && MUTATING.has(a.verb))
    return mutatingWork(a, watchers(a.apiGroup, a.resource, a.namespace, a.name) ?? 0, maxSeats);
  return { initialSeats: estimateSeats(a, query, count, maxSeats), finalSeats: 0, additionalLatencyMs: 0 };
}
