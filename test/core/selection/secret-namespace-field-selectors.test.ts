/**
 * The field selectors Secrets and Namespaces add to metadata.name (and, for Secrets,
 * metadata.namespace), as in the real platform: a Secret's `type` (as stored: Opaque when none is
 * given) and a Namespace's `status.phase`. List and watch select the same objects; a watch sees a
 * namespace leave `status.phase=Active` (DELETED) and enter `status.phase=Terminating` (ADDED)
 * when its deletion begins. Other fields stay unsupported (400).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { clockedServerPerTest } from '../../support/clocked-server.ts';

const s = clockedServerPerTest();

const b64 = (text: string) => btoa(text);
const secret = (namespace: string, name: string, type: string | undefined, data: Record<string, string> = {}) => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name, namespace },
  ...(type === undefined ? {} : { type }),
  data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, b64(v)])),
});

beforeEach(async () => {
  for (const name of ['other', 'staying', 'leaving']) {
    expect((await s.req('POST', '/api/v1/namespaces', { metadata: { name } })).status).toBe(201);
  }
  for (const [namespace, name, type, data] of [
    ['default', 'plain', undefined, { k: 'v' }],
    ['default', 'tls', 'orchestrator.io/tls', { 'tls.crt': 'c', 'tls.key': 'k' }],
    ['default', 'basic', 'orchestrator.io/basic-auth', { username: 'u' }],
    ['other', 'opaque', 'Opaque', {}],
    ['other', 'custom', 'example.com/thing', {}],
  ] as const) {
    const r = await s.req('POST', `/api/v1/namespaces/${namespace}/secrets`, secret(namespace, name, type, data));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  // The namespace stays Terminating: its finalizer waits for a controller this server does not run.
  expect((await s.req('DELETE', '/api/v1/namespaces/leaving')).status).toBe(200);
});

const SYSTEM = ['default', 'orch-node-lease', 'orch-public', 'orch-system'];

const ROWS = [
  { path: '/api/v1/secrets', selector: 'type=Opaque', names: ['default/plain', 'other/opaque'] },
  { path: '/api/v1/secrets', selector: 'type==orchestrator.io/tls', names: ['default/tls'] },
  { path: '/api/v1/secrets', selector: 'type!=Opaque', names: ['default/basic', 'default/tls', 'other/custom'] },
  { path: '/api/v1/secrets', selector: 'type=example.com/thing', names: ['other/custom'] },
  { path: '/api/v1/secrets', selector: 'type=', names: [] },
  { path: '/api/v1/namespaces/default/secrets', selector: 'type=Opaque', names: ['default/plain'] },
  { path: '/api/v1/secrets', selector: 'type=Opaque,metadata.namespace=other', names: ['other/opaque'] },
  { path: '/api/v1/secrets', selector: 'type!=Opaque,metadata.name!=tls', names: ['default/basic', 'other/custom'] },
  { path: '/api/v1/namespaces', selector: 'status.phase=Active', names: [...SYSTEM, 'other', 'staying'].sort() },
  { path: '/api/v1/namespaces', selector: 'status.phase=Terminating', names: ['leaving'] },
  { path: '/api/v1/namespaces', selector: 'status.phase!=Active', names: ['leaving'] },
  { path: '/api/v1/namespaces', selector: 'status.phase=Active,metadata.name=staying', names: ['staying'] },
];

const nameOf = (o: any) => (o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name);
const query = (selector: string) => `fieldSelector=${encodeURIComponent(selector)}`;

describe('Secret type and Namespace status.phase field selectors', () => {
  it.each(ROWS)('list $path with $selector', async ({ path, selector, names }) => {
    const r = await s.req('GET', `${path}?${query(selector)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items.map(nameOf).sort()).toEqual(names);
  });

  it.each(ROWS)('watch $path with $selector: the same objects', async ({ path, selector, names }) => {
    const w = await s.watch(`${path}?watch=true&${query(selector)}`);
    const events = await w.drain();
    expect(events.every((e) => e.type === 'ADDED')).toBe(true);
    expect(events.map((e) => nameOf(e.object)).sort()).toEqual(names);
  });

  it('a namespace whose deletion begins leaves the Active watch and enters the Terminating one', async () => {
    const rv = (await s.req('GET', '/api/v1/namespaces')).body.metadata.resourceVersion;
    const active = await s.watch(`/api/v1/namespaces?watch=true&resourceVersion=${rv}&${query('status.phase=Active')}`);
    const terminating = await s.watch(`/api/v1/namespaces?watch=true&resourceVersion=${rv}&${query('status.phase=Terminating')}`);
    expect((await s.req('DELETE', '/api/v1/namespaces/staying')).status).toBe(200);
    expect((await active.drain()).map((e) => [e.type, e.object.metadata.name, e.object.status.phase])).toEqual([
      ['DELETED', 'staying', 'Terminating'],
    ]);
    expect((await terminating.drain()).map((e) => [e.type, e.object.metadata.name, e.object.status.phase])).toEqual([
      ['ADDED', 'staying', 'Terminating'],
    ]);
  });

  it.each([
    { path: '/api/v1/secrets', field: 'data.k' },
    { path: '/api/v1/secrets', field: 'immutable' },
    { path: '/api/v1/namespaces', field: 'spec.finalizers' },
    { path: '/api/v1/namespaces', field: 'status.conditions' },
  ])('$path: $field stays unsupported (400)', async ({ path, field }) => {
    const r = await s.req('GET', `${path}?${query(`${field}=x`)}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`field label not supported: ${field}`);
  });
});
