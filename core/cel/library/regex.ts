/** The Kubernetes regex library: find and findAll over RE2-style patterns. */
import type { Environment } from '@marcbachmann/cel-js';
import { celError } from './errors.ts';

const cache = new Map<string, RegExp>();

/** RE2 leading flag groups such as `(?i)` become JavaScript flags. */
export function compileRegex(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (re) return re;
  let flags = 'gu';
  let body = pattern;
  const m = /^\(\?([imsU]+)\)/.exec(body);
  if (m) {
    body = body.slice(m[0].length);
    for (const f of m[1]) if (f !== 'U' && !flags.includes(f)) flags += f;
  }
  try {
    re = new RegExp(body, flags);
  } catch (e) {
    throw celError(`error parsing regexp: ${(e as Error).message}`);
  }
  if (cache.size > 1000) cache.clear();
  cache.set(pattern, re);
  return re;
}

function findAll(s: string, pattern: string, limit: bigint): string[] {
  const re = compileRegex(pattern);
  const out: string[] = [];
  if (limit === 0n) return out;
  re.lastIndex = 0;
  for (const m of s.matchAll(re)) {
    out.push(m[0]);
    if (limit > 0n && BigInt(out.length) >= limit) break;
  }
  return out;
}

export function registerRegex(env: Environment): void {
  env.registerFunction('string.find(string): string', (s: string, p: string) => {
    const re = compileRegex(p);
    re.lastIndex = 0;
    return re.exec(s)?.[0] ?? '';
  });
  env.registerFunction('string.findAll(string): list<string>', (s: string, p: string) => findAll(s, p, -1n));
  env.registerFunction('string.findAll(string, int): list<string>', (s: string, p: string, n: bigint) => findAll(s, p, n));
}
