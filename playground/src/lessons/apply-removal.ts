import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok } from '../tutorial/lesson.ts';

const CM = `/api/v1/namespaces/${NS}/configmaps/app-config`;

const yaml = (data: Record<string, string>) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\n  namespace: ${NS}\ndata:\n${Object.entries(data)
    .map(([k, v]) => `  ${k}: "${v}"`)
    .join('\n')}\n`;

export default defineLesson({
  id: 'apply-removal',
  title: 'Removing a field by leaving it out',
  summary: 'An apply is your whole intent: a field you no longer send is removed, unless someone else owns it.',
  text: [
    'An apply is not a patch: it states everything a manager wants. A field that the manager applied before and leaves out now is removed from the object, as long as no other manager owns it too.',
    'If another manager also owns the field, leaving it out only gives up your share: the field stays, owned by the other.',
  ],
  goal: 'As `deployer`, remove `data.debug` by applying without it; `data.shared` stays because `ops` owns it too, even though deployer leaves it out as well.',
  steps: [
    'Apply as `deployer` with only `data.mode: "prod"`.',
    'Watch the table: `debug` is gone; `shared` stays, now owned by ops alone.',
  ],
  hint: 'Apply as the same manager that set the field (`deployer`), with the field left out entirely; setting it to an empty string keeps it.',
  setup: [
    NS_SETUP,
    {
      method: 'PATCH',
      path: `${CM}?fieldManager=deployer`,
      headers: { 'content-type': 'application/apply-patch+yaml' },
      body: yaml({ mode: 'prod', debug: 'true', shared: 'yes' }),
    },
    {
      method: 'PATCH',
      path: `${CM}?fieldManager=ops`,
      headers: { 'content-type': 'application/apply-patch+yaml' },
      body: yaml({ shared: 'yes' }),
    },
  ],
  start: { tool: 'editor', yaml: yaml({ mode: 'prod', debug: 'true', shared: 'yes' }) },
  picture: { kind: 'ownership', watch: [{ ...CONFIGMAPS, namespace: NS }], focus: CM },
  async check(ctx) {
    const cm = await ctx.get<{ data?: Record<string, string> }>(CM);
    if (cm?.data?.debug !== undefined) return missing('data.debug removed');
    if (cm?.data?.shared !== 'yes') return missing('data.shared kept (ops owns it)');
    if (cm?.data?.mode !== 'prod') return missing('data.mode still prod');
    return ok;
  },
  solution: [
    {
      tool: 'editor',
      say: 'Apply without debug and shared: debug goes, shared stays with ops.',
      action: 'apply',
      fieldManager: 'deployer',
      yaml: yaml({ mode: 'prod' }),
    },
  ],
});
