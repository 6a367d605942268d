/** fieldsOf: which fields a value sets, per the schema's merge markers. */
import { describe, expect, it } from 'vitest';
import { fieldsOf, pathString, toFieldsV1 } from '../../../core/apply/index.ts';
import { ConfigMap } from '../../../core/registry/types/core-v1-misc.ts';
import type { JsonObject } from '../../../core/util/json.ts';
import { WidgetSchema } from './schemas.ts';

const widget = (spec: JsonObject): JsonObject => ({ apiVersion: 'test/v1', kind: 'Widget', metadata: { name: 'w' }, spec });
const paths = (obj: JsonObject, schema = WidgetSchema): string[] => fieldsOf(obj, schema).paths().map(pathString);

describe('fieldsOf per marker', () => {
  it.each<[string, JsonObject, string[]]>([
    ['a scalar is a leaf', { replicas: 3 }, ['.spec.replicas']],
    ['a list without markers is atomic: one leaf, nothing inside', { command: ['a', 'b'] }, ['.spec.command']],
    ['listType set: one member per value', { hosts: ['x', 'y'] }, ['.spec.hosts[="x"]', '.spec.hosts[="y"]']],
    ['patchStrategy merge without a key: a set', { gates: ['g'] }, ['.spec.gates[="g"]']],
    [
      'listType map: the item is a member, and its fields are walked',
      { containers: [{ name: 'app', image: 'img' }] },
      ['.spec.containers[name="app"]', '.spec.containers[name="app"].image', '.spec.containers[name="app"].name'],
    ],
    [
      'a multi-key map list; a missing key field takes its default',
      { containers: [{ name: 'app', ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }] }] },
      [
        '.spec.containers[name="app"]',
        '.spec.containers[name="app"].name',
        '.spec.containers[name="app"].ports[containerPort=53,protocol="UDP"]',
        '.spec.containers[name="app"].ports[containerPort=80,protocol="TCP"]',
        '.spec.containers[name="app"].ports[containerPort=53,protocol="UDP"].containerPort',
        '.spec.containers[name="app"].ports[containerPort=53,protocol="UDP"].protocol',
        '.spec.containers[name="app"].ports[containerPort=80,protocol="TCP"].containerPort',
      ],
    ],
    [
      'no listType, patchStrategy merge + patchMergeKey: a map list keyed by the merge key',
      { containers: [{ name: 'app', env: [{ name: 'A', value: '1' }] }] },
      [
        '.spec.containers[name="app"]',
        '.spec.containers[name="app"].name',
        '.spec.containers[name="app"].env[name="A"]',
        '.spec.containers[name="app"].env[name="A"].name',
        '.spec.containers[name="app"].env[name="A"].value',
      ],
    ],
    ['mapType atomic: one leaf', { pinned: { a: '1', b: '2' } }, ['.spec.pinned']],
    ['structType atomic: one leaf', { limits: { cpu: '1' } }, ['.spec.limits']],
    ['an atomic struct from meta/v1 (LabelSelector)', { selector: { matchLabels: { a: 'b' } } }, ['.spec.selector']],
    ['nested granular maps: every key is a member', { config: { db: { host: 'h' } } }, ['.spec.config.db', '.spec.config.db.host']],
    ['an empty granular map sets nothing', { config: {} }, []],
    ['an empty atomic list is still a leaf', { command: [] }, ['.spec.command']],
    ['a field the schema does not know is a leaf', { unknown: { deep: 1 } }, ['.spec.unknown']],
  ])('%s', (_what, spec, expected) => {
    expect(paths(widget(spec))).toEqual(expected);
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
