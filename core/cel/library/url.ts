/** The Kubernetes URL library: url(), isURL and the URL accessors (Go's url.ParseRequestURI rules). */
import type { Environment } from '@marcbachmann/cel-js';
import { celError } from './errors.ts';

export class CelURL {
  constructor(
    readonly text: string,
    readonly scheme: string,
    readonly host: string,
    readonly path: string,
    readonly query: string,
  ) {}
  equals(o: unknown): boolean {
    return o instanceof CelURL && o.text === this.text;
  }
}

const ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*):(?:\/\/([^/?]*))?([^?]*)(?:\?(.*))?$/s;
const PATH = /^(\/[^?]*)(?:\?(.*))?$/s;

export function parseURL(s: string): CelURL | undefined {
  // Go's parser refuses ASCII control characters anywhere in a URL.
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return undefined;
  }
  const p = PATH.exec(s);
  if (p) return new CelURL(s, '', '', p[1], p[2] ?? '');
  const m = ABSOLUTE.exec(s);
  if (!m) return undefined;
  const host = m[2] ?? '';
  if (/[^A-Za-z0-9\-._~%!$&'()*+,;=:@[\]]/.test(host)) return undefined;
  if (host.includes('@')) {
    const at = host.lastIndexOf('@');
    return new CelURL(s, m[1], host.slice(at + 1), m[3], m[4] ?? '');
  }
  return new CelURL(s, m[1], host, m[3], m[4] ?? '');
}

function hostname(u: CelURL): string {
  const h = u.host;
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end > 0 ? h.slice(1, end) : h;
  }
  const colon = h.lastIndexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
}

function port(u: CelURL): string {
  const h = u.host;
  const start = h.startsWith('[') ? h.indexOf(']') + 1 : 0;
  const colon = h.indexOf(':', start);
  return colon >= 0 ? h.slice(colon + 1) : '';
}

function query(u: CelURL): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!u.query) return out;
  for (const part of u.query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const dec = (x: string) => {
      try {
        return decodeURIComponent(x.replace(/\+/g, ' '));
      } catch {
        return x;
      }
    };
    const k = dec(eq >= 0 ? part.slice(0, eq) : part);
    const v = dec(eq >= 0 ? part.slice(eq + 1) : '');
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

const T = 'net.URL';

export function registerURL(env: Environment): void {
  env.registerType(T, CelURL);
  env.registerFunction(`url(string): ${T}`, (s: string) => {
    const u = parseURL(s);
    if (!u) throw celError(`URL parse error during conversion from string: parse ${JSON.stringify(s)}: invalid URI for request`);
    return u;
  });
  env.registerFunction('isURL(string): bool', (s: string) => parseURL(s) !== undefined);
  env.registerFunction(`${T}.getScheme(): string`, (u: CelURL) => u.scheme);
  env.registerFunction(`${T}.getHost(): string`, (u: CelURL) => u.host);
  env.registerFunction(`${T}.getHostname(): string`, hostname);
  env.registerFunction(`${T}.getPort(): string`, port);
  env.registerFunction(`${T}.getEscapedPath(): string`, (u: CelURL) => u.path);
  env.registerFunction(`${T}.getQuery(): map<string, list<string>>`, query);
  env.registerFunction(`string(${T}): string`, (u: CelURL) => u.text);
  env.registerOperator(`${T} == ${T}`, (a: CelURL, b: CelURL) => a.text === b.text);
}
