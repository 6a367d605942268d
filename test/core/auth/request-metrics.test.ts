/**
 * What the security stages count, as the real filters count it: authentication outcomes in
 * `authentication_attempts` (success, failure without credentials, error for refused ones),
 * authorization decisions in `authorization_attempts_total`; a request refused by those filters
 * never reaches the handlers, so it is not in `apiserver_request_total`, while a refusal the
 * handler makes (RBAC escalation prevention, create through apply) is counted with its code.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../../core/index.ts';
import { as, bindRole, RBAC, securedServer, TOKENS, type TestUser } from '../../support/secured.ts';

const CM = '/api/v1/namespaces/default/configmaps';

let api: ApiServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function metrics(): Promise<string> {
  return (await as(api!, 'root', 'GET', '/metrics')).text;
}

describe('security metrics', () => {
  it.each([
    ['no credentials with anonymous off', 401, 'authentication_attempts{result="failure"} 1', false, 'anonymous'],
    ['a token nobody issued', 401, 'authentication_attempts{result="error"} 1', true, { token: 'nobody-knows-this' }],
    ['a user RBAC grants nothing', 403, 'authorization_attempts_total{result="no-opinion"} 1', true, 'alice'],
    ['a user RBAC allows', 200, 'authentication_attempts{result="success"}', true, 'root'],
  ] as const)('%s: %i, counted as %s', async (_what, code, counted, anonymous, who) => {
    api = await securedServer({ security: { authentication: { tokens: TOKENS, anonymous }, authorization: { modes: 'RBAC' } } });
    expect((await as(api, who as TestUser, 'GET', CM)).status).toBe(code);
    const text = await metrics();
    expect(text).toContain(counted);
    // Refused before the handlers: not in the request total.
    const total = new RegExp(`apiserver_request_total\\{code="${code}"[^}]*resource="configmaps"`);
    expect(total.test(text)).toBe(code === 200);
  });

  it('counts an allowed request as allowed', async () => {
    api = await securedServer();
    expect((await as(api, 'root', 'GET', CM)).status).toBe(200);
    expect(await metrics()).toMatch(/authorization_attempts_total\{result="allowed"\} [1-9]/);
  });

  it.each([
    [
      'an escalating role',
      'POST',
      `${RBAC}/namespaces/default/roles`,
      { metadata: { name: 'wide' }, rules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }] },
      {},
      'apiserver_request_total{code="403",component="apiserver",dry_run="",group="rbac.authorization.orch.io",resource="roles",scope="resource",subresource="",verb="POST",version="v1"} 1',
    ],
    [
      'an apply that would create without create',
      'PATCH',
      `${CM}/new-one?fieldManager=bob`,
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'new-one' } },
      { 'content-type': 'application/apply-patch+yaml' },
      'apiserver_request_total{code="403",component="apiserver",dry_run="",group="",resource="configmaps",scope="resource",subresource="",verb="APPLY",version="v1"} 1',
    ],
  ])('counts the handler’s refusal of %s in the request total', async (_what, method, path, body, headers, line) => {
    api = await securedServer();
    const patcher = {
      metadata: { name: 'writer' },
      rules: [
        { verbs: ['create', 'patch'], apiGroups: ['rbac.authorization.orch.io'], resources: ['roles'] },
        { verbs: ['patch'], apiGroups: [''], resources: ['configmaps'] },
      ],
    };
    expect((await as(api, 'root', 'POST', `${RBAC}/clusterroles`, patcher)).status).toBe(201);
    expect((await as(api, 'root', 'POST', `${RBAC}/clusterrolebindings`, bindRole('bob', 'writer'))).status).toBe(201);
    expect((await as(api, 'bob', method, path, body, headers)).status).toBe(403);
    expect(await metrics()).toContain(line);
  });
});
