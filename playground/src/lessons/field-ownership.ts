import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok, sent } from '../tutorial/lesson.ts';

const CM = `/api/v1/namespaces/${NS}/configmaps/settings`;

interface Entry {
  manager: string;
  operation: string;
  fieldsV1?: { 'f:data'?: Record<string, unknown> };
}

function owns(entries: Entry[], manager: string, key: string): boolean {
  return entries.some((e) => e.manager === manager && e.operation === 'Apply' && e.fieldsV1?.['f:data']?.[`f:${key}`] !== undefined);
}

const yaml = (data: Record<string, string>) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: ${NS}\ndata:\n${Object.entries(data)
    .map(([k, v]) => `  ${k}: "${v}"`)
    .join('\n')}\n`;

export default defineLesson({
  id: 'field-ownership',
  title: 'Server-side apply: ownership, conflicts, force, sharing',
  summary: 'Two managers apply the same object: who owns which field, a conflict, force, shared fields.',
  text: [
    'With server-side apply, you send the fields you care about (your whole intent) as a field manager, and the server records, per field, which manager set it: `metadata.managedFields`.',
    'If you apply a different value for a field another manager owns, the server refuses with 409 Conflict and names the manager. You can then leave the field out, agree on the same value (then both own it), or apply with `force=true` to take it over.',
  ],
  goal: 'As `bob`: own `data.c`, share `data.b` with `alice` (same value), and take `data.a` from alice after the conflict.',
  steps: [
    'Apply as `bob` with `data: {a: "9", b: "2", c: "3"}`: 409, a conflict with "alice" over `.data.a`.',
    'Apply the same again with force: bob takes `a`; both own `b` (same value); bob owns `c`.',
  ],
  hint: 'The field manager box names who applies; the conflict is about `a`, whose value differs. For `b` to be shared, bob must apply exactly alice’s value `"2"`.',
  setup: [
    NS_SETUP,
    {
      method: 'PATCH',
      path: `${CM}?fieldManager=alice`,
      headers: { 'content-type': 'application/apply-patch+yaml' },
      body: yaml({ a: '1', b: '2' }),
    },
  ],
  start: { tool: 'editor', yaml: yaml({ a: '9', b: '2', c: '3' }) },
  picture: { kind: 'ownership', watch: [{ ...CONFIGMAPS, namespace: NS }], focus: CM },
  async check(ctx) {
    if (!sent(ctx, { method: 'PATCH', status: 409 }).length) return missing('an apply answered 409 Conflict');
    const cm = await ctx.get<{ metadata: { managedFields?: Entry[] }; data?: Record<string, string> }>(CM);
    const mf = cm?.metadata.managedFields ?? [];
    if (!owns(mf, 'bob', 'c')) return missing('bob owns data.c');
    if (!(owns(mf, 'bob', 'b') && owns(mf, 'alice', 'b'))) return missing('data.b owned by both alice and bob');
    if (!owns(mf, 'bob', 'a') || owns(mf, 'alice', 'a')) return missing('data.a taken over by bob');
    return ok;
  },
  solution: [
    {
      tool: 'editor',
      say: 'Bob applies a different value for a: 409, alice owns it.',
      action: 'apply',
      fieldManager: 'bob',
      yaml: yaml({ a: '9', b: '2', c: '3' }),
    },
    {
      tool: 'editor',
      say: 'With force, bob takes a; b has the same value, so both own it.',
      action: 'apply',
      fieldManager: 'bob',
      force: true,
      yaml: yaml({ a: '9', b: '2', c: '3' }),
    },
  ],
});
