/** PriorityLevelConfiguration (flowcontrol.apiserver.orch.io/v1): defaults and v1.32 validation. */
import { describe, expect, it } from 'vitest';
import { flowSchemaKind } from '../../../core/registry/kinds/flowschema.ts';
import { priorityLevelConfigurationKind } from '../../../core/registry/kinds/prioritylevelconfiguration.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

const PLC = '/apis/flowcontrol.apiserver.orch.io/v1/prioritylevelconfigurations';

const limited = {
  apiVersion: 'flowcontrol.apiserver.orch.io/v1',
  kind: 'PriorityLevelConfiguration',
  metadata: { name: 'p' },
  spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } },
};

const t = serverPerSuite(() => serverWith([flowSchemaKind, priorityLevelConfigurationKind]));
let seq = 0;
const named = <T>(body: T): T => withChange(body, 'metadata.name', `p-${++seq}`);
const L = 'spec.limited';
const Q = `${L}.limitResponse.queuing`;

describe('PriorityLevelConfiguration defaults', () => {
  it('fills nominalConcurrencyShares 30, lendablePercent 0 and queuing 64/8/50', async () => {
    const body = expectCreated(await call(t, 'POST', PLC, named(limited)));
    expect(body.spec).toEqual({
      type: 'Limited',
      limited: {
        nominalConcurrencyShares: 30,
        limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } },
        lendablePercent: 0,
      },
    });
    expect(body.metadata.generation).toBe(1);
  });

  it('keeps an explicit nominalConcurrencyShares of 0', async () => {
    const body = expectCreated(await call(t, 'POST', PLC, named(withChange(limited, `${L}.nominalConcurrencyShares`, 0))));
    expect(body.spec.limited.nominalConcurrencyShares).toBe(0);
  });

  it('an explicit 0 queue setting is defaulted like a missing one', async () => {
    const body = expectCreated(await call(t, 'POST', PLC, named(withChange(limited, `${Q}`, { queues: 0, handSize: 2 }))));
    expect(body.spec.limited.limitResponse.queuing).toEqual({ queues: 64, handSize: 2, queueLengthLimit: 50 });
  });
});

describe('PriorityLevelConfiguration validation', () => {
  const rows: { rule: string; path: string; value: unknown; expected: string[] }[] = [
    { rule: 'Reject without queuing', path: `${L}.limitResponse`, value: { type: 'Reject' }, expected: [] },
    {
      rule: 'Reject with queuing',
      path: `${L}.limitResponse`,
      value: { type: 'Reject', queuing: {} },
      expected: [`${Q} FieldValueForbidden`],
    },
    { rule: 'Queue without queuing', path: `${L}.limitResponse`, value: { type: 'Queue' }, expected: [`${Q} FieldValueRequired`] },
    {
      rule: 'unknown limitResponse type',
      path: `${L}.limitResponse`,
      value: { type: 'Drop' },
      expected: [`${L}.limitResponse.type FieldValueNotSupported`],
    },
    {
      rule: 'negative nominalConcurrencyShares',
      path: `${L}.nominalConcurrencyShares`,
      value: -1,
      expected: [`${L}.nominalConcurrencyShares FieldValueInvalid`],
    },
    { rule: 'lendablePercent 100', path: `${L}.lendablePercent`, value: 100, expected: [] },
    { rule: 'lendablePercent 101', path: `${L}.lendablePercent`, value: 101, expected: [`${L}.lendablePercent FieldValueInvalid`] },
    {
      rule: 'negative borrowingLimitPercent',
      path: `${L}.borrowingLimitPercent`,
      value: -1,
      expected: [`${L}.borrowingLimitPercent FieldValueInvalid`],
    },
    { rule: 'borrowingLimitPercent above 100', path: `${L}.borrowingLimitPercent`, value: 300, expected: [] },
    // handSize (default 8) must then also be at most queues.
    {
      rule: 'negative queues',
      path: `${Q}.queues`,
      value: -1,
      expected: [`${Q}.queues FieldValueInvalid`, `${Q}.handSize FieldValueInvalid`],
    },
    { rule: 'queues over 10^7', path: `${Q}`, value: { queues: 10_000_001, handSize: 1 }, expected: [`${Q}.queues FieldValueInvalid`] },
    { rule: 'handSize above queues', path: `${Q}`, value: { queues: 4, handSize: 5 }, expected: [`${Q}.handSize FieldValueInvalid`] },
    {
      rule: 'handSize needing too much entropy',
      path: `${Q}`,
      value: { queues: 10_000_000, handSize: 5 },
      expected: [`${Q}.handSize FieldValueInvalid`],
    },
    { rule: 'negative queueLengthLimit', path: `${Q}.queueLengthLimit`, value: -5, expected: [`${Q}.queueLengthLimit FieldValueInvalid`] },
    { rule: 'Limited without limited', path: L, value: undefined, expected: [`${L} FieldValueRequired`] },
    { rule: 'Limited with exempt', path: 'spec.exempt', value: {}, expected: ['spec.exempt FieldValueForbidden'] },
    { rule: 'Exempt for a name other than exempt', path: 'spec', value: { type: 'Exempt' }, expected: ['spec.type FieldValueInvalid'] },
    { rule: 'unknown type', path: 'spec.type', value: 'Unlimited', expected: ['spec.type FieldValueNotSupported'] },
  ];
  it.each(rows)('$rule', async ({ path, value, expected }) => {
    const res = await call(t, 'POST', PLC, named(withChange(limited, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected);
  });

  it('reports the real entropy message', async () => {
    const res = await call(t, 'POST', PLC, named(withChange(limited, Q, { queues: 10_000_000, handSize: 5 })));
    expect(causesOf(res)[0].message).toBe(
      'Invalid value: 5: required entropy bits of deckSize 10000000 and handSize 5 should not be greater than 60',
    );
  });
});

describe('mandatory and suggested priority levels', () => {
  it('exist at start with the auto-update annotation', async () => {
    const fresh = await serverWith([flowSchemaKind, priorityLevelConfigurationKind]);
    const list = await call(fresh, 'GET', PLC);
    await fresh.close();
    const names = list.body.items.map((i: any) => i.metadata.name).sort();
    expect(names).toEqual([
      'catch-all',
      'exempt',
      'global-default',
      'leader-election',
      'node-high',
      'system',
      'workload-high',
      'workload-low',
    ]);
    for (const item of list.body.items) expect(item.metadata.annotations).toEqual({ 'apf.orchestrator.io/autoupdate-spec': 'true' });
  });

  it('exempt and catch-all are as the real platform defines them', async () => {
    const exempt = (await call(t, 'GET', `${PLC}/exempt`)).body;
    expect(exempt.spec).toEqual({ type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } });
    const catchAll = (await call(t, 'GET', `${PLC}/catch-all`)).body;
    expect(catchAll.spec).toEqual({
      type: 'Limited',
      limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' }, lendablePercent: 0 },
    });
    const wl = (await call(t, 'GET', `${PLC}/workload-low`)).body;
    expect(wl.spec.limited).toEqual({
      nominalConcurrencyShares: 100,
      limitResponse: { type: 'Queue', queuing: { queues: 128, handSize: 6, queueLengthLimit: 50 } },
      lendablePercent: 90,
    });
  });

  it("only exempt's spec.exempt may be tuned", async () => {
    const exempt = (await call(t, 'GET', `${PLC}/exempt`)).body;
    const tuned = await call(t, 'PUT', `${PLC}/exempt`, withChange(exempt, 'spec.exempt.nominalConcurrencyShares', 10));
    expect(tuned.status).toBe(200);
    const catchAll = (await call(t, 'GET', `${PLC}/catch-all`)).body;
    const changed = await call(t, 'PUT', `${PLC}/catch-all`, withChange(catchAll, 'spec.limited.nominalConcurrencyShares', 6));
    expect(causeKeys(changed)).toEqual(['spec FieldValueInvalid']);
  });

  it('table cells follow the real printer', async () => {
    const exempt = (await call(t, 'GET', `${PLC}/exempt`)).body;
    const wl = (await call(t, 'GET', `${PLC}/workload-low`)).body;
    const now = Date.parse(wl.metadata.creationTimestamp);
    const cells = (o: object) => priorityLevelConfigurationKind.table!.map((c) => c.cell(o as never, now));
    expect(priorityLevelConfigurationKind.table!.map((c) => c.name)).toEqual([
      'Type',
      'NominalConcurrencyShares',
      'Queues',
      'HandSize',
      'QueueLengthLimit',
      'Age',
    ]);
    expect(cells(wl)).toEqual(['Limited', 100, 128, 6, 50, '0s']);
    expect(cells(exempt).slice(0, 5)).toEqual(['Exempt', '<none>', '<none>', '<none>', '<none>']);
  });
});
