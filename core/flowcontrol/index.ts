export { type AllocationItem, allocate } from './allocation.ts';
export { classify, orderSchemas, type Classification } from './classifier.ts';
export {
  type Admission,
  FlowControl,
  type FlowConfigSource,
  type FlowControlOptions,
  type FlowMetrics,
  type LevelDebugState,
  type LevelLimits,
  type Rejection,
} from './flow-control.ts';
export { ESTIMATED_SERVICE_MS } from './fair-queue.ts';
export {
  type Grant,
  type LevelConfig,
  type LevelDump,
  PriorityLevel,
  type QueueDump,
  type RejectReason,
  type RequestDump,
  type RequestLabel,
} from './priority-level.ts';
export { type DebugDump, debugDumpOf, goDuration, renderDebugDump, rfc3339Nano, seatSeconds, table } from './debug-dump.ts';
export { dealHand, flowHash } from './shuffle-sharding.ts';
export { SeatDemand, type SeatDemandStats } from './seat-demand.ts';
export {
  EVENT_ADDITIONAL_DURATION_MS,
  estimateSeats,
  estimateWork,
  levelMaxSeats,
  maxSeatsOf,
  mutatingWork,
  WATCHES_PER_SEAT,
  type WorkEstimate,
} from './work-estimate.ts';
export { type ExactField, WatchTracker, watchedName } from './watch-tracker.ts';
