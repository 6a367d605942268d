/**
 * YAML aliases are bounded as the real platform's YAML decoder bounds them (CVE-2019-11253): once
 * more than 100 of more than 1,000 decoded nodes came through aliases, and the aliased share is
 * over 99% (for documents under 400,000 nodes; less for larger ones), the body is refused with
 * 400 `yaml: document contains excessive aliasing`; an anchor holding an alias to itself is
 * refused as `yaml: anchor 'x' value contains itself`. Every verb that takes a YAML body answers
 * so, with nothing stored, and the server goes on serving. A few hundred bytes that would expand
 * to billions of nodes are refused after a bounded walk (the test ends at all only because of it);
 * ordinary anchors and aliases decode as before, each alias to its own copy.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseYaml } from '../../core/codecs/yaml.ts';
import { StatusError } from '../../core/errors/index.ts';
import { configMap, statefulSet } from '../support/builders.ts';
import { installCRD, WIDGETS } from './apiextensions/crd-support.ts';
import { dumpStore } from '../support/store-dump.ts';
import { CM, call, serverPerSuite, TRANSPORTS } from '../support/targets.ts';

const SS = '/apis/apps/v1/namespaces/default/statefulsets';

/**
 * Billion laughs: `levels` anchored sequences of `fanout` items, each one aliasing the one before
 * `fanout` times (the first holds strings), as fields `l0`…, indented by `indent`.
 */
function laughs(levels: number, fanout: number, indent = ''): string {
  let out = `${indent}l0: &l0 [${new Array(fanout).fill('"lol"').join(',')}]\n`;
  for (let i = 1; i < levels; i++) out += `${indent}l${i}: &l${i} [${new Array(fanout).fill(`*l${i - 1}`).join(',')}]\n`;
  return out;
}

/** An anchored sequence of `items` strings, then a sequence aliasing it `aliases` times. */
const fanOut = (items: number, aliases: number) =>
  `a: &a [${new Array(items).fill('x').join(', ')}]\nb: [${new Array(aliases).fill('*a').join(', ')}]\n`;

function decodeError(text: string): string | undefined {
  try {
    parseYaml(text, '');
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(StatusError);
    expect((err as StatusError).code).toBe(400);
    return (err as StatusError).message;
  }
}

const EXCESSIVE = 'yaml: document contains excessive aliasing';

describe('the alias rule, document by document', () => {
  it.each([
    // 200 strings aliased 199 times: 40,408 nodes, aliases never over 99% of those decoded so far.
    { what: '200 items aliased 199 times', text: fanOut(200, 199), error: undefined },
    // The 200th alias tips it: 196 nodes into it, the aliased share passes 99%.
    { what: '200 items aliased 200 times', text: fanOut(200, 200), error: EXCESSIVE },
    // Small values aliased many times: 110,015 nodes, 91% of them aliased.
    { what: '9 items aliased 10,000 times', text: fanOut(9, 10_000), error: undefined },
    { what: 'four levels of ten', text: laughs(4, 10), error: EXCESSIVE },
    { what: 'a billion laughs (9 levels of 9: 387 million strings)', text: laughs(9, 9), error: EXCESSIVE },
    { what: 'twenty levels of 9 (1.2e19 strings)', text: laughs(20, 9), error: EXCESSIVE },
    { what: 'a bomb under a mapping key', text: `top:\n${laughs(12, 9, '  ')}`, error: EXCESSIVE },
    { what: 'an anchor holding itself', text: 'a: &x {b: *x}\n', error: "yaml: anchor 'x' value contains itself" },
    { what: 'a sequence holding itself', text: 'a: &s [1, [2, *s]]\n', error: "yaml: anchor 's' value contains itself" },
  ])('$what: $error', ({ text, error }) => {
    expect(decodeError(text)).toBe(error);
  });

  it('a `__proto__` key in an aliased mapping stays a key of its copy', () => {
    const v = parseYaml('a: &x {__proto__: {polluted: 1}}\nb: *x\n', '') as Record<string, object>;
    expect(v.a).not.toBe(v.b);
    for (const m of [v.a, v.b]) {
      expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(m, '__proto__')?.value).toEqual({ polluted: 1 });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('an alias names the anchor as last defined before it', () => {
    expect(parseYaml('a: &x {k: 1}\nb: *x\nc: &x [2]\nd: *x\n', '')).toEqual({ a: { k: 1 }, b: { k: 1 }, c: [2], d: [2] });
  });

  it('an alias is its own copy: changing one place leaves the others alone', () => {
    const v = parseYaml('a: &m {k: [1, {n: 2}]}\nb: *m\nc: [*m, *m]\n', '') as Record<string, any>;
    expect(v).toEqual({ a: { k: [1, { n: 2 }] }, b: { k: [1, { n: 2 }] }, c: [{ k: [1, { n: 2 }] }, { k: [1, { n: 2 }] }] });
    v.a.k[1].n = 3;
    v.b.x = 'y';
    v.c[0].k.push(4);
    expect(v).toEqual({
      a: { k: [1, { n: 3 }] },
      b: { k: [1, { n: 2 }], x: 'y' },
      c: [{ k: [1, { n: 2 }, 4] }, { k: [1, { n: 2 }] }],
    });
  });
});

const BOMB = laughs(10, 9);
const KIND = { cm: 'apiVersion: v1\nkind: ConfigMap\n', ss: 'apiVersion: apps/v1\nkind: StatefulSet\n' };
const ALIASED = 'error converting YAML to JSON: yaml: document contains excessive aliasing';
const ALIASED_APPLY = 'error decoding YAML: yaml: document contains excessive aliasing';

const ROWS = [
  {
    what: 'create',
    method: 'POST',
    path: CM,
    type: 'application/yaml',
    body: `${KIND.cm}metadata: {name: bomb}\n${BOMB}`,
    message: ALIASED,
  },
  {
    what: 'update',
    method: 'PUT',
    path: `${CM}/a`,
    type: 'application/yaml',
    body: `${KIND.cm}metadata: {name: a}\n${BOMB}`,
    message: ALIASED,
  },
  {
    what: 'status update',
    method: 'PUT',
    path: `${SS}/web/status`,
    type: 'application/yaml',
    body: `${KIND.ss}metadata: {name: web}\n${BOMB}`,
    message: ALIASED,
  },
  {
    what: 'custom resource create',
    method: 'POST',
    path: WIDGETS,
    type: 'application/yaml',
    body: `apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: bomb}\nspec:\n  color: red\n  free:\n${laughs(10, 9, '    ')}`,
    message: ALIASED,
  },
  {
    what: 'access review (created, never stored)',
    method: 'POST',
    path: '/apis/authorization.orch.io/v1/selfsubjectaccessreviews',
    type: 'application/yaml',
    body: `apiVersion: authorization.orch.io/v1\nkind: SelfSubjectAccessReview\nspec:\n  nonResourceAttributes: {path: /, verb: get}\n${BOMB}`,
    message: ALIASED,
  },
  {
    what: 'delete options',
    method: 'DELETE',
    path: `${CM}/a`,
    type: 'application/yaml',
    body: `kind: DeleteOptions\n${BOMB}`,
    message: ALIASED,
  },
  {
    what: 'deletecollection options',
    method: 'DELETE',
    path: CM,
    type: 'application/yaml',
    body: `kind: DeleteOptions\n${BOMB}`,
    message: ALIASED,
  },
  {
    what: 'apply to a new object',
    method: 'PATCH',
    path: `${CM}/bomb?fieldManager=m`,
    type: 'application/apply-patch+yaml',
    body: `${KIND.cm}metadata: {name: bomb}\n${BOMB}`,
    message: ALIASED_APPLY,
  },
  {
    what: 'apply to an object',
    method: 'PATCH',
    path: `${CM}/a?fieldManager=m`,
    type: 'application/apply-patch+yaml',
    body: `${KIND.cm}metadata: {name: a}\ndata: {k: v}\n${BOMB}`,
    message: ALIASED_APPLY,
  },
  {
    what: 'apply to status',
    method: 'PATCH',
    path: `${SS}/web/status?fieldManager=m`,
    type: 'application/apply-patch+yaml',
    body: `${KIND.ss}metadata: {name: web}\n${BOMB}`,
    message: ALIASED_APPLY,
  },
  {
    what: 'apply of an anchor holding itself',
    method: 'PATCH',
    path: `${CM}/a?fieldManager=m`,
    type: 'application/apply-patch+yaml',
    body: `${KIND.cm}metadata: {name: a}\nx: &x {y: *x}\n`,
    message: "error decoding YAML: yaml: anchor 'x' value contains itself",
  },
  {
    what: 'create of an anchor holding itself',
    method: 'POST',
    path: CM,
    type: 'application/yaml',
    body: `${KIND.cm}metadata: {name: self}\nx: &x [*x]\n`,
    message: "error converting YAML to JSON: yaml: anchor 'x' value contains itself",
  },
];

describe.each(TRANSPORTS)('YAML bodies that alias too much ($name)', ({ start }) => {
  const t = serverPerSuite(start);
  beforeAll(async () => {
    expect((await call(t, 'POST', CM, configMap('a', { k: 'v' }))).status).toBe(201);
    expect((await call(t, 'POST', SS, statefulSet('web', { replicas: 1 }))).status).toBe(201);
    await installCRD(t);
  });

  it.each(ROWS)('$what → 400 $message', async (row) => {
    const before = await dumpStore(t.api);
    const res = await t.request(row.path, { method: row.method, headers: { 'content-type': row.type }, body: row.body });
    expect(await res.json()).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: row.message,
      reason: 'BadRequest',
      code: 400,
    });
    expect(res.status).toBe(400);
    expect(await dumpStore(t.api)).toEqual(before);
    // Still serving.
    expect((await call(t, 'GET', `${CM}/a`)).body.data).toEqual({ k: 'v' });
  });

  it('ordinary anchors and aliases still decode, by create and by apply', async () => {
    const doc = (name: string) =>
      `${KIND.cm}metadata:\n  name: ${name}\n  labels: &l {app: web, tier: front}\n  annotations: *l\ndata:\n  a: &v shared\n  b: *v\n`;
    const created = await t.request(CM, { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: doc('anchors') });
    expect(created.status).toBe(201);
    const applied = await t.request(`${CM}/applied?fieldManager=m`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/apply-patch+yaml' },
      body: doc('applied'),
    });
    expect(applied.status).toBe(201);
    for (const name of ['anchors', 'applied']) {
      const { body } = await call(t, 'GET', `${CM}/${name}`);
      expect(body.metadata.labels).toEqual({ app: 'web', tier: 'front' });
      expect(body.metadata.annotations).toEqual({ app: 'web', tier: 'front' });
      expect(body.data).toEqual({ a: 'shared', b: 'shared' });
    }
  });
});
