/**
 * The `sourceIPs` of an audit event, as the real server lists them: the addresses of
 * `X-Forwarded-For` (each proxy's client, in order), then `X-Real-Ip` unless already listed, then
 * the address the connection came from, unless it is the last one listed. Text that is not an IP
 * address is skipped; each address is written as Go writes it (IPv4 dotted, also when sent
 * IPv4-mapped; IPv6 shortest form). A host that knows no remote address (in-process, the
 * browser) gives only what the headers say.
 */
import type { HeaderReader } from '../http/api-request.ts';
import { formatIP, parseIP as parseGoIP, to16 } from '../util/go-ip.ts';

/** Go's `ParseIPSloppy`, in the 16-byte form it compares addresses in; undefined for text that is no address (zones included). */
function parseIP(s: string): Uint8Array | undefined {
  const ip = parseGoIP(s, true);
  return ip && to16(ip);
}

/** `host:port`, `[v6]:port`, or a bare address (Go's fallback when the address has no port). */
function remoteIP(addr: string): Uint8Array | undefined {
  const m = /^\[([^\]]*)\]:\d*$/.exec(addr) ?? /^([^:]*):\d*$/.exec(addr);
  return (m && parseIP(m[1])) ?? parseIP(addr);
}

const same = (a: Uint8Array, b: Uint8Array) => a.every((x, i) => x === b[i]);

export function sourceIPs(headers: HeaderReader, remoteAddress: string | undefined): string[] {
  const ips: Uint8Array[] = [];
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
