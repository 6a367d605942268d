/**
 * The `sourceIPs` of an audit event, as the real server lists them: the addresses of
 * `X-Forwarded-For` (each proxy's client, in order), then `X-Real-Ip` unless already listed, then
 * the address the connection came from, unless it is the last one listed. Text that is not an IP
 * address is skipped; each address is written as Go writes it (IPv4 dotted, also when sent
 * IPv4-mapped; IPv6 shortest form). A host that knows no remote address (in-process, the
 * browser) gives only what the headers say.
 */
import type { HeaderReader } from '../http/api-request.ts';

/** Go's `ParseIPSloppy`: IPv4 parts may have leading zeros (read as decimal). */
function parseV4(s: string): number[] | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined;
    out.push(Number(p));
  }
  return out;
}

/** 16 bytes (IPv4 as IPv4-mapped, as Go holds it), or undefined for text that is no address (zones included). */
function parseIP(s: string): number[] | undefined {
  if (!s.includes(':')) {
    const v4 = parseV4(s);
    return v4 && [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4];
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string, last: boolean): number[] | undefined => {
    if (h === '') return [];
    const out: number[] = [];
    const parts = h.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (last && i === parts.length - 1 && p.includes('.')) {
        const v4 = parseV4(p);
        if (!v4) return undefined;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(p)) out.push(Number.parseInt(p, 16));
      else return undefined;
    }
    return out;
  };
  const head = groups(halves[0], halves.length === 1);
  const tail = halves.length === 2 ? groups(halves[1], true) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail].flatMap((g) => [g >> 8, g & 0xff]);
}

function formatIP(b: number[]): string {
  if (b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff) return b.slice(12).join('.');
  const g: number[] = [];
  for (let i = 0; i < 16; i += 2) g.push((b[i] << 8) | b[i + 1]);
  // The longest run of two or more zero groups (the first of equal ones) becomes `::`.
  let at = -1;
  let len = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > len) [at, len] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  const hex = g.map((x) => x.toString(16));
  return at < 0 ? hex.join(':') : `${hex.slice(0, at).join(':')}::${hex.slice(at + len).join(':')}`;
}

/** `host:port`, `[v6]:port`, or a bare address (Go's fallback when the address has no port). */
function remoteIP(addr: string): number[] | undefined {
  const m = /^\[([^\]]*)\]:\d*$/.exec(addr) ?? /^([^:]*):\d*$/.exec(addr);
  return (m && parseIP(m[1])) ?? parseIP(addr);
}

const same = (a: number[], b: number[]) => a.every((x, i) => x === b[i]);

export function sourceIPs(headers: HeaderReader, remoteAddress: string | undefined): string[] {
  const ips: number[][] = [];
  for (const part of (headers.get('x-forwarded-for') ?? '').split(',')) {
    const ip = parseIP(part.trim());
    if (ip) ips.push(ip);
  }
  const real = headers.get('x-real-ip');
  const realIP = real ? parseIP(real) : undefined;
  if (realIP && !ips.some((x) => same(x, realIP))) ips.push(realIP);
  const remote = remoteAddress ? remoteIP(remoteAddress) : undefined;
  if (remote && !(ips.length > 0 && same(ips[ips.length - 1], remote))) ips.push(remote);
  return ips.map(formatIP);
}
