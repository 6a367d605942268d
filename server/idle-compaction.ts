/**
 * Gives memory back after a burst of writes, once the process is idle.
 *
 * A burst (100,000 creates, then an update of each) leaves V8's old generation full of holes:
 * each superseded object text dies in place between survivors. V8 only moves survivors out of a
 * few such pages per collection, and its memory reducer, which compacts everything when a page
 * in a browser goes quiet, did not run in a Node 20 server here (20 s idle after a burst, no GC). The resident size then stays at about
 * twice what is live for good. This does the memory reducer's job for the Node host: when no
 * request has come for a while and the old generation has grown a lot since the last time, one
 * full collection with compaction forced moves the survivors together and frees the empty pages.
 * It runs only while idle (it pauses the process for a few hundred ms at 100,000 objects) and
 * at most once per growth.
 *
 * The young generation stays at the size the burst grew it to (32 MiB of semi-spaces, all
 * resident): V8 shrinks it only at a collection made once its measure of recent allocation has
 * gone low, and an idle server makes none. So after compacting, while still idle, it runs a
 * young-generation collection (a millisecond or two) every few seconds until V8 has given those
 * pages back (the first one is often still too close to the burst), a few times at most.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCompactionOptions {
  /** How long without a request counts as idle (default 2 s). */
  readonly idleMs?: number;
  /** How much the old generation must have grown since the last compaction (default 32 MiB). */
  readonly growthBytes?: number;
  /** Committed old-generation bytes now (default: V8's heap space statistics). */
  readonly heapBytes?: () => number;
  /** One full collection that compacts (default: V8's, with compaction forced for it). */
  readonly compact?: () => void;
  /** How long after compacting (or the last try), idle all along, the young generation is collected (default 3 s). */
  readonly settleMs?: number;
  /** One young-generation collection (default: V8's). */
  readonly collectYoung?: () => void;
  /** Committed young-generation bytes now (default: V8's heap space statistics). */
  readonly youngBytes?: () => number;
  /** Milliseconds now (default `Date.now`). */
  readonly now?: () => number;
  /** Look on a timer (default true; tests call `check` themselves). */
  readonly timer?: boolean;
}

export interface IdleCompaction {
  /** Tells that a request came (the process is busy). */
  touch(): void;
  /** Looks once: compacts if idle and grown (the timer calls this; tests call it directly). */
  check(): boolean;
  /** How many compactions ran. */
  readonly runs: number;
  /** How many times the young generation was given back (or given up on) after a compaction. */
  readonly settles: number;
  close(): void;
}

function oldGenerationBytes(): number {
  let total = 0;
  for (const s of getHeapSpaceStatistics())
    if (s.space_name === 'old_space' || s.space_name === 'large_object_space') total += s.physical_space_size;
  return total;
}

type Collector = (options?: { type: 'minor' | 'major' }) => void;
let collector: Collector | undefined;

/** Young-generation collections after one compaction before giving up on V8 shrinking it. */
const SETTLE_TRIES = 4;

function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.physical_space_size ?? 0;
}

/** V8's `gc`, from a context made while `--expose-gc` is set, the way Node documents for `v8.setFlagsFromString`. */
function gc(): Collector {
  if (!collector) {
    const exposed = (globalThis as { gc?: Collector }).gc;
    if (exposed) collector = exposed;
    else {
      setFlagsFromString('--expose-gc');
      collector = runInNewContext('gc') as Collector;
    }
  }
  return collector;
}

/** A full collection with every fragmented page evacuated (`--compact-on-every-full-gc` for this one only). */
export function compactHeap(): void {
  const collect = gc();
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

/** A young-generation collection. */
export function collectYoung(): void {
  gc()({ type: 'minor' });
}

export function createIdleCompaction(options: IdleCompactionOptions = {}): IdleCompaction {
  const idleMs = options.idleMs ?? 2000;
  const growthBytes = options.growthBytes ?? 32 * 2 ** 20;
  const heapBytes = options.heapBytes ?? oldGenerationBytes;
  const compact = options.compact ?? compactHeap;
  const settleMs = options.settleMs ?? 3000;
  const young = options.collectYoung ?? collectYoung;
  const youngBytes = options.youngBytes ?? youngGenerationBytes;
  const now = options.now ?? Date.now;
  let lastRequest = now();
  let baseline = heapBytes();
  let runs = 0;
  let settles = 0;
  /** When the last compaction (or young collection after it) ran, until the young generation shrank. */
  let compactedAt: number | undefined;
  let tries = 0;
  const self: IdleCompaction = {
    touch() {
      lastRequest = now();
    },
    check() {
      const t = now();
      if (t - lastRequest < idleMs) return false;
      if (compactedAt !== undefined && t - compactedAt >= settleMs && t - lastRequest >= settleMs) {
        const before = youngBytes();
        young();
        tries++;
        compactedAt = t;
        if (youngBytes() < before || tries >= SETTLE_TRIES) {
          settles++;
          compactedAt = undefined;
        }
      }
      const size = heapBytes();
      // Shrunk on its own (V8 freed pages): the new size is the one to grow from.
      if (size < baseline) baseline = size;
      if (size - baseline < growthBytes) return false;
      compact();
      runs++;
      compactedAt = t;
      tries = 0;
      baseline = heapBytes();
      return true;
    },
    get runs() {
      return runs;
    },
    get settles() {
      return settles;
    },
    close() {
      clearInterval(timer);
    },
  };
  const timer = options.timer === false ? undefined : setInterval(() => self.check(), Math.max(100, idleMs / 2));
  // Never keeps the process alive on its own.
  timer?.unref();
  return self;
}
