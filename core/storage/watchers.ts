/**
 * The live watchers of a backend whose events this process sees, found by the resource part of a
 * key. The watch cache watches every resource's prefix on its own (`/registry/configmaps/`, ...,
 * some sixty of them), so a write must reach its own resource's watchers without a test against
 * every other one: watchers of a prefix at least one resource deep sit in a Map under that
 * resource (`/registry/<resource>/`); only the rare broader ones (`/registry/`) are tried on
 * every write.
 */
import type { BackendEvent, Unsubscribe } from './backend.ts';

interface Watcher {
  readonly prefix: string;
  readonly onEvent: (e: BackendEvent) => void;
}

/** `/<first>/<second>/` of a key or prefix; undefined when it has no second whole segment. */
export function resourcePartOf(key: string): string | undefined {
  const first = key.indexOf('/', 1);
  if (first < 0) return undefined;
  const second = key.indexOf('/', first + 1);
  return second < 0 ? undefined : key.slice(0, second + 1);
}

export class WatcherSet {
  private readonly byResource = new Map<string, Set<Watcher>>();
  private readonly broad = new Set<Watcher>();

  add(prefix: string, onEvent: (e: BackendEvent) => void): Unsubscribe {
    const w: Watcher = { prefix, onEvent };
    const part = resourcePartOf(prefix);
    let set = this.broad;
    if (part !== undefined) {
      set = this.byResource.get(part) ?? new Set();
      this.byResource.set(part, set);
    }
    set.add(w);
    return () => {
      set.delete(w);
      if (part !== undefined && set.size === 0 && this.byResource.get(part) === set) this.byResource.delete(part);
    };
  }

  /** How many watchers are open. */
  get size(): number {
    let n = this.broad.size;
    for (const s of this.byResource.values()) n += s.size;
    return n;
  }

  /** The resource part last written to (writes come in runs of one resource): no slice to find it again. */
  private lastPart = '';

  emit(e: BackendEvent): void {
    const key = e.key;
    if (this.broad.size) for (const w of this.broad) if (key.startsWith(w.prefix)) w.onEvent(e);
    // A key starting with `/a/b/` has that as its resource part.
    let part: string | undefined = this.lastPart;
    if (!part || !key.startsWith(part)) {
      part = resourcePartOf(key);
      if (part === undefined) return;
      this.lastPart = part;
    }
    const set = this.byResource.get(part);
    if (set) for (const w of set) if (key.startsWith(w.prefix)) w.onEvent(e);
  }

  clear(): void {
    this.byResource.clear();
    this.broad.clear();
  }
}
