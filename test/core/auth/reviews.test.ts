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

describe('SelfSubjectRulesReview', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await securedServer();
    await as(api, 'root', 'POST', `${RBAC}/namespaces/default/rolebindings`, bindRole('alice', 'view', 'default'));
    await as(api, 'root', 'POST', `${RBAC}/clusterrolebindings`, bindRole('bob', 'nosuchcr'));
  });
  afterAll(() => api.close());

  const review = (who: 'alice' | 'bob' | 'root', spec: object) =>
    as(api, who, 'POST', '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectRulesReview',
      metadata: { name: 'asked' },
      spec,
    });

  it.each([{}, { namespace: '' }])('needs a namespace: %j is 400', async (spec) => {
    const res = await review('alice', spec);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', message: 'no namespace on request' });
  });

  it('answers a new object: no spec, no metadata of the request', async () => {
    const res = await review('alice', { namespace: 'default' });
    expect(res.status).toBe(201);
    expect(res.body.apiVersion).toBe('authorization.k8s.io/v1');
    expect(res.body.spec).toEqual({});
    expect(res.body.metadata.name).toBeUndefined();
  });

  it('a binding to a missing role: complete, with the error as evaluationError', async () => {
    const res = await review('bob', { namespace: 'kube-system' });
    expect(res.status).toBe(201);
    expect(res.body.status.incomplete).toBe(false);
    expect(res.body.status.evaluationError).toBe('clusterrole.rbac.authorization.orch.io "nosuchcr" not found');
    expect(res.body.status.resourceRules).toEqual(
      expect.arrayContaining([expect.objectContaining({ resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] })]),
    );
  });

  it('the denial reason names one error without brackets', async () => {
    const res = await as(api, 'bob', 'POST', '/apis/authorization.orch.io/v1/selfsubjectaccessreviews', {
      spec: { resourceAttributes: { verb: 'get', resource: 'secrets', namespace: 'kube-system' } },
    });
    expect(res.body.status).toEqual({ allowed: false, reason: 'RBAC: clusterrole.rbac.authorization.orch.io "nosuchcr" not found' });
  });

  it("system:masters is listed cluster-admin's rules once each", async () => {
    const res = await review('root', { namespace: 'default' });
    expect(res.body.status.evaluationError).toBeUndefined();
    const everything = (rules: { verbs: string[]; resources?: string[]; nonResourceURLs?: string[] }[]) =>
      rules.filter((r) => r.verbs.includes('*') && (r.resources?.includes('*') || r.nonResourceURLs?.includes('*')));
    expect(everything(res.body.status.resourceRules)).toEqual([{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }]);
    expect(everything(res.body.status.nonResourceRules)).toEqual([{ verbs: ['*'], nonResourceURLs: ['*'] }]);
  });
});

describe('access review validation', () => {
  let api: ApiServer;
  beforeAll(async () => {
    api = await securedServer();
  });
  afterAll(() => api.close());

  const sar = (resourceAttributes: object) => ({
    spec: { user: 'bob', resourceAttributes: { verb: 'list', resource: 'pods', namespace: 'default', ...resourceAttributes } },
  });
  const FS = 'spec.resourceAttributes.fieldSelector';
  const LS = 'spec.resourceAttributes.labelSelector';

  it.each([
    [
      'field selector with both rawSelector and requirements',
      sar({ fieldSelector: { rawSelector: 'spec.nodeName=n1', requirements: [{ key: 'spec.nodeName', operator: 'In', values: ['x'] }] } }),
      [`${FS}.rawSelector: Invalid value: "spec.nodeName=n1": may not specified at the same time as requirements`],
    ],
    [
      'empty field selector',
      sar({ fieldSelector: {} }),
      [`${FS}.requirements: Required value: when ${FS} is specified, requirements or rawSelector is required`],
    ],
    [
      'label selector with both',
      sar({ labelSelector: { rawSelector: 'a=b', requirements: [{ key: 'a', operator: 'In', values: ['b'] }] } }),
      [`${LS}.rawSelector: Invalid value: "a=b": may not specified at the same time as requirements`],
    ],
    [
      'empty label selector',
      sar({ labelSelector: {} }),
      [`${LS}.requirements: Required value: when ${LS} is specified, requirements or rawSelector is required`],
    ],
    [
      'field requirement without a key',
      sar({ fieldSelector: { requirements: [{ operator: 'Exists' }] } }),
      [`${FS}.requirements[0].key: Required value: must be specified`],
    ],
    [
      'In without values',
      sar({ fieldSelector: { requirements: [{ key: 'k', operator: 'In' }] } }),
      [`${FS}.requirements[0].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`],
    ],
    [
      'Exists with values',
      sar({ labelSelector: { requirements: [{ key: 'k', operator: 'Exists', values: ['v'] }] } }),
      [`${LS}.requirements[0].values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`],
    ],
    [
      'a label key that is no label name',
      sar({ labelSelector: { requirements: [{ key: '()foo', operator: 'Exists' }] } }),
      [
        `${LS}.requirements[0].key: Invalid value: "()foo": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      ],
    ],
    [
      'neither kind of attributes and no user',
      { metadata: { name: 'named' }, spec: {} },
      [
        'spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified',
        'spec.user: Invalid value: "": at least one of user or group must be specified',
      ],
    ],
  ])('SubjectAccessReview: %s is 422', async (_what, body, errors) => {
    const res = await as(api, 'root', 'POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', body);
    expect(res.status).toBe(422);
    const text = errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`;
    // The real handler reports the decoded object, which has no kind, and no name.
    expect(res.body.message).toBe(`.authorization.orch.io "" is invalid: ${text}`);
  });

  it.each([
    ['an unknown operator', { fieldSelector: { requirements: [{ key: 'k', operator: 'Fancy', values: ['v'] }] } }],
    ['a raw selector alone', { fieldSelector: { rawSelector: 'spec.nodeName=n1' }, labelSelector: { rawSelector: 'a=b' } }],
  ])('SubjectAccessReview with %s is answered', async (_what, attrs) => {
    const res = await as(api, 'root', 'POST', '/apis/authorization.orch.io/v1/subjectaccessreviews', sar(attrs));
    expect(res.status).toBe(201);
    expect(res.body.status.allowed).toBe(false);
  });

  const IGNORED = (flavour: string) => `spec.resourceAttributes.${flavour} ignored due to parse error`;
  const PARTLY = (flavour: string) => `spec.resourceAttributes.${flavour} partially ignored due to parse error`;
  it.each([
    [
      'readable raw selectors',
      { fieldSelector: { rawSelector: 'spec.nodeName=n1' }, labelSelector: { rawSelector: 'a in (b)' } },
      undefined,
    ],
    [
      'unparsable raw selectors',
      { fieldSelector: { rawSelector: 'key in value' }, labelSelector: { rawSelector: '&' } },
      `${IGNORED('fieldSelector')}; ${IGNORED('labelSelector')}`,
    ],
    [
      'a field requirement of two values',
      { fieldSelector: { requirements: [{ key: 'a', operator: 'In', values: ['1', '2'] }] } },
      IGNORED('fieldSelector'),
    ],
    [
      'a field requirement Exists beside a readable one',
      {
        fieldSelector: {
          requirements: [
            { key: 'a', operator: 'NotIn', values: ['1'] },
            { key: 'b', operator: 'Exists' },
          ],
        },
      },
      PARTLY('fieldSelector'),
    ],
    [
      'a label requirement of an unknown operator',
      { labelSelector: { requirements: [{ key: 'a', operator: 'Fancy', values: ['x'] }] } },
      IGNORED('labelSelector'),
    ],
    [
      'readable requirements',
      {
        fieldSelector: { requirements: [{ key: 'a', operator: 'In', values: ['1'] }] },
        labelSelector: {
          requirements: [
            { key: 'a', operator: 'Exists' },
            { key: 'b', operator: 'NotIn', values: ['c'] },
          ],
        },
      },
      undefined,
    ],
  ])('SubjectAccessReview with %s: evaluationError %j', async (_what, attrs, evaluationError) => {
    const res = await as(api, 'root', 'POST', '/apis/authorization.orch.io/v1/subjectaccessreviews', sar(attrs));
    expect(res.status).toBe(201);
    expect(res.body.status.evaluationError).toBe(evaluationError);
    const self = await as(api, 'bob', 'POST', '/apis/authorization.orch.io/v1/selfsubjectaccessreviews', sar(attrs));
    expect(self.body.status.evaluationError).toBe(evaluationError);
  });

  it('SelfSubjectAccessReview and LocalSubjectAccessReview check selectors too', async () => {
    const bad = { fieldSelector: { rawSelector: 'a=b', requirements: [{ key: 'a', operator: 'In', values: ['b'] }] } };
    const self = await as(api, 'bob', 'POST', '/apis/authorization.orch.io/v1/selfsubjectaccessreviews', {
      spec: { resourceAttributes: { verb: 'list', resource: 'pods', ...bad } },
    });
    expect(self.status).toBe(422);
    expect(self.body.details.causes).toEqual([
      {
        reason: 'FieldValueInvalid',
        field: `${FS}.rawSelector`,
        message: 'Invalid value: "a=b": may not specified at the same time as requirements',
      },
    ]);
    const local = await as(api, 'root', 'POST', '/apis/authorization.orch.io/v1/namespaces/default/localsubjectaccessreviews', sar(bad));
    expect(local.status).toBe(422);
    expect(local.body.details.causes[0].field).toBe(`${FS}.rawSelector`);
  });
});

describe('TokenRequest bound objects', () => {
  let api: ApiServer;
  const NS = '/api/v1/namespaces/default';
  const uids: Record<string, string> = {};
  beforeAll(async () => {
    api = await securedServer();
    for (const sa of ['robot', 'robot2']) await as(api, 'root', 'POST', `${NS}/serviceaccounts`, { metadata: { name: sa } });
    const pod = (name: string, sa?: string) => ({
      metadata: { name },
      spec: { ...(sa ? { serviceAccountName: sa } : {}), containers: [{ name: 'c', image: 'nginx' }] },
    });
    for (const [name, sa] of [
      ['web-0', 'robot'],
      ['web-1', 'robot2'],
    ] as const) {
      const res = await as(api, 'root', 'POST', `${NS}/pods`, pod(name, sa));
      uids[name] = res.body.metadata.uid;
    }
    const secret = await as(api, 'root', 'POST', `${NS}/secrets`, { metadata: { name: 'holder' } });
    uids.holder = secret.body.metadata.uid;
  });
  afterAll(() => api.close());

  const request = (sa: string, spec: object) =>
    as(api, 'root', 'POST', `${NS}/serviceaccounts/${sa}/token`, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec });

  it.each([
    ['a Pod of its own', 'robot', { kind: 'Pod', apiVersion: 'v1', name: 'web-0' }],
    ['a Pod, no apiVersion', 'robot', { kind: 'Pod', name: 'web-0' }],
    ['a Secret', 'robot2', { kind: 'Secret', apiVersion: 'v1', name: 'holder' }],
  ])('binds %s', async (_what, sa, boundObjectRef) => {
    const res = await request(sa, { boundObjectRef });
    expect(res.status).toBe(201);
    const who = await as(api, { token: res.body.status.token }, 'POST', '/apis/authentication.orch.io/v1/selfsubjectreviews', {});
    expect(who.body.status.userInfo.username).toBe(`system:serviceaccount:default:${sa}`);
  });

  it.each([
    [
      'a Pod running as another ServiceAccount',
      'robot2',
      { kind: 'Pod', apiVersion: 'v1', name: 'web-0' },
      400,
      'cannot bind token for serviceaccount "robot2" to pod running with different serviceaccount name.',
    ],
    [
      'a Pod of another group',
      'robot',
      { kind: 'Pod', apiVersion: 'apps/v1', name: 'web-0' },
      400,
      'cannot bind token to object of type apps/v1, Kind=Pod',
    ],
    [
      'a ConfigMap',
      'robot',
      { kind: 'ConfigMap', apiVersion: 'v1', name: 'cm1' },
      400,
      'cannot bind token to object of type /v1, Kind=ConfigMap',
    ],
    ['no kind', 'robot', { name: 'x' }, 400, 'cannot bind token to object of type /, Kind='],
    ['a missing Pod', 'robot', { kind: 'Pod', apiVersion: 'v1', name: 'gone' }, 404, 'pods "gone" not found'],
    ['a missing Secret', 'robot', { kind: 'Secret', apiVersion: 'v1', name: 'gone' }, 404, 'secrets "gone" not found'],
    ['a missing Node', 'robot', { kind: 'Node', apiVersion: 'v1', name: 'n1' }, 404, 'nodes "n1" not found'],
    [
      'a Pod of another uid',
      'robot',
      { kind: 'Pod', apiVersion: 'v1', name: 'web-0', uid: 'other' },
      409,
      'Operation cannot be fulfilled on Pod "web-0": the UID in the bound object reference (other) does not match the UID in record. The object might have been deleted and then recreated',
    ],
  ])('refuses %s', async (_what, sa, boundObjectRef, code, message) => {
    const res = await request(sa, { boundObjectRef });
    expect(res.status).toBe(code);
    expect(res.body.message).toBe(message);
  });

  it('accepts the uid of the bound Pod', async () => {
    const res = await request('robot', { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'web-0', uid: uids['web-0'] } });
    expect(res.status).toBe(201);
  });

  it.each([
    [60, 'spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes'],
    [2 ** 32 + 1, 'spec.expirationSeconds: Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds'],
  ])('expirationSeconds %d is 422, before the bound object is looked at', async (expirationSeconds, error) => {
    const res = await request('robot2', { expirationSeconds, boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'web-0' } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(`TokenRequest.authentication.orch.io "" is invalid: ${error}`);
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
