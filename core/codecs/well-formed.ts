/**
 * Strings as Go's decoders read them: a `\uD800`-style escape of half a surrogate pair, alone,
 * becomes U+FFFD (the replacement character); kept as is, it would be stored as text no UTF-8
 * encoder can write. Only a body with such an escape is walked (most have no `\u` at all).
 */
import { setOwn } from '../util/json.ts';

const LONE_SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

type WellFormed = string & { isWellFormed(): boolean; toWellFormed(): string };

function fix(s: string): string {
  return (s as WellFormed).isWellFormed() ? s : (s as WellFormed).toWellFormed();
}

/** Fixes every string of a container in place, with a stack of its own (bodies nest 10,000 levels deep). */
function walk(root: unknown): unknown {
  if (typeof root === 'string') return fix(root);
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        if (typeof v[i] === 'string') v[i] = fix(v[i]);
        else if (v[i] !== null && typeof v[i] === 'object') stack.push(v[i]);
      }
    } else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        const x = o[k];
        const value = typeof x === 'string' ? fix(x) : x;
        if (x !== null && typeof x === 'object') stack.push(x);
        const key = fix(k);
        if (key !== k) delete o[k];
        if (key !== k || value !== x) setOwn(o, key, value);
      }
    }
  }
  return root;
}

/** `value`, decoded from `text`, with every lone surrogate replaced (in place). */
export function wellFormedStrings<T>(text: string, value: T): T {
  return text.includes('\\u') && LONE_SURROGATE_ESCAPE.test(text) ? (walk(value) as T) : value;
}
