/** PriorityLevelConfiguration (flowcontrol.apiserver.orch.io/v1): defaults and v1.32 validation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowSchemaKind } from '../../../core/registry/kinds/flowschema.ts';
import { priorityLevelConfigurationKind } from '../../../core/registry/kinds/prioritylevelconfiguration.ts';
import { call, causeKeys, causesOf, expectCreated, serverWith, withChange, type Target } from './support.ts';

const PLC = '/apis/flowcontrol.apiserver.orch.io/v1/prioritylevelconfigurations';

const limited = {
  apiVersion: 'flowcontrol.apiserver.orch.io/v1',
  kind: 'PriorityLevelConfiguration',
  metadata: { name: 'p' },
  spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } },
};

let t: Target;
beforeAll(async () => {
  t = await serverWith([flowSchemaKind, priorityLevelConfigurationKind]);
});
afterAll(async () => {
  await t.close();
});
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
  const rows: [string, string, unknown, string[]][] = [
    ['Reject without queuing', `${L}.limitResponse`, { type: 'Reject' }, []],
    ['Reject with queuing', `${L}.limitResponse`, { type: 'Reject', queuing: {} }, [`${Q} FieldValueForbidden`]],
    ['Queue without queuing', `${L}.limitResponse`, { type: 'Queue' }, [`${Q} FieldValueRequired`]],
    ['unknown limitResponse type', `${L}.limitResponse`, { type: 'Drop' }, [`${L}.limitResponse.type FieldValueNotSupported`]],
    ['negative nominalConcurrencyShares', `${L}.nominalConcurrencyShares`, -1, [`${L}.nominalConcurrencyShares FieldValueInvalid`]],
    ['lendablePercent 100', `${L}.lendablePercent`, 100, []],
    ['lendablePercent 101', `${L}.lendablePercent`, 101, [`${L}.lendablePercent FieldValueInvalid`]],
    ['negative borrowingLimitPercent', `${L}.borrowingLimitPercent`, -1, [`${L}.borrowingLimitPercent FieldValueInvalid`]],
    ['borrowingLimitPercent above 100', `${L}.borrowingLimitPercent`, 300, []],
    // handSize (default 8) must then also be at most queues.
    ['negative queues', `${Q}.queues`, -1, [`${Q}.queues FieldValueInvalid`, `${Q}.handSize FieldValueInvalid`]],
    ['queues over 10^7', `${Q}`, { queues: 10_000_001, handSize: 1 }, [`${Q}.queues FieldValueInvalid`]],
    ['handSize above queues', `${Q}`, { queues: 4, handSize: 5 }, [`${Q}.handSize FieldValueInvalid`]],
    ['handSize needing too much entropy', `${Q}`, { queues: 10_000_000, handSize: 5 }, [`${Q}.handSize FieldValueInvalid`]],
    ['negative queueLengthLimit', `${Q}.queueLengthLimit`, -5, [`${Q}.queueLengthLimit FieldValueInvalid`]],
    ['Limited without limited', L, undefined, [`${L} FieldValueRequired`]],
    ['Limited with exempt', 'spec.exempt', {}, ['spec.exempt FieldValueForbidden']],
    ['Exempt for a name other than exempt', 'spec', { type: 'Exempt' }, ['spec.type FieldValueInvalid']],
    ['unknown type', 'spec.type', 'Unlimited', ['spec.type FieldValueNotSupported']],
  ];
  it.each(rows)('%s', async (_row, path, value, expected) => {
    const res = await call(t, 'POST', PLC, named(withChange(limited, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected);
  });

  it('reports the real entropy message', async () => {
    const res = await call(t, 'POST', PLC, named(withChange(limited, Q, { queues: 10_000_000, handSize: 5 })));
    expect(causesOf(res)[0].message).toBe('Invalid value: 5: required entropy bits of deckSize 10000000 and handSize 5 should not be greater than 60');
  });
});

describe('mandatory and suggested priority levels', () => {
  it('exist at start with the auto-update annotation', async () => {
    const fresh = await serverWith([flowSchemaKind, priorityLevelConfigurationKind]);
    const list = await call(fresh, 'GET', PLC);
    await fresh.close();
    const names = list.body.items.map((i: any) => i.metadata.name).sort();
    expect(names).toEqual(['catch-all', 'exempt', 'global-default', 'leader-election', 'node-high', 'system', 'workload-high', 'workload-low']);
    for (const item of list.body.items) expect(item.metadata.annotations).toEqual({ 'apf.orchestrator.io/autoupdate-spec': 'true' });
  });

  it('exempt and catch-all are as the real platform defines them', async () => {
    const exempt = (await call(t, 'GET', `${PLC}/exempt`)).body;
    expect(exempt.spec).toEqual({ type: 'Exempt', exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } });
    const catchAll = (await call(t, 'GET', `${PLC}/catch-all`)).body;
    expect(catchAll.spec).toEqual({ type: 'Limited', limited: { nominalConcurrencyShares: 5, limitResponse: { type: 'Reject' }, lendablePercent: 0 } });
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
    expect(priorityLevelConfigurationKind.table!.map((c) => c.name)).toEqual(['Type', 'NominalConcurrencyShares', 'Queues', 'HandSize', 'QueueLengthLimit', 'Age']);
    expect(cells(wl)).toEqual(['Limited', 100, 128, 6, 50, '0s']);
    expect(cells(exempt).slice(0, 5)).toEqual(['Exempt', '<none>', '<none>', '<none>', '<none>']);
  });
});
