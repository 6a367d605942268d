/**
 * C1: in-process creates/s of a custom resource whose schema has 10 properties and 3 CEL rules ÷
 * creates/s of a ConfigMap of the same size (the same 10 values as data), through `api.handle`,
 * the two measured in alternating rounds on the same server (goal ≥ 0.5). The custom resource pays for
 * what a built-in kind does not: its schema walk (types, formats, pruning, defaults) and the CEL
 * rules.
 */
import { createApiServer, type ApiServer } from '../../core/index.ts';
import { fmt, type BenchResult } from './measure.ts';

const encoder = new TextEncoder();
const FIELDS = 10;

const CRD = {
  apiVersion: 'apiextensions.orch.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'benchobjects.bench.example.com' },
  spec: {
    group: 'bench.example.com',
    scope: 'Namespaced',
    names: { plural: 'benchobjects', singular: 'benchobject', kind: 'BenchObject', listKind: 'BenchObjectList' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                required: ['field0'],
                properties: Object.fromEntries(Array.from({ length: FIELDS }, (_, k) => [`field${k}`, { type: 'string', maxLength: 128 }])),
                'x-orch-validations': [
                  { rule: 'self.field0.startsWith("value")', message: 'field0 starts with value' },
                  { rule: 'size(self.field1) <= 100', message: 'field1 is short' },
                  { rule: '!has(self.field9) || self.field9 != self.field0', message: 'field9 differs from field0' },
                ],
              },
            },
          },
        },
      },
    ],
  },
};

function values(i: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (let k = 0; k < FIELDS; k++) out[`field${k}`] = `value ${k} of object ${i}: ${'x'.repeat(40)}`;
  return out;
}

const configMap = (i: number) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}` }, data: values(i) });
const custom = (i: number) =>
  JSON.stringify({ apiVersion: 'bench.example.com/v1', kind: 'BenchObject', metadata: { name: `cr-${i}` }, spec: values(i) });

async function send(api: ApiServer, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const res = await api.handle({
    method,
    url: new URL(path, 'http://orch'),
    headers: { get: (name) => (name.toLowerCase() === 'content-type' && body !== undefined ? 'application/json' : null) },
    readBody: async () => encoder.encode(body ?? ''),
  });
  const b = res.body;
  const text = typeof b === 'string' ? b : b instanceof Uint8Array ? new TextDecoder().decode(b) : '';
  return { status: res.status, text };
}

/** Creates the CRD and waits (real time, at most 10 s) until its objects are served. */
async function installCrd(api: ApiServer): Promise<void> {
  const made = await send(api, 'POST', '/apis/apiextensions.orch.io/v1/customresourcedefinitions', JSON.stringify(CRD));
  if (made.status !== 201) throw new Error(`C1: creating the CRD answered ${made.status}: ${made.text}`);
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const list = await send(api, 'GET', '/apis/bench.example.com/v1/namespaces/default/benchobjects');
    if (list.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('C1: the CRD was not served within 10 s');
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export async function c1(n = 500, pairs = 11): Promise<BenchResult> {
  const api = createApiServer();
  await api.ready;
  await installCrd(api);
  // The rules must be live, or the figure would measure nothing.
  const refused = await send(
    api,
    'POST',
    '/apis/bench.example.com/v1/namespaces/default/benchobjects',
    JSON.stringify({ apiVersion: 'bench.example.com/v1', kind: 'BenchObject', metadata: { name: 'refused' }, spec: { field0: 'nope' } }),
  );
  if (refused.status !== 422) throw new Error(`C1: a create breaking a CEL rule answered ${refused.status}: ${refused.text}`);
  let next = 0; // names never repeat across rounds and warm-ups
  /** Creates/s of `n` creates. */
  const run = (path: string, body: (i: number) => string, what: string) => async (): Promise<number> => {
    globalThis.gc?.();
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const res = await send(api, 'POST', path, body(next++));
      if (res.status !== 201) throw new Error(`C1: creating a ${what} answered ${res.status}: ${res.text}`);
    }
    return (n / (performance.now() - t0)) * 1000;
  };
  const createConfigMaps = run('/api/v1/namespaces/default/configmaps', configMap, 'ConfigMap');
  const createCustom = run('/apis/bench.example.com/v1/namespaces/default/benchobjects', custom, 'custom resource');
  await createConfigMaps(); // warm-up
  await createCustom();
  // Short rounds in adjacent pairs: both kinds see a store of the same size, the same heap and the
  // same load from the rest of the machine; the median of the pairs' ratios is the figure.
  const ratios: number[] = [];
  const cmRates: number[] = [];
  const crRates: number[] = [];
  for (let p = 0; p < pairs; p++) {
    const a = await createConfigMaps();
    const b = await createCustom();
    cmRates.push(a);
    crRates.push(b);
    ratios.push(b / a);
  }
  await api.close();
  const ratio = median(ratios);
  return {
    id: 'C1',
    title: 'custom resource creates/s (10 properties, 3 CEL rules) ÷ ConfigMap creates/s of the same size, via api.handle',
    ratio,
    goal: '≥ 0.50',
    met: ratio >= 0.5,
    details: {
      'custom resource creates/s (median)': fmt(median(crRates), 0),
      'ConfigMap creates/s (median)': fmt(median(cmRates), 0),
      'ratios of the pairs (min–max)': `${fmt(Math.min(...ratios), 3)}–${fmt(Math.max(...ratios), 3)}`,
      'custom resource bytes': custom(0).length,
      'ConfigMap bytes': configMap(0).length,
    },
  };
}
