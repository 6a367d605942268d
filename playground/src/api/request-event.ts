/**
 * What the tools say about each request they send (an `orch-request` event, bubbling out of
 * their shadow roots): the request, and the answer as far as it has come. The tutorial reads
 * these to check lessons that are about a request, not only about the server's state.
 */
export interface RequestRecord {
  /** The same for every update of one request. */
  readonly id: number;
  readonly method: string;
  readonly path: string;
  /** Header names in lowercase. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly body: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body so far (all of it once `done`). */
  readonly text: string;
  readonly done: boolean;
}

export const REQUEST_EVENT = 'orch-request';

let next = 0;

/** A new id for a request about to be sent. */
export function requestId(): number {
  return ++next;
}

/** The id of the latest request sent (requests with a higher id come later). */
export function lastRequestId(): number {
  return next;
}

export function requestEvent(record: RequestRecord): CustomEvent<RequestRecord> {
  return new CustomEvent(REQUEST_EVENT, { detail: record, bubbles: true, composed: true });
}

export function lowerHeaders(entries: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of entries) out[k.toLowerCase()] = v;
  return out;
}
