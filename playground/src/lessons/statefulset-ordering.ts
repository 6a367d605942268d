import { at, defineLesson, missing, NS, NS_SETUP, ok, PODS, STATEFULSETS } from '../tutorial/lesson.ts';

const STSS = `/apis/apps/v1/namespaces/${NS}/statefulsets`;

const sts = (name: string, policy: string) => `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: ${name}
  namespace: ${NS}
spec:
  replicas: 3
  podManagementPolicy: ${policy}
  serviceName: ${name}
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
      - name: app
        image: nginx:1.27
`;

export default defineLesson({
  id: 'statefulset-ordering',
  title: 'StatefulSet ordering: OrderedReady vs Parallel',
  summary: 'Pods with stable names, made one at a time (each waits for the previous to be Ready) or all at once.',
  text: [
    'A StatefulSet’s pods have stable names, `<set>-0`, `<set>-1`…, an ordinal each. With the default `podManagementPolicy: OrderedReady`, the controller creates them in order and waits for each to be Running and Ready before the next; it removes them in reverse order.',
    'With `Parallel`, it creates and removes them all at once: for apps that do not need the order. Pods here become Ready 10 seconds (server clock) after they start: move the clock to see the ladder grow.',
  ],
  goal: 'Create StatefulSet `ordered` (OrderedReady) and `parallel` (Parallel), three replicas each, and get all six pods Ready.',
  steps: [
    'Create `ordered` from the editor: web-0 starts, web-1 waits for it.',
    'Create `parallel` with `podManagementPolicy: Parallel`: three pods at once.',
    'Move the clock until every pod is Ready.',
  ],
  hint: 'Both sets need `replicas: 3`; `parallel` needs `podManagementPolicy: Parallel`. Pods become Ready only as the clock runs: use the clock buttons.',
  settings: { podSimulator: { enabled: true, readyDelayMs: 10_000, stopDelayMs: 0 } },
  setup: [NS_SETUP],
  start: { tool: 'editor', yaml: sts('ordered', 'OrderedReady') },
  picture: {
    kind: 'ladder',
    watch: [
      { ...STATEFULSETS, namespace: NS },
      { ...PODS, namespace: NS },
    ],
  },
  async check(ctx) {
    const ordered = await ctx.get(`${STSS}/ordered`);
    const parallel = await ctx.get(`${STSS}/parallel`);
    if (!ordered) return missing('StatefulSet ordered');
    if (at(parallel, 'spec.podManagementPolicy') !== 'Parallel') return missing('StatefulSet parallel with podManagementPolicy Parallel');
    if (at(ordered, 'status.readyReplicas') !== 3) return missing('three ready pods of ordered');
    if (at(parallel, 'status.readyReplicas') !== 3) return missing('three ready pods of parallel');
    return ok;
  },
  solution: [
    { tool: 'editor', say: 'OrderedReady: one pod at a time.', action: 'create', yaml: sts('ordered', 'OrderedReady') },
    { tool: 'editor', say: 'Parallel: all three at once.', action: 'create', yaml: sts('parallel', 'Parallel') },
    { tool: 'clock', say: 'Ten seconds: parallel is Ready, ordered has its first pod.', advanceMs: 11_000 },
    { tool: 'clock', say: 'Ten more: ordered’s second pod.', advanceMs: 11_000 },
    { tool: 'clock', say: 'And its third.', advanceMs: 11_000 },
  ],
});
