/**
 * Continue tokens: the snapshot revision and the last key returned, base64 JSON as the real
 * platform encodes them (`{"v":"meta.orch.io/v1","rv":12,"start":"ns/name\u0000"}`), plus an
 * optional count of items still to come so `remainingItemCount` needs no rescan. Anything that
 * does not decode to exactly that shape is a 400, never a 500.
 */
import { StatusError } from '../errors/status-error.ts';

export interface ContinueToken {
  /** Snapshot revision; -1 means "the latest" (after an expired token). */
  readonly rv: number;
  /** Resume strictly after this key suffix. */
  readonly after: string;
  /** Items after this page at the snapshot, when known. */
  readonly remaining?: number;
  /** When the list's first page was served (server clock, ms): tokens expire a window after it. */
  readonly issued?: number;
}

const VERSION = 'meta.orch.io/v1';

function b64encode(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function b64decode(s: string): string {
  const bin = atob(s);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

export function encodeContinue(token: ContinueToken): string {
  const body: Record<string, unknown> = { v: VERSION, rv: token.rv, start: `${token.after}\u0000` };
  if (token.remaining !== undefined) body.rem = token.remaining;
  if (token.issued !== undefined) body.t = token.issued;
  return b64encode(JSON.stringify(body));
}

export function decodeContinue(text: string): ContinueToken {
  const bad = (why: string) => StatusError.badRequest(`invalid continue token: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(b64decode(text));
  } catch {
    throw bad('continue key is not valid: illegal base64 data or malformed JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw bad('continue key is not valid: not an object');
  const t = parsed as Record<string, unknown>;
  if (t.v !== VERSION) throw bad(`continue key is not valid: server does not recognize this encoded version ${JSON.stringify(t.v ?? '')}`);
  if (typeof t.rv !== 'number' || !Number.isInteger(t.rv) || (t.rv < 1 && t.rv !== -1))
    throw bad('continue key is not valid: incorrect encoded start resourceVersion (version meta.orch.io/v1)');
  if (typeof t.start !== 'string' || !t.start.endsWith('\u0000') || t.start.length < 2)
    throw bad('continue key is not valid: encoded start key is invalid');
  const after = t.start.slice(0, -1);
  if (after.includes('\u0000') || after.startsWith('/') || after.includes('..'))
    throw bad('continue key is not valid: encoded start key is invalid');
  const remaining = typeof t.rem === 'number' && Number.isInteger(t.rem) && t.rem >= 0 ? t.rem : undefined;
  const issued = typeof t.t === 'number' && Number.isFinite(t.t) ? t.t : undefined;
  return { rv: t.rv, after, ...(remaining !== undefined ? { remaining } : {}), ...(issued !== undefined ? { issued } : {}) };
}
