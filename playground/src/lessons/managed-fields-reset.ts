import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok } from '../tutorial/lesson.ts';

const CM = `/api/v1/namespaces/${NS}/configmaps/legacy`;

export default defineLesson({
  id: 'managed-fields-reset',
  title: 'Resetting managedFields',
  summary: 'Clear the ownership records of an object with a write that sends `managedFields: [{}]`.',
  text: [
    '`managedFields` can be written like any field. A write that sets it to a list with one empty entry, `[{}]`, clears every record: the object stays as it is, and nobody owns anything.',
    'This is how a tool hands an object over, or starts afresh after ownership got tangled. Sending an empty list `[]` changes nothing (it means "leave them as they are").',
  ],
  goal: 'Clear every managedFields entry of `legacy`, keeping its data.',
  steps: ['Send a merge patch `{"metadata": {"managedFields": [{}]}}` to `legacy`.', 'The ownership table empties; the data stays.'],
  hint: 'An empty list `[]` leaves managedFields alone: the reset is a list with one empty object, `[{}]`.',
  setup: [
    NS_SETUP,
    {
      method: 'PATCH',
      path: `${CM}?fieldManager=old-tool`,
      headers: { 'content-type': 'application/apply-patch+yaml' },
      body: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: legacy\n  namespace: ${NS}\n  labels:\n    team: infra\ndata:\n  a: "1"\n`,
    },
    {
      method: 'PATCH',
      path: `${CM}?fieldManager=hand-edit`,
      headers: { 'content-type': 'application/merge-patch+json' },
      body: { data: { b: '2' } },
    },
  ],
  start: { tool: 'editor', yaml: 'metadata:\n  managedFields: []\n' },
  picture: { kind: 'ownership', watch: [{ ...CONFIGMAPS, namespace: NS }], focus: CM },
  async check(ctx) {
    const cm = await ctx.get<{ metadata: { managedFields?: unknown[] }; data?: Record<string, string> }>(CM);
    if (!cm) return missing('legacy still there');
    if ((cm.metadata.managedFields ?? []).length) return missing('no managedFields left');
    if (cm.data?.a !== '1' || cm.data?.b !== '2') return missing('the data kept');
    return ok;
  },
  solution: [
    {
      tool: 'editor',
      say: 'One empty entry: the records are cleared, the object stays.',
      action: 'patch',
      patchType: 'merge',
      target: { resource: '/configmaps', namespace: NS, name: 'legacy' },
      yaml: 'metadata:\n  managedFields:\n  - {}\n',
    },
  ],
});
