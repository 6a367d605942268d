export { namespaceController, type NamespaceControllerOptions } from './controller.ts';
export { NamespacedResourcesDeleter, ResourcesRemainingError, NAMESPACE_FINALIZER } from './deleter.ts';
export {
  NamespaceContentRemaining,
  NamespaceDeletionContentFailure,
  NamespaceDeletionDiscoveryFailure,
  NamespaceDeletionGVParsingFailure,
  NamespaceFinalizersRemaining,
} from './conditions.ts';
