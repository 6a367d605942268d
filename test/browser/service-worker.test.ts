/**
 * The browser runtime (docs/architecture.md, "Browser"): the page's plain `fetch` reaches the API
 * server in the worker through the Service Worker — verbs, errors, paging, watches streamed as they
 * happen — and leaves every other path to the network.
 */
import { expect } from 'chai';
import { before, describe, it } from './support/mocha.ts';
import { call, configMap, runtime, WatchReader } from './support/runtime.ts';

const NS = 'sw-test';
const CM = `/api/v1/namespaces/${NS}/configmaps`;

describe('the Service Worker answers API paths from the worker', () => {
  before(async () => {
    await runtime();
    const ns = await call('POST', '/api/v1/namespaces', { metadata: { name: NS } });
    expect(ns.status).to.equal(201);
  });

  it('create answers 201 with the stored object', async () => {
    const r = await call('POST', CM, configMap('a', { k: 'v' }));
    expect(r.status).to.equal(201);
    expect(r.headers.get('content-type')).to.equal('application/json');
    expect(r.body.metadata).to.include({ name: 'a', namespace: NS });
    expect(Number(r.body.metadata.resourceVersion)).to.be.greaterThan(0);
  });

  it('get answers the object; a missing one is a 404 Status', async () => {
    await call('POST', CM, configMap('b', { x: '1' }));
    const ok = await call('GET', `${CM}/b`);
    expect(ok.status).to.equal(200);
    expect(ok.body.data).to.deep.equal({ x: '1' });
    const missing = await call('GET', `${CM}/nope`);
    expect(missing.status).to.equal(404);
    expect(missing.body).to.deep.include({
      kind: 'Status',
      status: 'Failure',
      reason: 'NotFound',
      code: 404,
      message: 'configmaps "nope" not found',
    });
  });

  it('bad input is a Status error with its code, never a 500', async () => {
    const r = await call('POST', CM, '{"metadata": ', { 'content-type': 'application/json' });
    expect(r.status).to.be.within(400, 499);
    expect(r.body).to.include({ kind: 'Status', status: 'Failure' });
  });

  // Each row: a path of the API server, the status it answers through the SW, and a piece of
  // the body only the API server would write (the runner's own server answers 404 in plain text).
  // A browser's User-Agent gets its JSON indented, as from the real server.
  const paths: { path: string; status: number; marker: RegExp }[] = [
    { path: '/version', status: 200, marker: /"gitVersion"/ },
    { path: '/healthz', status: 200, marker: /ok/ },
    { path: '/livez', status: 200, marker: /ok/ },
    { path: '/readyz', status: 200, marker: /ok/ },
    { path: '/api/v1/namespaces/default', status: 200, marker: /\n {2}"kind": "Namespace"/ },
    { path: '/api', status: 200, marker: /"kind":\s*"APIVersions"/ },
    { path: '/apis', status: 200, marker: /"kind":\s*"APIGroupList"/ },
    { path: '/openapi/v3', status: 200, marker: /"paths"/ },
    { path: '/metrics', status: 200, marker: /# TYPE/ },
    { path: '/apis/nonexistent.orch.io/v1/things', status: 404, marker: /\n {2}"kind": "Status"/ },
  ];
  for (const { path, status, marker } of paths) {
    it(`${path} is answered by the API server (${status})`, async () => {
      const r = await call('GET', path);
      expect(r.status).to.equal(status);
      expect(r.text).to.match(marker);
    });
  }

  it("the SW's own diagnostics name its build and count the pages connected to it", async () => {
    const r = await call('GET', '/__orch/sw');
    expect(r.status).to.equal(200);
    expect(r.body.connections).to.equal(1);
    expect(r.body.version).to.match(/^[0-9a-f]{16}$/);
  });

  it('a path outside the API goes to the network, not to the worker', async () => {
    const r = await fetch('/test/browser/fixtures/plain.txt');
    expect(r.status).to.equal(200);
    expect(await r.text()).to.equal('served by the network\n');
  });

  it('list pages with limit and continue, as one snapshot', async () => {
    for (const n of ['p1', 'p2', 'p3', 'p4', 'p5']) await call('POST', `/api/v1/namespaces/${NS}/configmaps`, configMap(n));
    const names: string[] = [];
    let cont = '';
    let pages = 0;
    let rv = '';
    do {
      const r = await call('GET', `${CM}?labelSelector=&limit=2${cont ? `&continue=${encodeURIComponent(cont)}` : ''}`);
      expect(r.status).to.equal(200);
      pages++;
      if (!rv) rv = r.body.metadata.resourceVersion;
      else expect(r.body.metadata.resourceVersion).to.equal(rv);
      names.push(...r.body.items.map((i: any) => i.metadata.name));
      cont = r.body.metadata.continue ?? '';
      // Writes between pages do not show: the pages are one snapshot.
      if (pages === 1) await call('POST', CM, configMap('p0-late'));
    } while (cont);
    expect(names.filter((n) => n.startsWith('p'))).to.deep.equal(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(pages).to.be.greaterThan(2);
  });

  it('a watch streams each event as it happens', async () => {
    const list = await call('GET', CM);
    const res = await fetch(`${CM}?watch=1&resourceVersion=${list.body.metadata.resourceVersion}`);
    expect(res.status).to.equal(200);
    const events = new WatchReader(res);
    // The response is open before anything happens; each write arrives on its own.
    await call('POST', CM, configMap('w1'));
    const first = await events.next();
    expect(first).to.deep.include({ type: 'ADDED' });
    expect(first!.object.metadata.name).to.equal('w1');
    await call('PUT', `${CM}/w1`, { ...first!.object, data: { v: '2' } });
    const second = await events.next();
    expect(second!.type).to.equal('MODIFIED');
    expect(second!.object.data).to.deep.equal({ v: '2' });
    await call('DELETE', `${CM}/w1`);
    expect((await events.next())!.type).to.equal('DELETED');
    await events.cancel();
  });

  it('cancelling a watch in the page ends it in the worker', async () => {
    const { control } = await runtime();
    const open = () => control.stats().then((s) => s.openRequests);
    const settlesAt = async (n: number) => {
      for (let i = 0; i < 50 && (await open()) !== n; i++) await new Promise((r) => setTimeout(r, 100));
      return open();
    };
    // Requests of earlier tests (their cancelled watches) finish first.
    expect(await settlesAt(0)).to.equal(0);
    const ctrl = new AbortController();
    const events = new WatchReader(await fetch(`${CM}?watch=1`, { signal: ctrl.signal }));
    await events.next(); // the stream is flowing (initial ADDED events)
    expect(await open()).to.equal(1);
    ctrl.abort();
    expect(await settlesAt(0)).to.equal(0);
  });

  it('server-side apply creates and updates through the SW', async () => {
    const body = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  a: "1"\n`;
    const r = await call('PATCH', `${CM}/applied?fieldManager=browser-test`, body, { 'content-type': 'application/apply-patch+yaml' });
    expect(r.status).to.equal(201);
    expect(r.body.metadata.managedFields[0]).to.include({ manager: 'browser-test', operation: 'Apply' });
    expect(r.body.data).to.deep.equal({ a: '1' });
    const again = await call('PATCH', `${CM}/applied?fieldManager=browser-test`, body.replace('"1"', '"2"'), {
      'content-type': 'application/apply-patch+yaml',
    });
    expect(again.status).to.equal(200);
    expect(again.body.data).to.deep.equal({ a: '2' });
  });

  it('the control surface answers the same request directly over comlink', async () => {
    const { control } = await runtime();
    const res = await control.request({
      method: 'GET',
      url: `${location.origin}${CM}/b`,
      headers: [['accept', 'application/json']],
      body: null,
    });
    expect(res.status).to.equal(200);
    expect(JSON.parse(res.body as string).data).to.deep.equal({ x: '1' });
  });
});
