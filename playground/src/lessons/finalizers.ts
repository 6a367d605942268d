import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok } from '../tutorial/lesson.ts';

const CM = `/api/v1/namespaces/${NS}/configmaps/guarded`;

export default defineLesson({
  id: 'finalizers',
  title: 'Finalizers and a deletion stuck in Terminating',
  summary: 'A finalizer holds a deleted object until whoever put it there lets go.',
  text: [
    'A finalizer is a name in `metadata.finalizers`: a promise that someone has cleanup to do before the object may go. Deleting an object with finalizers does not remove it: the server sets `deletionTimestamp` and the object stays, Terminating.',
    'It goes the moment the last finalizer is removed (by an update or patch). If the controller that owns a finalizer is gone, the deletion waits forever, which is the famous "stuck in Terminating".',
  ],
  goal: 'Delete `guarded` and see it stay (it has a deletionTimestamp), then remove its finalizer so it is really gone.',
  steps: [
    'DELETE `/api/v1/namespaces/tutorial/configmaps/guarded`: the answer is the object, with a deletionTimestamp.',
    'Patch `metadata.finalizers` to an empty list (merge patch `{"metadata": {"finalizers": null}}`): the object is gone.',
  ],
  hint: 'The deletion has to come first: removing the finalizer from an object that is not being deleted just leaves a normal object.',
  setup: [
    NS_SETUP,
    {
      method: 'POST',
      path: `/api/v1/namespaces/${NS}/configmaps`,
      body: { metadata: { name: 'guarded', finalizers: ['example.com/cleanup'] } },
    },
  ],
  start: { tool: 'console', console: { method: 'DELETE', path: CM } },
  picture: { kind: 'objects', watch: [{ ...CONFIGMAPS, namespace: NS }], field: 'metadata.finalizers' },
  async check(ctx) {
    const deleted = ctx.requests.some((r) => r.method === 'DELETE' && /\/guarded/.test(r.path) && /deletionTimestamp/.test(r.text));
    if (!deleted) return missing('a DELETE of guarded that left it Terminating');
    if (await ctx.get(CM)) return missing('guarded gone (remove the finalizer)');
    return ok;
  },
  solution: [
    { tool: 'console', say: 'Delete: the finalizer holds it; it now has a deletionTimestamp.', method: 'DELETE', path: CM },
    {
      tool: 'editor',
      say: 'Remove the last finalizer: the object goes.',
      action: 'patch',
      patchType: 'merge',
      target: { resource: '/configmaps', namespace: NS, name: 'guarded' },
      yaml: 'metadata:\n  finalizers: null\n',
    },
  ],
});
