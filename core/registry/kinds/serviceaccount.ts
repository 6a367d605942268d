/** ServiceAccount (core v1, namespaced): an identity for processes in pods. */
import { isObject, type JsonObject } from '../../util/json.ts';
import type { KindDefinition } from '../definition.ts';
import { AGE_COLUMN } from '../table.ts';
import { ServiceAccount } from '../types/core-v1-misc.ts';
import { listAt } from './field-checks.ts';

/** Secret references keep only the name: the rest of an ObjectReference means nothing here. */
function cleanSecretReferences(obj: JsonObject): void {
  if (!Array.isArray(obj.secrets)) return;
  obj.secrets = obj.secrets.map((s): JsonObject => (isObject(s) && typeof s.name === 'string' && s.name ? { name: s.name } : {}));
}

export const serviceAccountKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'ServiceAccount',
  resource: 'serviceaccounts',
  singular: 'serviceaccount',
  shortNames: ['sa'],
  namespaced: true,
  schema: ServiceAccount,
  table: [
    {
      name: 'Secrets',
      type: 'string',
      description: 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.',
      cell: (obj) => listAt(obj.secrets).length,
    },
    AGE_COLUMN,
  ],
  strategy: {
    prepareForCreate: cleanSecretReferences,
    prepareForUpdate: cleanSecretReferences,
  },
};
