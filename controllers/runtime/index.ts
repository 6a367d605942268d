/** The operator framework: client, informers, work queue, controllers and their manager, helpers. */
export * from './api/index.ts';
export * from './client/index.ts';
export * from './informer/index.ts';
export * from './workqueue/index.ts';
export * from './controller/index.ts';
export * from './helpers/index.ts';
export * from './leader-election/index.ts';
export { clockTimer, Backoff } from './util/clock.ts';
export { consoleLogger, type Logger } from './util/logger.ts';
