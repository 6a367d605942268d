/** Messages between pages and the Service Worker about connecting it to the API worker. */

/** Page → SW: `ports[0]` serves HTTP (its other end is in the API worker), `ports[1]` gets `PORT_OK`. */
export const PORT = 'orch:port';
export const PORT_OK = 'orch:port-ok';
/** SW → page: "I have no connection to the API worker, send me a port". */
export const NEED_PORT = 'orch:need-port';
/** Page → SW: "control me" (a page loaded with a hard reload is not controlled). */
export const CLAIM = 'orch:claim';
/**
 * Page → SW: "cache the app for offline use now" (sent once the runtime has started, so the
 * caching does not compete with the first visit's start).
 */
export const FILL = 'orch:fill';

export interface OrchMessage {
  readonly type: typeof PORT | typeof PORT_OK | typeof NEED_PORT | typeof CLAIM | typeof FILL;
}

export function isOrchMessage(data: unknown): data is OrchMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { type?: unknown }).type === 'string' &&
    (data as { type: string }).type.startsWith('orch:')
  );
}
