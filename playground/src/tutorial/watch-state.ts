/**
 * What a lesson's picture is drawn from: the objects of the watched resources and every watch
 * event as it arrived, stamped with the server clock's time (estimated between reads of the
 * worker's clock), so the picture can tell which events the history window still holds.
 */
import type { KubeObject } from '../../../controllers/runtime/index.ts';
import { live } from '../api/watch.ts';
import { runtime } from '../runtime.ts';
import type { LoggedRequest, Watched } from './lesson.ts';
import type { PictureState, SeenEvent, Shown } from './picture-state.ts';

export { EMPTY_STATE, HISTORY_WINDOW_MS, type PictureState, type SeenEvent, type Shown } from './picture-state.ts';

/** The server clock, read now and then and run forward locally at its speed in between. */
export class ServerClock {
  private base = { clock: Date.now(), perf: performance.now(), speed: 1 };

  async sync(): Promise<void> {
    const s = await runtime().control.stats();
    this.base = { clock: s.clockNow, perf: performance.now(), speed: s.clockSpeed };
  }

  now(): number {
    return Math.floor(this.base.clock + (performance.now() - this.base.perf) * this.base.speed);
  }
}

function rvOf(o: KubeObject): number {
  return Number(o.metadata.resourceVersion ?? 0);
}

/** Follows the watched resources; calls `changed` after every list and event. */
export class LessonWatch {
  private readonly stops: (() => void)[] = [];
  private readonly items = new Map<string, Shown[]>();
  private readonly gone = new Map<string, Shown>();
  private readonly events: SeenEvent[] = [];
  readonly clock = new ServerClock();

  constructor(
    watched: readonly Watched[],
    private readonly changed: (kind: 'list' | 'event') => void,
  ) {
    void this.clock.sync();
    for (const w of watched) {
      const key = `${w.group}/${w.resource}/${w.namespace ?? ''}`;
      this.stops.push(
        live(w, w.namespace ?? '', {
          onItems: (items) => {
            const fresh = !this.items.has(key);
            this.items.set(
              key,
              items.map((o) => ({ ...o, kind: w.kind })),
            );
            if (fresh) {
              const at = this.clock.now();
              for (const o of items) this.events.push({ type: 'LISTED', kind: w.kind, name: o.metadata.name ?? '', rv: rvOf(o), at });
            }
            this.changed('list');
          },
          onEvent: (e) => {
            const o = { ...e.object, kind: w.kind };
            const id = `${w.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
            if (e.type === 'DELETED') this.gone.set(id, o);
            else this.gone.delete(id);
            this.events.push({ type: e.type, kind: w.kind, name: o.metadata.name ?? '', rv: rvOf(o), at: this.clock.now() });
            this.changed('event');
          },
        }),
      );
    }
  }

  state(requests: readonly LoggedRequest[]): PictureState {
    return {
      objects: [...this.items.values()].flat(),
      deleted: [...this.gone.values()],
      events: this.events,
      requests,
      clockNow: this.clock.now(),
    };
  }

  stop(): void {
    for (const s of this.stops) s();
    this.stops.length = 0;
  }
}
