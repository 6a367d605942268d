/** RxJS timing on the shared clock (RxJS's own timers would run on real time, which tests cannot move). */
import { Observable } from 'rxjs';
import type { Clock } from '../../../core/index.ts';

export type { Clock } from '../../../core/index.ts';

/** Emits once after `ms` of clock time, then completes. */
export function clockTimer(clock: Clock, ms: number): Observable<0> {
  return new Observable<0>((sub) => {
    if (ms <= 0) {
      sub.next(0);
      sub.complete();
      return undefined;
    }
    const handle = clock.setTimeout(() => {
      sub.next(0);
      sub.complete();
    }, ms);
    return () => handle.cancel();
  });
}

/** Doubling delays between failed attempts, capped; reset after a success. */
export class Backoff {
  private current: number;

  constructor(
    readonly initialMs: number,
    readonly capMs: number,
  ) {
    this.current = initialMs;
  }

  next(): number {
    const d = this.current;
    this.current = Math.min(this.current * 2, this.capMs);
    return d;
  }

  reset(): void {
    this.current = this.initialMs;
  }
}
