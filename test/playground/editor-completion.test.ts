/**
 * Completion from the server's OpenAPI v3 (playground/src/editor): the schema of a document's
 * apiVersion and kind, walked along the cursor's path through `$ref`s, `allOf`s, list items and
 * map values, gives the fields (with type and description) or the enum values to offer; the
 * documents are fetched when first needed, once per group-version. The real server's documents
 * are used, as the playground's in-tab server serves them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { suggest } from '../../playground/src/editor/completion.ts';
import { groupVersionKey, OpenApiSource, type Fetcher } from '../../playground/src/editor/openapi-source.ts';
import { enumOf, fieldsOf, schemaAt, schemaFor, type OpenApiDocument } from '../../playground/src/editor/schema-walk.ts';
import { ITEM } from '../../playground/src/editor/yaml-path.ts';
import { serverPerSuite } from '../support/targets.ts';

const t = serverPerSuite();
const fetcher: Fetcher = (path) => t.request(path);
let source: OpenApiSource;

beforeAll(() => {
  source = new OpenApiSource(fetcher);
});

function at(marked: string) {
  return { text: marked.replace('‸', ''), offset: marked.indexOf('‸') };
}

async function offered(marked: string): Promise<string[] | undefined> {
  const { text, offset } = at(marked);
  const apiVersion = /^apiVersion: (\S+)/m.exec(text)?.[1] ?? 'v1';
  const doc = await source.document(apiVersion);
  if (!doc) throw new Error(`no document for ${apiVersion}`);
  return suggest(text, offset, doc)?.options.map((o) => o.label);
}

const CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\n';
const STATEFULSET = 'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\n';

describe('completion from the server’s schema', () => {
  it.each([
    ['ObjectMeta’s fields under a ConfigMap’s metadata (a $ref in allOf)', `${CONFIGMAP}metadata:\n  ‸`, ['name', 'namespace', 'labels']],
    ['a ConfigMap’s own fields, those written left out', `${CONFIGMAP}metadata:\n  name: x\n‸`, ['immutable', 'data', 'binaryData']],
    ['a StatefulSet’s spec', `${STATEFULSET}spec:\n  ‸`, ['replicas', 'selector', 'template', 'serviceName', 'podManagementPolicy']],
    [
      'a container, an item of a list, three refs down',
      `${STATEFULSET}spec:\n  template:\n    spec:\n      containers:\n      - ‸`,
      ['name', 'image', 'ports'],
    ],
    [
      'a port, in a list in a list item',
      `${STATEFULSET}spec:\n  template:\n    spec:\n      containers:\n      - name: a\n        ports:\n        - ‸`,
      ['containerPort', 'protocol'],
    ],
    ['the values of an enum', `${STATEFULSET}spec:\n  podManagementPolicy: ‸`, ['OrderedReady', 'Parallel']],
    ['a boolean’s two values', `${CONFIGMAP}immutable: ‸`, ['true', 'false']],
  ])('%s', async (_name, marked, expected) => {
    expect(await offered(marked)).toEqual(expect.arrayContaining(expected));
  });

  it('leaves out the fields already written in the same mapping', async () => {
    const labels = await offered(`${CONFIGMAP}metadata:\n  name: x\n  na‸`);
    expect(labels).toContain('namespace');
    expect(labels).not.toContain('name');
    expect(await offered(`${CONFIGMAP}metadata:\n  name: x\n‸`)).not.toContain('metadata');
  });

  it.each([
    ['under a field that is a map of strings', `${CONFIGMAP}data:\n  ‸`],
    ['for a value with no enum', `${CONFIGMAP}metadata:\n  name: ‸`],
    ['under a key the schema does not have', `${CONFIGMAP}nonsense:\n  ‸`],
    ['for a kind the document does not have', 'apiVersion: v1\nkind: Gizmo\n‸'],
    ['without a kind', 'apiVersion: v1\nmetadata:\n  ‸'],
  ])('offers nothing %s', async (_name, marked) => {
    expect(await offered(marked)).toBeUndefined();
  });

  it('tells each field’s type, whether it is required, its description, and how to write it', async () => {
    const { text, offset } = at(`${STATEFULSET}spec:\n  ‸`);
    const doc = (await source.document('apps/v1'))!;
    const options = suggest(text, offset, doc)!.options;
    const byName = (n: string) => options.find((o) => o.label === n)!;
    expect(byName('replicas')).toMatchObject({ kind: 'field', detail: 'integer', apply: 'replicas: ' });
    expect(byName('template')).toMatchObject({ detail: 'PodTemplateSpec', apply: 'template:' });
    expect(byName('selector').detail).toBe('LabelSelector, required');
    expect(byName('volumeClaimTemplates').detail).toBe('[]PersistentVolumeClaim');
    expect(byName('podManagementPolicy').info).toMatch(/OrderedReady/);
  });

  it('replaces the word being typed', async () => {
    const { text, offset } = at(`${CONFIGMAP}metadata:\n  na‸`);
    const doc = (await source.document('v1'))!;
    expect(suggest(text, offset, doc)).toMatchObject({ from: offset - 2, prefix: 'na' });
  });
});

describe('walking a schema', () => {
  const doc: OpenApiDocument = {
    components: {
      schemas: {
        'x.v1.Thing': {
          type: 'object',
          'x-kubernetes-group-version-kind': [{ group: 'example.com', version: 'v1', kind: 'Thing' }],
          properties: {
            spec: { description: 'what is wanted', allOf: [{ $ref: '#/components/schemas/x.v1.Spec' }] },
            tags: { type: 'object', additionalProperties: { $ref: '#/components/schemas/x.v1.Tag' } },
          },
        },
        'x.v1.Spec': {
          type: 'object',
          required: ['size'],
          allOf: [{ $ref: '#/components/schemas/x.v1.Base' }],
          properties: {
            size: { type: 'string', enum: ['small', 'large'] },
            children: { type: 'array', items: { $ref: '#/components/schemas/x.v1.Spec' } },
          },
        },
        'x.v1.Base': { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'the id' } } },
        'x.v1.Tag': { type: 'object', properties: { color: { type: 'string' } } },
        'x.v1.Loop': { $ref: '#/components/schemas/x.v1.Loop' },
      },
    },
  };
  const thing = schemaFor(doc, 'example.com/v1', 'Thing')!;

  it('finds the schema by group, version and kind, and nothing for others', () => {
    expect(thing).toBe(doc.components!.schemas!['x.v1.Thing']);
    expect(schemaFor(doc, 'example.com/v2', 'Thing')).toBeUndefined();
    expect(schemaFor(doc, 'v1', 'Thing')).toBeUndefined();
  });

  it('merges allOf parts and its own properties, required from both', () => {
    const spec = fieldsOf(doc, schemaAt(doc, thing, ['spec']));
    expect(spec.map((f) => [f.name, f.type, f.required, f.shape])).toEqual([
      ['id', 'string', true, 'scalar'],
      ['size', 'string', true, 'scalar'],
      ['children', '[]Spec', false, 'list'],
    ]);
    expect(spec[0]!.description).toBe('the id');
  });

  it('follows list items (a type that refers to itself) and map values', () => {
    expect(enumOf(doc, schemaAt(doc, thing, ['spec', 'children', ITEM, 'children', ITEM, 'size']))).toEqual(['small', 'large']);
    expect(fieldsOf(doc, schemaAt(doc, thing, ['tags', 'any-key'])).map((f) => f.name)).toEqual(['color']);
    expect(schemaAt(doc, thing, ['spec', 'size', 'deeper'])).toBeUndefined();
  });

  it('a $ref that refers to itself resolves to nothing, not forever', () => {
    expect(fieldsOf(doc, { $ref: '#/components/schemas/x.v1.Loop' })).toEqual([]);
    expect(fieldsOf(doc, { $ref: '#/components/schemas/x.v1.Missing' })).toEqual([]);
  });
});

describe('the documents, fetched lazily', () => {
  function counting(answers: Record<string, unknown>) {
    const asked: string[] = [];
    const f: Fetcher = async (path) => {
      asked.push(path);
      if (path === 'boom') throw new Error('network down');
      return path in answers ? { ok: true, json: async () => answers[path] } : { ok: false, json: async () => ({}) };
    };
    return { asked, f };
  }
  const index = { paths: { 'api/v1': { serverRelativeURL: '/openapi/v3/api/v1?hash=A' }, 'apis/apps/v1': { serverRelativeURL: 'boom' } } };

  it.each([
    ['v1', 'api/v1'],
    ['apps/v1', 'apis/apps/v1'],
    ['example.com/v1beta1', 'apis/example.com/v1beta1'],
  ])('%s is listed as %s', (apiVersion, key) => {
    expect(groupVersionKey(apiVersion)).toBe(key);
  });

  it('fetches the index and each group-version once, and nothing before it is asked', async () => {
    const { asked, f } = counting({ '/openapi/v3': index, '/openapi/v3/api/v1?hash=A': { components: { schemas: {} } } });
    const s = new OpenApiSource(f);
    expect(asked).toEqual([]);
    const [a, b] = await Promise.all([s.document('v1'), s.document('v1')]);
    expect(a).toEqual({ components: { schemas: {} } });
    expect(b).toBe(a);
    expect(asked).toEqual(['/openapi/v3', '/openapi/v3/api/v1?hash=A']);
  });

  it('a group-version the server does not list, or a fetch that fails, gives no document and is asked again later', async () => {
    const { asked, f } = counting({ '/openapi/v3': index });
    const s = new OpenApiSource(f);
    expect(await s.document('batch/v1')).toBeUndefined();
    expect(await s.document('apps/v1')).toBeUndefined();
    expect(await s.document('apps/v1')).toBeUndefined();
    expect(asked.filter((p) => p === 'boom')).toHaveLength(2);
    expect(await new OpenApiSource(counting({}).f).document('v1')).toBeUndefined();
  });

  it('an index that could not be read is asked for again by the next completion', async () => {
    const answers: Record<string, unknown> = {};
    const { asked, f } = counting(answers);
    const s = new OpenApiSource(f);
    expect(await s.document('v1')).toBeUndefined();
    answers['/openapi/v3'] = index;
    answers['/openapi/v3/api/v1?hash=A'] = { components: { schemas: {} } };
    expect(await s.document('v1')).toEqual({ components: { schemas: {} } });
    expect(asked.filter((p) => p === '/openapi/v3')).toHaveLength(2);
  });

  it('fresh: reads the index again, and a changed document under its new URL', async () => {
    const answers: Record<string, unknown> = { '/openapi/v3': index, '/openapi/v3/api/v1?hash=A': { components: { schemas: { a: {} } } } };
    const { asked, f } = counting(answers);
    const s = new OpenApiSource(f);
    await s.document('v1');
    answers['/openapi/v3'] = { paths: { 'api/v1': { serverRelativeURL: '/openapi/v3/api/v1?hash=B' } } };
    answers['/openapi/v3/api/v1?hash=B'] = { components: { schemas: { b: {} } } };
    expect(await s.document('v1')).toEqual({ components: { schemas: { a: {} } } });
    expect(await s.document('v1', true)).toEqual({ components: { schemas: { b: {} } } });
    expect(asked).toEqual(['/openapi/v3', '/openapi/v3/api/v1?hash=A', '/openapi/v3', '/openapi/v3/api/v1?hash=B']);
  });
});
