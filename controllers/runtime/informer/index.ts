export { SharedInformer, type InformerOptions } from './shared-informer.ts';
export { Store, NAMESPACE_INDEX, OWNER_INDEX, namespaceIndex, ownerIndex, type IndexFunc, type InformerEvent } from './store.ts';
export { reflect, INITIAL_EVENTS_END_ANNOTATION, type ReflectorEvent, type ReflectorOptions, type ReflectorTrace } from './reflector.ts';
