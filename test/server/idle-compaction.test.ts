/**
 * The Node host gives memory back after a burst of writes once it is idle: when it compacts,
 * when it leaves the heap alone, and that the compaction really shrinks a heap a burst left
 * full of holes.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createApiServer } from '../../core/index.ts';
import { compactHeap, createIdleCompaction, startServer } from '../../server/index.ts';

const MiB = 2 ** 20;

describe('idle compaction', () => {
  // Each row: what happens, as [ms to advance, heap MiB, touch?] steps, then whether each step's check compacts.
  const rows: { when: string; steps: { advance: number; heap: number; touch?: boolean }[]; compacts: boolean[] }[] = [
    {
      when: 'requests keep coming: never, however much the heap grew',
      steps: [
        { advance: 500, heap: 300, touch: true },
        { advance: 500, heap: 400, touch: true },
      ],
      compacts: [false, false],
    },
    { when: 'idle but the heap grew less than the threshold: no', steps: [{ advance: 5000, heap: 131 }], compacts: [false] },
    {
      when: 'idle after a burst that grew the heap: once',
      steps: [
        { advance: 5000, heap: 300 },
        { advance: 5000, heap: 125 },
      ],
      compacts: [true, false],
    },
    {
      when: 'a second burst after the first compaction: again',
      steps: [
        { advance: 5000, heap: 300 },
        { advance: 100, heap: 500, touch: true },
        { advance: 5000, heap: 500 },
      ],
      compacts: [true, false, true],
    },
    {
      when: 'the heap shrank on its own, then grew less than the threshold from there: no',
      steps: [
        { advance: 5000, heap: 60 },
        { advance: 5000, heap: 80 },
      ],
      compacts: [false, false],
    },
    {
      when: 'just short of idle: not yet',
      steps: [
        { advance: 1999, heap: 300 },
        { advance: 1, heap: 300 },
      ],
      compacts: [false, true],
    },
  ];

  for (const row of rows) {
    it(`runs when ${row.when}`, () => {
      let now = 0;
      let heap = 100 * MiB;
      let compactions = 0;
      const c = createIdleCompaction({
        idleMs: 2000,
        growthBytes: 32 * MiB,
        now: () => now,
        heapBytes: () => heap,
        compact: () => {
          compactions++;
          heap = 120 * MiB; // what is live after the burst
        },
        timer: false,
      });
      const got = row.steps.map((s) => {
        now += s.advance;
        heap = s.heap * MiB;
        if (s.touch) c.touch();
        return c.check();
      });
      expect(got).toEqual(row.compacts);
      expect(c.runs).toBe(compactions);
      c.close();
    });
  }

  // After a compaction, idle for settleMs (3 s here), a young-generation collection; again every
  // 3 s while V8 keeps the young generation's size, four at most. Each step: ms to advance, whether
  // V8 shrinks it at a collection then, a request?; then the collections made by each step's end.
  const settleRows: { when: string; steps: { advance: number; shrinks?: boolean; touch?: boolean }[]; young: number[] }[] = [
    {
      when: 'V8 shrinks it at the first: one collection, 3 s after the compaction',
      steps: [{ advance: 5000 }, { advance: 2999, shrinks: true }, { advance: 1, shrinks: true }, { advance: 10000, shrinks: true }],
      young: [0, 0, 1, 1],
    },
    {
      when: 'V8 shrinks it at the second: two, 3 s apart',
      steps: [{ advance: 5000 }, { advance: 3000 }, { advance: 1000, shrinks: true }, { advance: 2000, shrinks: true }, { advance: 9000 }],
      young: [0, 1, 1, 2, 2],
    },
    {
      when: 'V8 never shrinks it: four, then it gives up',
      steps: [{ advance: 5000 }, { advance: 3000 }, { advance: 3000 }, { advance: 3000 }, { advance: 3000 }, { advance: 30000 }],
      young: [0, 1, 2, 3, 4, 4],
    },
    {
      when: 'a request came after the compaction: 3 s after that request',
      steps: [
        { advance: 5000 },
        { advance: 1000, touch: true, shrinks: true },
        { advance: 2500, shrinks: true },
        { advance: 500, shrinks: true },
      ],
      young: [0, 0, 0, 1],
    },
    { when: 'no compaction: never', steps: [{ advance: 2000 }, { advance: 20000 }], young: [0, 0] },
  ];

  for (const row of settleRows) {
    it(`collects the young generation when ${row.when}`, () => {
      let now = 0;
      let heap = 100 * MiB;
      let young = 32 * MiB;
      let shrinks = false;
      let collections = 0;
      const c = createIdleCompaction({
        idleMs: 2000,
        growthBytes: 32 * MiB,
        settleMs: 3000,
        now: () => now,
        heapBytes: () => heap,
        compact: () => {
          heap = 120 * MiB;
        },
        youngBytes: () => young,
        collectYoung: () => {
          collections++;
          if (shrinks) young = MiB;
        },
        timer: false,
      });
      // A burst grew the old generation by 200 MiB (by 10 in the last row: too little to compact).
      heap = row.when.startsWith('no compaction') ? 110 * MiB : 300 * MiB;
      const got = row.steps.map((s) => {
        now += s.advance;
        shrinks = s.shrinks ?? false;
        if (s.touch) c.touch();
        c.check();
        return collections;
      });
      expect(got).toEqual(row.young);
      expect(c.settles).toBe(collections > 0 ? 1 : 0);
      c.close();
    });
  }

  it('gives back the young generation a burst grew, a few seconds after its compaction', async () => {
    const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.physical_space_size;
    // The old generation's growth is told (this test's burst keeps little); the compaction, the
    // young-generation collection, the delays and the timer are the host's own.
    let grownBy = 0;
    const c = createIdleCompaction({
      heapBytes: () => grownBy,
      compact: () => {
        compactHeap();
        grownBy = 0;
      },
    });
    let keep: { i: number; s: string }[] = [];
    for (let i = 0; i < 2_000_000; i++) {
      keep.push({ i, s: `x${i}` });
      if (keep.length > 100_000) keep = [];
    }
    c.touch();
    grownBy = 64 * MiB;
    const grown = newSpace();
    expect(grown).toBeGreaterThan(8 * MiB); // the premise: the burst grew it
    for (let waited = 0; c.settles === 0 && waited < 16_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(c.runs).toBe(1);
    expect(c.settles).toBe(1);
    expect(newSpace()).toBeLessThan(grown / 4);
    expect(keep.length).toBeGreaterThan(0);
    c.close();
  }, 25_000);

  it('shrinks an old generation that a burst of creates and updates left full of holes', async () => {
    const api = createApiServer();
    await api.ready;
    const enc = new TextEncoder();
    const json = { get: (n: string) => (n === 'content-type' ? 'application/json' : null) };
    const merge = { get: (n: string) => (n === 'content-type' ? 'application/merge-patch+json' : null) };
    const n = 8000;
    for (let i = 0; i < n; i++) {
      const body = enc.encode(JSON.stringify({ metadata: { name: `cm-${i}` }, data: { k: `${'v'.repeat(300)}${i}` } }));
      await api.handle({
        method: 'POST',
        url: new URL('http://orch/api/v1/namespaces/default/configmaps'),
        headers: json,
        readBody: async () => body,
      });
    }
    for (let i = 0; i < n; i++) {
      const body = enc.encode('{"data":{"u":"1"}}');
      await api.handle({
        method: 'PATCH',
        url: new URL(`http://orch/api/v1/namespaces/default/configmaps/cm-${i}`),
        headers: merge,
        readBody: async () => body,
      });
    }
    const oldSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.physical_space_size;
    const before = oldSpace();
    compactHeap();
    const after = oldSpace();
    // The objects are all still there, in less memory.
    const list = await api.fetch(new Request('http://orch/api/v1/namespaces/default/configmaps?limit=1'));
    expect(((await list.json()) as { metadata: { remainingItemCount: number } }).metadata.remainingItemCount).toBe(n - 1);
    expect(after).toBeLessThan(before * 0.8);
    await api.close();
  });

  it('is on in orch-apiserver, waits for requests to stop, and stops with it', async () => {
    let runs = 0;
    const running = await startServer({ idleCompaction: { idleMs: 600, growthBytes: 0, compact: () => runs++ } });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Busy: a request every 50 ms keeps it from running.
    for (let i = 0; i < 6; i++) {
      expect((await fetch(`${running.url}/api/v1/namespaces`)).status).toBe(200);
      await sleep(50);
    }
    expect(runs).toBe(0);
    await sleep(1500);
    expect(runs).toBeGreaterThan(0);
    await running.shutdown();
    const after = runs;
    await sleep(800);
    expect(runs).toBe(after);
  });
});
