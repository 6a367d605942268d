import {
  CLUSTER_ROLE_BINDINGS,
  CLUSTER_ROLES,
  defineLesson,
  missing,
  NS,
  NS_SETUP,
  ok,
  ROLE_BINDINGS,
  ROLES,
  type LessonContext,
  type LoggedRequest,
} from '../tutorial/lesson.ts';

const ALICE = { user: 'alice', groups: ['dev'] } as const;
const CONFIGMAPS = `/api/v1/namespaces/${NS}/configmaps`;

const ROLE_YAML = `apiVersion: rbac.authorization.orch.io/v1
kind: Role
metadata:
  name: configmap-reader
  namespace: ${NS}
rules:
- apiGroups: [""]
  resources: [configmaps]
  verbs: [get, list, watch]
`;

const BINDING_YAML = `apiVersion: rbac.authorization.orch.io/v1
kind: RoleBinding
metadata:
  name: alice-reads-configmaps
  namespace: ${NS}
subjects:
- kind: User
  name: alice
  apiGroup: rbac.authorization.orch.io
roleRef:
  kind: Role
  name: configmap-reader
  apiGroup: rbac.authorization.orch.io
`;

/** What the server says alice may do here (a SubjectAccessReview, asked as the administrator). */
async function aliceMay(ctx: LessonContext, verb: string): Promise<boolean> {
  const a = await ctx.request({
    method: 'POST',
    path: '/apis/authorization.orch.io/v1/subjectaccessreviews',
    body: {
      apiVersion: 'authorization.orch.io/v1',
      kind: 'SubjectAccessReview',
      spec: { user: ALICE.user, groups: [...ALICE.groups], resourceAttributes: { namespace: NS, verb, resource: 'configmaps' } },
    },
  });
  return (a.json as { status?: { allowed?: boolean } } | undefined)?.status?.allowed === true;
}

/** The learner's lists of the ConfigMaps sent as alice, oldest first. */
function listsAsAlice(ctx: LessonContext): LoggedRequest[] {
  return ctx.requests.filter(
    (r) => r.done && r.method === 'GET' && r.path.split('?')[0] === CONFIGMAPS && r.requestHeaders['impersonate-user'] === ALICE.user,
  );
}

export default defineLesson({
  id: 'rbac-users',
  title: 'RBAC: acting as another user',
  summary: 'A user may do only what a binding grants: see a 403 as alice, grant her a Role, and see it pass.',
  text: [
    'Every request is made by a user (with groups), and with RBAC the server allows it only if some rule says so: a Role (in a namespace) or ClusterRole lists rules, each a set of verbs on resources of API groups; a RoleBinding grants a role’s rules to users, groups or ServiceAccounts in its namespace, and a ClusterRoleBinding grants a ClusterRole’s rules in every namespace. Nothing is allowed by default: every signed-in user (group `system:authenticated`) is bound cluster-wide only to a few system roles, for discovery and for asking what it may do.',
    'The playground’s administrator is in `system:masters`, allowed everything. Choosing another user in “act as” sends `Impersonate-User` with each request, as `kubectl --as` does: the server then authorizes the request as that user. A denied request is `403 Forbidden`, and its message names the user, the verb, the resource and the namespace.',
  ],
  goal: 'As `alice`, list the ConfigMaps of `tutorial` and get a 403; as admin, grant her read access (get, list, watch) with a Role and a RoleBinding, and no more; then list them again as alice: 200.',
  steps: [
    'Act as “alice (group dev)” and send `GET /api/v1/namespaces/tutorial/configmaps` in the request console: 403, `User "alice" cannot list resource "configmaps"`.',
    'Act as admin again, and create the Role `configmap-reader` and the RoleBinding `alice-reads-configmaps` with the YAML editor.',
    'Act as alice and send the GET again: 200. The picture shows which binding and rule allowed it (a `delete` would still be refused).',
    'In the terminal, ask the server as the administrator: `orchctl auth can-i delete configmaps -n tutorial --as alice` answers `no`; `list` answers `yes`.',
  ],
  hint: 'The 403 must come first, as alice (act as “alice”); the grant must let her get, list and watch ConfigMaps in tutorial, and nothing more: binding her to `cluster-admin` or `edit` also lets her delete.',
  settings: { controllers: false },
  setup: [NS_SETUP, { method: 'POST', path: CONFIGMAPS, body: { metadata: { name: 'team-notes' }, data: { standup: '9:30' } } }],
  start: { tool: 'console', yaml: ROLE_YAML, console: { method: 'GET', path: CONFIGMAPS } },
  picture: {
    kind: 'rbac',
    watch: [{ ...ROLES, namespace: NS }, { ...ROLE_BINDINGS, namespace: NS }, CLUSTER_ROLES, CLUSTER_ROLE_BINDINGS],
  },
  async check(ctx) {
    const lists = listsAsAlice(ctx);
    const denied = lists.findIndex((r) => r.status === 403);
    if (denied < 0) return missing('a list as alice answered 403 first');
    if (!(await aliceMay(ctx, 'list'))) return missing('alice allowed to list ConfigMaps in tutorial');
    if (!(await aliceMay(ctx, 'watch')) || !(await aliceMay(ctx, 'get'))) return missing('alice allowed to get and watch them too');
    if (await aliceMay(ctx, 'delete')) return missing('alice allowed to read ConfigMaps, but not to delete them');
    if (!lists.slice(denied + 1).some((r) => r.status === 200)) return missing('a list as alice answered 200 after the grant');
    return ok;
  },
  solution: [
    { tool: 'user', say: 'Act as alice.', as: ALICE },
    { tool: 'console', say: 'As alice, list the ConfigMaps: 403 Forbidden.', method: 'GET', path: CONFIGMAPS },
    { tool: 'user', say: 'Act as admin again (system:masters).', as: undefined },
    { tool: 'editor', say: 'A Role that reads ConfigMaps.', action: 'create', yaml: ROLE_YAML },
    { tool: 'editor', say: 'A RoleBinding granting it to alice.', action: 'create', yaml: BINDING_YAML },
    { tool: 'user', say: 'Act as alice.', as: ALICE },
    { tool: 'console', say: 'As alice, list again: 200.', method: 'GET', path: CONFIGMAPS },
    { tool: 'user', say: 'Back to admin.', as: undefined },
  ],
});
