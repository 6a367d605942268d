/**
 * The flow-control controller (docs/architecture.md, "Controllers"): a FlowSchema's `Dangling`
 * condition is True/NotFound while the PriorityLevelConfiguration it names is missing,
 * False/Found once it exists, written by a server-side apply of the status under the real config
 * controller's field manager (docs/api-rules.md, "Server-side apply and field ownership").
 */
import { describe, expect, it } from 'vitest';
import { FLOW_SCHEMAS, flowSchemaController, PRIORITY_LEVEL_CONFIGURATIONS, type FlowSchema } from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const envs = controllerEnvs();

const dangling = (fs: FlowSchema | undefined) => fs?.status?.conditions?.find((c) => c.type === 'Dangling');

function schema(name: string, level: string): FlowSchema {
  return {
    metadata: { name },
    spec: {
      priorityLevelConfiguration: { name: level },
      matchingPrecedence: 500,
      rules: [
        {
          subjects: [{ kind: 'Group', group: { name: 'system:authenticated' } }],
          nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }],
        },
      ],
    },
  };
}

describe('FlowSchema Dangling condition', () => {
  it('True with reason NotFound while the priority level is missing, False with reason Found once it exists', async () => {
    const env = await envs.start({ controllers: [flowSchemaController()] });
    await env.resource(FLOW_SCHEMAS).create(schema('my-probes', 'probes-level'));
    const missing = await env.waitFor(FLOW_SCHEMAS, 'my-probes', (fs) => dangling(fs)?.status === 'True');
    expect(dangling(missing)).toEqual({
      type: 'Dangling',
      status: 'True',
      lastTransitionTime: '2026-01-01T00:00:00Z',
      reason: 'NotFound',
      message: 'This FlowSchema references the PriorityLevelConfiguration object named "probes-level" but there is no such object',
    });
    expect(
      missing?.metadata.managedFields?.some((m) => (m as { manager?: string }).manager === 'api-priority-and-fairness-config-consumer-v1'),
    ).toBe(true);

    await env.advance(5_000);
    await env.resource(PRIORITY_LEVEL_CONFIGURATIONS).create({
      metadata: { name: 'probes-level' },
      spec: { type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' } } },
    });
    const found = await env.waitFor(FLOW_SCHEMAS, 'my-probes', (fs) => dangling(fs)?.status === 'False');
    expect(dangling(found)).toEqual({
      type: 'Dangling',
      status: 'False',
      lastTransitionTime: '2026-01-01T00:00:05Z',
      reason: 'Found',
      message: 'This FlowSchema references the PriorityLevelConfiguration object named "probes-level" and it exists',
    });
  });

  it('marks the bootstrap schemas, whose levels all exist, as not dangling', async () => {
    const env = await envs.start({ controllers: [flowSchemaController()] });
    const all = await env.waitForList(FLOW_SCHEMAS, (l) => l.length > 0 && l.every((fs) => dangling(fs) !== undefined));
    expect(new Set(all.map((fs) => `${dangling(fs)?.status}/${dangling(fs)?.reason}`))).toEqual(new Set(['False/Found']));
    expect(all.map((fs) => fs.metadata.name)).toEqual(expect.arrayContaining(['exempt', 'catch-all']));
  });
});
