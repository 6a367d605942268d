import { at, defineLesson, FLOWSCHEMAS, missing, ok, PRIORITY_LEVELS } from '../tutorial/lesson.ts';

const FC = '/apis/flowcontrol.apiserver.orch.io/v1';

const FLOW_SCHEMA = `apiVersion: flowcontrol.apiserver.orch.io/v1
kind: FlowSchema
metadata:
  name: tutorial-batch
spec:
  priorityLevelConfiguration:
    name: tutorial-low
  matchingPrecedence: 5000
  rules:
  - subjects:
    - kind: Group
      group:
        name: batch-jobs
    resourceRules:
    - verbs: ["*"]
      apiGroups: ["*"]
      resources: ["*"]
      namespaces: ["*"]
`;

const PRIORITY_LEVEL = `apiVersion: flowcontrol.apiserver.orch.io/v1
kind: PriorityLevelConfiguration
metadata:
  name: tutorial-low
spec:
  type: Limited
  limited:
    nominalConcurrencyShares: 5
    limitResponse:
      type: Reject
`;

function dangling(fs: unknown): string | undefined {
  const conds = (at(fs, 'status.conditions') as { type: string; status: string }[] | undefined) ?? [];
  return conds.find((c) => c.type === 'Dangling')?.status;
}

export default defineLesson({
  id: 'flow-control',
  title: 'FlowSchemas and priority levels',
  summary: 'Requests are sorted into flows by FlowSchemas, each pointing at a priority level; a missing level makes it Dangling.',
  text: [
    'API priority and fairness sorts every request: the FlowSchema with the lowest `matchingPrecedence` whose rules match (by user, group or service account, and by verb and resource) decides the priority level, a PriorityLevelConfiguration with its share of the server’s concurrency and what to do when it is full (queue or reject).',
    'A FlowSchema that names a level that does not exist is `Dangling`: its condition says so, and the schema is ignored until the level appears.',
  ],
  goal: 'Create the FlowSchema `tutorial-batch` pointing at `tutorial-low` (Dangling=True), then create that priority level so Dangling turns False.',
  steps: [
    'Create the FlowSchema from the editor.',
    'Its Dangling condition turns True (NotFound).',
    'Create the PriorityLevelConfiguration `tutorial-low`: Dangling turns False (Found).',
  ],
  hint: 'The priority level’s name must be exactly the one the FlowSchema names, `tutorial-low`; its type `Limited` needs `limited.limitResponse`.',
  setup: [],
  start: { tool: 'editor', yaml: FLOW_SCHEMA },
  picture: { kind: 'flow', watch: [{ ...FLOWSCHEMAS }, { ...PRIORITY_LEVELS }] },
  async check(ctx) {
    const fs = await ctx.get(`${FC}/flowschemas/tutorial-batch`);
    if (!fs) return missing('the FlowSchema tutorial-batch');
    const sawDangling = ctx.requests.some((r) => r.method === 'POST' && r.status === 201 && at(r.json, 'kind') === 'FlowSchema');
    if (!sawDangling) return missing('the FlowSchema created while its level was missing');
    if (!(await ctx.get(`${FC}/prioritylevelconfigurations/tutorial-low`))) return missing('the priority level tutorial-low');
    if (dangling(fs) !== 'False') return missing('Dangling False');
    return ok;
  },
  solution: [
    { tool: 'editor', say: 'The schema points at a level that does not exist yet.', action: 'create', yaml: FLOW_SCHEMA },
    {
      tool: 'wait',
      say: 'The controller marks it Dangling.',
      until: async (ctx) => dangling(await ctx.get(`${FC}/flowschemas/tutorial-batch`)) === 'True',
    },
    { tool: 'editor', say: 'Create the level: the schema is no longer dangling.', action: 'create', yaml: PRIORITY_LEVEL },
  ],
});
