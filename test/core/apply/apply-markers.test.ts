/**
 * Server-side apply on each merge marker (docs/api-rules.md, "Server-side apply and field
 * ownership"): map lists, sets, atomic lists, maps and structs, and schema changes.
 */
import { describe, expect, it } from 'vitest';
import { ApplyConflictError } from '../../../core/apply/index.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { apply, applyWidget, owners, update, updateWidget, widget, WIDGET } from '../../support/apply.ts';

const spec = (obj: JsonObject): JsonObject => obj.spec as JsonObject;

function conflictText(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    if (err instanceof ApplyConflictError) return err.message;
    throw err;
  }
  return 'no conflict';
}

/** A live object whose managedFields were written for another version of the schema. */
function withEntry(obj: JsonObject, manager: string, fieldsV1: JsonObject): JsonObject {
  const entry = { manager, operation: 'Apply', apiVersion: 'test/v1', fieldsType: 'FieldsV1', fieldsV1 };
  return { ...obj, metadata: { ...(obj.metadata as JsonObject), managedFields: [entry] } };
}

describe('map lists (listType map)', () => {
  it('each applier owns its own items; the lists merge', () => {
    const a = applyWidget(undefined, { containers: [{ name: 'a', image: 'ia' }] }, 'alice');
    const ab = applyWidget(a, { containers: [{ name: 'b', image: 'ib' }] }, 'bob');
    expect(spec(ab).containers).toEqual([
      { name: 'a', image: 'ia' },
      { name: 'b', image: 'ib' },
    ]);
    expect(owners(ab)).toEqual({
      'alice Apply': ['.spec.containers[name="a"]', '.spec.containers[name="a"].image', '.spec.containers[name="a"].name'],
      'bob Apply': ['.spec.containers[name="b"]', '.spec.containers[name="b"].image', '.spec.containers[name="b"].name'],
    });
  });

  it('changing a field of another applier item conflicts on that field', () => {
    const a = applyWidget(undefined, { containers: [{ name: 'a', image: 'ia' }] }, 'alice');
    expect(conflictText(() => applyWidget(a, { containers: [{ name: 'a', image: 'other' }] }, 'bob'))).toBe(
      'Apply failed with 1 conflict: conflict with "alice": .spec.containers[name="a"].image',
    );
  });

  it('an item the applier drops is removed whole; items of others stay', () => {
    const ab = applyWidget(
      applyWidget(undefined, { containers: [{ name: 'a', image: 'ia' }] }, 'alice'),
      { containers: [{ name: 'b' }] },
      'bob',
    );
    const after = applyWidget(ab, { containers: [] }, 'alice');
    expect(spec(after).containers).toEqual([{ name: 'b' }]);
    expect(Object.keys(owners(after))).toEqual(['bob Apply']);
  });

  it('an item the applier owned goes even when an updater owns a field inside it (the updater loses that field)', () => {
    const a = applyWidget(undefined, { containers: [{ name: 'a', image: 'ia' }] }, 'alice');
    const edited = updateWidget(a, { containers: [{ name: 'a', image: 'edited' }] }, 'editor');
    const after = applyWidget(edited, { replicas: 1 }, 'alice');
    expect(spec(after).containers).toBeUndefined();
    expect(owners(after)).toEqual({ 'alice Apply': ['.spec.replicas'] });
  });

  it('an item another manager also applied stays when one applier drops it', () => {
    const shared = applyWidget(applyWidget(undefined, { containers: [{ name: 'a' }] }, 'alice'), { containers: [{ name: 'a' }] }, 'bob');
    const after = applyWidget(shared, { replicas: 1 }, 'alice');
    expect(spec(after).containers).toEqual([{ name: 'a' }]);
  });

  it('items only in the live list keep their place; shared items follow the configuration order', () => {
    const live = applyWidget(undefined, { containers: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }, 'alice');
    const after = applyWidget(live, { containers: [{ name: 'c' }, { name: 'a' }] }, 'bob');
    expect(spec(after).containers).toEqual([{ name: 'b' }, { name: 'c' }, { name: 'a' }]);
  });

  it('a multi-key map list: items differing in any key are distinct; a missing key field takes its default', () => {
    const tcp = applyWidget(undefined, { containers: [{ name: 'a', ports: [{ containerPort: 80 }] }] }, 'alice');
    const both = applyWidget(tcp, { containers: [{ name: 'a', ports: [{ containerPort: 80, protocol: 'UDP' }] }] }, 'bob');
    expect((spec(both).containers as JsonObject[])[0].ports).toEqual([{ containerPort: 80 }, { containerPort: 80, protocol: 'UDP' }]);
    expect(owners(both)['bob Apply']).toContain('.spec.containers[name="a"].ports[containerPort=80,protocol="UDP"]');
    expect(owners(both)['alice Apply']).toContain('.spec.containers[name="a"].ports[containerPort=80,protocol="TCP"]');
  });

  it('without listType, patchStrategy merge + patchMergeKey merges by the merge key', () => {
    const one = applyWidget(undefined, { containers: [{ name: 'a', env: [{ name: 'X', value: '1' }] }] }, 'alice');
    const two = applyWidget(one, { containers: [{ name: 'a', env: [{ name: 'Y', value: '2' }] }] }, 'bob');
    expect((spec(two).containers as JsonObject[])[0].env).toEqual([
      { name: 'X', value: '1' },
      { name: 'Y', value: '2' },
    ]);
  });
});

describe('sets (listType set, or patchStrategy merge without a key)', () => {
  it('values of several appliers merge; each owns its values', () => {
    const x = applyWidget(undefined, { hosts: ['x'], gates: ['g1'] }, 'alice');
    const xy = applyWidget(x, { hosts: ['y'], gates: ['g2'] }, 'bob');
    expect(spec(xy)).toMatchObject({ hosts: ['x', 'y'], gates: ['g1', 'g2'] });
    expect(owners(xy)).toEqual({
      'alice Apply': ['.spec.gates[="g1"]', '.spec.hosts[="x"]'],
      'bob Apply': ['.spec.gates[="g2"]', '.spec.hosts[="y"]'],
    });
  });

  it('a value the applier drops is removed; values of others stay', () => {
    const xy = applyWidget(applyWidget(undefined, { hosts: ['x'] }, 'alice'), { hosts: ['y'] }, 'bob');
    expect(spec(applyWidget(xy, { hosts: [] }, 'alice')).hosts).toEqual(['y']);
  });

  it('the last value dropped leaves no list', () => {
    const x = applyWidget(undefined, { hosts: ['x'] }, 'alice');
    expect(spec(applyWidget(x, {}, 'alice')).hosts).toBeUndefined();
  });
});

describe('atomic values', () => {
  it('a list without markers is replaced whole and owned as one field', () => {
    const ab = applyWidget(undefined, { command: ['a', 'b'] }, 'alice');
    const c = applyWidget(ab, { command: ['c'] }, 'alice');
    expect(spec(c).command).toEqual(['c']);
    expect(owners(c)).toEqual({ 'alice Apply': ['.spec.command'] });
  });

  it('another applier changing an atomic list conflicts on the whole list; forcing takes it', () => {
    const ab = applyWidget(undefined, { command: ['a', 'b'] }, 'alice');
    expect(conflictText(() => applyWidget(ab, { command: ['a', 'b', 'c'] }, 'bob'))).toBe(
      'Apply failed with 1 conflict: conflict with "alice": .spec.command',
    );
    const forced = applyWidget(ab, { command: ['z'] }, 'bob', { force: true });
    expect(spec(forced).command).toEqual(['z']);
    expect(owners(forced)).toEqual({ 'bob Apply': ['.spec.command'] });
  });

  it('an atomic map (mapType atomic) is replaced whole', () => {
    const ab = applyWidget(undefined, { pinned: { a: '1', b: '2' } }, 'alice');
    expect(spec(applyWidget(ab, { pinned: { a: '1' } }, 'alice')).pinned).toEqual({ a: '1' });
    expect(conflictText(() => applyWidget(ab, { pinned: { c: '3' } }, 'bob'))).toBe(
      'Apply failed with 1 conflict: conflict with "alice": .spec.pinned',
    );
  });

  it('an atomic struct (structType atomic) is replaced whole', () => {
    const both = applyWidget(undefined, { limits: { cpu: '1', memory: '2' } }, 'alice');
    expect(spec(applyWidget(both, { limits: { cpu: '1' } }, 'alice')).limits).toEqual({ cpu: '1' });
    expect(conflictText(() => applyWidget(both, { limits: { cpu: '2', memory: '2' } }, 'bob'))).toBe(
      'Apply failed with 1 conflict: conflict with "alice": .spec.limits',
    );
  });
});

describe('granular maps and structs', () => {
  it('nested maps merge key by key; a key both applied stays when one drops it, its own sub-keys go', () => {
    const host = applyWidget(undefined, { config: { db: { host: 'h' } } }, 'alice');
    const both = applyWidget(host, { config: { db: { port: '5432' } } }, 'bob');
    expect(spec(both).config).toEqual({ db: { host: 'h', port: '5432' } });
    expect(owners(both)['bob Apply']).toEqual(['.spec.config.db', '.spec.config.db.port']);
    const dropped = applyWidget(both, {}, 'alice');
    expect(spec(dropped).config).toEqual({ db: { port: '5432' } });
  });

  it('a struct whose fields the applier all dropped, and nobody else owns, goes (decoding restores defaults)', () => {
    const live = applyWidget(undefined, { replicas: 2 }, 'alice');
    const after = applyWidget(live, {}, 'alice');
    expect(spec(after)).toEqual({});
    expect(owners(after)).toEqual({});
  });

  it('fields nobody owns are kept when the applier drops its own beside them', () => {
    const created = updateWidget(undefined, { paused: true, replicas: 2 }, 'creator');
    // A reset leaves `paused` owned by nobody.
    const orphaned = update(created, { ...created, metadata: { ...(created.metadata as JsonObject), managedFields: [{}] } }, 'x', {
      kind: WIDGET,
    });
    expect(owners(orphaned)).toEqual({});
    const applied = applyWidget(orphaned, { replicas: 2, hosts: ['x'] }, 'alice');
    const dropped = applyWidget(applied, { replicas: 2 }, 'alice');
    expect(spec(dropped)).toEqual({ replicas: 2, paused: true });
  });
});

describe('schema changes', () => {
  it('granular → atomic: who owned any element owns the whole value, so later changes conflict', () => {
    const live = withEntry(widget({ pinned: { a: '1' } }), 'alice', { 'f:spec': { 'f:pinned': { 'f:a': {} } } });
    expect(conflictText(() => applyWidget(live, { pinned: { a: '1', b: '2' } }, 'bob'))).toBe(
      'Apply failed with 1 conflict: conflict with "alice": .spec.pinned',
    );
  });

  it('atomic → granular: the owner of the whole value owns nothing below it, so nested changes do not conflict', () => {
    const live = withEntry(widget({ hosts: ['x'] }), 'alice', { 'f:spec': { 'f:hosts': {} } });
    const after = applyWidget(live, { hosts: ['z'] }, 'bob');
    expect(spec(after).hosts).toEqual(['x', 'z']);
    expect(owners(after)).toEqual({ 'alice Apply': ['.spec.hosts'], 'bob Apply': ['.spec.hosts[="z"]'] });
  });
});

describe('subresources and reset fields', () => {
  it('an apply on the status subresource records a status entry and owns only status', () => {
    const live = applyWidget(undefined, { replicas: 1 }, 'alice');
    const after = apply(live, widget({ replicas: 5 }, { status: { ready: 1 } }), 'controller', {
      kind: WIDGET,
      subresource: 'status',
      ignored: [['metadata'], ['spec']],
    });
    expect(owners(after)).toEqual({ 'alice Apply': ['.spec.replicas'], 'controller Apply status': ['.status.ready'] });
  });

  it('an apply on the main resource does not own the status it sends', () => {
    const after = apply(undefined, widget({ replicas: 1 }, { status: { ready: 1 } }), 'alice', { kind: WIDGET, ignored: [['status']] });
    expect(owners(after)).toEqual({ 'alice Apply': ['.spec.replicas'] });
  });

  it('an applier on the main resource and on status keeps one entry for each', () => {
    const main = applyWidget(undefined, { replicas: 1 }, 'ctl');
    const both = apply(main, widget({}, { status: { ready: 1 } }), 'ctl', { kind: WIDGET, subresource: 'status', ignored: [['spec']] });
    expect(Object.keys(owners(both))).toEqual(['ctl Apply', 'ctl Apply status']);
  });
});
