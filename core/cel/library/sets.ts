/** The Kubernetes sets library: sets.contains, sets.equivalent, sets.intersects. */
import type { Environment } from '@marcbachmann/cel-js';
import { celEquals } from './compare.ts';
import { registerNamespace } from './namespace.ts';

const has = (list: readonly unknown[], v: unknown) => list.some((e) => celEquals(e, v));

export function registerSets(env: Environment): void {
  registerNamespace(env, 'sets', 'kubernetes.SetsNamespace');
  env.registerFunction('kubernetes.SetsNamespace.contains(list<T>, list<T>): bool', (_: unknown, a: unknown[], b: unknown[]) =>
    b.every((v) => has(a, v)),
  );
  env.registerFunction(
    'kubernetes.SetsNamespace.equivalent(list<T>, list<T>): bool',
    (_: unknown, a: unknown[], b: unknown[]) => b.every((v) => has(a, v)) && a.every((v) => has(b, v)),
  );
  env.registerFunction('kubernetes.SetsNamespace.intersects(list<T>, list<T>): bool', (_: unknown, a: unknown[], b: unknown[]) =>
    b.some((v) => has(a, v)),
  );
}
