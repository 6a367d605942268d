/**
 * A server with authentication and RBAC on, and requests made as one of its users: `alice`,
 * `bob` and `root` (in system:masters) have static tokens; `anonymous` sends none.
 */
import { createApiServer, type ApiServer, type ApiServerOptions } from '../../core/index.ts';

export const TOKENS = `alice-token,alice,1001,"dev,qa"
bob-token,bob,1002
root-token,root,1000,system:masters
`;

export const USERS = { alice: 'alice-token', bob: 'bob-token', root: 'root-token' } as const;
export type TestUser = keyof typeof USERS | 'anonymous' | { readonly token: string };

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
  readonly text: string;
}

export async function securedServer(extra: ApiServerOptions = {}): Promise<ApiServer> {
  const api = createApiServer({
    ...extra,
    security: { authentication: { tokens: TOKENS, anonymous: true }, authorization: { modes: 'RBAC' }, ...extra.security },
  });
  await api.ready;
  return api;
}

export async function as(
  api: ApiServer,
  who: TestUser,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const h: Record<string, string> = { accept: 'application/json', ...headers };
  const token = typeof who === 'object' ? who.token : who === 'anonymous' ? undefined : USERS[who];
  if (token) h.authorization = `Bearer ${token}`;
  if (body !== undefined && !h['content-type']) h['content-type'] = 'application/json';
  const res = await api.fetch(
    new Request(`http://orch${path}`, {
      method,
      headers: h,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    }),
  );
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** A binding of a cluster role to a user, cluster-wide or in a namespace. */
export function bindRole(user: string, role: string, namespace?: string, roleKind: 'ClusterRole' | 'Role' = 'ClusterRole') {
  return {
    apiVersion: 'rbac.authorization.orch.io/v1',
    kind: namespace ? 'RoleBinding' : 'ClusterRoleBinding',
    metadata: { name: `${user}-${role}`, ...(namespace ? { namespace } : {}) },
    subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.orch.io', name: user }],
    roleRef: { apiGroup: 'rbac.authorization.orch.io', kind: roleKind, name: role },
  };
}

export const RBAC = '/apis/rbac.authorization.orch.io/v1';
