/**
 * Persistence and tabs in the browser (docs/architecture.md, "Browser"): acknowledged writes
 * survive a reload, every tab closing and a tab crash (they are in IndexedDB before they are
 * acknowledged); all tabs of the origin share one store and its watches, and the tab that started
 * the worker can close without losing the others' writes. The test page itself never starts the
 * runtime: only the tabs it opens do.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from './support/mocha.ts';
import { ownContext, type Tab } from './support/pages.ts';

const APP = '/test/browser/fixtures/app.html';
const STORE_LOCK = 'orch-store:orch';

interface Reply {
  status: number;
  body: any;
}

// The functions below run inside the tabs (they travel as source text: self-contained).

async function request(arg: { method: string; path: string; body?: unknown }): Promise<Reply> {
  await (globalThis as unknown as { orch: Promise<unknown> }).orch;
  const res = await fetch(arg.path, {
    method: arg.method,
    headers: arg.body === undefined ? {} : { 'content-type': 'application/json' },
    body: arg.body === undefined ? null : JSON.stringify(arg.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function createMany(arg: { ns: string; prefix: string; count: number }): Promise<number[]> {
  await (globalThis as unknown as { orch: Promise<unknown> }).orch;
  return Promise.all(
    Array.from({ length: arg.count }, (_, i) =>
      fetch(`/api/v1/namespaces/${arg.ns}/configmaps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { name: `${arg.prefix}-${i}` }, data: { i: String(i) } }),
      }).then((r) => r.status),
    ),
  );
}

async function instance(): Promise<string> {
  const h = await (globalThis as unknown as { orch: Promise<{ control: { stats(): Promise<{ instance: string }> } }> }).orch;
  return (await h.control.stats()).instance;
}

/** Starts a watch in the tab that records every event's type and name in `window.seen`. */
async function startWatch(arg: { path: string }): Promise<void> {
  await (globalThis as unknown as { orch: Promise<unknown> }).orch;
  const w = globalThis as unknown as { seen: string[]; watchDone: Promise<void> };
  w.seen = [];
  const res = await fetch(arg.path);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  w.watchDone = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buf += value;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const e = JSON.parse(buf.slice(0, nl)) as { type: string; object: { metadata: { name: string } } };
        buf = buf.slice(nl + 1);
        w.seen.push(`${e.type} ${e.object.metadata.name}`);
      }
    }
  })();
}

async function seen(): Promise<string[]> {
  return (globalThis as unknown as { seen: string[] }).seen;
}

/** Sequential creates started in the background; `window.writes` resolves to their statuses. */
async function startWrites(arg: { ns: string; prefix: string; count: number }): Promise<void> {
  await (globalThis as unknown as { orch: Promise<unknown> }).orch;
  (globalThis as unknown as { writes: Promise<number[]> }).writes = (async () => {
    const out: number[] = [];
    for (let i = 0; i < arg.count; i++) {
      const r = await fetch(`/api/v1/namespaces/${arg.ns}/configmaps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { name: `${arg.prefix}-${i}` } }),
      });
      out.push(r.status);
    }
    return out;
  })();
}

async function writes(): Promise<number[]> {
  return (globalThis as unknown as { writes: Promise<number[]> }).writes;
}

// Helpers of the test page.

async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether an API worker of this origin holds the store (it does for as long as it lives). */
async function storeHeld(): Promise<boolean> {
  const { held } = await navigator.locks.query();
  return (held ?? []).some((l) => l.name === STORE_LOCK);
}

function names(list: Reply): string[] {
  return list.body.items.map((i: { metadata: { name: string } }) => i.metadata.name);
}

describe('the store is one per origin and lives in IndexedDB', () => {
  const tabs: Tab[] = [];
  const open = async (query = ''): Promise<Tab> => {
    const t = await ownContext.open(`${APP}${query}`);
    tabs.push(t);
    return t;
  };
  const closeAll = async () => {
    for (const t of tabs.splice(0)) await t.close().catch(() => undefined);
    await until('the API worker to stop', storeHeld, (held) => !held);
  };
  afterEach(closeAll);

  it('acknowledged writes survive a reload of the page', async () => {
    const tab = await open();
    await tab.evaluate(request, { method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: 'reload' } } });
    const created = await tab.evaluate(request, {
      method: 'POST',
      path: '/api/v1/namespaces/reload/configmaps',
      body: { metadata: { name: 'survivor' }, data: { k: 'v' } },
    });
    expect(created.status).to.equal(201);
    await tab.reload();
    const got = await tab.evaluate(request, { method: 'GET', path: '/api/v1/namespaces/reload/configmaps/survivor' });
    expect(got.status).to.equal(200);
    expect(got.body.metadata.uid).to.equal(created.body.metadata.uid);
    expect(got.body.metadata.resourceVersion).to.equal(created.body.metadata.resourceVersion);
    // Revisions carry on from where they were: a new write is newer than anything before.
    const next = await tab.evaluate(request, {
      method: 'POST',
      path: '/api/v1/namespaces/reload/configmaps',
      body: { metadata: { name: 'after' } },
    });
    expect(Number(next.body.metadata.resourceVersion)).to.be.greaterThan(Number(created.body.metadata.resourceVersion));
  });

  it('acknowledged writes survive every tab closing: the next worker reads them from IndexedDB', async () => {
    const first = await open();
    await first.evaluate(request, { method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: 'closing' } } });
    const statuses = await first.evaluate(createMany, { ns: 'closing', prefix: 'c', count: 20 });
    expect(statuses).to.deep.equal(Array(20).fill(201));
    const before = await first.evaluate(instance);
    await closeAll();
    const second = await open();
    expect(await second.evaluate(instance)).to.not.equal(before);
    const list = await second.evaluate(request, { method: 'GET', path: '/api/v1/namespaces/closing/configmaps' });
    expect(names(list).sort()).to.deep.equal(Array.from({ length: 20 }, (_, i) => `c-${i}`).sort());
  });

  it('acknowledged writes survive a crash of the tab', async () => {
    const tab = await open();
    await tab.evaluate(request, { method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: 'crash' } } });
    const statuses = await tab.evaluate(createMany, { ns: 'crash', prefix: 'k', count: 25 });
    expect(statuses).to.deep.equal(Array(25).fill(201));
    await tab.crash();
    await closeAll();
    const after = await open();
    const list = await after.evaluate(request, { method: 'GET', path: '/api/v1/namespaces/crash/configmaps' });
    expect(names(list)).to.have.lengthOf(25);
  });

  it('two tabs see the same objects and the same watches', async () => {
    const a = await open();
    const b = await open();
    expect(await a.evaluate(instance)).to.equal(await b.evaluate(instance));
    await a.evaluate(request, { method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: 'shared' } } });
    const made = await a.evaluate(request, {
      method: 'POST',
      path: '/api/v1/namespaces/shared/configmaps',
      body: { metadata: { name: 'from-a' } },
    });
    const got = await b.evaluate(request, { method: 'GET', path: '/api/v1/namespaces/shared/configmaps/from-a' });
    expect(got.status).to.equal(200);
    expect(got.body.metadata.uid).to.equal(made.body.metadata.uid);
    await b.evaluate(startWatch, {
      path: `/api/v1/namespaces/shared/configmaps?watch=1&resourceVersion=${made.body.metadata.resourceVersion}`,
    });
    await a.evaluate(request, { method: 'POST', path: '/api/v1/namespaces/shared/configmaps', body: { metadata: { name: 'second' } } });
    await until(
      "tab B to see tab A's write",
      () => b.evaluate(seen),
      (s) => s.includes('ADDED second'),
    );
  });

  it("closing the tab that started the worker loses none of the other tab's writes or events", async () => {
    const leader = await open();
    const other = await open();
    await other.evaluate(request, { method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: 'handover' } } });
    await other.evaluate(startWatch, { path: '/api/v1/namespaces/handover/configmaps?watch=1' });
    await other.evaluate(startWrites, { ns: 'handover', prefix: 'w', count: 40 });
    await leader.close();
    tabs.splice(tabs.indexOf(leader), 1);
    expect(await other.evaluate(writes)).to.deep.equal(Array(40).fill(201));
    const list = await other.evaluate(request, { method: 'GET', path: '/api/v1/namespaces/handover/configmaps' });
    expect(names(list)).to.have.lengthOf(40);
    await until(
      'every write to reach the watch',
      () => other.evaluate(seen),
      (s) => s.filter((x) => x.startsWith('ADDED w-')).length === 40,
    );
  });

  it('without SharedWorker, a tab runs the API worker itself, on the same store', async () => {
    const first = await open();
    await first.evaluate(request, { method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: 'fallback' } } });
    await closeAll();
    const tab = await open('?no-shared-worker');
    const got = await tab.evaluate(request, { method: 'GET', path: '/api/v1/namespaces/fallback' });
    expect(got.status).to.equal(200);
    expect(
      await tab.evaluate(request, { method: 'POST', path: '/api/v1/namespaces/fallback/configmaps', body: { metadata: { name: 'x' } } }),
    ).to.include({ status: 201 });
  });
});
