/**
 * The steps of the kind tests (docs/adding-a-kind.md, "Tests to write"): a server serving the
 * kinds under test, a valid object with one field changed, and the causes of a 422 read as
 * `field reason` for comparing with a table row.
 */
import { expect } from 'vitest';
import type { KindDefinition } from '../../core/registry/definition.ts';
import { BUILTIN_KINDS } from '../../core/registry/kinds/index.ts';
import type { ApiServerOptions } from '../../core/index.ts';
import { inProcess, type Target } from './targets.ts';

export async function serverWith(kinds: readonly KindDefinition[], opts: ApiServerOptions = {}): Promise<Target> {
  return inProcess({ ...opts, kinds: [...BUILTIN_KINDS, ...kinds] });
}

export interface Cause {
  readonly reason: string;
  readonly field: string;
  readonly message?: string;
}

/** The causes of a 422 answer (fails the test if the answer is anything else). */
export function causesOf(res: { status: number; body: any }): Cause[] {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toMatchObject({ kind: 'Status', reason: 'Invalid', code: 422 });
  return (res.body.details?.causes ?? []) as Cause[];
}

/** `field reason` of each cause, for comparing with a spec row. */
export function causeKeys(res: { status: number; body: any }): string[] {
  return causesOf(res).map((c) => `${c.field} ${c.reason}`);
}

export function expectCreated(res: { status: number; body: any }): any {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Deep-set a dotted path (`spec.rules.0.subjects`) on a copy of `base`; `undefined` deletes. */
export function withChange<T>(base: T, path: string, value: unknown): T {
  const copy = structuredClone(base) as any;
  const parts = path.split('.');
  let cur = copy;
  for (const p of parts.slice(0, -1)) {
    if (cur[p] === undefined) cur[p] = {};
    cur = cur[p];
  }
  const last = parts[parts.length - 1];
  if (value === undefined) delete cur[last];
  else cur[last] = value;
  return copy;
}
