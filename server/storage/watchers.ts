/** The live watchers of a backend whose events this process sees: a prefix filter and a fan-out. */
import type { BackendEvent, Unsubscribe } from '../../core/storage/index.ts';

interface Watcher {
  readonly prefix: string;
  readonly onEvent: (e: BackendEvent) => void;
}

export class WatcherSet {
  private readonly watchers = new Set<Watcher>();

  add(prefix: string, onEvent: (e: BackendEvent) => void): Unsubscribe {
    const w: Watcher = { prefix, onEvent };
    this.watchers.add(w);
    return () => {
      this.watchers.delete(w);
    };
  }

  emit(e: BackendEvent): void {
    for (const w of this.watchers) if (e.key.startsWith(w.prefix)) w.onEvent(e);
  }

  clear(): void {
    this.watchers.clear();
  }
}
