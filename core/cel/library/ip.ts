/** The Kubernetes IP and CIDR libraries: ip(), isIP, ip.isCanonical, cidr(), isCIDR and methods. */
import type { Environment } from '@marcbachmann/cel-js';
import { celError } from './errors.ts';
import { registerNamespace } from './namespace.ts';

export class IP {
  constructor(readonly bytes: Uint8Array) {}
  get family(): 4 | 6 {
    return this.bytes.length === 4 ? 4 : 6;
  }
  equals(o: unknown): boolean {
    return o instanceof IP && o.bytes.length === this.bytes.length && o.bytes.every((b, i) => b === this.bytes[i]);
  }
  toString(): string {
    return formatIP(this.bytes);
  }
}

export class CIDR {
  constructor(
    readonly ip: IP,
    readonly prefix: number,
  ) {}
  equals(o: unknown): boolean {
    return o instanceof CIDR && o.prefix === this.prefix && o.ip.equals(this.ip);
  }
  toString(): string {
    return `${this.ip}/${this.prefix}`;
  }
}

function parseIPv4(s: string): Uint8Array | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i];
    // Go's netip rejects leading zeros (they would be octal elsewhere).
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > 255) return undefined;
    out[i] = Number(p);
  }
  return out;
}

function parseIPv6(s: string): Uint8Array | undefined {
  if (s.includes('%')) return undefined;
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string): number[] | undefined => {
    if (h === '') return [];
    const out: number[] = [];
    const parts = h.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = parseIPv4(p);
        if (!v4) return undefined;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(p)) return undefined;
        out.push(Number.parseInt(p, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...new Array<number>(missing).fill(0), ...tail];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    out[2 * i] = g >> 8;
    out[2 * i + 1] = g & 0xff;
  });
  return out;
}

function isV4Mapped(b: Uint8Array): boolean {
  return b.length === 16 && b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
}

function parseIPString(s: string): { ip?: IP; error?: string } {
  const b = s.includes(':') ? parseIPv6(s) : parseIPv4(s);
  if (!b)
    return {
      error: `IP Address ${JSON.stringify(s)} parse error during conversion from string: ParseAddr(${JSON.stringify(s)}): unable to parse IP`,
    };
  if (isV4Mapped(b)) return { error: `IPv4-mapped IPv6 address ${JSON.stringify(s)} is not allowed` };
  return { ip: new IP(b) };
}

function formatIP(b: Uint8Array): string {
  if (b.length === 4) return b.join('.');
  const g: number[] = [];
  for (let i = 0; i < 16; i += 2) g.push((b[i] << 8) | b[i + 1]);
  let bestAt = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (g[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) {
      bestAt = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = g.map((x) => x.toString(16));
  if (bestAt < 0) return hex.join(':');
  return `${hex.slice(0, bestAt).join(':')}::${hex.slice(bestAt + bestLen).join(':')}`;
}

function parseCIDRString(s: string): { cidr?: CIDR; error?: string } {
  const slash = s.indexOf('/');
  const bad = {
    error: `network address ${JSON.stringify(s)} parse error during conversion from string: netip.ParsePrefix(${JSON.stringify(s)}): bad prefix`,
  };
  if (slash < 0) return bad;
  const ipText = s.slice(0, slash);
  const bits = s.slice(slash + 1);
  const b = ipText.includes(':') ? parseIPv6(ipText) : parseIPv4(ipText);
  if (!b || !/^(0|[1-9]\d*)$/.test(bits)) return bad;
  if (isV4Mapped(b)) return { error: `IPv4-mapped IPv6 address ${JSON.stringify(ipText)} is not allowed` };
  const prefix = Number(bits);
  if (prefix > b.length * 8) return bad;
  return { cidr: new CIDR(new IP(b), prefix) };
}

function mask(b: Uint8Array, prefix: number): Uint8Array {
  const out = new Uint8Array(b);
  for (let i = 0; i < out.length; i++) {
    const keep = Math.max(0, Math.min(8, prefix - i * 8));
    out[i] &= keep === 0 ? 0 : (0xff << (8 - keep)) & 0xff;
  }
  return out;
}

function contains(c: CIDR, ip: IP): boolean {
  if (ip.bytes.length !== c.ip.bytes.length) return false;
  const a = mask(c.ip.bytes, c.prefix);
  const b = mask(ip.bytes, c.prefix);
  return a.every((x, i) => x === b[i]);
}

function toIP(s: string): IP {
  const r = parseIPString(s);
  if (!r.ip) throw celError(r.error ?? 'invalid IP');
  return r.ip;
}

function toCIDR(s: string): CIDR {
  const r = parseCIDRString(s);
  if (!r.cidr) throw celError(r.error ?? 'invalid CIDR');
  return r.cidr;
}

const isLoopback = (ip: IP) => (ip.family === 4 ? ip.bytes[0] === 127 : ip.bytes.every((b, i) => b === (i === 15 ? 1 : 0)));
const isUnspecified = (ip: IP) => ip.bytes.every((b) => b === 0);
const isLinkLocalMulticast = (ip: IP) =>
  ip.family === 4 ? ip.bytes[0] === 224 && ip.bytes[1] === 0 && ip.bytes[2] === 0 : ip.bytes[0] === 0xff && (ip.bytes[1] & 0x0f) === 0x02;
const isLinkLocalUnicast = (ip: IP) =>
  ip.family === 4 ? ip.bytes[0] === 169 && ip.bytes[1] === 254 : ip.bytes[0] === 0xfe && (ip.bytes[1] & 0xc0) === 0x80;
const isMulticast = (ip: IP) => (ip.family === 4 ? ip.bytes[0] >= 224 && ip.bytes[0] < 240 : ip.bytes[0] === 0xff);
const isGlobalUnicast = (ip: IP) =>
  !(
    isUnspecified(ip) ||
    isLoopback(ip) ||
    isMulticast(ip) ||
    isLinkLocalUnicast(ip) ||
    (ip.family === 4 && ip.bytes.every((b) => b === 255))
  );

const I = 'net.IP';
const C = 'net.CIDR';

export function registerIP(env: Environment): void {
  env.registerType(I, IP);
  env.registerType(C, CIDR);
  env.registerFunction(`ip(string): ${I}`, toIP);
  env.registerFunction('isIP(string): bool', (s: string) => parseIPString(s).ip !== undefined);
  registerNamespace(env, 'ip', 'kubernetes.IPNamespace');
  env.registerFunction('kubernetes.IPNamespace.isCanonical(string): bool', (_: unknown, s: string) => toIP(s).toString() === s);
  env.registerFunction(`${I}.family(): int`, (ip: IP) => BigInt(ip.family));
  env.registerFunction(`${I}.isUnspecified(): bool`, isUnspecified);
  env.registerFunction(`${I}.isLoopback(): bool`, isLoopback);
  env.registerFunction(`${I}.isLinkLocalMulticast(): bool`, isLinkLocalMulticast);
  env.registerFunction(`${I}.isLinkLocalUnicast(): bool`, isLinkLocalUnicast);
  env.registerFunction(`${I}.isGlobalUnicast(): bool`, isGlobalUnicast);
  env.registerFunction(`string(${I}): string`, (ip: IP) => ip.toString());
  env.registerOperator(`${I} == ${I}`, (a: IP, b: IP) => a.equals(b));
  env.registerFunction(`cidr(string): ${C}`, toCIDR);
  env.registerFunction('isCIDR(string): bool', (s: string) => parseCIDRString(s).cidr !== undefined);
  env.registerFunction(`${C}.containsIP(${I}): bool`, contains);
  env.registerFunction(`${C}.containsIP(string): bool`, (c: CIDR, s: string) => contains(c, toIP(s)));
  env.registerFunction(`${C}.containsCIDR(${C}): bool`, (c: CIDR, o: CIDR) => o.prefix >= c.prefix && contains(c, o.ip));
  env.registerFunction(`${C}.containsCIDR(string): bool`, (c: CIDR, s: string) => {
    const o = toCIDR(s);
    return o.prefix >= c.prefix && contains(c, o.ip);
  });
  env.registerFunction(`${C}.ip(): ${I}`, (c: CIDR) => c.ip);
  env.registerFunction(`${C}.masked(): ${C}`, (c: CIDR) => new CIDR(new IP(mask(c.ip.bytes, c.prefix)), c.prefix));
  env.registerFunction(`${C}.prefixLength(): int`, (c: CIDR) => BigInt(c.prefix));
  env.registerFunction(`string(${C}): string`, (c: CIDR) => c.toString());
  env.registerOperator(`${C} == ${C}`, (a: CIDR, b: CIDR) => a.equals(b));
}
