/** Helpers shared by the patch tests. */
import { expect } from 'vitest';
import { PatchError } from '../../core/patch/index.ts';
import type { JsonValue } from '../../core/util/json.ts';

/** A deep-frozen copy: any attempt of the code under test to mutate its input throws. */
export function frozen<T extends JsonValue>(value: T): T {
  const copy = structuredClone(value);
  const freeze = (v: JsonValue): void => {
    if (typeof v === 'object' && v !== null) {
      Object.values(v).forEach(freeze);
      Object.freeze(v);
    }
  };
  freeze(copy);
  return copy;
}

/** Runs `fn`, which must throw a PatchError, and returns it. */
export function catchPatchError(fn: () => unknown): PatchError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PatchError);
    return e as PatchError;
  }
  throw new Error('expected a PatchError, but nothing was thrown');
}
