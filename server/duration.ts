/** Go duration text (`1m30s`, `300ms`, `0`) in milliseconds, as the real server's flags take it. */
import { goDurationMs } from '../core/util/go-duration.ts';

export function parseDuration(text: string): number {
  const t = text.trim();
  // The delays and periods these flags set are not negative: a sign is refused, as before.
  const ms = /^[+-]/.test(t) ? undefined : goDurationMs(t);
  if (ms === undefined) throw new Error(`time: invalid duration ${JSON.stringify(text)}`);
  return ms;
}
