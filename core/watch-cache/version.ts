/**
 * One version of one key, as the store keeps it: the object's canonical JSON, or for a version
 * that history alone still needs, its differences from the version after it.
 */
import { applyDelta, encodeDelta, type TextDelta } from './text-delta.ts';

/** A delta, pointing at the version it was written against (a class: one shape for all). */
class Superseded implements TextDelta {
  constructor(
    readonly ops: string,
    readonly literals: string,
    readonly base: Version,
  ) {}
}

/**
 * How many deltas may stand in a row before a version is kept whole again: reading a version
 * rebuilds every delta between it and a whole text, so this bounds the cost of a history read.
 */
const MAX_CHAIN = 16;

export class Version {
  /** Lazily parsed labels, for selectors (parsed once, kept with the version). */
  labels?: Record<string, string> | null;
  /** The key's version before this one, while history still needs it (the store's chain, newest first). */
  older: Version | undefined = undefined;

  /** `body` null marks a deletion (a tombstone kept while in history). */
  constructor(
    readonly rv: number,
    private body: string | Superseded | null,
  ) {}

  /** Canonical JSON of the object; null for a deletion. */
  get json(): string | null {
    const b = this.body;
    if (b === null || typeof b === 'string') return b;
    return applyDelta(b, b.base.json!);
  }

  get deleted(): boolean {
    return this.body === null;
  }

  /** True when the text is kept as a delta. */
  get compressed(): boolean {
    return this.body !== null && typeof this.body !== 'string';
  }

  /**
   * Keeps this version, now superseded by `next`, as differences from it when that saves memory.
   * `chain` is the number of compressed versions right before this one.
   */
  supersede(next: Version, chain: number): void {
    const older = this.body;
    const newer = next.body;
    if (typeof older !== 'string' || typeof newer !== 'string' || chain >= MAX_CHAIN) return;
    const delta = encodeDelta(older, newer);
    if (delta) this.body = new Superseded(delta.ops, delta.literals, next);
  }
}
