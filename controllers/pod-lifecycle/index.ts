export {
  podLifecycleSimulator,
  SIM_FAIL_ANNOTATION,
  SIM_NEVER_READY_ANNOTATION,
  DEFAULT_NODE,
  type PodLifecycleOptions,
} from './simulator.ts';
export { isPodAvailable, isPodReady, isPodTerminal, podCondition } from './pod.ts';
