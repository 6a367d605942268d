import { defineLesson, missing, NS, NS_SETUP, ok, PODS } from '../tutorial/lesson.ts';

const PODS_PATH = `/api/v1/namespaces/${NS}/pods`;
const pod = (name: string) => ({ metadata: { name }, spec: { containers: [{ name: 'app', image: 'busybox' }] } });

export default defineLesson({
  id: 'graceful-deletion',
  title: 'Graceful deletion of pods',
  summary: 'A deleted pod stays Terminating for its grace period, until its node says the containers stopped.',
  text: [
    'Deleting a pod does not remove it at once. The server sets `deletionTimestamp` and `deletionGracePeriodSeconds` (30 by default): the node has that long to stop the containers politely. Once it has, the node deletes the pod again with a grace period of 0, and only then is it gone.',
    '`gracePeriodSeconds=0` in the delete skips the wait: the pod is removed at once (the real node may still be stopping its containers, which is why this is for emergencies).',
    'Here the pod simulator plays the node: it takes 20 seconds of the server’s clock to stop a pod.',
  ],
  goal: 'Delete `slow` gracefully and let it finish Terminating (move the clock), and delete `fast` with `gracePeriodSeconds=0`.',
  steps: [
    'DELETE `…/pods/slow`: the answer still has the pod, with a deletionTimestamp.',
    'Move the clock 30 seconds ahead: the simulated node stops it and it is gone.',
    'DELETE `…/pods/fast?gracePeriodSeconds=0`: gone at once.',
  ],
  hint: 'A graceful delete needs time on the server clock: use the clock button. `fast` needs the query `gracePeriodSeconds=0` on its DELETE.',
  settings: { podSimulator: { enabled: true, readyDelayMs: 0, stopDelayMs: 20_000 } },
  setup: [NS_SETUP, { method: 'POST', path: PODS_PATH, body: pod('slow') }, { method: 'POST', path: PODS_PATH, body: pod('fast') }],
  start: { tool: 'console', console: { method: 'DELETE', path: `${PODS_PATH}/slow` } },
  picture: { kind: 'objects', watch: [{ ...PODS, namespace: NS }], field: 'status.phase' },
  async check(ctx) {
    const graceful = ctx.requests.some((r) => r.method === 'DELETE' && /\/pods\/slow/.test(r.path) && /deletionTimestamp/.test(r.text));
    if (!graceful) return missing('a graceful DELETE of slow (the answer shows it Terminating)');
    const now = ctx.requests.some((r) => r.method === 'DELETE' && /\/pods\/fast\?.*gracePeriodSeconds=0/.test(r.path) && r.status === 200);
    if (!now) return missing('a DELETE of fast with gracePeriodSeconds=0');
    if (await ctx.get(`${PODS_PATH}/fast`)) return missing('fast gone');
    if (await ctx.get(`${PODS_PATH}/slow`)) return missing('slow gone (let the clock run)');
    return ok;
  },
  solution: [
    { tool: 'console', say: 'A graceful delete: slow is Terminating.', method: 'DELETE', path: `${PODS_PATH}/slow` },
    { tool: 'clock', say: 'The node needs 20 s to stop it: move the clock.', advanceMs: 30_000 },
    { tool: 'console', say: 'No grace: fast is gone at once.', method: 'DELETE', path: `${PODS_PATH}/fast?gracePeriodSeconds=0` },
  ],
});
