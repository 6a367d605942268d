export {
  finalizerController,
  mirrorName,
  CLEANUP_FINALIZER,
  MIRROR_OF_ANNOTATION,
  MIRROR_TO_LABEL,
  REPORTING_CONTROLLER,
  type FinalizerControllerOptions,
} from './controller.ts';
