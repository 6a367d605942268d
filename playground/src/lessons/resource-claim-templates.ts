import { at, defineLesson, missing, NS, NS_SETUP, ok, PODS, RESOURCE_CLAIMS } from '../tutorial/lesson.ts';

const CLAIMS = `/apis/resource.orch.io/v1beta1/namespaces/${NS}/resourceclaims`;

interface Claim {
  metadata: { name: string; ownerReferences?: { kind: string; name: string; controller?: boolean }[] };
}

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: trainer
  namespace: ${NS}
spec:
  resourceClaims:
  - name: accel
    resourceClaimTemplateName: gpu
  containers:
  - name: train
    image: busybox
    resources:
      claims:
      - name: accel
`;

async function claimsOf(ctx: { get<T>(p: string): Promise<T | undefined> }, pod: string): Promise<Claim[]> {
  const list = await ctx.get<{ items: Claim[] }>(CLAIMS);
  return (list?.items ?? []).filter((c) => c.metadata.ownerReferences?.some((o) => o.kind === 'Pod' && o.name === pod && o.controller));
}

export default defineLesson({
  id: 'resource-claim-templates',
  title: 'ResourceClaimTemplates',
  summary: 'A pod names a template; a controller makes the pod its own ResourceClaim, which goes with the pod.',
  text: [
    'Dynamic resource allocation (the `DynamicResourceAllocation` feature gate, beta and off by default in v1.32) lets pods ask for devices with ResourceClaims. A ResourceClaimTemplate is the recipe: a pod that names it in `spec.resourceClaims` gets a claim of its own, made by the resource-claim controller, named after the pod and owned by it.',
    'The pod’s `status.resourceClaimStatuses` says which claim is its. Delete the pod and the garbage collector deletes the claim with it.',
  ],
  goal: 'Create the pod `trainer` using the template `gpu`, see its generated claim, then delete the pod and see the claim go.',
  steps: [
    'Create the pod from the editor (it names the template `gpu`).',
    'The controller creates `trainer-accel-…`, owned by the pod.',
    'DELETE the pod `trainer` (gracePeriodSeconds=0 to skip the wait): the claim goes with it.',
  ],
  hint: 'The pod’s `spec.resourceClaims[].resourceClaimTemplateName` must be `gpu`; the claim goes only when its owner pod is really gone.',
  featureGates: ['DynamicResourceAllocation'],
  settings: { podSimulator: { enabled: true, readyDelayMs: 0, stopDelayMs: 0 } },
  setup: [
    NS_SETUP,
    {
      method: 'POST',
      path: `/apis/resource.orch.io/v1beta1/namespaces/${NS}/resourceclaimtemplates`,
      body: { metadata: { name: 'gpu' }, spec: { spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com' }] } } } },
    },
  ],
  start: { tool: 'editor', yaml: POD },
  picture: {
    kind: 'owners',
    watch: [
      { ...PODS, namespace: NS },
      { ...RESOURCE_CLAIMS, namespace: NS },
    ],
  },
  async check(ctx) {
    const created = ctx.requests.some(
      (r) => r.method === 'POST' && r.status === 201 && at(r.json, 'kind') === 'Pod' && r.text.includes('"gpu"'),
    );
    if (!created) return missing('the pod trainer created from the template gpu');
    const saw = ctx.requests.some((r) => r.method === 'DELETE' && r.path.includes('/pods/trainer'));
    if (!saw) return missing('the pod trainer deleted');
    if (await ctx.get(`/api/v1/namespaces/${NS}/pods/trainer`)) return missing('the pod gone');
    if ((await claimsOf(ctx, 'trainer')).length) return missing('its claim collected with it');
    const list = await ctx.get<{ items: Claim[] }>(CLAIMS);
    if (list?.items.length) return missing('no claims left');
    return ok;
  },
  solution: [
    { tool: 'editor', say: 'The pod names the template; the controller makes its claim.', action: 'create', yaml: POD },
    {
      tool: 'wait',
      say: 'The claim trainer-accel-… appears, owned by the pod.',
      until: async (ctx) => (await claimsOf(ctx, 'trainer')).length === 1,
    },
    {
      tool: 'console',
      say: 'Delete the pod: the collector deletes its claim.',
      method: 'DELETE',
      path: `/api/v1/namespaces/${NS}/pods/trainer?gracePeriodSeconds=0`,
    },
  ],
});
