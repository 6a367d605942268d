/**
 * The playground's worker runs the built-in controllers as orch-apiserver does: the rows of the
 * one table whose feature gates its API server has on, given that server's gates — and not the
 * sample finalizer controller, which is no part of a cluster.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BUILTIN_CONTROLLERS, PODS, RESOURCE_CLAIM_TEMPLATES, RESOURCE_CLAIMS, type TestEnv } from '../../controllers/index.ts';
import { startControllers, type ControllerHost } from '../../worker/shared-worker/controllers.ts';
import type { RuntimeSettings } from '../../worker/protocol/control.ts';
import { pod, resourceClaimTemplate } from '../support/builders.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const SETTINGS: RuntimeSettings = { controllers: true, clockSpeed: 1, podSimulator: { enabled: true, readyDelayMs: 0, stopDelayMs: 0 } };

const envs = controllerEnvs();
let host: ControllerHost | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

async function worker(featureGates: Record<string, boolean> = {}, settings = SETTINGS): Promise<{ env: TestEnv; host: ControllerHost }> {
  // The env only watches; the worker's own manager runs the controllers.
  const env = await envs.start({ server: { featureGates } });
  host = startControllers({ api: env.api!, clock: env.clock }, settings);
  await host.apply(settings);
  return { env, host };
}

describe("the worker's controllers", () => {
  it('are the built-in ones whose API is served; resource-claim waits for DynamicResourceAllocation; no serviceaccount-token (no signing key of its own)', async () => {
    const { host } = await worker();
    const all = BUILTIN_CONTROLLERS.map((c) => c.name);
    expect(host.available).toEqual(all.filter((n) => n !== 'resource-claim' && n !== 'serviceaccount-token'));
    expect(host.running).toEqual(host.available);
    expect(host.available).not.toContain('configmap-mirror');
  });

  it('with the gate on, a pod naming a claim template gets its claim, as from orch-apiserver', async () => {
    const { env, host } = await worker({ DynamicResourceAllocation: true });
    expect(host.running).toContain('resource-claim');
    await env.resource(RESOURCE_CLAIM_TEMPLATES, 'default').create(resourceClaimTemplate('gpu'));
    await env.resource(PODS, 'default').create(pod('p', { spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu' }] } }));
    const [claim] = await env.waitForList(RESOURCE_CLAIMS, (l) => l.length === 1);
    expect(claim.metadata.generateName).toBe('p-gpu-');
  });

  it('the pod simulator has its own switch', async () => {
    const { host } = await worker({}, { ...SETTINGS, podSimulator: { ...SETTINGS.podSimulator, enabled: false } });
    expect(host.available).toContain('pod-lifecycle');
    expect(host.running).not.toContain('pod-lifecycle');
  });
});
