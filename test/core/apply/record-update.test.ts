/**
 * Field ownership on create, update and every patch but apply (recordUpdate; docs/api-rules.md,
 * "Server-side apply and field ownership"): the writer owns what it changed, and managedFields a
 * client sends are kept when valid.
 */
import { describe, expect, it } from 'vitest';
import { recordUpdate } from '../../../core/apply/index.ts';
import { ConfigMap } from '../../../core/registry/types/core-v1-misc.ts';
import { decodeObject } from '../../../core/schema/decode.ts';
import { clone, type JsonObject } from '../../../core/util/json.ts';
import { apply, cm, entries, minutes, owners, rfc3339, T0, update, widget as widgetWith, WIDGET } from '../../support/apply.ts';

/** The Widget with `spec`, and `status` when given. */
const widget = (spec: JsonObject, status?: JsonObject): JsonObject => widgetWith(spec, status ? { status } : {});

/** `obj` with its managedFields replaced (what a client sending managedFields does). */
const withManagedFields = (obj: JsonObject, list: unknown): JsonObject => {
  const out = clone(obj);
  (out.metadata as JsonObject).managedFields = list as JsonObject[];
  return out;
};

describe('create', () => {
  it('the creator owns every field it set, in the real platform FieldsV1 form', () => {
    const obj = update(undefined, cm({ a: '1' }, { app: 'x' }), 'kubectl-create');
    expect(entries(obj)).toEqual([
      {
        manager: 'kubectl-create',
        operation: 'Update',
        apiVersion: 'v1',
        time: rfc3339(T0),
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:data': { 'f:a': {}, '.': {} }, 'f:metadata': { 'f:labels': { 'f:app': {}, '.': {} } } },
      },
    ]);
    expect(JSON.stringify(entries(obj)[0].fieldsV1)).toBe('{"f:data":{"f:a":{},".":{}},"f:metadata":{"f:labels":{"f:app":{},".":{}}}}');
  });

  it('a struct every object has (non-pointer) is not owned itself; one created by the write is', () => {
    const obj = update(undefined, widget({ replicas: 1, config: { db: { host: 'h' } } }), 'creator', { kind: WIDGET });
    expect(owners(obj)).toEqual({ 'creator Update': ['.spec.config', '.spec.replicas', '.spec.config.db', '.spec.config.db.host'] });
  });

  it('an object that sets only identity fields gets no managedFields', () => {
    const obj = update(undefined, cm(), 'kubectl-create');
    expect(entries(obj)).toEqual([]);
  });
});

describe('update and non-apply patch', () => {
  it('ownership of a changed field moves to the writer; never a conflict', () => {
    const created = apply(undefined, cm({ a: '1', b: '2' }), 'alice');
    const edited = update(created, cm({ a: 'changed', b: '2' }), 'kubectl-edit', { now: minutes(1) });
    expect(owners(edited)).toEqual({ 'alice Apply': ['.data.b'], 'kubectl-edit Update': ['.data.a'] });
  });

  it('an owner whose last field is taken disappears', () => {
    const created = apply(undefined, cm({ a: '1' }), 'alice');
    const edited = update(created, cm({ a: '2' }), 'bob');
    expect(owners(edited)).toEqual({ 'bob Update': ['.data.a'] });
  });

  it('a removed field leaves every entry; removing does not make the writer an owner', () => {
    const created = update(undefined, cm({ a: '1', b: '2' }), 'creator');
    const edited = update(created, cm({ a: '1' }), 'remover', { now: minutes(1) });
    expect(owners(edited)).toEqual({ 'creator Update': ['.data', '.data.a'] });
  });

  it('the entry time moves only when the writer takes fields', () => {
    const created = update(undefined, cm({ a: '1', b: '2' }), 'editor');
    const changed = update(created, cm({ a: '9', b: '2' }), 'editor', { now: minutes(5) });
    expect(entries(changed)[0].time).toBe(rfc3339(minutes(5)));
    const removedOnly = update(changed, cm({ a: '9' }), 'editor', { now: minutes(9) });
    expect(entries(removedOnly)[0].time).toBe(rfc3339(minutes(5)));
  });

  it('a write that changes nothing leaves managedFields as they were', () => {
    const created = update(undefined, cm({ a: '1' }), 'creator');
    const same = update(created, cm({ a: '1' }), 'someone-else', { now: minutes(3) });
    expect(entries(same)).toEqual(entries(created));
  });
});

describe('entries are merged per manager + operation + apiVersion (+ subresource)', () => {
  it('the same updater writing again extends its one entry', () => {
    const one = update(undefined, cm({ a: '1' }), 'editor');
    const two = update(one, cm({ a: '1', b: '2' }), 'editor', { now: minutes(1) });
    expect(owners(two)).toEqual({ 'editor Update': ['.data', '.data.a', '.data.b'] });
    expect(entries(two)).toHaveLength(1);
  });

  it('an updater writing in another apiVersion gets a second entry', () => {
    const one = update(undefined, cm({ a: '1' }), 'editor');
    const two = update(one, cm({ a: '1', b: '2' }), 'editor', { now: minutes(1), apiVersion: 'v2' });
    expect(entries(two).map((e) => [e.manager, e.apiVersion])).toEqual([
      ['editor', 'v1'],
      ['editor', 'v2'],
    ]);
    expect(owners(two)['editor Update']).toEqual(['.data.b']); // the later entry wins in this view
  });

  it('the same name applying and updating has two entries, appliers listed first', () => {
    const applied = apply(undefined, cm({ a: '1' }), 'tool', { now: minutes(2) });
    const updated = update(applied, cm({ a: '1', b: '2' }), 'tool', { now: minutes(1) });
    expect(entries(updated).map((e) => `${e.manager} ${e.operation}`)).toEqual(['tool Apply', 'tool Update']);
  });

  it('updaters are listed oldest first', () => {
    const a = update(undefined, cm({ a: '1' }), 'zeta', { now: minutes(1) });
    const b = update(a, cm({ a: '1', b: '2' }), 'alpha', { now: minutes(2) });
    expect(entries(b).map((e) => e.manager)).toEqual(['zeta', 'alpha']);
  });

  it('beyond 10 updaters the oldest are merged into ancient-changes', () => {
    let obj = update(undefined, cm({ k0: 'v' }), 'm0', { now: minutes(0) });
    const data: Record<string, string> = { k0: 'v' };
    for (let i = 1; i <= 11; i++) {
      data[`k${i}`] = 'v';
      obj = update(obj, cm({ ...data }), `m${i}`, { now: minutes(i) });
    }
    const list = entries(obj);
    expect(list).toHaveLength(10);
    expect(list[0]).toMatchObject({ manager: 'ancient-changes', operation: 'Update', apiVersion: 'v1', time: rfc3339(minutes(2)) });
    expect(owners(obj)['ancient-changes Update']).toEqual(['.data', '.data.k0', '.data.k1', '.data.k2']);
    expect(list.slice(1).map((e) => e.manager)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11']);
  });
});

describe('managedFields sent by the client', () => {
  const base = (): JsonObject => {
    const created = apply(undefined, cm({ a: '1' }), 'alice');
    return update(created, cm({ a: '1', b: '2' }), 'bob', { now: minutes(1) });
  };

  it('a list with one empty entry resets ownership; the writer then owns what it changed', () => {
    const live = base();
    const body = withManagedFields(cm({ a: '1', b: '2', c: '3' }), [{}]);
    expect(owners(update(live, body, 'resetter', { now: minutes(2) }))).toEqual({ 'resetter Update': ['.data.c'] });
  });

  it('a reset that changes nothing leaves no managedFields at all', () => {
    const live = base();
    expect(entries(update(live, withManagedFields(cm({ a: '1', b: '2' }), [{}]), 'resetter'))).toEqual([]);
  });

  it('an empty list does not reset', () => {
    const live = base();
    const after = update(live, withManagedFields(cm({ a: '1', b: '2' }), []), 'someone');
    expect(owners(after)).toEqual(owners(live));
  });

  it('absent managedFields keep the stored ones', () => {
    const live = base();
    expect(owners(update(live, cm({ a: '1', b: '2' }), 'someone'))).toEqual(owners(live));
  });

  it('a valid, different list replaces the stored one (clients may edit ownership)', () => {
    const live = base();
    const bobOnly = entries(live).filter((e) => e.manager === 'bob');
    const after = update(live, withManagedFields(cm({ a: '1', b: '2' }), bobOnly), 'someone');
    expect(owners(after)).toEqual({ 'bob Update': ['.data.b'] });
  });

  it.each([
    { name: 'an unknown operation', entry: { manager: 'x', operation: 'Patch', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: {} } },
    { name: 'no apiVersion', entry: { manager: 'x', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1: {} } },
    { name: 'another fieldsType', entry: { manager: 'x', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV2', fieldsV1: {} } },
    {
      name: 'unreadable fieldsV1',
      entry: { manager: 'x', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { nokey: {} } },
    },
  ])('an invalid list ($name) is ignored and the stored one kept', ({ entry }) => {
    const live = base();
    const after = update(live, withManagedFields(cm({ a: '1', b: '2' }), [entry]), 'someone');
    expect(owners(after)).toEqual(owners(live));
  });

  it('an entry that is kept is written back exactly as it was sent', () => {
    const live = base();
    const sent: JsonObject[] = entries(live).map((e) => ({ ...e, fieldsV1: { 'f:data': { 'f:b': {}, 'r:future': {} } } }));
    const bob = sent.find((e) => e.manager === 'bob')!;
    const after = update(live, withManagedFields(cm({ a: '1', b: '2' }), [bob]), 'someone');
    expect(entries(after)).toEqual([bob]);
  });
});

describe('subresources', () => {
  const created = (): JsonObject => update(undefined, widget({ replicas: 1 }), 'creator', { kind: WIDGET });

  it('a status write records its own entry with subresource "status"', () => {
    const live = created();
    const after = update(live, widget({ replicas: 1 }, { ready: 1 }), 'controller', {
      kind: WIDGET,
      subresource: 'status',
      now: minutes(1),
    });
    expect(entries(after)[1]).toMatchObject({ manager: 'controller', operation: 'Update', apiVersion: 'test/v1', subresource: 'status' });
    expect(owners(after)).toEqual({ 'creator Update': ['.spec.replicas'], 'controller Update status': ['.status.ready'] });
  });

  it('the same manager on the main resource and on status keeps two entries', () => {
    const live = update(created(), widget({ replicas: 1 }, { ready: 1 }), 'ctl', { kind: WIDGET, subresource: 'status' });
    const after = update(live, widget({ replicas: 1, paused: true }, { ready: 1 }), 'ctl', { kind: WIDGET, now: minutes(1) });
    expect(Object.keys(owners(after)).sort()).toEqual(['creator Update', 'ctl Update', 'ctl Update status'].sort());
  });

  it('a subresource write ignores managedFields in the body, even a reset', () => {
    const live = created();
    const body = withManagedFields(widget({ replicas: 1 }, { ready: 2 }), [{}]);
    const after = update(live, body, 'controller', { kind: WIDGET, subresource: 'status' });
    expect(owners(after)).toEqual({ 'creator Update': ['.spec.replicas'], 'controller Update status': ['.status.ready'] });
  });

  it('fields an endpoint resets are never owned through it', () => {
    const after = update(undefined, widget({ replicas: 1 }, { ready: 3 }), 'creator', { kind: WIDGET, ignored: [['status']] });
    expect(owners(after)).toEqual({ 'creator Update': ['.spec.replicas'] });
  });
});

describe('recordUpdate input handling', () => {
  it('does not touch the live object', () => {
    const live = update(undefined, cm({ a: '1' }), 'creator');
    const snapshot = clone(live);
    const next = decodeObject(cm({ a: '2' }), ConfigMap).value;
    recordUpdate({ live, next, manager: 'x', apiVersion: 'v1', schema: ConfigMap, now: T0 });
    expect(live).toEqual(snapshot);
  });
});
