export {
  Controller,
  controllerKeys,
  startWorkers,
  type ControllerDeps,
  type ControllerOptions,
  type Reconciler,
  type ReconcileResult,
  type Runnable,
  type WatchSpec,
} from './controller.ts';
export { Manager, type ManagerOptions, type RunnableFactory } from './manager.ts';
export { and, annotationsChanged, generationChanged, hasLabels, labelsChanged, not, or, type Predicate } from './predicates.ts';
