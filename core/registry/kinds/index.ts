/** Every kind the server knows. Adding a kind is adding its file and a line here. */
import type { KindDefinition } from '../definition.ts';
import { configMapKind } from './configmap.ts';
import { namespaceKind } from './namespace.ts';

export const BUILTIN_KINDS: readonly KindDefinition[] = [namespaceKind, configMapKind];

export { configMapKind, namespaceKind };
