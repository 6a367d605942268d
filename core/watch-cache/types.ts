import type { Version } from './version.ts';

export { StoreEvent, type EventType } from './store-event.ts';
export { Version } from './version.ts';

export interface ListedItem {
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
  readonly version: Version;
}
