/**
 * The browser runtime, as pages use it: `bootOrch` (then plain `fetch`) and the worker's control
 * surface. The folders say where each file runs: `page/` in the page, `shared-worker/` in the API
 * worker (entry `shared-worker/api-worker.ts`: the one API server of the origin), `service-worker/`
 * in the Service Worker (entry `service-worker/service-worker.ts`), and `protocol/` what they say
 * to each other. Nothing here pulls the API server into a page's bundle.
 */
export { bootOrch, startOrch, type BootOptions, type OrchHandle, type OrchStart } from './page/boot.ts';
export { whenIdle } from './page/when-idle.ts';
export type {
  KindInfo,
  OrchControl,
  PodSimulatorSettings,
  RuntimeSettings,
  RuntimeStats,
  Snapshot,
  ThroughputOptions,
  ThroughputResult,
} from './protocol/control.ts';
export { offlineReadiness, type OfflineReadiness } from './protocol/offline-readiness.ts';
export { isApiPath, type HeaderList, type WireRequest, type WireResponse } from './protocol/port-protocol.ts';
