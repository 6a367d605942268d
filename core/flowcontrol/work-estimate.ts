/**
 * How many seats a request occupies, as the real work estimator reckons it: one for most
 * requests; for a LIST (and a WATCH that asks for its initial events) one per 100 objects it is
 * expected to go through — every stored object when served from the watch cache, the stored ones
 * plus the page when a selector filters a read from storage, twice the page otherwise — between
 * one and the level's maximum (never more than 10). A kind whose count is unknown costs one seat; a list whose
 * options cannot be read costs the maximum.
 */
import type { Attributes } from '../auth/attributes.ts';

const MIN_SEATS = 1;
/** The real estimator's ceiling on any request's seats. */
const MAX_SEATS = 10;
const OBJECTS_PER_SEAT = 100;

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
  const max = maxSeats > 0 && maxSeats < MAX_SEATS ? maxSeats : MAX_SEATS;
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
