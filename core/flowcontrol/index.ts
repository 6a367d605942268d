export { type AllocationItem, allocate } from './allocation.ts';
export { classify, orderSchemas, type Classification } from './classifier.ts';
export {
  type Admission,
  FlowControl,
  type FlowConfigSource,
  type FlowControlOptions,
  type FlowMetrics,
  type LevelLimits,
  type Rejection,
} from './flow-control.ts';
export { dealHand, type LevelConfig, PriorityLevel, type RejectReason } from './priority-level.ts';
export { SeatDemand, type SeatDemandStats } from './seat-demand.ts';
export { estimateSeats, levelMaxSeats } from './work-estimate.ts';
