/** Ordering and equality of CEL runtime values, shared by the list and set functions. */
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { deepEqual } from '../../util/json.ts';

export function celCompare(a: unknown, b: unknown): number {
  if (a instanceof Date && b instanceof Date) return Math.sign(a.getTime() - b.getTime());
  if (a instanceof Duration && b instanceof Duration) return Math.sign(a.valueOf() - b.valueOf());
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return Math.sign(a.length - b.length);
  }
  const x = a as number | bigint | string | boolean;
  const y = b as number | bigint | string | boolean;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function celEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'bigint' && typeof b === 'number') return Number(a) === b;
  if (typeof a === 'number' && typeof b === 'bigint') return a === Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Duration && b instanceof Duration) return a.valueOf() === b.valueOf();
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !celEquals(v, b.get(k))) return false;
    return true;
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => celEquals(v, b[i]));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const eq = (a as { equals?: (o: unknown) => boolean }).equals;
    if (typeof eq === 'function') return eq.call(a, b);
    return a.constructor === b.constructor && deepEqual(a, b);
  }
  return false;
}
