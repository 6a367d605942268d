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

function walk(v: unknown): unknown {
  if (typeof v === 'string') return fix(v);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = walk(v[i]);
    return v;
  }
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const value = walk(o[k]);
      const key = fix(k);
      if (key !== k) delete o[k];
      setOwn(o, key, value);
    }
  }
  return v;
}

/** `value`, decoded from `text`, with every lone surrogate replaced (in place). */
export function wellFormedStrings<T>(text: string, value: T): T {
  return text.includes('\\u') && LONE_SURROGATE_ESCAPE.test(text) ? (walk(value) as T) : value;
}
