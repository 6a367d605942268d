/**
 * metav1.Time and MicroTime on the wire: a Timestamp message {seconds = 1, nanos = 2}. Go writes
 * both numbers whenever the time is set (nanos is always 0 for Time, whose JSON form has no
 * fraction) and writes nothing at all for the zero time, so a zero Time is an empty message.
 */
import { formatMicroTime, formatTime, parseTime } from '../../util/time.ts';

export interface Timestamp {
  readonly seconds: number;
  readonly nanos: number;
}

/** Seconds of Go's zero time.Time (0001-01-01T00:00:00Z) since the Unix epoch. */
const GO_ZERO_SECONDS = -62135596800;
/** The range of a JavaScript Date, in seconds. */
const MAX_SECONDS = 8.64e12;

/** The Timestamp of an RFC 3339 text, or undefined for Go's zero time (written as nothing). */
export function toTimestamp(text: string, precision: 'second' | 'micro'): Timestamp | undefined {
  const t = parseTime(text);
  if (!t) return undefined;
  const seconds = Math.floor(t.ms / 1000);
  const nanos = precision === 'micro' ? (t.ms - seconds * 1000) * 1_000_000 + t.micros * 1000 : 0;
  if (seconds === GO_ZERO_SECONDS && nanos === 0) return undefined;
  return { seconds, nanos };
}

/** The JSON text of a Timestamp read from the wire (Time drops nanos on read, as Go does). */
export function fromTimestamp(ts: Timestamp, precision: 'second' | 'micro'): string | undefined {
  // time.Unix carries nanos outside [0, 1e9) into the seconds.
  const seconds = precision === 'micro' ? ts.seconds + Math.floor(ts.nanos / 1e9) : ts.seconds;
  const nanos = precision === 'micro' ? ts.nanos - Math.floor(ts.nanos / 1e9) * 1e9 : 0;
  if (!Number.isFinite(seconds) || Math.abs(seconds) > MAX_SECONDS) return undefined;
  if (precision === 'second') return formatTime(seconds * 1000);
  return formatMicroTime(seconds * 1000 + Math.floor(nanos / 1_000_000), Math.floor(nanos / 1000) % 1000);
}
