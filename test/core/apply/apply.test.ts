/**
 * Server-side apply (docs/api-rules.md, "Server-side apply and field ownership"): who owns a field
 * after each kind of write, conflicts and force, and what an apply configuration must be — on
 * ConfigMap and on the synthetic Widget with each merge marker.
 */
import { describe, expect, it } from 'vitest';
import { ApplyConflictError, conflictStatus } from '../../../core/apply/index.ts';
import { StatusError } from '../../../core/errors/status-error.ts';
import { clone, type JsonObject } from '../../../core/util/json.ts';
import {
  apply,
  applyWidget,
  cm,
  CONFIGMAP,
  entries,
  minutes,
  owners,
  rfc3339,
  T0,
  thrown,
  update,
  widget,
  WIDGET,
} from '../../support/apply.ts';

/** The conflict an apply throws (fails the test if it does not throw one). */
const conflictOf = (run: () => unknown): ApplyConflictError => thrown(ApplyConflictError, run);
/** The StatusError a call throws. */
const statusOf = (run: () => unknown): StatusError => thrown(StatusError, run);

describe('Field ownership table', () => {
  it('apply sets a field nobody else owns: applier becomes owner', () => {
    const obj = apply(undefined, cm({ a: '1' }), 'alice');
    expect(obj.data).toEqual({ a: '1' });
    expect(owners(obj)).toEqual({ 'alice Apply': ['.data.a'] });
  });

  it('apply changes a field owned by another manager, no force: rejected with a conflict', () => {
    const live = apply(undefined, cm({ a: '1' }), 'alice');
    const err = conflictOf(() => apply(live, cm({ a: '2' }), 'bob'));
    expect(err.message).toBe('Apply failed with 1 conflict: conflict with "alice": .data.a');
    expect(err.conflicts).toMatchObject([{ manager: 'alice', operation: 'Apply', field: '.data.a' }]);
  });

  it('apply with force=true over a conflict: value overwritten, applier sole owner, field removed from the others', () => {
    const live = apply(apply(undefined, cm({ a: '1', b: '1' }), 'alice'), cm({ a: '1' }), 'carol');
    const forced = apply(live, cm({ a: '2' }), 'bob', { force: true, now: minutes(1) });
    expect(forced.data).toEqual({ a: '2', b: '1' });
    expect(owners(forced)).toEqual({ 'alice Apply': ['.data.b'], 'bob Apply': ['.data.a'] });
  });

  it('forcing a shared field takes it from every owner', () => {
    const shared = apply(apply(undefined, cm({ a: '1', b: '1' }), 'alice'), cm({ a: '1' }), 'bob');
    const forced = apply(shared, cm({ a: '2' }), 'carol', { force: true });
    expect(owners(forced)).toEqual({ 'alice Apply': ['.data.b'], 'carol Apply': ['.data.a'] });
  });

  it('apply sets a field to the value it already has: ownership becomes shared', () => {
    const live = apply(undefined, cm({ a: '1' }), 'alice');
    const shared = apply(live, cm({ a: '1' }), 'bob', { now: minutes(1) });
    expect(shared.data).toEqual({ a: '1' });
    expect(owners(shared)).toEqual({ 'alice Apply': ['.data.a'], 'bob Apply': ['.data.a'] });
  });

  it('any later change of a shared field by any owner: conflict', () => {
    const shared = apply(apply(undefined, cm({ a: '1' }), 'alice'), cm({ a: '1' }), 'bob');
    expect(conflictOf(() => apply(shared, cm({ a: '2' }), 'alice')).message).toBe(
      'Apply failed with 1 conflict: conflict with "bob": .data.a',
    );
    expect(conflictOf(() => apply(shared, cm({ a: '3' }), 'bob')).message).toBe(
      'Apply failed with 1 conflict: conflict with "alice": .data.a',
    );
  });

  it('apply omits a field the applier owned, others do not own it: field deleted', () => {
    const live = apply(undefined, cm({ a: '1', b: '2' }), 'alice');
    const after = apply(live, cm({ a: '1' }), 'alice', { now: minutes(1) });
    expect(after.data).toEqual({ a: '1' });
    expect(owners(after)).toEqual({ 'alice Apply': ['.data.a'] });
  });

  it('apply omits a field owned also by others: value unchanged, applier ownership removed', () => {
    const shared = apply(apply(undefined, cm({ a: '1', b: '2' }), 'alice'), cm({ a: '1' }), 'bob');
    const after = apply(shared, cm({ b: '2' }), 'alice', { now: minutes(1) });
    expect(after.data).toEqual({ a: '1', b: '2' });
    expect(owners(after)).toEqual({ 'alice Apply': ['.data.b'], 'bob Apply': ['.data.a'] });
  });

  it('update (PUT) or non-apply patch changes a managed field: succeeds, ownership moves to the changing manager', () => {
    const live = apply(undefined, cm({ a: '1', b: '2' }), 'alice');
    const edited = update(live, cm({ a: '9', b: '2' }), 'kubectl-edit', { now: minutes(1) });
    expect(edited.data).toEqual({ a: '9', b: '2' });
    expect(owners(edited)).toEqual({ 'alice Apply': ['.data.b'], 'kubectl-edit Update': ['.data.a'] });
  });

  it('non-apply write sets managedFields to a list with one empty entry: stripped, then the writer owns what it changed', () => {
    const live = apply(undefined, cm({ a: '1' }), 'alice');
    const body = { ...cm({ a: '1', b: '2' }), metadata: { name: 'cm', namespace: 'default', managedFields: [{}] } };
    expect(owners(update(live, body, 'resetter'))).toEqual({ 'resetter Update': ['.data.b'] });
    const emptyList = { ...cm({ a: '1', b: '2' }), metadata: { name: 'cm', namespace: 'default', managedFields: [] } };
    expect(owners(update(live, emptyList, 'keeper'))).toEqual({ 'alice Apply': ['.data.a'], 'keeper Update': ['.data.b'] });
  });
});

describe('Server-side apply rules', () => {
  it('the body must not contain metadata.managedFields (400)', () => {
    const config = { ...cm({ a: '1' }), metadata: { name: 'cm', managedFields: [] } };
    const err = statusOf(() => apply(undefined, config, 'alice'));
    expect(err.status).toMatchObject({ code: 400, reason: 'BadRequest', message: 'metadata.managedFields must be nil' });
  });

  it('managedFields: null in the body is accepted (it is nil)', () => {
    const config = { ...cm({ a: '1' }), metadata: { name: 'cm', managedFields: null } };
    expect(apply(undefined, config, 'alice').data).toEqual({ a: '1' });
  });

  const named = (apiVersion: string | undefined, kind: string | undefined): JsonObject => ({
    ...(apiVersion ? { apiVersion } : {}),
    ...(kind ? { kind } : {}),
    metadata: { name: 'cm' },
    data: { a: '1' },
  });

  it.each([
    { name: 'another kind', config: named('v1', 'Secret'), message: 'invalid object type: /v1, Kind=Secret' },
    { name: 'another version', config: named('v2', 'ConfigMap'), message: 'invalid object type: /v2, Kind=ConfigMap' },
    { name: 'no apiVersion and kind', config: named(undefined, undefined), message: 'invalid object type: /, Kind=' },
  ])('the body must name the endpoint apiVersion and kind: $name (400)', ({ config, message }) => {
    expect(statusOf(() => apply(undefined, config, 'alice')).status).toMatchObject({ code: 400, reason: 'BadRequest', message });
  });

  const meta = { name: 'cm', namespace: 'default' };
  const typed = 'failed to create typed patch object (default/cm; /v1, Kind=ConfigMap)';

  it.each<{ name: string; fields: JsonObject; message: string }>([
    {
      name: 'a value of the wrong type',
      fields: { data: { a: 1 } },
      message: `${typed}: .data.a: expected string, got &value.valueUnstructured{Value:1}`,
    },
    { name: 'a field the kind does not have', fields: { extra: true }, message: `${typed}: .extra: field not declared in schema` },
    {
      name: 'several problems, in the order sent',
      fields: { immutable: 'yes', extra: true },
      message: `${typed}: errors:\n  .immutable: expected boolean, got &{yes}\n  .extra: field not declared in schema`,
    },
  ])('a configuration that does not fit the schema is a 400: $name', ({ fields, message }) => {
    const config: JsonObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta, ...fields };
    expect(statusOf(() => apply(undefined, config, 'alice')).status).toMatchObject({ code: 400, reason: 'BadRequest', message });
  });

  it.each<{ name: string; spec: JsonObject; detail: string }>([
    {
      name: 'a repeated map-list key',
      spec: { containers: [{ name: 'a' }, { name: 'a' }] },
      detail: '.spec.containers: duplicate entries for key [name="a"]',
    },
    { name: 'a repeated set value', spec: { hosts: ['x', 'x'] }, detail: '.spec.hosts: duplicate entries for key [="x"]' },
    {
      name: 'a map-list item without its key',
      spec: { containers: [{ image: 'i' }] },
      detail:
        '.spec.containers: element 0: associative list with keys has an element that omits key field "name" (and doesn\'t have default value)',
    },
    {
      name: 'a set item that is an object',
      spec: { hosts: [{ a: 1 }] },
      detail: ".spec.hosts: element 0: associative list without keys has an element that's a map type",
    },
  ])('list items must be identifiable: $name (400)', ({ spec, detail }) => {
    const err = statusOf(() => applyWidget(undefined, spec, 'alice'));
    expect(err.status.message).toBe(`failed to create typed patch object (default/w; test/v1, Kind=Widget): ${detail}`);
  });

  it('creating: the object is the configuration, and the applier owns exactly what it sent', () => {
    const obj = applyWidget(undefined, { replicas: 2, containers: [{ name: 'app', image: 'img' }] }, 'alice');
    expect(obj.spec).toEqual({ replicas: 2, containers: [{ name: 'app', image: 'img' }] });
    expect(entries(obj)).toEqual([
      {
        manager: 'alice',
        operation: 'Apply',
        apiVersion: 'test/v1',
        time: rfc3339(T0),
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { 'f:image': {}, 'f:name': {}, '.': {} } }, 'f:replicas': {} } },
      },
    ]);
  });

  it('the merge favours the configuration and keeps what it does not mention', () => {
    const live = update(undefined, widget({ replicas: 1, paused: true }), 'creator', { kind: WIDGET });
    const after = applyWidget(live, { replicas: 3 }, 'alice', { force: true });
    expect(after.spec).toEqual({ replicas: 3, paused: true });
  });

  it('a shared owner gives up ownership by applying without the field; the value stays', () => {
    const shared = apply(apply(undefined, cm({ a: '1' }), 'alice'), cm({ a: '1' }), 'bob');
    const after = apply(shared, cm(), 'bob');
    expect(after.data).toEqual({ a: '1' });
    expect(owners(after)).toEqual({ 'alice Apply': ['.data.a'] });
  });

  it('transfer between managers: both set the same value, then the old owner omits it', () => {
    const old = apply(undefined, cm({ a: '1' }), 'old-tool');
    const shared = apply(old, cm({ a: '1' }), 'new-tool');
    const handedOver = apply(shared, cm(), 'old-tool');
    expect(owners(handedOver)).toEqual({ 'new-tool Apply': ['.data.a'] });
    const changed = apply(handedOver, cm({ a: '2' }), 'new-tool');
    expect(changed.data).toEqual({ a: '2' });
  });

  it('an applier has one entry whatever version it applies with; it takes the latest version', () => {
    const first = apply(undefined, cm({ a: '1' }), 'alice');
    const second = apply(first, { ...cm({ a: '1', b: '2' }), apiVersion: 'v2' }, 'alice', { kind: { ...CONFIGMAP, apiVersion: 'v2' } });
    expect(entries(second).map((e) => [e.manager, e.operation, e.apiVersion])).toEqual([['alice', 'Apply', 'v2']]);
  });

  it('the entry time moves when the object changes; an apply that only shares ownership writes none', () => {
    const first = apply(undefined, cm({ a: '1' }), 'alice', { now: minutes(1) });
    const shared = apply(first, cm({ a: '1' }), 'bob', { now: minutes(2) });
    // The real platform (v1.32) leaves the new entry without a time when nothing changed
    // (kubernetes/kubernetes#127938).
    expect(entries(shared).map((e) => [e.manager, e.time])).toEqual([
      ['bob', undefined],
      ['alice', rfc3339(minutes(1))],
    ]);
    const changed = apply(shared, cm({ a: '1', b: '2' }), 'bob', { now: minutes(3) });
    expect(entries(changed).find((e) => e.manager === 'bob')?.time).toBe(rfc3339(minutes(3)));
    const again = apply(changed, cm({ a: '1', b: '2' }), 'bob', { now: minutes(4) });
    expect(entries(again).find((e) => e.manager === 'bob')?.time).toBe(rfc3339(minutes(3)));
  });

  it('a no-op apply by the owner changes nothing at all', () => {
    const first = apply(undefined, cm({ a: '1' }, { app: 'x' }), 'alice');
    expect(apply(first, cm({ a: '1' }, { app: 'x' }), 'alice', { now: minutes(5) })).toEqual(first);
  });

  it('labels are owned key by key and pruned like any map', () => {
    const first = apply(undefined, cm(undefined, { app: 'x', tier: 'web' }), 'alice');
    expect(owners(first)).toEqual({ 'alice Apply': ['.metadata.labels.app', '.metadata.labels.tier'] });
    const second = apply(first, cm(undefined, { app: 'x' }), 'alice');
    expect((second.metadata as JsonObject).labels).toEqual({ app: 'x' });
  });
});

describe('conflicts', () => {
  it('an updater is named with the version it wrote', () => {
    const live = update(undefined, cm({ a: '1' }), 'kubectl-edit');
    const err = conflictOf(() => apply(live, cm({ a: '2' }), 'alice'));
    expect(err.message).toBe('Apply failed with 1 conflict: conflict with "kubectl-edit" using v1: .data.a');
  });

  it('several conflicts are grouped by manager, managers in order', () => {
    const live = apply(update(undefined, cm({ a: '1', b: '1' }), 'zed'), cm({ a: '1', b: '1', c: '1' }), 'amy', { force: true });
    const err = conflictOf(() => apply(live, cm({ a: '2', b: '2', c: '2' }), 'bob'));
    expect(err.message).toBe(
      'Apply failed with 5 conflicts: conflicts with "amy":\n- .data.a\n- .data.b\n- .data.c\nconflicts with "zed" using v1:\n- .data.a\n- .data.b',
    );
  });

  it('the 409 Status: reason Conflict, one FieldManagerConflict cause per field, no object details', () => {
    const live = apply(apply(undefined, cm({ a: '1', b: '1' }), 'alice'), cm({ b: '1' }), 'bob');
    const err = conflictOf(() => apply(live, cm({ a: '2', b: '2' }), 'carol'));
    const status = conflictStatus({ group: '', resource: 'configmaps' }, 'cm', err);
    expect(status.code).toBe(409);
    expect(status.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Apply failed with 3 conflicts: conflicts with "alice":\n- .data.a\n- .data.b\nconflicts with "bob":\n- .data.b',
      reason: 'Conflict',
      details: {
        causes: [
          { reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.a' },
          { reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.b' },
          { reason: 'FieldManagerConflict', message: 'conflict with "bob"', field: '.data.b' },
        ],
      },
      code: 409,
    });
  });

  it('a conflict changes nothing: the caller keeps the live object', () => {
    const live = apply(undefined, cm({ a: '1' }), 'alice');
    const snapshot = clone(live);
    conflictOf(() => apply(live, cm({ a: '2' }), 'bob'));
    expect(live).toEqual(snapshot);
  });
});
