import { CONFIGMAPS, defineLesson, missing, NAMESPACES, ok } from '../tutorial/lesson.ts';

const NS = '/api/v1/namespaces/scratch';

export default defineLesson({
  id: 'namespace-termination',
  title: 'Namespace termination',
  summary: 'Deleting a namespace empties it first; nothing new may be created in it meanwhile.',
  text: [
    'Deleting a namespace puts it in phase `Terminating`. The namespace controller then deletes everything in it; the namespace itself goes only when it is empty and its `spec.finalizers` are done.',
    'While it terminates, the server refuses to create anything in it: 403 Forbidden, "because it is being terminated". An object in it with a finalizer of its own holds up the whole namespace until that finalizer is removed.',
  ],
  goal: 'Delete namespace `scratch`, get the 403 trying to create in it, release the ConfigMap `held` (it has a finalizer) and see the namespace go.',
  steps: [
    'DELETE `/api/v1/namespaces/scratch`.',
    'POST a ConfigMap to `/api/v1/namespaces/scratch/configmaps`: 403 Forbidden.',
    'Remove `held`’s finalizer (merge patch `metadata.finalizers: null`): the namespace finishes.',
  ],
  hint: 'The namespace waits for `held`: patch its finalizers away (it is in namespace scratch). The 403 only comes while the namespace is Terminating.',
  setup: [
    { method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: 'scratch' } } },
    { method: 'POST', path: `${NS}/configmaps`, body: { metadata: { name: 'plain' } } },
    { method: 'POST', path: `${NS}/configmaps`, body: { metadata: { name: 'held', finalizers: ['example.com/hold'] } } },
  ],
  start: { tool: 'console', console: { method: 'DELETE', path: NS } },
  picture: { kind: 'objects', watch: [{ ...NAMESPACES }, { ...CONFIGMAPS, namespace: 'scratch' }], field: 'status.phase' },
  async check(ctx) {
    if (!ctx.requests.some((r) => r.method === 'POST' && r.path.startsWith(`${NS}/`) && r.status === 403)) {
      return missing('a create in the terminating namespace answered 403');
    }
    if (await ctx.get(NS)) return missing('namespace scratch gone');
    return ok;
  },
  solution: [
    { tool: 'console', say: 'Delete the namespace: Terminating, its contents go.', method: 'DELETE', path: NS },
    {
      tool: 'wait',
      say: 'The controller deletes plain; held waits for its finalizer.',
      until: async (ctx) => (await ctx.get(`${NS}/configmaps/plain`)) === undefined,
    },
    {
      tool: 'console',
      say: 'Nothing new may be created in it: 403.',
      method: 'POST',
      path: `${NS}/configmaps`,
      headers: 'content-type: application/json',
      body: '{"metadata": {"name": "too-late"}}',
    },
    {
      tool: 'editor',
      say: 'Release held: the namespace is empty and goes.',
      action: 'patch',
      patchType: 'merge',
      target: { resource: '/configmaps', namespace: 'scratch', name: 'held' },
      yaml: 'metadata:\n  finalizers: null\n',
    },
  ],
});
