/**
 * The platform merges a list in place, in the Go array that also backs the caller's view of the
 * live list: removing an item shifts the rest left (the last slot keeps a stale copy) and a new
 * item is appended into a freed slot. When `$setElementOrder` then orders the merged list, it
 * reads that view as "the live order". The observable orders depend on it, so it is modelled.
 */
import type { JsonValue } from '../util/json.ts';

export class SharedBacking {
  /** What the caller's list (of the original length) reads as. */
  readonly view: JsonValue[];
  private length: number;
  private shared = true;

  constructor(original: readonly JsonValue[]) {
    this.view = [...original];
    this.length = original.length;
  }

  /** The list being merged, as Go's slice header sees it now. */
  items(): JsonValue[] {
    return this.view.slice(0, this.length);
  }

  removeAt(index: number): void {
    this.view.copyWithin(index, index + 1, this.length);
    this.length--;
  }

  /** The merge continues on a new array (a `$patch: replace` item): nothing reaches the view any more. */
  detach(): void {
    this.shared = false;
  }

  /** An appended item lands in the view while there is a freed slot. */
  append(item: JsonValue): void {
    if (!this.shared) return;
    if (this.length < this.view.length) this.view[this.length] = item;
    this.length++;
  }
}
