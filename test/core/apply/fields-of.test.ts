/**
 * fieldsOf: which fields a value sets, per the schema's merge markers (docs/api-rules.md,
 * "Server-side apply and field ownership").
 */
import { describe, expect, it } from 'vitest';
import { fieldsOf, pathString, toFieldsV1 } from '../../../core/apply/index.ts';
import { ConfigMap } from '../../../core/registry/types/core-v1-misc.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { widget } from '../../support/apply.ts';
import { WidgetSchema } from '../../support/widget.ts';

const paths = (obj: JsonObject, schema = WidgetSchema): string[] => fieldsOf(obj, schema).paths().map(pathString);

describe('fieldsOf per marker', () => {
  it.each<{ name: string; spec: JsonObject; want: string[] }>([
    { name: 'a scalar is a leaf', spec: { replicas: 3 }, want: ['.spec.replicas'] },
    { name: 'a list without markers is atomic: one leaf, nothing inside', spec: { command: ['a', 'b'] }, want: ['.spec.command'] },
    { name: 'listType set: one member per value', spec: { hosts: ['x', 'y'] }, want: ['.spec.hosts[="x"]', '.spec.hosts[="y"]'] },
    { name: 'patchStrategy merge without a key: a set', spec: { gates: ['g'] }, want: ['.spec.gates[="g"]'] },
    {
      name: 'listType map: the item is a member, and its fields are walked',
      spec: { containers: [{ name: 'app', image: 'img' }] },
      want: ['.spec.containers[name="app"]', '.spec.containers[name="app"].image', '.spec.containers[name="app"].name'],
    },
    {
      name: 'a multi-key map list; a missing key field takes its default',
      spec: { containers: [{ name: 'app', ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }] }] },
      want: [
        '.spec.containers[name="app"]',
        '.spec.containers[name="app"].name',
        '.spec.containers[name="app"].ports[containerPort=53,protocol="UDP"]',
        '.spec.containers[name="app"].ports[containerPort=80,protocol="TCP"]',
        '.spec.containers[name="app"].ports[containerPort=53,protocol="UDP"].containerPort',
        '.spec.containers[name="app"].ports[containerPort=53,protocol="UDP"].protocol',
        '.spec.containers[name="app"].ports[containerPort=80,protocol="TCP"].containerPort',
      ],
    },
    {
      name: 'no listType, patchStrategy merge + patchMergeKey: a map list keyed by the merge key',
      spec: { containers: [{ name: 'app', env: [{ name: 'A', value: '1' }] }] },
      want: [
        '.spec.containers[name="app"]',
        '.spec.containers[name="app"].name',
        '.spec.containers[name="app"].env[name="A"]',
        '.spec.containers[name="app"].env[name="A"].name',
        '.spec.containers[name="app"].env[name="A"].value',
      ],
    },
    { name: 'mapType atomic: one leaf', spec: { pinned: { a: '1', b: '2' } }, want: ['.spec.pinned'] },
    { name: 'structType atomic: one leaf', spec: { limits: { cpu: '1' } }, want: ['.spec.limits'] },
    { name: 'an atomic struct from meta/v1 (LabelSelector)', spec: { selector: { matchLabels: { a: 'b' } } }, want: ['.spec.selector'] },
    {
      name: 'nested granular maps: every key is a member',
      spec: { config: { db: { host: 'h' } } },
      want: ['.spec.config.db', '.spec.config.db.host'],
    },
    { name: 'an empty granular map sets nothing', spec: { config: {} }, want: [] },
    { name: 'an empty atomic list is still a leaf', spec: { command: [] }, want: ['.spec.command'] },
    { name: 'a field the schema does not know is a leaf', spec: { unknown: { deep: 1 } }, want: ['.spec.unknown'] },
  ])('$name', ({ spec, want }) => {
    expect(paths(widget(spec))).toEqual(want);
  });

  it('tracks labels, annotations, finalizers, ownerReferences and generateName, not identity or server-set metadata', () => {
    const obj: JsonObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'a',
        generateName: 'a-',
        namespace: 'default',
        uid: 'u',
        resourceVersion: '5',
        generation: 2,
        creationTimestamp: '2024-01-01T00:00:00Z',
        selfLink: '/x',
        labels: { app: 'x' },
        annotations: { note: 'y' },
        finalizers: ['f'],
        ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'pu' }],
        managedFields: [{ manager: 'm' }],
      },
      data: { k: 'v' },
    };
    expect(toFieldsV1(fieldsOf(obj, ConfigMap))).toEqual({
      'f:data': { 'f:k': {} },
      'f:metadata': {
        'f:annotations': { 'f:note': {} },
        'f:finalizers': { 'v:"f"': {} },
        'f:generateName': {},
        'f:labels': { 'f:app': {} },
        'f:ownerReferences': { 'k:{"uid":"pu"}': {} },
      },
    });
  });
});
