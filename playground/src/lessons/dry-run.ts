import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok } from '../tutorial/lesson.ts';

const CMS = `/api/v1/namespaces/${NS}/configmaps`;

export default defineLesson({
  id: 'dry-run',
  title: 'dryRun and fieldValidation',
  summary: 'Ask what a write would do without doing it; decide what happens to fields the schema does not know.',
  text: [
    '`dryRun=All` runs a write all the way (defaults, validation, admission) and answers what the object would be, but stores nothing. It is how a client checks a change before making it.',
    '`fieldValidation` says what to do with fields the kind does not have: `Ignore` drops them silently, `Warn` (the default) drops them and says so in a `Warning` header, `Strict` refuses the request with 400 BadRequest.',
  ],
  goal: 'Create `probe` with dryRun (201, yet nothing stored), then get a 400 by creating `strict` with an unknown field and `fieldValidation=Strict`.',
  steps: [
    'POST a ConfigMap `probe` to `…/configmaps?dryRun=All`: 201, and the list does not show it.',
    'POST `{"metadata": {"name": "strict"}, "spec": {}}` to `…/configmaps?fieldValidation=Strict`: 400, unknown field "spec".',
  ],
  hint: 'The query parameters are case-sensitive: `dryRun=All` and `fieldValidation=Strict`. A ConfigMap has no `spec`: that is the unknown field.',
  setup: [NS_SETUP],
  start: {
    tool: 'console',
    console: {
      method: 'POST',
      path: `${CMS}?dryRun=All`,
      headers: 'content-type: application/json',
      body: '{"metadata": {"name": "probe"}}',
    },
  },
  picture: { kind: 'objects', watch: [{ ...CONFIGMAPS, namespace: NS }], field: 'data' },
  async check(ctx) {
    const dry = ctx.requests.some((r) => r.method === 'POST' && /dryRun=All/.test(r.path) && r.status === 201);
    if (!dry) return missing('a create with dryRun=All answered 201');
    if (await ctx.get(`${CMS}/probe`)) return missing('probe not stored (it was created without dryRun)');
    const strict = ctx.requests.some((r) => r.method === 'POST' && /fieldValidation=Strict/.test(r.path) && r.status === 400);
    if (!strict) return missing('a create with fieldValidation=Strict refused with 400');
    return ok;
  },
  solution: [
    {
      tool: 'console',
      say: 'A dry run: the answer is the object as it would be, but nothing is stored.',
      method: 'POST',
      path: `${CMS}?dryRun=All`,
      headers: 'content-type: application/json',
      body: '{"metadata": {"name": "probe"}, "data": {"k": "v"}}',
    },
    {
      tool: 'console',
      say: 'Strict: an unknown field is a 400, not a silent drop.',
      method: 'POST',
      path: `${CMS}?fieldValidation=Strict`,
      headers: 'content-type: application/json',
      body: '{"metadata": {"name": "strict"}, "spec": {}}',
    },
  ],
});
