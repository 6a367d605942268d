/** Media type parsing for Accept and Content-Type (`type/subtype;param=v;q=0.5`). */

export interface MediaType {
  readonly type: string;
  readonly subtype: string;
  /** Lower-cased parameter names (values as sent), without `q`. */
  readonly params: ReadonlyMap<string, string>;
  readonly q: number;
}

export function parseMediaType(text: string): MediaType | undefined {
  const [essence, ...rawParams] = text.split(';');
  const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\/([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*$/.exec(essence);
  if (!m) return undefined;
  const params = new Map<string, string>();
  let q = 1;
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    if (eq < 0) continue;
    const k = p.slice(0, eq).trim().toLowerCase();
    let v = p.slice(eq + 1).trim();
    if (v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
    if (k === 'q') {
      const n = Number(v);
      q = Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1;
    } else {
      params.set(k, v);
    }
  }
  return { type: m[1].toLowerCase(), subtype: m[2].toLowerCase(), params, q };
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const PARAMS = new RegExp(`^(?:\\s*;\\s*(${TOKEN})\\s*=\\s*(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))*\\s*;?\\s*$`);
const PARAM_NAME = new RegExp(`;\\s*(${TOKEN})\\s*=`, 'g');

/**
 * Whether a Content-Type's parameters parse as Go's mime.ParseMediaType parses them (each
 * `;name=value`, a value a token or a quoted string, no name twice, one trailing `;` allowed):
 * the real platform answers 415 for one that does not (`application/json;;`).
 */
export function wellFormedParams(text: string): boolean {
  const semi = text.indexOf(';');
  if (semi < 0) return true;
  const params = text.slice(semi);
  if (!PARAMS.test(params)) return false;
  const names = new Set<string>();
  for (const m of params.matchAll(PARAM_NAME)) {
    const name = m[1].toLowerCase();
    if (names.has(name)) return false;
    names.add(name);
  }
  return true;
}

const ANY: readonly MediaType[] = [{ type: '*', subtype: '*', params: new Map(), q: 1 }];
const parsedAccepts = new Map<string, readonly MediaType[]>();

/** The Accept list, most preferred first (stable for equal q); q=0 entries dropped. Clients repeat theirs: parsed once each. */
export function parseAccept(header: string | null): readonly MediaType[] {
  if (!header?.trim()) return ANY;
  let parsed = parsedAccepts.get(header);
  if (!parsed) {
    parsed = parseAcceptList(header);
    if (parsedAccepts.size < 1000) parsedAccepts.set(header, parsed);
  }
  return parsed;
}

function parseAcceptList(header: string): MediaType[] {
  const out: { mt: MediaType; i: number }[] = [];
  header.split(',').forEach((part, i) => {
    const mt = parseMediaType(part);
    if (mt && mt.q > 0) out.push({ mt, i });
  });
  out.sort((a, b) => b.mt.q - a.mt.q || a.i - b.i);
  return out.map((o) => o.mt);
}

export function essence(mt: MediaType): string {
  return `${mt.type}/${mt.subtype}`;
}
