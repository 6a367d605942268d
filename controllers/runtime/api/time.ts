/**
 * Timestamps as the wire spells them (Time to the second, MicroTime to the microsecond, UTC):
 * core's, which the API server writes them with.
 */
import { parseTime as parseRfc3339 } from '../../../core/util/index.ts';

export { formatMicroTime, formatTime } from '../../../core/util/index.ts';

/**
 * Milliseconds since the epoch, or undefined for a missing or malformed time: what a controller
 * adds delays to and compares with its clock (core's parse also keeps the microseconds). Takes
 * null too, which the server writes for a zero time (`creationTimestamp: null` in a template).
 */
export function parseTime(text: string | null | undefined): number | undefined {
  return text ? parseRfc3339(text)?.ms : undefined;
}
