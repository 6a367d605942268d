/**
 * The ResourceClaim controller (docs/architecture.md, "Controllers"): for each pod claim naming a
 * ResourceClaimTemplate it makes one ResourceClaim (`generateName: <pod>-<claim>-`, the
 * template's labels and annotations, its `spec.spec` unchanged, owned by the pod), records it in
 * the pod's `status.resourceClaimStatuses`, and never updates it afterwards. The API is served
 * only with the DynamicResourceAllocation gate (docs/api-rules.md, "Feature gates").
 */
import { describe, expect, it } from 'vitest';
import {
  claimGenerateName,
  POD_CLAIM_NAME_ANNOTATION,
  PODS,
  RESOURCE_CLAIM_TEMPLATES,
  RESOURCE_CLAIMS,
  resourceClaimController,
  type ResourceClaim,
  type TestEnv,
} from '../../controllers/index.ts';
import { pod, resourceClaimTemplate } from '../support/builders.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const envs = controllerEnvs();
const DRA = { DynamicResourceAllocation: true };

function start(): Promise<TestEnv> {
  return envs.start({ server: { featureGates: DRA }, controllers: [resourceClaimController()] });
}

async function template(e: TestEnv, name = 'gpu-template') {
  return e
    .resource(RESOURCE_CLAIM_TEMPLATES, 'default')
    .create(resourceClaimTemplate(name, { labels: { tier: 'gpu' }, annotations: { note: 'from template' } }));
}

function podWithClaims(name: string, resourceClaims: { name: string; resourceClaimTemplateName?: string; resourceClaimName?: string }[]) {
  return pod(name, { spec: { resourceClaims } });
}

const claimsOf = (e: TestEnv) => e.manager.informer(RESOURCE_CLAIMS).store.list();

async function makesClaimAndRecordsIt(e: TestEnv) {
  await template(e);
  const created = await e
    .resource(PODS, 'default')
    .create(podWithClaims('worker', [{ name: 'gpu', resourceClaimTemplateName: 'gpu-template' }]));
  const pod = await e.waitFor(PODS, 'default/worker', (p) => (p?.status?.resourceClaimStatuses ?? []).length > 0);
  const [claim] = await e.waitForList(RESOURCE_CLAIMS, (l) => l.length === 1);
  expect(claim.metadata.name).toMatch(/^worker-gpu-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  expect(claim.metadata).toMatchObject({
    generateName: 'worker-gpu-',
    labels: { tier: 'gpu' },
    annotations: { note: 'from template', [POD_CLAIM_NAME_ANNOTATION]: 'gpu' },
    ownerReferences: [
      { apiVersion: 'v1', kind: 'Pod', name: 'worker', uid: created.metadata.uid, controller: true, blockOwnerDeletion: true },
    ],
  });
  expect(claim.spec).toEqual((await e.resource(RESOURCE_CLAIM_TEMPLATES, 'default').get('gpu-template')).spec.spec);
  expect(pod?.status?.resourceClaimStatuses).toEqual([{ name: 'gpu', resourceClaimName: claim.metadata.name }]);
  return claim;
}

describe('ResourceClaimTemplate controller', () => {
  it('makes one claim from the template for the pod, owned by it, and records it in the pod status', async () => {
    await makesClaimAndRecordsIt(await start());
  });

  it('never updates a claim afterwards, nor makes a second one, whatever happens to the pod', async () => {
    const e = await start();
    const claim = await makesClaimAndRecordsIt(e);
    await e.resource(PODS, 'default').patch('worker', { type: 'merge', patch: { metadata: { labels: { touched: 'yes' } } } });
    await e.waitFor(PODS, 'default/worker', (p) => p?.metadata.labels?.touched === 'yes');
    await e.settle();
    const claims = claimsOf(e);
    expect(claims).toHaveLength(1);
    expect(claims[0].metadata.resourceVersion).toBe(claim.metadata.resourceVersion);
  });

  it('makes one claim per templated pod claim, and none for a claim named directly', async () => {
    const e = await start();
    await template(e);
    await e.resource(PODS, 'default').create(
      podWithClaims('multi', [
        { name: 'first', resourceClaimTemplateName: 'gpu-template' },
        { name: 'second', resourceClaimTemplateName: 'gpu-template' },
        { name: 'shared', resourceClaimName: 'existing-claim' },
      ]),
    );
    const pod = await e.waitFor(PODS, 'default/multi', (p) => (p?.status?.resourceClaimStatuses ?? []).length === 2);
    const claims = await e.waitForList(RESOURCE_CLAIMS, (l) => l.length === 2);
    const byAnnotation = Object.fromEntries(
      claims.map((c: ResourceClaim) => [c.metadata.annotations?.[POD_CLAIM_NAME_ANNOTATION], c.metadata.name]),
    );
    expect(pod?.status?.resourceClaimStatuses).toEqual([
      { name: 'first', resourceClaimName: byAnnotation.first },
      { name: 'second', resourceClaimName: byAnnotation.second },
    ]);
  });

  it('waits for a missing template, and makes the claim once it exists', async () => {
    const e = await start();
    await e.resource(PODS, 'default').create(podWithClaims('early', [{ name: 'gpu', resourceClaimTemplateName: 'later' }]));
    await e.settle();
    expect(claimsOf(e)).toHaveLength(0);
    await template(e, 'later');
    await e.waitForList(RESOURCE_CLAIMS, (l) => l.length === 1);
    await e.waitFor(PODS, 'default/early', (p) => (p?.status?.resourceClaimStatuses ?? []).length === 1);
  });

  it('makes a new claim when the recorded one is deleted, and records the new name', async () => {
    const e = await start();
    const first = await makesClaimAndRecordsIt(e);
    await e.resource(RESOURCE_CLAIMS, 'default').delete(first.metadata.name ?? '');
    const pod = await e.waitFor(
      PODS,
      'default/worker',
      (p) => p?.status?.resourceClaimStatuses?.[0]?.resourceClaimName !== first.metadata.name,
    );
    const claims = await e.waitForList(RESOURCE_CLAIMS, (l) => l.length === 1 && l[0].metadata.name !== first.metadata.name);
    expect(pod?.status?.resourceClaimStatuses).toEqual([{ name: 'gpu', resourceClaimName: claims[0].metadata.name }]);
  });

  it.each([
    { pod: 'worker', claim: 'gpu', want: 'worker-gpu-' },
    { pod: 'a'.repeat(40), claim: 'b'.repeat(30), want: `${'a'.repeat(31)}-${'b'.repeat(23)}` },
  ])('generateName for pod $pod claim $claim is $want (40 × 57 / 72 and 30 × 57 / 72 characters past 57)', ({ pod, claim, want }) => {
    expect(claimGenerateName(pod, claim)).toBe(want);
  });
});

describe('ResourceClaimTemplate controller against orch-apiserver over HTTP', () => {
  it('makes the claim and records it', async () => {
    const { env } = await envs.overHttp({ server: { featureGates: DRA }, controllers: [resourceClaimController()] });
    await makesClaimAndRecordsIt(env);
  });
});
