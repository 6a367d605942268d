export * from './backend.ts';
export { MemoryBackend } from './memory-backend.ts';
export { resourcePartOf, WatcherSet } from './watchers.ts';
