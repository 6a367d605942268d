export { classify, orderSchemas, type Classification } from './classifier.ts';
export {
  type Admission,
  FlowControl,
  type FlowConfigSource,
  type FlowControlOptions,
  type FlowMetrics,
  type Rejection,
} from './flow-control.ts';
export { dealHand, type LevelConfig, PriorityLevel, type RejectReason } from './priority-level.ts';
