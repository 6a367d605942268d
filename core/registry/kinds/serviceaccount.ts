/** ServiceAccount (core v1, namespaced): an identity for processes in pods. */
import { defineKind } from '../definition.ts';
import { ServiceAccount, type ObjectReference } from '../types/core-v1-misc.ts';
import { AGE_COLUMN } from '../table.ts';
import { TokenRequest } from '../types/authentication-v1.ts';
import { answerTokenRequest } from '../../auth/reviews.ts';

/** Secret references keep only the name: the rest of an ObjectReference means nothing here. */
function cleanSecretReferences(obj: ServiceAccount): void {
  if (!obj.secrets) return;
  obj.secrets = obj.secrets.map((s): ObjectReference => (s.name ? { name: s.name } : {}));
}

export const serviceAccountKind = defineKind<ServiceAccount>({
  group: '',
  version: 'v1',
  kind: 'ServiceAccount',
  resource: 'serviceaccounts',
  singular: 'serviceaccount',
  shortNames: ['sa'],
  namespaced: true,
  schema: ServiceAccount,
  // TokenRequest: a signed token for the account, answered without changing it.
  subresources: {
    token: {
      kind: 'create',
      schema: TokenRequest,
      apiVersion: 'authentication.orch.io/v1',
      bodyKind: 'TokenRequest',
      answer: answerTokenRequest,
    },
  },
  table: [
    {
      name: 'Secrets',
      type: 'string',
      description: 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.',
      cell: (obj) => (obj.secrets ?? []).length,
    },
    AGE_COLUMN,
  ],
  strategy: {
    prepareForCreate: cleanSecretReferences,
    prepareForUpdate: cleanSecretReferences,
  },
});
