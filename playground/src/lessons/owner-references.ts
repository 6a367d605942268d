import { CONFIGMAPS, defineLesson, missing, NS, NS_SETUP, ok, type LessonContext, type LessonRequest } from '../tutorial/lesson.ts';

const CMS = `/api/v1/namespaces/${NS}/configmaps`;
const PARENTS = ['keep-kids', 'take-kids', 'wait-for-kids'] as const;

function child(parent: string, n: number): (ctx: LessonContext) => Promise<LessonRequest> {
  return async (ctx) => {
    const owner = await ctx.get<{ metadata: { uid: string } }>(`${CMS}/${parent}`);
    return {
      method: 'POST',
      path: CMS,
      body: {
        metadata: {
          name: `${parent}-${n}`,
          ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: parent, uid: owner?.metadata.uid, blockOwnerDeletion: true }],
        },
      },
    };
  };
}

function policyUsed(ctx: LessonContext, parent: string, policy: string): boolean {
  return ctx.requests.some(
    (r) =>
      r.method === 'DELETE' &&
      r.path.includes(`/${parent}`) &&
      r.status < 300 &&
      (r.path.includes(`propagationPolicy=${policy}`) || r.body.includes(`"${policy}"`)),
  );
}

export default defineLesson({
  id: 'owner-references',
  title: 'ownerReferences and propagation policies',
  summary: 'Delete an owner: Orphan keeps its dependents, Background deletes them after, Foreground before.',
  text: [
    'An object may name its owners in `metadata.ownerReferences` (by uid). When an owner is deleted, the garbage collector deals with its dependents as the delete asked, in `propagationPolicy`:',
    '`Orphan`: the dependents stay, their reference to the owner is removed. `Background` (the default for most kinds): the owner goes at once, the collector deletes the dependents afterwards. `Foreground`: the owner stays (with the `foregroundDeletion` finalizer) until the dependents that block it are gone, then goes itself.',
  ],
  goal: 'Delete `keep-kids` with Orphan (its children stay), `take-kids` with Background and `wait-for-kids` with Foreground (their children go).',
  steps: [
    'DELETE `…/configmaps/keep-kids?propagationPolicy=Orphan`.',
    'DELETE `…/configmaps/take-kids?propagationPolicy=Background`.',
    'DELETE `…/configmaps/wait-for-kids?propagationPolicy=Foreground`: watch it wait for its children.',
  ],
  hint: 'Each parent needs its own policy: Orphan for keep-kids, Background for take-kids, Foreground for wait-for-kids, as `?propagationPolicy=…` on the DELETE.',
  setup: [
    NS_SETUP,
    ...PARENTS.map((name) => ({ method: 'POST', path: CMS, body: { metadata: { name } } })),
    ...PARENTS.flatMap((p) => [child(p, 1), child(p, 2)]),
  ],
  start: { tool: 'console', console: { method: 'DELETE', path: `${CMS}/keep-kids?propagationPolicy=Orphan` } },
  picture: { kind: 'owners', watch: [{ ...CONFIGMAPS, namespace: NS }] },
  async check(ctx) {
    if (!policyUsed(ctx, 'keep-kids', 'Orphan')) return missing('keep-kids deleted with Orphan');
    if (!policyUsed(ctx, 'take-kids', 'Background')) return missing('take-kids deleted with Background');
    if (!policyUsed(ctx, 'wait-for-kids', 'Foreground')) return missing('wait-for-kids deleted with Foreground');
    const list = await ctx.get<{ items: { metadata: { name: string; ownerReferences?: unknown[] } }[] }>(CMS);
    const names = (list?.items ?? []).map((i) => i.metadata.name).sort();
    if (names.join() !== 'keep-kids-1,keep-kids-2') return missing('only keep-kids’ children left (the collector is still at work?)');
    if (list?.items.some((i) => i.metadata.ownerReferences?.length)) return missing('the orphans without ownerReferences');
    return ok;
  },
  solution: [
    {
      tool: 'console',
      say: 'Orphan: the children stay, without their owner reference.',
      method: 'DELETE',
      path: `${CMS}/keep-kids?propagationPolicy=Orphan`,
    },
    {
      tool: 'console',
      say: 'Background: the owner goes now, the children right after.',
      method: 'DELETE',
      path: `${CMS}/take-kids?propagationPolicy=Background`,
    },
    {
      tool: 'console',
      say: 'Foreground: the owner waits until its children are gone.',
      method: 'DELETE',
      path: `${CMS}/wait-for-kids?propagationPolicy=Foreground`,
    },
  ],
});
