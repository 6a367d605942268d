/**
 * Events: core/v1 (the stored version, legacy rules) and events.orch.io/v1 (strict rules, stored
 * as core/v1). Converters are checked as pure functions; each version's validation through
 * createApiServer.
 */
import { describe, expect, it } from 'vitest';
import { eventFromCore, eventToCore } from '../../../core/registry/kind-support/event-conversion.ts';
import { coreEventKind } from '../../../core/registry/kinds/event-core.ts';
import { eventsV1EventKind } from '../../../core/registry/kinds/event.ts';
import { decodeObject } from '../../../core/schema/decode.ts';
import { Event as CoreEvent } from '../../../core/registry/types/core-v1-misc.ts';
import { Event as EventsV1Event } from '../../../core/registry/types/events-v1.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

const CORE = '/api/v1/namespaces/default/events';
const V1 = '/apis/events.orch.io/v1/namespaces/default/events';
const EVENT_TIME = '2024-05-01T10:00:00.123456Z';

const v1Event = {
  apiVersion: 'events.orch.io/v1',
  kind: 'Event',
  metadata: { name: 'e', namespace: 'default' },
  eventTime: EVENT_TIME,
  reportingController: 'orchestrator.io/scheduler',
  reportingInstance: 'scheduler-1',
  action: 'Binding',
  reason: 'Scheduled',
  regarding: { kind: 'Pod', namespace: 'default', name: 'p', uid: 'u-1', apiVersion: 'v1' },
  note: 'assigned default/p to node-1',
  type: 'Normal',
};

const coreEvent = {
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: 'c', namespace: 'default' },
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'p' },
  reason: 'Pulled',
  message: 'image pulled',
  source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: '2024-05-01T10:00:00Z',
  lastTimestamp: '2024-05-01T10:05:00Z',
  count: 3,
  type: 'Normal',
};

describe('conversion between events.orch.io/v1 and core/v1', () => {
  const full = {
    ...v1Event,
    series: { count: 4, lastObservedTime: '2024-05-01T10:01:00.000000Z' },
    related: { kind: 'Node', name: 'node-1' },
    deprecatedSource: { component: 'c', host: 'h' },
    deprecatedFirstTimestamp: '2024-05-01T09:00:00Z',
    deprecatedLastTimestamp: '2024-05-01T09:30:00Z',
    deprecatedCount: 2,
  };

  it('maps each member to its core name', () => {
    expect(eventToCore(full)).toEqual({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: full.metadata,
      eventTime: full.eventTime,
      series: full.series,
      reportingInstance: full.reportingInstance,
      action: full.action,
      reason: full.reason,
      related: full.related,
      type: full.type,
      involvedObject: full.regarding,
      message: full.note,
      reportingComponent: full.reportingController,
      source: full.deprecatedSource,
      firstTimestamp: full.deprecatedFirstTimestamp,
      lastTimestamp: full.deprecatedLastTimestamp,
      count: full.deprecatedCount,
    });
  });

  it('round-trips events.orch.io/v1 → core → events.orch.io/v1', () => {
    expect(eventFromCore(eventToCore(full))).toEqual(full);
  });

  it('round-trips core → events.orch.io/v1 → core', () => {
    expect(eventToCore(eventFromCore(coreEvent))).toEqual(coreEvent);
  });

  it('round-trips canonical (decoded) objects of both schemas', () => {
    const v1 = decodeObject(full, EventsV1Event).value;
    expect(decodeObject(eventFromCore(decodeObject(eventToCore(v1), CoreEvent).value), EventsV1Event).value).toEqual(v1);
    const core = decodeObject(coreEvent, CoreEvent).value;
    expect(decodeObject(eventToCore(decodeObject(eventFromCore(core), EventsV1Event).value), CoreEvent).value).toEqual(core);
  });

  it('does not share structure with its input', () => {
    const core = eventToCore(full);
    (core.involvedObject as { name: string }).name = 'changed';
    expect(full.regarding.name).toBe('p');
  });
});

describe('core/v1 Event (legacy rules)', () => {
  const t = serverPerSuite(() => serverWith([coreEventKind]));
  let seq = 0;
  const named = <T>(body: T): T => withChange(body, 'metadata.name', `c-${++seq}`);

  const rows: { rule: string; path: string; value: unknown; expected: string[] }[] = [
    { rule: 'an old-style event', path: 'type', value: 'Normal', expected: [] },
    { rule: 'any type is accepted', path: 'type', value: 'Odd', expected: [] },
    {
      rule: 'involved object in another namespace',
      path: 'involvedObject.namespace',
      value: 'other',
      expected: ['involvedObject.namespace FieldValueInvalid'],
    },
    { rule: 'cluster-scoped involved object', path: 'involvedObject', value: { kind: 'Node', name: 'n' }, expected: [] },
    {
      rule: 'new-style event without reporting fields',
      path: 'eventTime',
      value: EVENT_TIME,
      expected: [
        'reportingController FieldValueRequired',
        'reportingController FieldValueInvalid',
        'reportingInstance FieldValueRequired',
        'action FieldValueRequired',
      ],
    },
  ];
  it.each(rows)('$rule', async ({ path, value, expected }) => {
    const res = await call(t, 'POST', CORE, named(withChange(coreEvent, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected);
  });

  it('keeps reportingComponent and reportingInstance even when empty (as Go writes them)', async () => {
    const body = expectCreated(await call(t, 'POST', CORE, named(coreEvent)));
    expect(body).toMatchObject({ reportingComponent: '', reportingInstance: '', count: 3, eventTime: null });
    expect(Object.keys(body)).toEqual([
      'kind',
      'apiVersion',
      'metadata',
      'involvedObject',
      'reason',
      'message',
      'source',
      'firstTimestamp',
      'lastTimestamp',
      'count',
      'type',
      'eventTime',
      'reportingComponent',
      'reportingInstance',
    ]);
  });

  it('a PUT of a missing event creates it', async () => {
    const body = named(coreEvent);
    const res = await call(t, 'PUT', `${CORE}/${body.metadata.name}`, body);
    expect(res.status).toBe(201);
  });

  it('selects by involved object, reason and source', async () => {
    await call(t, 'POST', CORE, withChange(named(coreEvent), 'involvedObject.name', 'needle'));
    const byObject = await call(t, 'GET', `${CORE}?fieldSelector=involvedObject.name%3Dneedle`);
    expect(byObject.body.items).toHaveLength(1);
    const bySource = await call(t, 'GET', `${CORE}?fieldSelector=source%3Dkubelet,reason%3DPulled`);
    expect(bySource.body.items.length).toBeGreaterThan(1);
  });

  it('table cells follow the real event printer', () => {
    const now = Date.parse('2024-05-01T10:06:00Z');
    const cells = Object.fromEntries(coreEventKind.table!.map((c) => [c.name, c.cell(coreEvent, now)]));
    expect(cells).toEqual({
      'Last Seen': '60s',
      Type: 'Normal',
      Reason: 'Pulled',
      Object: 'pod/p',
      Subobject: '',
      Source: 'kubelet, node-1',
      Message: 'image pulled',
      'First Seen': '6m',
      Count: 3,
      Name: 'c',
    });
    const newStyle = eventToCore({ ...v1Event, series: { count: 5, lastObservedTime: '2024-05-01T10:05:30.000000Z' } });
    const v = Object.fromEntries(coreEventKind.table!.map((c) => [c.name, c.cell(newStyle, now)]));
    expect(v).toMatchObject({ 'Last Seen': '30s', 'First Seen': '5m59s', Count: 5, Source: 'orchestrator.io/scheduler, scheduler-1' });
  });
});

describe('events.orch.io/v1 Event (strict rules)', () => {
  const t = serverPerSuite(() => serverWith([coreEventKind, eventsV1EventKind]));
  let seq = 0;
  const named = <T>(body: T): T => withChange(body, 'metadata.name', `e-${++seq}`);

  // Causes name the core members, as the real platform (which validates its internal Event) does.
  const rows: { rule: string; path: string; value: unknown; expected: string[] }[] = [
    { rule: 'a valid event', path: 'type', value: 'Warning', expected: [] },
    { rule: 'type neither Normal nor Warning', path: 'type', value: 'Odd', expected: ['type FieldValueInvalid'] },
    { rule: 'no type', path: 'type', value: undefined, expected: ['type FieldValueInvalid'] },
    { rule: 'no eventTime', path: 'eventTime', value: undefined, expected: ['eventTime FieldValueRequired'] },
    { rule: 'no action', path: 'action', value: undefined, expected: ['action FieldValueRequired'] },
    { rule: 'action over 128 characters', path: 'action', value: 'a'.repeat(129), expected: ['action FieldValueInvalid'] },
    { rule: 'no reason', path: 'reason', value: undefined, expected: ['reason FieldValueRequired'] },
    {
      rule: 'no reportingController',
      path: 'reportingController',
      value: undefined,
      expected: ['reportingController FieldValueRequired', 'reportingController FieldValueInvalid'],
    },
    {
      rule: 'reportingController not a qualified name',
      path: 'reportingController',
      value: 'a/b/c',
      expected: ['reportingController FieldValueInvalid'],
    },
    { rule: 'no reportingInstance', path: 'reportingInstance', value: undefined, expected: ['reportingInstance FieldValueRequired'] },
    { rule: 'note of 1 KiB', path: 'note', value: 'n'.repeat(1024), expected: [] },
    { rule: 'note over 1 KiB', path: 'note', value: 'n'.repeat(1025), expected: ['message FieldValueInvalid'] },
    { rule: 'series with count 2', path: 'series', value: { count: 2, lastObservedTime: EVENT_TIME }, expected: [] },
    {
      rule: 'series with count 1',
      path: 'series',
      value: { count: 1, lastObservedTime: EVENT_TIME },
      expected: ['series.count FieldValueInvalid'],
    },
    {
      rule: 'series without lastObservedTime',
      path: 'series',
      value: { count: 3 },
      expected: ['series.lastObservedTime FieldValueRequired'],
    },
    { rule: 'deprecatedSource set', path: 'deprecatedSource', value: { component: 'c' }, expected: ['source FieldValueInvalid'] },
    {
      rule: 'deprecatedFirstTimestamp set',
      path: 'deprecatedFirstTimestamp',
      value: '2024-01-01T00:00:00Z',
      expected: ['firstTimestamp FieldValueInvalid'],
    },
    {
      rule: 'deprecatedLastTimestamp set',
      path: 'deprecatedLastTimestamp',
      value: '2024-01-01T00:00:00Z',
      expected: ['lastTimestamp FieldValueInvalid'],
    },
    { rule: 'deprecatedCount set', path: 'deprecatedCount', value: 2, expected: ['count FieldValueInvalid'] },
    { rule: 'regarding a cluster object from default', path: 'regarding', value: { kind: 'Node', name: 'n' }, expected: [] },
    { rule: 'regarding an object of another namespace', path: 'regarding.namespace', value: 'other', expected: [] },
  ];
  it.each(rows)('$rule', async ({ path, value, expected }) => {
    const res = await call(t, 'POST', V1, named(withChange(v1Event, path, value)));
    if (!expected.length) expectCreated(res);
    else expect(causeKeys(res)).toEqual(expected);
  });

  it('uses the real messages', async () => {
    const res = await call(t, 'POST', V1, named(withChange(v1Event, 'deprecatedCount', 2)));
    expect(causesOf(res)[0].message).toBe('Invalid value: "": needs to be unset');
    const type = await call(t, 'POST', V1, named(withChange(v1Event, 'type', 'Odd')));
    expect(causesOf(type)[0].message).toBe('Invalid value: "": has invalid value: Odd');
  });

  it('requires DNS-subdomain names (core/v1 only needs path-segment names)', async () => {
    const bad = await call(t, 'POST', V1, withChange(v1Event, 'metadata.name', 'Bad_Name'));
    expect(causeKeys(bad)).toEqual(['metadata.name FieldValueInvalid']);
    const core = await call(t, 'POST', CORE, withChange(coreEvent, 'metadata.name', 'Odd_But_Fine'));
    expect(core.status).toBe(201);
  });

  it('an update may change the series, but nothing it reports on', async () => {
    const created = expectCreated(await call(t, 'POST', V1, named(v1Event)));
    const url = `${V1}/${created.metadata.name}`;
    const series = await call(t, 'PUT', url, { ...created, series: { count: 2, lastObservedTime: EVENT_TIME } });
    expect(series.status).toBe(200);
    const note = await call(t, 'PUT', url, { ...series.body, note: 'changed' });
    expect(causeKeys(note)).toEqual(['message FieldValueInvalid']);
    expect(causesOf(note)[0].message).toContain('field is immutable');
  });

  it('a PUT of a missing event creates it (allowCreateOnUpdate)', async () => {
    const body = named(v1Event);
    const res = await call(t, 'PUT', `${V1}/${body.metadata.name}`, body);
    expect(res.status).toBe(201);
  });

  it('writes the members Go always writes', async () => {
    const body = expectCreated(await call(t, 'POST', V1, named(v1Event)));
    expect(body).toMatchObject({
      eventTime: EVENT_TIME,
      deprecatedSource: {},
      deprecatedFirstTimestamp: null,
      deprecatedLastTimestamp: null,
    });
  });
});

describe('one storage for both versions', () => {
  it('an event written through one version is read through the other', async () => {
    const t = await serverWith([coreEventKind, eventsV1EventKind]);
    const created = expectCreated(await call(t, 'POST', V1, v1Event));
    const asCore = await call(t, 'GET', `${CORE}/e`);
    expect(asCore.status).toBe(200);
    expect(asCore.body).toMatchObject({
      apiVersion: 'v1',
      kind: 'Event',
      involvedObject: v1Event.regarding,
      message: v1Event.note,
      reportingComponent: v1Event.reportingController,
      metadata: { uid: created.metadata.uid, resourceVersion: created.metadata.resourceVersion },
    });
    expectCreated(await call(t, 'POST', CORE, coreEvent));
    const asV1 = await call(t, 'GET', `${V1}/c`);
    expect(asV1.body).toMatchObject({
      apiVersion: 'events.orch.io/v1',
      regarding: coreEvent.involvedObject,
      note: coreEvent.message,
      deprecatedCount: 3,
    });
    await t.close();
  });
});
