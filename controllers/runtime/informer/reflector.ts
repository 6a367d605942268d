/**
 * The list-then-watch loop of an informer, as one Observable:
 *
 *   initial sync ─> watch from its revision ─> (watch ends) resume from the last revision seen
 *                                           └> (410 Gone: HTTP or an ERROR event) sync again
 *
 * The initial sync is a streaming list when the server offers it (a watch with
 * `sendInitialEvents=true`, whose state ends at the BOOKMARK annotated
 * `orch.io/initial-events-end`), else a paged list. Bookmarks are asked for, so an idle
 * informer's revision keeps up with the server's and a resume does not fall out of history.
 * Errors never end the Observable: it retries with backoff on the shared clock.
 */
import { concat, defer, EMPTY, from, map, mergeMap, Observable, of, repeat, retry, tap } from 'rxjs';
import type { Clock } from '../../../core/index.ts';
import { objectKey } from '../api/resources.ts';
import type { KubeObject } from '../api/types.ts';
import { ApiError, isGone } from '../client/api-error.ts';
import type { ResourceClient } from '../client/client.ts';
import type { WatchEvent } from '../client/watch-stream.ts';
import { Backoff, clockTimer } from '../util/clock.ts';

export const INITIAL_EVENTS_END_ANNOTATION = 'orch.io/initial-events-end';

export type ReflectorEvent<T extends KubeObject> =
  /** The complete state at `resourceVersion` (after a list, or at the end of a streaming list's initial events). */
  | { readonly type: 'SYNC'; readonly items: readonly T[]; readonly resourceVersion: string }
  | { readonly type: 'ADDED' | 'MODIFIED' | 'DELETED'; readonly object: T }
  | { readonly type: 'BOOKMARK'; readonly resourceVersion: string };

export interface ReflectorOptions {
  readonly clock: Clock;
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  /** 'auto' (default): try a streaming list, fall back to list+watch if the server refuses it. */
  readonly streamingList?: 'auto' | 'always' | 'never';
  /** Page size of the initial list (default 500). */
  readonly pageSize?: number;
  /** Watches last a random time in [min, 2×min) (default 5 minutes), as the real client asks. */
  readonly minWatchTimeoutSeconds?: number;
  /** Delay after a failure: doubling from `initialMs` (default 800) up to `capMs` (default 30 s). */
  readonly backoff?: { readonly initialMs?: number; readonly capMs?: number };
  /** Observes what the reflector does (tests, debugging). */
  readonly onTrace?: (what: ReflectorTrace) => void;
}

export type ReflectorTrace =
  | { readonly kind: 'list' }
  | { readonly kind: 'stream-start' }
  | { readonly kind: 'stream-refused'; readonly error: unknown }
  | { readonly kind: 'watch'; readonly resourceVersion: string }
  | { readonly kind: 'bookmark'; readonly resourceVersion: string }
  | { readonly kind: 'gone' }
  | { readonly kind: 'error'; readonly error: unknown; readonly delayMs: number };

/** A streaming list refused: the server does not offer it (old server, or the WatchList gate off). */
function refusesStreaming(err: unknown): boolean {
  return err instanceof ApiError && [400, 403, 405, 415, 422, 501].includes(err.code);
}

export function reflect<T extends KubeObject>(rc: ResourceClient<T>, opts: ReflectorOptions): Observable<ReflectorEvent<T>> {
  return defer(() => {
    const trace = opts.onTrace ?? (() => undefined);
    const backoff = new Backoff(opts.backoff?.initialMs ?? 800, opts.backoff?.capMs ?? 30_000);
    const selectors = { labelSelector: opts.labelSelector, fieldSelector: opts.fieldSelector };
    const minTimeout = opts.minWatchTimeoutSeconds ?? 300;
    const timeoutSeconds = () => Math.floor(minTimeout * (1 + Math.random()));
    /** The last revision seen; undefined = the next session must sync from scratch. */
    let rv: string | undefined;
    let streaming = opts.streamingList !== 'never';
    /** Whether anything arrived since the last failure (a failure after progress retries at once). */
    let progressed = false;
    /** A 410 right after another one: something is wrong, back off instead of relisting at once. */
    let goneAgain = false;

    const fromWatch = (ev: WatchEvent<T>): ReflectorEvent<T> => {
      switch (ev.type) {
        case 'ERROR':
          throw new ApiError(ev.object);
        case 'BOOKMARK':
          return { type: 'BOOKMARK', resourceVersion: ev.object.metadata.resourceVersion ?? '' };
        default:
          return { type: ev.type, object: ev.object };
      }
    };

    const watchFrom = (from: string): Observable<ReflectorEvent<T>> => {
      trace({ kind: 'watch', resourceVersion: from });
      return rc
        .watch({ ...selectors, resourceVersion: from, allowWatchBookmarks: true, timeoutSeconds: timeoutSeconds() })
        .pipe(map(fromWatch));
    };

    const listThenWatch = defer(() => {
      trace({ kind: 'list' });
      return from(rc.listAll({ ...selectors, pageSize: opts.pageSize }));
    }).pipe(
      mergeMap((list) =>
        concat(
          of<ReflectorEvent<T>>({ type: 'SYNC', items: list.items, resourceVersion: list.metadata.resourceVersion ?? '' }),
          defer(() => (rv === undefined ? EMPTY : watchFrom(rv))),
        ),
      ),
    );

    const streamingList = new Observable<ReflectorEvent<T>>((sub) => {
      trace({ kind: 'stream-start' });
      const initial = new Map<string, T>();
      let synced = false;
      return rc
        .watch({
          ...selectors,
          sendInitialEvents: true,
          resourceVersionMatch: 'NotOlderThan',
          allowWatchBookmarks: true,
          timeoutSeconds: timeoutSeconds(),
        })
        .subscribe({
          next(ev) {
            if (synced) {
              try {
                sub.next(fromWatch(ev));
              } catch (err) {
                sub.error(err);
              }
              return;
            }
            switch (ev.type) {
              case 'ADDED':
              case 'MODIFIED':
                initial.set(objectKey(ev.object), ev.object);
                return;
              case 'DELETED':
                initial.delete(objectKey(ev.object));
                return;
              case 'BOOKMARK':
                if (ev.object.metadata.annotations?.[INITIAL_EVENTS_END_ANNOTATION] === 'true') {
                  synced = true;
                  sub.next({ type: 'SYNC', items: [...initial.values()], resourceVersion: ev.object.metadata.resourceVersion ?? '' });
                }
                return;
              case 'ERROR':
                sub.error(new ApiError(ev.object));
            }
          },
          error: (err: unknown) => sub.error(err),
          complete: () => sub.complete(),
        });
    });

    const session = defer(() => {
      if (rv !== undefined) return watchFrom(rv);
      return streaming ? streamingList : listThenWatch;
    });

    return session.pipe(
      tap((ev) => {
        progressed = true;
        goneAgain = false;
        backoff.reset();
        if (ev.type === 'BOOKMARK') trace({ kind: 'bookmark', resourceVersion: ev.resourceVersion });
        if (ev.type === 'SYNC' || ev.type === 'BOOKMARK') rv = ev.resourceVersion || rv;
        else rv = ev.object.metadata.resourceVersion ?? rv;
      }),
      // A watch that ends (its timeout, a server restart) resumes from where it was.
      repeat({
        delay: () => {
          const quiet = !progressed;
          progressed = false;
          return clockTimer(opts.clock, quiet ? backoff.next() : 0);
        },
      }),
      retry({
        delay: (err: unknown) => {
          if (isGone(err)) {
            trace({ kind: 'gone' });
            rv = undefined;
            const delayMs = goneAgain ? backoff.next() : 0;
            goneAgain = true;
            progressed = false;
            return clockTimer(opts.clock, delayMs);
          }
          if (streaming && opts.streamingList !== 'always' && rv === undefined && refusesStreaming(err)) {
            trace({ kind: 'stream-refused', error: err });
            streaming = false;
            return clockTimer(opts.clock, 0);
          }
          const delayMs = progressed ? 0 : backoff.next();
          progressed = false;
          trace({ kind: 'error', error: err, delayMs });
          return clockTimer(opts.clock, delayMs);
        },
      }),
    );
  });
}
