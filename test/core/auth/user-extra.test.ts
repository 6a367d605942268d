/**
 * A user's `extra` travels as the real platform carries it: from `Impersonate-Extra-*` headers and
 * from a pod-bound ServiceAccount token (`authentication.orchestrator.io/pod-name`, `pod-uid`,
 * `credential-id`) to SelfSubjectReview's answer; from a SubjectAccessReview's spec into the
 * user it reviews; and through protobuf, where each list is Go's ExtraValue message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage } from '../../../core/codecs/protobuf/index.ts';
import type { ApiServer } from '../../../core/index.ts';
import { UserInfo } from '../../../core/registry/types/authentication-v1.ts';
import { as, securedServer } from '../../support/secured.ts';

const AUTHN = '/apis/authentication.orch.io/v1';
const AUTHZ = '/apis/authorization.orch.io/v1';
type Expected = Record<string, unknown> | undefined;

describe('user extra', () => {
  let api: ApiServer;
  let pod: { name: string; uid: string };
  let token: string;
  beforeAll(async () => {
    api = await securedServer();
    await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'runner' } });
    const created = await as(api, 'root', 'POST', '/api/v1/namespaces/default/pods', {
      metadata: { name: 'worker' },
      spec: { serviceAccountName: 'runner', containers: [{ name: 'c', image: 'busybox' }] },
    });
    expect(created.status).toBe(201);
    pod = { name: created.body.metadata.name, uid: created.body.metadata.uid };
    const issued = await as(api, 'root', 'POST', '/api/v1/namespaces/default/serviceaccounts/runner/token', {
      spec: { boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: pod.name } },
    });
    expect(issued.status).toBe(201);
    token = issued.body.status.token;
  });
  afterAll(() => api.close());

  it.each([
    [
      'impersonated extra, one key with two values, one escaped key',
      'root' as const,
      { 'impersonate-user': 'dave', 'impersonate-extra-scopes': 'view, edit', 'impersonate-extra-example.com%2freason': 'audit' },
      (): Expected => ({ scopes: ['view', 'edit'], 'example.com/reason': ['audit'] }),
    ],
    [
      'a pod-bound ServiceAccount token',
      undefined,
      {},
      (): Expected => ({
        'authentication.orchestrator.io/pod-name': [pod.name],
        'authentication.orchestrator.io/pod-uid': [pod.uid],
        'authentication.orchestrator.io/credential-id': [expect.stringMatching(/^JTI=/)],
      }),
    ],
    ['a static token, which has none', 'alice' as const, {}, (): Expected => undefined],
  ])('SelfSubjectReview answers %s', async (_what, who, headers, extra) => {
    const res = await as(api, who ?? { token }, 'POST', `${AUTHN}/selfsubjectreviews`, {}, headers);
    expect(res.status).toBe(201);
    expect(res.body.status.userInfo.extra).toEqual(extra());
  });

  it('SubjectAccessReview keeps the extra of the user it reviews', async () => {
    const review = {
      spec: {
        user: 'erin',
        groups: ['ops'],
        extra: { scopes: ['a', 'b'] },
        resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'default' },
      },
    };
    const res = await as(api, 'root', 'POST', `${AUTHZ}/subjectaccessreviews`, review);
    expect(res.status).toBe(201);
    expect(res.body.spec.extra).toEqual({ scopes: ['a', 'b'] });
    expect(res.body.status.allowed).toBe(false);
  });

  it('carries extra through protobuf as ExtraValue messages', () => {
    const user = { username: 'u', groups: ['g'], extra: { k: ['v1', 'v2'] } };
    const bytes = encodeMessage(user, UserInfo);
    // username 1 = "u", uid 2 = "", groups 3 = "g", extra 4 = {key 1 = "k", value 2 = ExtraValue{items 1 = "v1", 1 = "v2"}}.
    expect(Buffer.from(bytes).toString('hex')).toBe('0a017512001a0167220d0a016b12080a0276310a027632');
    expect(decodeMessage(bytes, UserInfo)).toMatchObject(user);
  });
});
