export { Cache, REGISTRY_PREFIX, type CacheOptions } from './cache.ts';
export { ResourceStore, type ScanOptions } from './resource-store.ts';
export { StoreFeed } from './store-feed.ts';
export { setResourceVersion } from './json-rv.ts';
export type { EventType, ListedItem, StoreEvent, Version } from './types.ts';
