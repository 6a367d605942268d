/**
 * IP addresses as Go reads and writes them: the `ipv4`, `ipv6` and `cidr` formats of custom
 * resource schemas, e-mail domain literals, and an audit event's `sourceIPs`. Two readings
 * matter: Go's own (strict: no leading zeros in IPv4 octets, at most four hex digits per IPv6
 * group, no zone), and the older one Kubernetes keeps for compatibility, `ParseIPSloppy`
 * (leading zeros allowed, as in `010.0.0.1`, and IPv6 groups of any length whose value fits).
 */

/** Dotted IPv4: four decimal octets up to 255 (sloppy: with any leading zeros); its 4 bytes. */
export function parseIPv4(s: string, sloppy: boolean): Uint8Array | undefined {
  const fields = s.split('.');
  if (fields.length !== 4) return undefined;
  const ok = fields.every(
    (f) => /^[0-9]+$/.test(f) && (sloppy || f.length <= 3) && (sloppy || f === '0' || !f.startsWith('0')) && Number(f) <= 255,
  );
  return ok ? Uint8Array.from(fields, Number) : undefined;
}

/**
 * IPv6: up to eight hex groups with one `::` standing for at least one zero group, and an IPv4
 * address in place of the last two groups (strict: 1 to 4 digits a group; sloppy: any digits
 * whose value fits 16 bits); its 16 bytes.
 */
export function parseIPv6(s: string, sloppy: boolean): Uint8Array | undefined {
  const out = new Uint8Array(16);
  let rest = s;
  let ellipsis = -1;
  let i = 0;
  if (rest.startsWith('::')) {
    ellipsis = 0;
    rest = rest.slice(2);
    if (rest === '') return out;
  }
  while (i < 16) {
    const hex = /^[0-9a-fA-F]*/.exec(rest)?.[0] ?? '';
    const n = parseInt(hex, 16);
    if (hex === '' || (!sloppy && hex.length > 4) || n > 0xffff) return undefined;
    if (rest[hex.length] === '.') {
      // A trailing IPv4 address: only where the last two groups go (or after a `::`).
      if ((ellipsis < 0 && i !== 12) || i + 4 > 16) return undefined;
      const v4 = parseIPv4(rest, sloppy);
      if (!v4) return undefined;
      out.set(v4, i);
      rest = '';
      i += 4;
      break;
    }
    out[i] = n >> 8;
    out[i + 1] = n & 0xff;
    i += 2;
    rest = rest.slice(hex.length);
    if (rest === '') break;
    if (rest[0] !== ':' || rest.length === 1) return undefined;
    rest = rest.slice(1);
    if (rest[0] === ':') {
      if (ellipsis >= 0) return undefined;
      ellipsis = i;
      rest = rest.slice(1);
      if (rest === '') break;
    }
  }
  if (rest !== '') return undefined;
  if (i < 16) {
    if (ellipsis < 0) return undefined;
    // The groups after the `::` move to the end; the ones it stands for are zero.
    const tail = out.slice(ellipsis, i);
    out.fill(0, ellipsis);
    out.set(tail, 16 - tail.length);
  } else if (ellipsis >= 0) return undefined;
  return out;
}

/**
 * An address, IPv4 (4 bytes) or IPv6 (16) by whichever of `.` and `:` comes first; a zone
 * (`%eth0`) is never part of one.
 */
export function parseIP(s: string, sloppy: boolean): Uint8Array | undefined {
  for (const c of s) {
    if (c === '.') return parseIPv4(s, sloppy);
    if (c === ':') return s.includes('%') ? undefined : parseIPv6(s, sloppy);
    if (c === '%') return undefined;
  }
  return undefined;
}

/** The 16-byte form Go's `net.IP` holds an address in (IPv4 as IPv4-mapped). */
export function to16(ip: Uint8Array): Uint8Array {
  if (ip.length === 16) return ip;
  const out = new Uint8Array(16);
  out[10] = 0xff;
  out[11] = 0xff;
  out.set(ip, 12);
  return out;
}

/**
 * Go's `net.IP.String()`: IPv4 (also sent IPv4-mapped) dotted; IPv6 in lowercase hex with the
 * longest run of two or more zero groups (the first of equal ones) written `::`.
 */
export function formatIP(ip: Uint8Array): string {
  const b = to16(ip);
  if (b.subarray(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff) return b.subarray(12).join('.');
  const g: number[] = [];
  for (let i = 0; i < 16; i += 2) g.push((b[i] << 8) | b[i + 1]);
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
