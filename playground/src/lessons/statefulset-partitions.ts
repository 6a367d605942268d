import { at, defineLesson, missing, NS, NS_SETUP, ok, PODS, STATEFULSETS } from '../tutorial/lesson.ts';

const STS = `/apis/apps/v1/namespaces/${NS}/statefulsets/web`;
const TARGET = { resource: 'apps/statefulsets', namespace: NS, name: 'web' };

export default defineLesson({
  id: 'statefulset-partitions',
  title: 'StatefulSet rollouts and partitions',
  summary: 'A new template rolls out from the highest ordinal down; a partition stops it part way (a canary).',
  text: [
    'Changing a StatefulSet’s pod template makes a new revision. With `updateStrategy: RollingUpdate`, the controller replaces pods from the highest ordinal down, one at a time, each once the one before is Ready again.',
    '`rollingUpdate.partition: N` updates only the pods with ordinal ≥ N: a canary. Lower the partition to let the rollout carry on; `status.updateRevision` and `currentRevision` agree when it is done.',
  ],
  goal: 'Roll `web` to image `nginx:1.28` with partition 2 first (only web-2 changes), then lower the partition to 0 so every pod is updated.',
  steps: [
    'Patch `spec.template.spec.containers` to image `nginx:1.28` (strategic merge by name `nginx`): only web-2 is replaced.',
    'Patch `spec.updateStrategy.rollingUpdate.partition: 0`, and move the clock while the pods come back.',
  ],
  hint: 'Change the image first while the partition is 2; the check wants to see the canary (web-2 alone on the new revision) before the partition goes to 0.',
  settings: { podSimulator: { enabled: true, readyDelayMs: 2_000, stopDelayMs: 0 } },
  setup: [
    NS_SETUP,
    {
      method: 'POST',
      path: `/apis/apps/v1/namespaces/${NS}/statefulsets`,
      body: {
        metadata: { name: 'web' },
        spec: {
          replicas: 3,
          podManagementPolicy: 'Parallel',
          serviceName: 'web',
          updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } },
          selector: { matchLabels: { app: 'web' } },
          template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
        },
      },
    },
  ],
  start: { tool: 'editor', yaml: 'spec:\n  template:\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.28\n' },
  picture: {
    kind: 'ladder',
    watch: [
      { ...STATEFULSETS, namespace: NS },
      { ...PODS, namespace: NS },
    ],
  },
  async check(ctx) {
    const canary = ctx.requests.findIndex(
      (r) =>
        r.method === 'PATCH' &&
        r.status === 200 &&
        r.body.includes('nginx:1.28') &&
        at(r.json, 'spec.updateStrategy.rollingUpdate.partition') === 2,
    );
    if (canary < 0) return missing('the image changed to nginx:1.28 while the partition is 2');
    const sts = await ctx.get(STS);
    if (at(sts, 'spec.updateStrategy.rollingUpdate.partition') !== 0) return missing('partition 0');
    if (at(sts, 'status.updatedReplicas') !== 3 || at(sts, 'status.readyReplicas') !== 3)
      return missing('three updated, ready pods (move the clock)');
    if (at(sts, 'status.currentRevision') !== at(sts, 'status.updateRevision')) return missing('the rollout finished');
    return ok;
  },
  solution: [
    {
      tool: 'editor',
      say: 'A new template: only ordinals ≥ 2 are updated.',
      action: 'patch',
      patchType: 'strategic',
      target: TARGET,
      yaml: 'spec:\n  template:\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.28\n',
    },
    { tool: 'clock', say: 'web-2 comes back on the new revision.', advanceMs: 3_000 },
    {
      tool: 'editor',
      say: 'Partition 0: the rollout goes on, web-1 then web-0.',
      action: 'patch',
      patchType: 'merge',
      target: TARGET,
      yaml: 'spec:\n  updateStrategy:\n    rollingUpdate:\n      partition: 0\n',
    },
    { tool: 'clock', say: 'web-1 is replaced and becomes Ready.', advanceMs: 3_000 },
    { tool: 'clock', say: 'Then web-0.', advanceMs: 3_000 },
    { tool: 'clock', say: 'The status catches up.', advanceMs: 3_000 },
  ],
});
