export { statefulSetController, STATEFULSET_CONTROLLER, type StatefulSetControllerOptions } from './controller.ts';
export { POD_INDEX_LABEL, POD_NAME_LABEL, REVISION_LABEL } from './identity.ts';
export { CONTROLLER_REVISION_HASH_LABEL, goJson, hashRevision, revisionData } from './revisions.ts';
export { maxUnavailableOf } from './control.ts';
export {
  CONTROLLER_REVISIONS,
  PERSISTENT_VOLUME_CLAIMS,
  STATEFUL_SETS,
  type ControllerRevision,
  type LabelSelector,
  type PersistentVolumeClaim,
  type StatefulSet,
  type StatefulSetSpec,
  type StatefulSetStatus,
} from './types.ts';
