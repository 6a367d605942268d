import { at, defineLesson, missing, NS, NS_SETUP, ok, STATEFULSETS } from '../tutorial/lesson.ts';

const STS = `/apis/apps/v1/namespaces/${NS}/statefulsets/web`;

export default defineLesson({
  id: 'generation',
  title: 'generation vs resourceVersion',
  summary: 'resourceVersion moves on every write; generation only when the spec changes.',
  text: [
    '`resourceVersion` changes on every write: a label, an annotation, the status a controller reports. `metadata.generation` is different: for kinds that have a spec, it counts changes of the spec only, the part that says what you want.',
    'Controllers write `status.observedGeneration` to say which generation they have acted on, so a client can tell "my change has been seen" from "something else was written".',
  ],
  goal: 'Give the StatefulSet `web` the label `tier: frontend` (generation stays 1), then scale it to 3 replicas (generation becomes 2).',
  steps: [
    'Patch `metadata.labels.tier: frontend` onto `web` (a merge patch) and look at generation and resourceVersion in the picture.',
    'Patch `spec.replicas: 3`: now the generation moves too.',
  ],
  hint: 'The label goes under `metadata.labels`, the replicas under `spec`. Change the label first: the check wants generation 2 exactly, so one spec change only.',
  settings: { controllers: false },
  setup: [
    NS_SETUP,
    {
      method: 'POST',
      path: `/apis/apps/v1/namespaces/${NS}/statefulsets`,
      body: {
        metadata: { name: 'web' },
        spec: {
          replicas: 1,
          serviceName: 'web',
          selector: { matchLabels: { app: 'web' } },
          template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
        },
      },
    },
  ],
  start: { tool: 'editor', yaml: 'metadata:\n  labels:\n    tier: frontend\n' },
  picture: { kind: 'objects', watch: [{ ...STATEFULSETS, namespace: NS }], field: 'spec.replicas' },
  async check(ctx) {
    const sts = await ctx.get(STS);
    if (at(sts, 'metadata.labels.tier') !== 'frontend') return missing('the label tier: frontend');
    if (at(sts, 'spec.replicas') !== 3) return missing('spec.replicas: 3');
    if (at(sts, 'metadata.generation') !== 2) return missing('generation 2 (one spec change)');
    return ok;
  },
  solution: [
    {
      tool: 'editor',
      say: 'A label is metadata: the resourceVersion moves, the generation stays 1.',
      action: 'patch',
      patchType: 'merge',
      target: { resource: 'apps/statefulsets', namespace: NS, name: 'web' },
      yaml: 'metadata:\n  labels:\n    tier: frontend\n',
    },
    {
      tool: 'editor',
      say: 'Replicas are spec: the generation becomes 2.',
      action: 'patch',
      patchType: 'merge',
      target: { resource: 'apps/statefulsets', namespace: NS, name: 'web' },
      yaml: 'spec:\n  replicas: 3\n',
    },
  ],
});
