/**
 * Servers with a priority level of one seat for chosen users, for the flow-control tests: the
 * level and the FlowSchema that sends those users to it are made through the API, as an operator
 * would make them.
 */
import { expect } from 'vitest';
import type { ApiServer, ApiServerOptions } from '../../../core/index.ts';
import type { FlowControlOptions } from '../../../core/flowcontrol/index.ts';
import { as, securedServer, TOKENS } from '../../support/secured.ts';

export const FC = '/apis/flowcontrol.apiserver.orch.io/v1';

export interface OneSeatLevel {
  /** The priority level's name. */
  readonly name: string;
  /** The FlowSchema's name. */
  readonly schema: string;
  /** The users the schema sends to the level. */
  readonly users: readonly string[];
  readonly queuing: { readonly queues: number; readonly handSize: number; readonly queueLengthLimit: number };
  /** Each user a flow of its own (`ByUser`); otherwise one flow for all. */
  readonly byUser?: boolean;
}

/** A server whose `users` are served by a level of one seat, queuing as `queuing` says. */
export async function oneSeatLevel(
  level: OneSeatLevel,
  extra: ApiServerOptions = {},
  flowControl: FlowControlOptions = {},
): Promise<ApiServer> {
  const api = await securedServer({
    ...extra,
    security: {
      authentication: { tokens: TOKENS },
      authorization: { modes: 'AlwaysAllow' },
      flowControl: { maxRequestsInflight: 1, maxMutatingRequestsInflight: 1, ...flowControl },
    },
  });
  const priorityLevel = {
    metadata: { name: level.name },
    spec: {
      type: 'Limited',
      limited: {
        nominalConcurrencyShares: 1,
        borrowingLimitPercent: 0,
        limitResponse: { type: 'Queue', queuing: level.queuing },
      },
    },
  };
  expect((await as(api, 'root', 'POST', `${FC}/prioritylevelconfigurations`, priorityLevel)).status).toBe(201);
  const schema = {
    metadata: { name: level.schema },
    spec: {
      priorityLevelConfiguration: { name: level.name },
      matchingPrecedence: 100,
      ...(level.byUser ? { distinguisherMethod: { type: 'ByUser' } } : {}),
      rules: [
        {
          subjects: level.users.map((name) => ({ kind: 'User', user: { name } })),
          resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true }],
        },
      ],
    },
  };
  expect((await as(api, 'root', 'POST', `${FC}/flowschemas`, schema)).status).toBe(201);
  return api;
}

/**
 * A server whose user bob is served by a level of one seat and one queue of one place, so that
 * any seat held (a request running, a write's final seats) makes bob's next request wait.
 */
export function tinyLevelForBob(extra: ApiServerOptions = {}, flowControl: FlowControlOptions = {}): Promise<ApiServer> {
  return oneSeatLevel(
    { name: 'tiny', schema: 'bob', users: ['bob'], queuing: { queues: 1, handSize: 1, queueLengthLimit: 1 } },
    extra,
    flowControl,
  );
}
