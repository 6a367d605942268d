import { at, CRDS, defineLesson, missing, NS, NS_SETUP, ok, sent, type LessonContext } from '../tutorial/lesson.ts';

const CRD = '/apis/apiextensions.orch.io/v1/customresourcedefinitions/websites.example.com';
const WEBSITES = `/apis/example.com/v1/namespaces/${NS}/websites`;
const RULE_MESSAGE = 'a small website has at most 3 replicas';

const CRD_YAML = `apiVersion: apiextensions.orch.io/v1
kind: CustomResourceDefinition
metadata:
  name: websites.example.com
spec:
  group: example.com
  scope: Namespaced
  names:
    plural: websites
    singular: website
    kind: Website
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [host, replicas]
            properties:
              host:
                type: string
              replicas:
                type: integer
                minimum: 0
              tier:
                type: string
                enum: [small, large]
                default: small
            x-kubernetes-validations:
            - rule: "self.tier == 'large' || self.replicas <= 3"
              message: ${RULE_MESSAGE}
`;

function website(replicas: number): string {
  return JSON.stringify(
    {
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name: 'blog' },
      spec: { host: 'blog.example.com', replicas, tier: 'small' },
    },
    null,
    2,
  );
}

/** Every CEL rule of a schema, wherever it sits (either spelling). */
function rulesOf(schema: unknown): unknown[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const own = [node['x-kubernetes-validations'], node['x-orch-validations']].flatMap((r) => (Array.isArray(r) ? r : []));
  return [...own, ...Object.values(node).flatMap(rulesOf)];
}

async function served(ctx: LessonContext): Promise<boolean> {
  const crd = await ctx.get(CRD);
  const conditions = (at(crd, 'status.conditions') as { type: string; status: string }[] | undefined) ?? [];
  return conditions.some((c) => c.type === 'Established' && c.status === 'True');
}

export default defineLesson({
  id: 'custom-resources',
  title: 'Custom resources and CEL rules',
  summary: 'Define a kind with a CustomResourceDefinition, and let a CEL rule refuse what its schema alone cannot.',
  text: [
    'A CustomResourceDefinition (CRD) teaches the server a new kind: its group, names, scope and, per version, an OpenAPI schema. Once the CRD is `Established`, the server serves the new resource like a built-in one: discovery lists it, and create, list, watch, patch and delete work on it.',
    'The schema checks each field alone: types, `minimum`, `enum`. A rule that relates fields (a small website has at most 3 replicas) is a CEL expression in `x-kubernetes-validations`, on the object it reads as `self`. A write that breaks it is refused with `422 Invalid`, and the rule’s `message` says why, on the field the rule sits on.',
  ],
  goal: 'Create the CRD `websites.example.com` with a CEL rule, see the rule refuse a Website with 5 small replicas (422), then create Website `blog` in `tutorial` that passes.',
  steps: [
    'In the YAML editor, create the CRD as given (look at its `x-kubernetes-validations`). The picture shows its schema and where it is served.',
    'In the request console, POST Website `blog` with `replicas: 5` and `tier: small` to `/apis/example.com/v1/namespaces/tutorial/websites`: the rule answers 422 with its message.',
    'Fix it (replicas 3, or tier large) and POST again: 201.',
  ],
  hint: 'The rule must be in the CRD’s schema (`x-kubernetes-validations` with a `rule` and a `message`), and the goal wants to see it refuse one create first: send a small Website with more than 3 replicas, then a valid one.',
  settings: { controllers: false },
  setup: [NS_SETUP],
  start: {
    tool: 'editor',
    yaml: CRD_YAML,
    console: { method: 'POST', path: WEBSITES, headers: 'content-type: application/json', body: website(5) },
  },
  picture: { kind: 'schema', watch: [CRDS] },
  async check(ctx) {
    const crd = await ctx.get(CRD);
    if (!crd) return missing('the CRD websites.example.com');
    if (rulesOf(at(crd, 'spec.versions')).length === 0) return missing('a CEL rule (x-kubernetes-validations) in its schema');
    if (!(await served(ctx))) return missing('the CRD Established');
    const refused = sent(ctx, { method: 'POST', path: /\/apis\/example\.com\/v1\/namespaces\/tutorial\/websites/, status: 422 }).some((r) =>
      r.text.includes(RULE_MESSAGE),
    );
    if (!refused) return missing(`a create the rule refuses (422: ${RULE_MESSAGE})`);
    if (!(await ctx.get(`${WEBSITES}/blog`))) return missing('the Website blog');
    return ok;
  },
  solution: [
    { tool: 'editor', say: 'Create the CRD: the server starts serving websites once it is Established.', action: 'create', yaml: CRD_YAML },
    { tool: 'wait', say: 'Wait until the CRD is Established.', until: served },
    {
      tool: 'console',
      say: 'A small website with 5 replicas: the CEL rule refuses it, 422.',
      method: 'POST',
      path: WEBSITES,
      headers: 'content-type: application/json',
      body: website(5),
    },
    {
      tool: 'console',
      say: 'With 3 replicas it passes: 201.',
      method: 'POST',
      path: WEBSITES,
      headers: 'content-type: application/json',
      body: website(3),
    },
  ],
});
