export {
  GarbageCollector,
  garbageCollector,
  FOREGROUND_FINALIZER,
  ORPHAN_FINALIZER,
  type GarbageCollectorOptions,
} from './garbage-collector.ts';
export { GraphNode, type Identity } from './graph.ts';
