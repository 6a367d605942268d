/**
 * The patches orchctl apply and edit send, computed as kubectl computes them: a three-way
 * strategic merge patch (last applied, new configuration, live object) for apply, a two-way one
 * for edit, with lists merged by their keys; with no schema, the JSON merge patch equivalent. The
 * markers below are those of the real Pod (containers by name, ports by containerPort, volumes
 * merge+retainKeys, finalizers a merged list of scalars; args atomic).
 */
import { describe, expect, it } from 'vitest';
import { createApiServer } from '../../core/index.ts';
import { type OpenApiDocument, patchSchemaOf } from '../../cli/openapi-patch-schema.ts';
import {
  type FieldPatchMeta,
  NO_SCHEMA,
  type PatchSchema,
  threeWayStrategicPatch,
  twoWayStrategicPatch,
} from '../../cli/strategic-diff.ts';

type Fields = Record<string, Partial<FieldPatchMeta> & { fields?: Fields }>;

function schemaOf(fields: Fields): PatchSchema {
  return {
    field: (key) => {
      const f = fields[key];
      if (!f) return NO_SCHEMA.field(key);
      return { strategy: '', retainKeys: false, mergeKey: '', ...f, schema: f.fields ? schemaOf(f.fields) : undefined };
    },
  };
}

const POD = schemaOf({
  metadata: { fields: { finalizers: { strategy: 'merge' }, labels: {} } },
  spec: {
    fields: {
      containers: { strategy: 'merge', mergeKey: 'name', fields: { ports: { strategy: 'merge', mergeKey: 'containerPort' } } },
      volumes: { strategy: 'merge', retainKeys: true, mergeKey: 'name' },
    },
  },
});

const containers = (...cs: Record<string, unknown>[]) => ({ spec: { containers: cs } });

describe('three-way strategic merge patch (apply)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]>([
    [
      'nothing changed, fields only the live object has are left alone',
      { data: { a: '1' } },
      { data: { a: '1' } },
      { data: { a: '1' }, status: { x: 1 } },
      {},
    ],
    [
      'a changed container is sent by its name; one another manager added stays',
      containers({ name: 'a', image: 'v1' }),
      containers({ name: 'a', image: 'v2' }),
      containers({ name: 'a', image: 'v1' }, { name: 'sidecar', image: 's' }),
      { spec: { containers: [{ name: 'a', image: 'v2' }], '$setElementOrder/containers': [{ name: 'a' }] } },
    ],
    [
      'a container removed from the configuration is deleted by a directive',
      containers({ name: 'a', image: 'v1' }, { name: 'b', image: 'v1' }),
      containers({ name: 'a', image: 'v1' }),
      containers({ name: 'a', image: 'v1' }, { name: 'b', image: 'v1' }),
      { spec: { containers: [{ name: 'b', $patch: 'delete' }], '$setElementOrder/containers': [{ name: 'a' }] } },
    ],
    [
      'an added container is sent whole, in the configuration order',
      containers({ name: 'b', image: 'v1' }),
      containers({ name: 'a', image: 'v1' }, { name: 'b', image: 'v1' }),
      containers({ name: 'b', image: 'v1' }),
      { spec: { containers: [{ name: 'a', image: 'v1' }], '$setElementOrder/containers': [{ name: 'a' }, { name: 'b' }] } },
    ],
    [
      'lists nested in merged elements merge by their own key',
      containers({ name: 'a', ports: [{ containerPort: 80 }] }),
      containers({ name: 'a', ports: [{ containerPort: 80, name: 'http' }] }),
      containers({ name: 'a', ports: [{ containerPort: 80, protocol: 'TCP' }, { containerPort: 9090 }] }),
      {
        spec: {
          containers: [{ name: 'a', ports: [{ containerPort: 80, name: 'http' }], '$setElementOrder/ports': [{ containerPort: 80 }] }],
          '$setElementOrder/containers': [{ name: 'a' }],
        },
      },
    ],
    [
      'a list without a merge strategy is replaced whole',
      containers({ name: 'a', args: ['x'] }),
      containers({ name: 'a', args: ['x', 'y'] }),
      containers({ name: 'a', args: ['x'] }),
      { spec: { containers: [{ name: 'a', args: ['x', 'y'] }], '$setElementOrder/containers': [{ name: 'a' }] } },
    ],
    [
      'a key removed from the configuration is cleared; one only the live object has stays',
      { metadata: { labels: { a: '1', b: '2' } } },
      { metadata: { labels: { a: '1' } } },
      { metadata: { labels: { a: '1', b: '2', c: '3' } } },
      { metadata: { labels: { b: null } } },
    ],
    [
      'a list of scalars: additions sent, removals named, the order set',
      { metadata: { finalizers: ['x', 'y'] } },
      { metadata: { finalizers: ['x', 'z'] } },
      { metadata: { finalizers: ['x', 'y', 'w'] } },
      {
        metadata: {
          finalizers: ['z'],
          '$deleteFromPrimitiveList/finalizers': ['y'],
          '$setElementOrder/finalizers': ['x', 'z'],
        },
      },
    ],
    [
      'a retainKeys element names the keys to keep',
      { spec: { volumes: [{ name: 'v', configMap: { name: 'c' } }] } },
      { spec: { volumes: [{ name: 'v', secret: { secretName: 's' } }] } },
      { spec: { volumes: [{ name: 'v', configMap: { name: 'c' } }] } },
      {
        spec: {
          volumes: [{ name: 'v', configMap: null, secret: { secretName: 's' }, $retainKeys: ['name', 'secret'] }],
          '$setElementOrder/volumes': [{ name: 'v' }],
        },
      },
    ],
  ])('%s', (_name, original, modified, current, patch) => {
    expect(threeWayStrategicPatch(original, modified, current, POD)).toEqual(patch);
  });

  it('without a schema (custom resources) it is a JSON merge patch: lists replaced, removed keys null', () => {
    expect(
      threeWayStrategicPatch(
        { spec: { items: [{ name: 'a' }], gone: 1 } },
        { spec: { items: [{ name: 'a', v: 2 }] } },
        { spec: { items: [{ name: 'a' }, { name: 'live' }], gone: 1, other: true } },
        NO_SCHEMA,
      ),
    ).toEqual({ spec: { items: [{ name: 'a', v: 2 }], gone: null } });
  });
});

describe('two-way strategic merge patch (edit)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]>([
    ['nothing changed', containers({ name: 'a', image: 'v1' }), containers({ name: 'a', image: 'v1' }), {}],
    [
      'a changed image',
      containers({ name: 'a', image: 'v1' }, { name: 'b', image: 'v1' }),
      containers({ name: 'a', image: 'v2' }, { name: 'b', image: 'v1' }),
      { spec: { containers: [{ name: 'a', image: 'v2' }], '$setElementOrder/containers': [{ name: 'a' }, { name: 'b' }] } },
    ],
    [
      'a removed container',
      containers({ name: 'a' }, { name: 'b' }),
      containers({ name: 'b' }),
      { spec: { containers: [{ name: 'a', $patch: 'delete' }], '$setElementOrder/containers': [{ name: 'b' }] } },
    ],
    [
      'a removed label',
      { metadata: { labels: { a: '1', b: '2' } } },
      { metadata: { labels: { a: '1' } } },
      { metadata: { labels: { b: null } } },
    ],
  ])('%s', (_name, original, modified, patch) => {
    expect(twoWayStrategicPatch(original, modified, POD)).toEqual(patch);
  });
});

describe('patch markers from the server OpenAPI v3 document', () => {
  async function document(path: string): Promise<OpenApiDocument> {
    const api = createApiServer();
    await api.ready;
    try {
      return (await (await api.fetch(new Request(`http://orch/openapi/v3${path}`))).json()) as OpenApiDocument;
    } finally {
      await api.close();
    }
  }

  it('reads the Pod markers through $ref and allOf', async () => {
    const pod = patchSchemaOf(await document('/api/v1'), { group: '', version: 'v1', kind: 'Pod' });
    const spec = pod?.field('spec').schema;
    const containersMeta = spec?.field('containers');
    expect({ strategy: containersMeta?.strategy, mergeKey: containersMeta?.mergeKey }).toEqual({ strategy: 'merge', mergeKey: 'name' });
    const ports = containersMeta?.schema?.field('ports');
    expect({ strategy: ports?.strategy, mergeKey: ports?.mergeKey }).toEqual({ strategy: 'merge', mergeKey: 'containerPort' });
    expect(spec?.field('volumes')).toMatchObject({ strategy: 'merge', retainKeys: true, mergeKey: 'name' });
    expect(spec?.field('containers').schema?.field('args')).toMatchObject({ strategy: '', mergeKey: '' });
  });

  it('a StatefulSet template reaches the Pod markers', async () => {
    const sts = patchSchemaOf(await document('/apis/apps/v1'), { group: 'apps', version: 'v1', kind: 'StatefulSet' });
    const podSpec = sts?.field('spec').schema?.field('template').schema?.field('spec').schema;
    expect(podSpec?.field('containers')).toMatchObject({ strategy: 'merge', mergeKey: 'name' });
  });
});
