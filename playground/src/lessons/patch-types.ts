import { at, defineLesson, missing, NS, NS_SETUP, ok, sent, STATEFULSETS } from '../tutorial/lesson.ts';

const STS = `/apis/apps/v1/namespaces/${NS}/statefulsets/web`;
const TARGET = { resource: 'apps/statefulsets', namespace: NS, name: 'web' };

export default defineLesson({
  id: 'patch-types',
  title: 'Three patch types',
  summary: 'Strategic merge, JSON merge and JSON patch, and what each does to a list.',
  text: [
    'A JSON merge patch (`application/merge-patch+json`) is a partial object: maps merge, `null` deletes a key, and a list is replaced whole. Send a list of one container and the others are gone.',
    'A strategic merge patch (`application/strategic-merge-patch+json`) knows the kind’s schema: a list of containers is merged by its key, `name`, so a patch with one new container adds it. Directives such as `$patch: delete` remove one element.',
    'A JSON patch (`application/json-patch+json`) is a list of operations on paths: `add`, `remove`, `replace`, `test`... A `test` that fails makes the whole patch fail.',
  ],
  goal: 'On StatefulSet `web`: add a container `log` beside `nginx` (strategic merge), remove the label `old` (merge patch with null), and set replicas to 2 with a JSON patch that first tests they are 1.',
  steps: [
    'Strategic merge patch: `spec.template.spec.containers: [{name: log, image: busybox}]`: both containers stay.',
    'JSON merge patch: `metadata.labels.old: null`.',
    'JSON patch: `[{op: test, path: /spec/replicas, value: 1}, {op: replace, path: /spec/replicas, value: 2}]`.',
  ],
  hint: 'With a JSON merge patch, the containers list would be replaced, so nginx would be lost: the container must be added with the strategic merge patch. The JSON patch is a YAML or JSON list of operations.',
  settings: { controllers: false },
  setup: [
    NS_SETUP,
    {
      method: 'POST',
      path: `/apis/apps/v1/namespaces/${NS}/statefulsets`,
      body: {
        metadata: { name: 'web', labels: { app: 'web', old: 'yes' } },
        spec: {
          replicas: 1,
          serviceName: 'web',
          selector: { matchLabels: { app: 'web' } },
          template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
        },
      },
    },
  ],
  start: { tool: 'editor', yaml: 'spec:\n  template:\n    spec:\n      containers:\n      - name: log\n        image: busybox\n' },
  picture: { kind: 'objects', watch: [{ ...STATEFULSETS, namespace: NS }], field: 'spec.template.spec.containers' },
  async check(ctx) {
    const sts = await ctx.get(STS);
    const names = ((at(sts, 'spec.template.spec.containers') as { name: string }[] | undefined) ?? []).map((c) => c.name).sort();
    if (names.join() !== 'log,nginx') return missing('containers nginx and log');
    if (at(sts, 'metadata.labels.old') !== undefined) return missing('the label old removed');
    if (at(sts, 'spec.replicas') !== 2) return missing('replicas 2');
    const jsonPatch = ctx.requests.some(
      (r) => r.method === 'PATCH' && r.status === 200 && /json-patch/.test(r.requestHeaders['content-type'] ?? '') && /"test"/.test(r.body),
    );
    if (!jsonPatch) return missing('a JSON patch with a test operation');
    if (!sent(ctx, { method: 'PATCH', status: 200 }).some((r) => /strategic/.test(r.requestHeaders['content-type'] ?? ''))) {
      return missing('a strategic merge patch');
    }
    return ok;
  },
  solution: [
    {
      tool: 'editor',
      say: 'Strategic merge: the containers list merges by name, nginx stays.',
      action: 'patch',
      patchType: 'strategic',
      target: TARGET,
      yaml: 'spec:\n  template:\n    spec:\n      containers:\n      - name: log\n        image: busybox\n',
    },
    {
      tool: 'editor',
      say: 'JSON merge patch: null deletes the key.',
      action: 'patch',
      patchType: 'merge',
      target: TARGET,
      yaml: 'metadata:\n  labels:\n    old: null\n',
    },
    {
      tool: 'editor',
      say: 'JSON patch: test, then replace; a failing test would refuse the whole patch.',
      action: 'patch',
      patchType: 'json',
      target: TARGET,
      yaml: '- op: test\n  path: /spec/replicas\n  value: 1\n- op: replace\n  path: /spec/replicas\n  value: 2\n',
    },
  ],
});
