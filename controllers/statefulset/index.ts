export { statefulSetController, STATEFULSET_CONTROLLER, type StatefulSetControllerOptions } from './controller.ts';
export { POD_INDEX_LABEL, POD_NAME_LABEL, REVISION_LABEL } from './identity.ts';
export { CONTROLLER_REVISION_HASH_LABEL, hashRevision, revisionData } from './revisions.ts';
// Revision data is hashed as Go encodes it; exported for tests that compute a revision's name.
export { goJson } from '../../core/util/index.ts';
export { maxUnavailableOf } from './control.ts';
