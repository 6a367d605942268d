/** Each access-review kind, SelfSubjectReview, TokenRequest, and impersonation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../../core/index.ts';
import { as, bindRole, RBAC, securedServer } from '../../support/secured.ts';

const AUTHZ = '/apis/authorization.orch.io/v1';
const AUTHN = '/apis/authentication.orch.io/v1';

describe('access reviews', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await securedServer();
    await as(api, 'root', 'POST', `${RBAC}/namespaces/default/rolebindings`, bindRole('alice', 'view', 'default'));
  });
  afterAll(() => api.close());

  const ssar = (resourceAttributes: object) => ({
    apiVersion: 'authorization.orch.io/v1',
    kind: 'SelfSubjectAccessReview',
    spec: { resourceAttributes },
  });

  it.each([
    ['alice', { verb: 'get', resource: 'configmaps', namespace: 'default' }, true],
    ['alice', { verb: 'delete', resource: 'configmaps', namespace: 'default' }, false],
    ['alice', { verb: 'get', resource: 'configmaps', namespace: 'other' }, false],
    ['bob', { verb: 'get', resource: 'configmaps', namespace: 'default' }, false],
    ['root', { verb: 'delete', resource: 'nodes' }, true],
  ] as const)('SelfSubjectAccessReview: %s %o → %s', async (who, attrs, allowed) => {
    const res = await as(api, who, 'POST', `${AUTHZ}/selfsubjectaccessreviews`, ssar(attrs));
    expect(res.status).toBe(201);
    expect(res.body.status.allowed).toBe(allowed);
  });

  it('answers in the authorization.k8s.io spelling kubectl posts to', async () => {
    const body = { ...ssar({ verb: 'get', resource: 'configmaps', namespace: 'default' }), apiVersion: 'authorization.k8s.io/v1' };
    const res = await as(api, 'alice', 'POST', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', body);
    expect(res.status).toBe(201);
    expect(res.body.apiVersion).toBe('authorization.k8s.io/v1');
    expect(res.body.status.allowed).toBe(true);
  });

  it('SubjectAccessReview asks about another user, and needs its own grant', async () => {
    const body = { spec: { user: 'alice', resourceAttributes: { verb: 'list', resource: 'configmaps', namespace: 'default' } } };
    expect((await as(api, 'bob', 'POST', `${AUTHZ}/subjectaccessreviews`, body)).status).toBe(403);
    const res = await as(api, 'root', 'POST', `${AUTHZ}/subjectaccessreviews`, body);
    expect(res.status).toBe(201);
    expect(res.body.status.allowed).toBe(true);
  });

  it('LocalSubjectAccessReview must ask about its own namespace', async () => {
    const ok = { spec: { user: 'alice', resourceAttributes: { verb: 'get', resource: 'configmaps', namespace: 'default' } } };
    const res = await as(api, 'root', 'POST', `${AUTHZ}/namespaces/default/localsubjectaccessreviews`, ok);
    expect(res.status).toBe(201);
    expect(res.body.status.allowed).toBe(true);
    const bad = { spec: { user: 'alice', resourceAttributes: { verb: 'get', resource: 'configmaps', namespace: 'other' } } };
    const refused = await as(api, 'root', 'POST', `${AUTHZ}/namespaces/default/localsubjectaccessreviews`, bad);
    expect(refused.status).toBe(422);
    expect(refused.body.details.causes[0]).toMatchObject({ field: 'spec.resourceAttributes.namespace', reason: 'FieldValueInvalid' });
  });

  it.each([
    ['neither attributes', { spec: {} }, 'spec.resourceAttributes'],
    [
      'both attributes',
      { spec: { resourceAttributes: { verb: 'get' }, nonResourceAttributes: { path: '/x', verb: 'get' } } },
      'spec.nonResourceAttributes',
    ],
  ])('SelfSubjectAccessReview with %s is 422', async (_what, body, field) => {
    const res = await as(api, 'alice', 'POST', `${AUTHZ}/selfsubjectaccessreviews`, body);
    expect(res.status).toBe(422);
    expect(res.body.details.causes[0].field).toBe(field);
  });

  it('SelfSubjectRulesReview lists the rules the user has in a namespace', async () => {
    const res = await as(api, 'alice', 'POST', `${AUTHZ}/selfsubjectrulesreviews`, { spec: { namespace: 'default' } });
    expect(res.status).toBe(201);
    expect(res.body.status.incomplete).toBe(false);
    expect(res.body.status.resourceRules).toEqual(
      expect.arrayContaining([
        { verbs: ['create'], apiGroups: ['authorization.orch.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] },
        expect.objectContaining({ verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: expect.arrayContaining(['configmaps']) }),
      ]),
    );
    expect(res.body.status.nonResourceRules).toEqual(
      expect.arrayContaining([expect.objectContaining({ verbs: ['get'], nonResourceURLs: expect.arrayContaining(['/api']) })]),
    );
  });

  it('the reviews are only created: no list, no get', async () => {
    expect((await as(api, 'root', 'GET', `${AUTHZ}/selfsubjectaccessreviews`)).status).toBe(405);
  });

  it('SelfSubjectReview says who the user is', async () => {
    const res = await as(api, 'alice', 'POST', `${AUTHN}/selfsubjectreviews`, {
      apiVersion: 'authentication.orch.io/v1',
      kind: 'SelfSubjectReview',
    });
    expect(res.status).toBe(201);
    expect(res.body.status.userInfo).toEqual({ username: 'alice', uid: '1001', groups: ['dev', 'qa', 'system:authenticated'] });
  });

  it('TokenRequest issues a token that authenticates as the ServiceAccount', async () => {
    await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'builder' } });
    const res = await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts/builder/token', {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      spec: { expirationSeconds: 3600 },
    });
    expect(res.status).toBe(201);
    expect(res.body.apiVersion).toBe('authentication.k8s.io/v1');
    expect(res.body.status.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const who = await as(api, { token: res.body.status.token }, 'POST', `${AUTHN}/selfsubjectreviews`, {});
    expect(who.body.status.userInfo.username).toBe('system:serviceaccount:default:builder');
    const short = await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts/builder/token', {
      spec: { expirationSeconds: 60 },
    });
    expect(short.status).toBe(422);
    const missing = await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts/nobody/token', { spec: {} });
    expect(missing.status).toBe(404);
  });
});

describe('impersonation', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await securedServer();
    await as(api, 'root', 'POST', `${RBAC}/namespaces/default/rolebindings`, bindRole('alice', 'view', 'default'));
    const impersonator = {
      metadata: { name: 'impersonate-alice' },
      rules: [{ verbs: ['impersonate'], apiGroups: [''], resources: ['users'], resourceNames: ['alice'] }],
    };
    await as(api, 'root', 'POST', `${RBAC}/clusterroles`, impersonator);
    await as(api, 'root', 'POST', `${RBAC}/clusterrolebindings`, bindRole('bob', 'impersonate-alice'));
  });
  afterAll(() => api.close());

  const whoami = (who: 'alice' | 'bob' | 'root', headers: Record<string, string>) =>
    as(api, who, 'POST', `${AUTHN}/selfsubjectreviews`, {}, headers);

  it.each([
    [
      'root as anyone with groups',
      'root',
      { 'impersonate-user': 'dave', 'impersonate-group': 'ops' },
      201,
      { username: 'dave', groups: ['ops', 'system:authenticated'] },
    ],
    [
      'root as a service account',
      'root',
      { 'impersonate-user': 'system:serviceaccount:default:sa' },
      201,
      {
        username: 'system:serviceaccount:default:sa',
        groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'],
      },
    ],
    [
      'root with extra and uid',
      'root',
      { 'impersonate-user': 'dave', 'impersonate-uid': 'u-1', 'impersonate-extra-scopes': 'view' },
      201,
      { username: 'dave', uid: 'u-1', groups: ['system:authenticated'], extra: { scopes: ['view'] } },
    ],
    ['bob as alice', 'bob', { 'impersonate-user': 'alice' }, 201, { username: 'alice', groups: ['system:authenticated'] }],
  ] as const)('%s', async (_what, who, headers, status, userInfo) => {
    const res = await whoami(who, headers);
    expect(res.status).toBe(status);
    expect(res.body.status.userInfo).toEqual(userInfo);
  });

  it.each([
    [
      'bob as root',
      'bob',
      { 'impersonate-user': 'root' },
      403,
      'users "root" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope',
    ],
    [
      'bob as alice in a group',
      'bob',
      { 'impersonate-user': 'alice', 'impersonate-group': 'system:masters' },
      403,
      'groups "system:masters" is forbidden: User "bob" cannot impersonate resource "groups" in API group "" at the cluster scope',
    ],
    ['a group without a user', 'root', { 'impersonate-group': 'ops' }, 400, 'requested [group ops] without impersonating a user'],
  ] as const)('refuses %s', async (_what, who, headers, status, message) => {
    const res = await whoami(who, headers);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it('authorizes the request as the impersonated user', async () => {
    const headers = { 'impersonate-user': 'alice' };
    expect((await as(api, 'bob', 'GET', '/api/v1/namespaces/default/configmaps', undefined, headers)).status).toBe(200);
    expect((await as(api, 'bob', 'DELETE', '/api/v1/namespaces/default/configmaps/x', undefined, headers)).status).toBe(403);
  });
});
