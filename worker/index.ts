/**
 * The browser runtime, as pages use it: `bootOrch` (then plain `fetch`) and the worker's control
 * surface. What runs inside the workers starts from their entries, `api-worker.ts` and
 * `service-worker.ts`; nothing here pulls the API server into a page's bundle.
 */
export { bootOrch, type BootOptions, type OrchHandle } from './boot.ts';
export type { KindInfo, OrchControl, RuntimeStats, ThroughputOptions, ThroughputResult } from './control.ts';
export type { PodSimulatorSettings, RuntimeSettings } from './settings.ts';
export type { Snapshot } from './snapshot.ts';
export { offlineReadiness, type OfflineReadiness } from './offline-readiness.ts';
export { isApiPath, type HeaderList, type WireRequest, type WireResponse } from './port-protocol.ts';
