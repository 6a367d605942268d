/**
 * A server whose user bob is served by a level of one seat and one queue of one place, so that
 * any seat held (a request running, a write's final seats) makes bob's next request wait.
 */
import { expect } from 'vitest';
import type { ApiServer, ApiServerOptions } from '../../../core/index.ts';
import type { FlowControlOptions } from '../../../core/flowcontrol/index.ts';
import { as, securedServer, TOKENS } from '../../support/secured.ts';

export const FC = '/apis/flowcontrol.apiserver.orch.io/v1';

export async function tinyLevelForBob(extra: ApiServerOptions = {}, flowControl: FlowControlOptions = {}): Promise<ApiServer> {
  const api = await securedServer({
    ...extra,
    security: {
      authentication: { tokens: TOKENS },
      authorization: { modes: 'AlwaysAllow' },
      flowControl: { maxRequestsInflight: 1, maxMutatingRequestsInflight: 1, ...flowControl },
    },
  });
  const level = {
    metadata: { name: 'tiny' },
    spec: {
      type: 'Limited',
      limited: {
        nominalConcurrencyShares: 1,
        borrowingLimitPercent: 0,
        limitResponse: { type: 'Queue', queuing: { queues: 1, handSize: 1, queueLengthLimit: 1 } },
      },
    },
  };
  expect((await as(api, 'root', 'POST', `${FC}/prioritylevelconfigurations`, level)).status).toBe(201);
  const schema = {
    metadata: { name: 'bob' },
    spec: {
      priorityLevelConfiguration: { name: 'tiny' },
      matchingPrecedence: 100,
      rules: [
        {
          subjects: [{ kind: 'User', user: { name: 'bob' } }],
          resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true }],
        },
      ],
    },
  };
  expect((await as(api, 'root', 'POST', `${FC}/flowschemas`, schema)).status).toBe(201);
  return api;
}
