/**
 * Watch (docs/api-rules.md, "Watch"): where a watch starts, DELETED events, 410 outside the
 * history, bookmarks, streaming lists, timeouts, selectors, events encoded once, slow watchers.
 */
import { describe, expect, it } from 'vitest';
import { watchStats } from '../../../core/handlers/watch-stream.ts';
import { configMap } from '../../support/builders.ts';
import { CM } from '../../support/targets.ts';
import { clockedServerPerTest, EventReader, settle } from '../../support/clocked-server.ts';

const s = clockedServerPerTest({ read: { bookmarkIntervalMs: 60_000, minWatchTimeoutMs: 30 * 60_000 } });
/** A watch of the ConfigMaps in `default` with `query`. */
const watch = (query: string, headers: Record<string, string> = {}) => s.watch(`${CM}?watch=true&${query}`, headers);
const mergePatch = { 'content-type': 'application/merge-patch+json' };

describe('watch start by resourceVersion', () => {
  it('unset: synthetic ADDED for every existing object, then changes', async () => {
    await s.req('POST', CM, configMap('a'));
    await s.req('POST', CM, configMap('b'));
    const w = await watch('');
    expect((await w.drain()).map((e) => [e.type, e.object.metadata.name])).toEqual([
      ['ADDED', 'a'],
      ['ADDED', 'b'],
    ]);
    await s.req('POST', CM, configMap('c'));
    expect(await w.next()).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'c' } } });
  });

  it('"0": synthetic ADDED events too (any version), then changes', async () => {
    await s.req('POST', CM, configMap('a'));
    const w = await watch('resourceVersion=0');
    expect((await w.drain()).map((e) => e.type)).toEqual(['ADDED']);
  });

  it('a version: only changes after it, no synthetic events (MODIFIED, DELETED in order)', async () => {
    await s.req('POST', CM, configMap('a'));
    const rv = (await s.req('GET', CM)).body.metadata.resourceVersion;
    await s.req('PATCH', `${CM}/a`, { data: { x: '1' } }, mergePatch);
    await s.req('DELETE', `${CM}/a`);
    const w = await watch(`resourceVersion=${rv}`);
    const events = await w.drain();
    expect(events.map((e) => e.type)).toEqual(['MODIFIED', 'DELETED']);
    expect(Number(events[1].object.metadata.resourceVersion)).toBeGreaterThan(Number(events[0].object.metadata.resourceVersion));
  });

  it('a version older than history: an ERROR event with a 410 Status, and the same for a fresh watch', async () => {
    const rv = (await s.req('GET', CM)).body.metadata.resourceVersion;
    await s.req('POST', CM, configMap('a')); // an event after rv that history will drop
    await s.clock.advance(6 * 60_000);
    await s.req('POST', CM, configMap('b'));
    for (let i = 0; i < 2; i++) {
      const w = await watch(`resourceVersion=${rv}`);
      const e = await w.next();
      expect(e).toMatchObject({ type: 'ERROR', object: { kind: 'Status', status: 'Failure', reason: 'Expired', code: 410 } });
      expect(e!.object.message).toMatch(/^too old resource version: \d+ \(\d+\)$/);
      expect(await w.isEnded()).toBe(true);
    }
  });
});

describe('bookmarks', () => {
  it('none without allowWatchBookmarks', async () => {
    const w = await watch('resourceVersion=1');
    await s.clock.advance(3 * 60_000);
    expect(await w.drain()).toEqual([]);
  });

  it('periodic BOOKMARKs carry only metadata.resourceVersion of the requested kind', async () => {
    const w = await watch('resourceVersion=1&allowWatchBookmarks=true');
    await s.req('POST', '/api/v1/namespaces', { metadata: { name: 'elsewhere' } }); // another resource moves the revision
    await settle();
    await s.clock.advance(60_000);
    const events = await w.drain();
    expect(events).toHaveLength(1);
    const current = (await s.req('GET', CM)).body.metadata.resourceVersion;
    expect(events[0]).toEqual({
      type: 'BOOKMARK',
      object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: current } },
    });
  });

  it('one more BOOKMARK 2 s before the deadline, then none: the client resumes from the newest revision', async () => {
    const w = await watch('resourceVersion=1&allowWatchBookmarks=true&timeoutSeconds=100');
    await s.req('POST', '/api/v1/namespaces', { metadata: { name: 'elsewhere' } });
    await settle();
    await s.clock.advance(60_000);
    expect((await w.drain()).map((e) => e.type)).toEqual(['BOOKMARK']); // the periodic one
    await s.req('POST', '/api/v1/namespaces', { metadata: { name: 'later' } });
    await settle();
    await s.clock.advance(37_999);
    expect(await w.drain()).toEqual([]);
    await s.clock.advance(1);
    const current = (await s.req('GET', CM)).body.metadata.resourceVersion;
    expect((await w.drain()).map((e) => [e.type, e.object.metadata.resourceVersion])).toEqual([['BOOKMARK', current]]);
    await s.clock.advance(2_000);
    expect(await w.drain()).toEqual([]);
    expect(await w.isEnded()).toBe(true);
  });

  it('a watch shorter than 2 s gets no bookmark before it ends', async () => {
    const w = await watch('resourceVersion=1&allowWatchBookmarks=true&timeoutSeconds=1');
    await s.clock.advance(1_000);
    expect(await w.drain()).toEqual([]);
    expect(await w.isEnded()).toBe(true);
  });

  it('a watcher is told the newer revision before a quiet period lets history pass it by', async () => {
    const w = await watch('resourceVersion=1&allowWatchBookmarks=true');
    await s.req('POST', '/api/v1/namespaces', { metadata: { name: 'elsewhere' } });
    // No configmap changes; history moves on by other writes: a bookmark arrives at the latest revision.
    await s.clock.advance(59_000);
    await w.drain();
    await s.clock.advance(5 * 60_000);
    await s.req('POST', '/api/v1/namespaces', { metadata: { name: 'later' } });
    await s.clock.advance(1000);
    const events = await w.drain();
    const last = events.filter((e) => e.type === 'BOOKMARK').pop();
    const current = (await s.req('GET', CM)).body.metadata.resourceVersion;
    expect(Number(last!.object.metadata.resourceVersion)).toBeGreaterThanOrEqual(Number(current) - 1);
    // Resuming from the bookmark works (not 410).
    const resumed = await watch(`resourceVersion=${last!.object.metadata.resourceVersion}`);
    expect((await resumed.drain()).filter((e) => e.type === 'ERROR')).toEqual([]);
  });
});

describe('streaming list (sendInitialEvents)', () => {
  it('requires resourceVersionMatch=NotOlderThan: otherwise 422 naming the field', async () => {
    const res = await s.open(`${CM}?watch=true&sendInitialEvents=true`);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.details.causes[0]).toMatchObject({ field: 'resourceVersionMatch', reason: 'FieldValueForbidden' });
  });

  it('ADDED for every object, then a BOOKMARK with the initial-events-end annotation, then live events', async () => {
    await s.req('POST', CM, configMap('a'));
    await s.req('POST', CM, configMap('b'));
    const rv = (await s.req('GET', CM)).body.metadata.resourceVersion;
    const w = await watch('sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true');
    const initial = await w.drain();
    expect(initial.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'BOOKMARK']);
    expect(initial[2].object).toEqual({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { resourceVersion: rv, annotations: { 'orch.io/initial-events-end': 'true' } },
    });
    await s.req('POST', CM, configMap('c'));
    expect(await w.next()).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'c' } } });
  });

  it('with a version: the bookmark comes once state is synced to at least that version', async () => {
    await s.req('POST', CM, configMap('a'));
    const rv = Number((await s.req('GET', CM)).body.metadata.resourceVersion);
    const pending = s.open(
      `${CM}?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion=${rv + 1}`,
    );
    await settle();
    await s.req('POST', CM, configMap('b'));
    const w = s.read(await pending);
    const events = await w.drain();
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'ADDED', 'BOOKMARK']);
    expect(Number(events[2].object.metadata.resourceVersion)).toBeGreaterThanOrEqual(rv + 1);
  });
});

describe('timeouts', () => {
  it('timeoutSeconds ends a watch cleanly', async () => {
    const w = await watch('resourceVersion=1&timeoutSeconds=10');
    await s.clock.advance(9_000);
    expect(await w.isEnded()).toBe(false);
    await s.clock.advance(1_500);
    expect(await w.isEnded()).toBe(true);
  });

  it.each(['', '&timeoutSeconds=0'])(
    'without timeoutSeconds (or with 0, which is the same) the server ends a watch within the randomized 30–60 minute window: %j',
    async (query) => {
      const w = await watch(`resourceVersion=1${query}`);
      await s.clock.advance(30 * 60_000 - 1000);
      expect(await w.isEnded()).toBe(false);
      await s.clock.advance(30 * 60_000 + 1000);
      expect(await w.isEnded()).toBe(true);
    },
  );
});

describe('selectors on watch', () => {
  it('an object that starts matching arrives as ADDED, one that stops matching as DELETED', async () => {
    await s.req('POST', CM, configMap('a', undefined, { labels: { tier: 'silver' } }));
    const w = await watch('resourceVersion=1&labelSelector=tier%3Dgold');
    expect(await w.drain()).toEqual([]);
    await s.req('PATCH', `${CM}/a`, { metadata: { labels: { tier: 'gold' } } }, mergePatch);
    expect(await w.next()).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'a', labels: { tier: 'gold' } } } });
    await s.req('PATCH', `${CM}/a`, { data: { x: 'y' } }, mergePatch);
    expect(await w.next()).toMatchObject({ type: 'MODIFIED' });
    await s.req('PATCH', `${CM}/a`, { metadata: { labels: { tier: 'bronze' } } }, mergePatch);
    expect(await w.next()).toMatchObject({ type: 'DELETED', object: { metadata: { labels: { tier: 'bronze' } } } });
    await s.req('DELETE', `${CM}/a`);
    expect(await w.drain()).toEqual([]);
  });

  it('field selector metadata.name picks one object', async () => {
    const w = await watch('resourceVersion=1&fieldSelector=metadata.name%3Db');
    await s.req('POST', CM, configMap('a'));
    await s.req('POST', CM, configMap('b'));
    expect((await w.drain()).map((e) => e.object.metadata.name)).toEqual(['b']);
  });
});

describe('serialize once, and slow watchers', () => {
  it('an event is encoded once per media type, however many watchers receive it', async () => {
    const json = [await watch('resourceVersion=1'), await watch('resourceVersion=1'), await watch('resourceVersion=1')];
    const proto = [
      await s.open(`${CM}?watch=true&resourceVersion=1`, { accept: 'application/vnd.kubernetes.protobuf;stream=watch' }),
      await s.open(`${CM}?watch=true&resourceVersion=1`, { accept: 'application/vnd.kubernetes.protobuf;stream=watch' }),
    ];
    const before = watchStats.encodes;
    await s.req('POST', CM, configMap('once'));
    for (const w of json) expect((await w.next())?.object.metadata.name).toBe('once');
    for (const p of proto) {
      const { value } = await p.body!.getReader().read();
      expect(value!.byteLength).toBeGreaterThan(4);
    }
    expect(watchStats.encodes - before).toBe(2);
  });

  it('a watcher that cannot keep up is closed; others and writers go on', async () => {
    await s.restart({ read: { watchBufferSize: 5 } });
    const slowRes = await s.open(`${CM}?watch=true&resourceVersion=1`);
    const fast = await watch('resourceVersion=1');
    for (let i = 0; i < 20; i++) {
      expect((await s.req('POST', CM, configMap(`c${i}`))).status).toBe(201);
      expect((await fast.next())?.object.metadata.name).toBe(`c${i}`);
    }
    const slow = new EventReader(slowRes);
    const got = await slow.drain();
    expect(await slow.isEnded()).toBe(true);
    expect(got.length).toBeLessThan(20);
  });
});

describe('shutdown', () => {
  it('closing the server ends open watches cleanly', async () => {
    const w = await watch('resourceVersion=1');
    await s.api.close();
    expect(await w.isEnded()).toBe(true);
  });
});
