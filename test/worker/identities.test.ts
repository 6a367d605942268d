/**
 * The playground worker authorizes with RBAC: a page's request with no credentials of its own is
 * the administrator's (system:masters), so the sandbox keeps working; impersonating another user
 * (the user switcher) really changes what is allowed; a request bringing its own credentials is
 * judged on them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../core/index.ts';
import { actingAs, PAGE_ADMIN, PLAYGROUND_SECURITY } from '../../worker/shared-worker/identities.ts';
import { toApiRequest } from '../../worker/shared-worker/port-server.ts';

describe('the worker’s identities', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = createApiServer({ security: PLAYGROUND_SECURITY });
    await api.ready;
  });
  afterAll(() => api.close());

  const list = (headers: [string, string][]) =>
    api.handle(
      actingAs(toApiRequest({ method: 'GET', url: 'http://orch/api/v1/namespaces/default/configmaps', headers, body: null }), PAGE_ADMIN),
    );

  it.each([
    ['no credentials: the administrator', 200, []],
    ['impersonating alice, who is granted nothing', 403, [['impersonate-user', 'alice']]],
    ['a token of its own that nobody issued', 401, [['authorization', 'Bearer not-a-token']]],
  ] as [string, number, [string, string][]][])('%s → %i', async (_name, status, headers) => {
    expect((await list(headers)).status).toBe(status);
  });

  it('the 403 names the impersonated user, as the real server says it', async () => {
    const res = await list([['impersonate-user', 'alice']]);
    expect(JSON.parse(String(res.body)).message).toBe(
      'configmaps is forbidden: User "alice" cannot list resource "configmaps" in API group "" in the namespace "default"',
    );
  });
});
