/**
 * Host-neutral helpers with no API server behind them: clocks, the wire's timestamps and
 * apiVersion, Go's string order and JSON encoding. The controller runtime imports them here
 * rather than from `core/index.ts`, because it also runs in the playground's page: importing
 * core's index brings the server's kinds and codecs, which a bundler cannot leave out.
 */
export { apiVersionOf } from './api-version.ts';
export { realClock, VirtualClock, type Clock, type TimerHandle } from './clock.ts';
export { compareStrings } from './compare.ts';
export { goJson } from './go-json.ts';
export type { JsonObject, JsonValue } from './json.ts';
export { formatMicroTime, formatTime, parseTime } from './time.ts';
