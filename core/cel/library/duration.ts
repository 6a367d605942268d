/** Go duration strings (`1h30m`, `1.5s`, `-300ms`), which the real platform stores for format: duration. */
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { goDurationNanos } from '../../util/go-duration.ts';

export function parseDuration(text: string): Duration | undefined {
  const total = goDurationNanos(text);
  if (total === undefined) return undefined;
  return new Duration(total / 1_000_000_000n, Number(total % 1_000_000_000n));
}
