/** The Kubernetes list library: isSorted, sum, min, max, indexOf, lastIndexOf. */
import type { Environment } from '@marcbachmann/cel-js';
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { celCompare, celEquals } from './compare.ts';
import { celError } from './errors.ts';

const COMPARABLE = ['int', 'uint', 'double', 'string', 'bool', 'bytes', 'google.protobuf.Duration', 'google.protobuf.Timestamp'];
const SUMMABLE: Record<string, () => unknown> = {
  int: () => 0n,
  double: () => 0,
  'google.protobuf.Duration': () => new Duration(0, 0),
};

function add(a: unknown, b: unknown): unknown {
  if (a instanceof Duration && b instanceof Duration) return a.addDuration(b);
  return (a as number) + (b as number);
}

function extreme(name: 'min' | 'max', sign: number) {
  return (list: readonly unknown[]) => {
    if (list.length === 0) throw celError(`${name} called on empty list`);
    let best = list[0];
    for (let i = 1; i < list.length; i++) if (celCompare(list[i], best) === sign) best = list[i];
    return best;
  };
}

export function registerLists(env: Environment): void {
  for (const t of COMPARABLE) {
    env.registerFunction(`list<${t}>.isSorted(): bool`, (list: readonly unknown[]) => {
      for (let i = 1; i < list.length; i++) if (celCompare(list[i - 1], list[i]) > 0) return false;
      return true;
    });
    env.registerFunction(`list<${t}>.min(): ${t}`, extreme('min', -1));
    env.registerFunction(`list<${t}>.max(): ${t}`, extreme('max', 1));
  }
  for (const [t, zero] of Object.entries(SUMMABLE)) {
    env.registerFunction(`list<${t}>.sum(): ${t}`, (list: readonly unknown[]) => list.reduce(add, zero()));
  }
  env.registerFunction('list<T>.indexOf(T): int', (list: readonly unknown[], v: unknown) => BigInt(list.findIndex((e) => celEquals(e, v))));
  env.registerFunction('list<T>.lastIndexOf(T): int', (list: readonly unknown[], v: unknown) => {
    for (let i = list.length - 1; i >= 0; i--) if (celEquals(list[i], v)) return BigInt(i);
    return -1n;
  });
}
