/**
 * IP addresses as Go reads them, for the `ipv4`, `ipv6` and `cidr` formats and e-mail domain
 * literals. Two readings matter: Go's own (strict: no leading zeros in IPv4 octets, at most four
 * hex digits per IPv6 group, no zone), and the older one Kubernetes keeps for compatibility
 * ("sloppy": leading zeros allowed, as in `010.0.0.1`).
 */

/** Dotted IPv4: four decimal octets up to 255 (sloppy: with any leading zeros). */
export function parseIPv4(s: string, sloppy: boolean): boolean {
  const fields = s.split('.');
  if (fields.length !== 4) return false;
  return fields.every(
    (f) => /^[0-9]+$/.test(f) && (sloppy || f.length <= 3) && (sloppy || f === '0' || !f.startsWith('0')) && Number(f) <= 255,
  );
}

/**
 * IPv6: up to eight hex groups with one `::` standing for at least one zero group, and an IPv4
 * address in place of the last two groups (strict: 1 to 4 digits a group; sloppy: any digits
 * whose value fits 16 bits).
 */
export function parseIPv6(s: string, sloppy: boolean): boolean {
  let rest = s;
  let ellipsis = -1;
  let i = 0;
  if (rest.startsWith('::')) {
    ellipsis = 0;
    rest = rest.slice(2);
    if (rest === '') return true;
  }
  while (i < 16) {
    const hex = /^[0-9a-fA-F]*/.exec(rest)?.[0] ?? '';
    if (hex === '' || (!sloppy && hex.length > 4) || parseInt(hex, 16) > 0xffff) return false;
    if (rest[hex.length] === '.') {
      // A trailing IPv4 address: only where the last two groups go (or after a `::`).
      if ((ellipsis < 0 && i !== 12) || i + 4 > 16) return false;
      if (!parseIPv4(rest, sloppy)) return false;
      rest = '';
      i += 4;
      break;
    }
    i += 2;
    rest = rest.slice(hex.length);
    if (rest === '') break;
    if (rest[0] !== ':' || rest.length === 1) return false;
    rest = rest.slice(1);
    if (rest[0] === ':') {
      if (ellipsis >= 0) return false;
      ellipsis = i;
      rest = rest.slice(1);
      if (rest === '') break;
    }
  }
  if (rest !== '') return false;
  return i < 16 ? ellipsis >= 0 : ellipsis < 0;
}

/** An address, IPv4 or IPv6 by whichever of `.` and `:` comes first; a zone (`%eth0`) is never part of one. */
export function parseIP(s: string, sloppy: boolean): boolean {
  for (const c of s) {
    if (c === '.') return parseIPv4(s, sloppy);
    if (c === ':') return !s.includes('%') && parseIPv6(s, sloppy);
    if (c === '%') return false;
  }
  return false;
}
