export { addFinalizer, hasFinalizer, removeFinalizer } from './finalizers.ts';
export {
  AlreadyOwnedError,
  controllerReference,
  getControllerOf,
  isControlledBy,
  ownerReference,
  removeOwnerReference,
  setControllerReference,
  upsertOwnerReference,
  type OwnerReferenceOptions,
} from './owner-refs.ts';
export { findCondition, isConditionTrue, removeCondition, setCondition, type ConditionLike, type ConditionUpdate } from './conditions.ts';
export { EventRecorder, referenceTo, type EventRecorderOptions, type EventSpec, type EventType } from './events.ts';
export { installCrds, isCrd, isEstablished, parseManifests, waitForEstablished, type InstallCrdsOptions } from './crds.ts';
