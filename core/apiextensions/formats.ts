/**
 * The string formats a custom resource schema may name, and what the real platform's validator
 * (kube-openapi's strfmt registry, as v1.32 ships it) accepts for each: one row per format.
 * A format's name is matched without its dashes (`date-time` is `datetime`), as the registry
 * normalizes it; any other format is documentation only and never checked.
 *
 * Several rows mirror a Go parser rather than an RFC (durations as `time.ParseDuration` or
 * "<n> <unit>" words, MACs as `net.ParseMAC`, e-mail addresses as `net/mail.ParseAddress`, URIs
 * as `url.ParseRequestURI`), because that is what decides whether the real server accepts a value.
 */
import { goDurationNanos } from '../util/go-duration.ts';
import { parseIP, parseIPv4, parseIPv6 } from '../util/go-ip.ts';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
/** Go's `\s` is ASCII white space only. */
const WS = '[\\t\\n\\f\\r ]';
const OCTET = '(0|[1-9]\\d?|1\\d\\d?|2[0-4]\\d|25[0-5])';
const RGB = new RegExp(`^rgb\\(${WS}*${OCTET}${WS}*,${WS}*${OCTET}${WS}*,${WS}*${OCTET}${WS}*\\)$`);
const HEXCOLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** Base64 with padding; the empty string is not base64 here. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const SSN = /^\d{3}[- ]?\d{2}[- ]?\d{4}$/;
const CREDIT_CARD =
  /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$/;
const BSON_OBJECT_ID = /^[0-9a-fA-F]{24}$/;

/**
 * RFC 1034 host names as kube-openapi reads them: one label (a dash only as its second
 * character), or dotted labels ending in a top-level domain of at least two letters; symbols
 * and letters beyond ASCII allowed; no trailing dot.
 */
const HOST_CHAR = 'a-zA-Z0-9\\p{S}\\p{L}';
const HOSTNAME = new RegExp(
  `^([${HOST_CHAR}]((-?[${HOST_CHAR}]{0,62})?)|([${HOST_CHAR}](([${HOST_CHAR}\\-]{0,61}[${HOST_CHAR}])?)(\\.)){1,}([a-zA-Z\\p{L}]){2,63})$`,
  'u',
);

/** Bytes of a string in UTF-8 (limits on host names count bytes). */
function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

function isHostname(v: string): boolean {
  return HOSTNAME.test(v) && utf8Length(v) <= 255 && v.split('.').every((label) => utf8Length(label) <= 63);
}

// ---- date and date-time (Go's time.Parse of 2006-01-02, then strfmt's time pattern) ----

const isLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A full date whose day exists in its month. */
function isDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12) return false;
  return day >= 1 && day <= (month === 2 && isLeap(year) ? 29 : DAYS[month - 1]);
}

/** Go's `.` is any character but a newline. */
const TIME = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u;

/** A date, a `T` (either case, never a space), then a time whose hour, minute and second are in range. */
function isDateTime(v: string): boolean {
  if (v.length < 4) return false;
  const parts = v.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0])) return false;
  const m = TIME.exec(parts[1]);
  return m !== null && m[1] <= '23' && m[2] <= '59' && m[3] <= '59';
}

// ---- durations (Go's time.ParseDuration, else "<n> <unit>" words) ----

/** The word units strfmt also reads: the short forms exactly, and anything starting with the long form. */
const UNIT_WORDS: readonly (readonly string[])[] = [
  ['ns', 'nano'],
  ['us', 'µs', 'micro'],
  ['ms', 'milli'],
  ['s', 'sec'],
  ['m', 'min'],
  ['h', 'hr', 'hour'],
  ['d', 'day'],
  ['w', 'wk', 'week'],
];
const MAX_INT64 = (1n << 63n) - 1n;

function isWordUnit(unit: string): boolean {
  return UNIT_WORDS.some((words) => words.some((w, i) => w === unit || (i === words.length - 1 && unit.startsWith(w))));
}

/**
 * strfmt's duration: Go's own syntax, else any text holding at least one "<digits> <unit>"
 * (`3 days`, `1h 30m`, `5 minutes`), whatever surrounds it.
 */
function isDuration(v: string): boolean {
  if (goDurationNanos(v) !== undefined) return true;
  let ok = false;
  for (const m of v.matchAll(/(\d+)[\t\n\f\r ]*([A-Za-zµ]+)/g)) {
    if (BigInt(m[1]) > MAX_INT64) return false;
    if (isWordUnit(m[2].toLowerCase())) ok = true;
  }
  return ok;
}

// ---- MAC addresses (Go's net.ParseMAC) ----

const HEX2 = /^[0-9a-fA-F]{2}$/;

/** 6, 8 or 20 octets: `00:11:22:33:44:55` (or with `-`), or `0011.2233.4455`. */
function isMAC(v: string): boolean {
  if (v.length < 14) return false;
  if (v[2] === ':' || v[2] === '-') {
    if ((v.length + 1) % 3 !== 0) return false;
    const n = (v.length + 1) / 3;
    if (n !== 6 && n !== 8 && n !== 20) return false;
    for (let i = 0; i < n; i++) {
      const x = i * 3;
      if (!HEX2.test(v.slice(x, x + 2)) || (i < n - 1 && v[x + 2] !== v[2])) return false;
    }
    return true;
  }
  if (v[4] === '.') {
    if ((v.length + 1) % 5 !== 0) return false;
    const n = (2 * (v.length + 1)) / 5;
    if (n !== 6 && n !== 8 && n !== 20) return false;
    for (let x = 0; x < v.length; x += 5) {
      if (!HEX2.test(v.slice(x, x + 2)) || !HEX2.test(v.slice(x + 2, x + 4))) return false;
      if (x + 4 < v.length && v[x + 4] !== '.') return false;
    }
    return true;
  }
  return false;
}

// ---- ISBN and credit cards (govalidator) ----

function isISBN10(v: string): boolean {
  const s = v.replace(/[\t\n\f\r -]+/g, '');
  if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (i + 1) * Number(s[i]);
  sum += 10 * (s[9] === 'X' ? 10 : Number(s[9]));
  return sum % 11 === 0;
}

function isISBN13(v: string): boolean {
  const s = v.replace(/[\t\n\f\r -]+/g, '');
  if (!/^[0-9]{13}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(s[i]);
  return Number(s[12]) === (10 - (sum % 10)) % 10;
}

/** A known card number pattern (anything but digits ignored) with a valid Luhn check digit. */
function isCreditCard(v: string): boolean {
  const s = v.replace(/[^0-9]+/g, '');
  if (!CREDIT_CARD.test(s)) return false;
  let sum = 0;
  let double = false;
  for (let i = s.length - 1; i >= 0; i--) {
    let d = Number(s[i]);
    if (double) {
      d *= 2;
      if (d >= 10) d = (d % 10) + 1;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

// ---- URIs (Go's url.ParseRequestURI) ----

/** Go refuses any URL holding an ASCII control character. */
const hasControl = (v: string): boolean => [...v].some((c) => c < ' ' || c === '\x7f');
const BAD_ESCAPE = /%(?![0-9a-fA-F]{2})/;
/** Characters a host may hold unescaped (besides letters, digits and bytes beyond ASCII). */
const HOST_OK = /^[A-Za-z0-9\-._~!$&'()*+,;=:[\]<>"\u0080-\u{10ffff}%]*$/u;
const USERINFO_OK = /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/;

function isHost(host: string): boolean {
  let port = '';
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return false;
    port = host.slice(close + 1);
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0) port = host.slice(colon);
  }
  if (port !== '' && !/^:[0-9]*$/.test(port)) return false;
  if (BAD_ESCAPE.test(host) || !HOST_OK.test(host)) return false;
  // In a host, only bytes beyond ASCII may be escaped (and %25, a zone's `%`).
  for (const m of host.matchAll(/%([0-9a-fA-F]{2})/g)) if (parseInt(m[1], 16) < 0x80 && m[1] !== '25') return false;
  return true;
}

/** An absolute URI or an absolute path, as an HTTP request line may carry. */
function isRequestURI(v: string): boolean {
  if (v === '' || hasControl(v)) return false;
  if (v === '*') return true;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(v);
  if (v.startsWith(':')) return false;
  let rest = scheme ? v.slice(scheme[0].length) : v;
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) rest = rest.slice(0, -1);
  else if (rest.includes('?')) rest = rest.slice(0, rest.indexOf('?'));
  if (!rest.startsWith('/')) return scheme !== null;
  if (scheme && rest.startsWith('//')) {
    let authority = rest.slice(2);
    const slash = authority.indexOf('/');
    rest = slash >= 0 ? authority.slice(slash) : '';
    if (slash >= 0) authority = authority.slice(0, slash);
    const at = authority.lastIndexOf('@');
    if (!isHost(authority.slice(at + 1))) return false;
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      if (!USERINFO_OK.test(userinfo) || BAD_ESCAPE.test(userinfo)) return false;
    }
  }
  return !BAD_ESCAPE.test(rest);
}

// ---- e-mail addresses (Go's net/mail.ParseAddress) ----

const isVchar = (c: string): boolean => (c >= '!' && c <= '~') || (c.codePointAt(0) ?? 0) >= 0x80;
const isWSP = (c: string): boolean => c === ' ' || c === '\t';
const isAtext = (c: string, dot: boolean): boolean => (c === '.' ? dot : !'()<>[]:;@\\,"'.includes(c) && isVchar(c));

/** A recursive-descent reader of one RFC 5322 address, as lenient and as strict as Go's. */
class AddressReader {
  private s: string;
  constructor(s: string) {
    this.s = s;
  }

  private peek = (): string => this.s[0] ?? '';
  private consume(c: string): boolean {
    if (this.s[0] !== c) return false;
    this.s = this.s.slice(1);
    return true;
  }
  private skipSpace(): void {
    this.s = this.s.replace(/^[ \t]+/, '');
  }

  /** Comments in parentheses (nested, with escapes) and white space; false for an unclosed one. */
  private skipCFWS(): boolean {
    this.skipSpace();
    while (this.consume('(')) {
      if (!this.comment()) return false;
      this.skipSpace();
    }
    return true;
  }

  private comment(): boolean {
    let depth = 1;
    while (this.s !== '' && depth > 0) {
      if (this.s[0] === '\\' && this.s.length > 1) this.s = this.s.slice(1);
      else if (this.s[0] === '(') depth++;
      else if (this.s[0] === ')') depth--;
      this.s = this.s.slice(1);
    }
    return depth === 0;
  }

  private atom(dot: boolean, permissive: boolean): string | undefined {
    let i = 0;
    const chars = [...this.s];
    while (i < chars.length && isAtext(chars[i], dot)) i++;
    if (i === 0) return undefined;
    const atom = chars.slice(0, i).join('');
    this.s = chars.slice(i).join('');
    if (!permissive && (atom.startsWith('.') || atom.endsWith('.') || atom.includes('..'))) return undefined;
    return atom;
  }

  private quoted(): string | undefined {
    const chars = [...this.s];
    let out = '';
    let escaped = false;
    for (let i = 1; i < chars.length; i++) {
      const c = chars[i];
      if (escaped) {
        if (!isVchar(c) && !isWSP(c)) return undefined;
        out += c;
        escaped = false;
      } else if ((isVchar(c) && c !== '\\' && c !== '"') || isWSP(c)) out += c;
      else if (c === '"') {
        this.s = chars.slice(i + 1).join('');
        return out;
      } else if (c === '\\') escaped = true;
      else return undefined;
    }
    return undefined;
  }

  private domainLiteral(): boolean {
    this.s = this.s.slice(1);
    const close = this.s.indexOf(']');
    if (close < 0) return false;
    const dtext = this.s.slice(0, close);
    if (![...dtext].every((c) => isVchar(c) && c !== '[' && c !== '\\')) return false;
    this.s = this.s.slice(close + 1);
    return parseIP(dtext, false) !== undefined;
  }

  /** local-part "@" domain; on failure the reader is left where it was. */
  private addrSpec(): boolean {
    const saved = this.s;
    const ok = (() => {
      this.skipSpace();
      if (this.s === '') return false;
      const local = this.peek() === '"' ? this.quoted() : this.atom(true, false);
      if (!local || !this.consume('@')) return false;
      this.skipSpace();
      if (this.s === '') return false;
      return this.peek() === '[' ? this.domainLiteral() : this.atom(true, false) !== undefined;
    })();
    if (!ok) this.s = saved;
    return ok;
  }

  /** One or more words (atoms or quoted strings); errors after the first word end the phrase. */
  private phrase(): string[] | undefined {
    const words: string[] = [];
    for (;;) {
      if (words.length && !this.skipCFWS()) return undefined;
      this.skipSpace();
      if (this.s === '') break;
      const word = this.peek() === '"' ? this.quoted() : this.atom(true, true);
      if (word === undefined) break;
      words.push(word);
    }
    return words.length ? words : undefined;
  }

  /** The addresses of one address or group (a group only at the top level). */
  private address(group: boolean): number | undefined {
    this.skipSpace();
    if (this.s === '') return undefined;
    if (this.addrSpec()) {
      this.skipSpace();
      if (this.peek() === '(') {
        this.s = this.s.slice(1);
        if (!this.comment()) return undefined;
      }
      return 1;
    }
    // A display name, then the address in angle brackets (or a group's list).
    if (this.peek() !== '<' && !this.phrase()) return undefined;
    this.skipSpace();
    if (group && this.consume(':')) return this.groupList();
    return this.consume('<') && this.addrSpec() && this.consume('>') ? 1 : undefined;
  }

  private groupList(): number | undefined {
    this.skipSpace();
    if (this.consume(';')) return this.skipCFWS() ? 0 : undefined;
    let n = 0;
    for (;;) {
      this.skipSpace();
      const got = this.address(false);
      if (got === undefined) return undefined;
      n += got;
      if (!this.skipCFWS()) return undefined;
      if (this.consume(';')) return this.skipCFWS() ? n : undefined;
      if (!this.consume(',')) return undefined;
    }
  }

  /** Exactly one address, nothing after it but comments. */
  single(): boolean {
    const n = this.address(true);
    return n === 1 && this.skipCFWS() && this.s === '';
  }
}

const isEmail = (v: string): boolean => new AddressReader(v).single();

// ---- IP addresses ----

/** kube-openapi's ipv4: any address the old (sloppy) parser reads, written with a dot. */
const isIPv4 = (v: string): boolean => v.includes('.') && parseIP(v, true) !== undefined;
/** govalidator's ipv6: an address Go's strict parser reads, written with a colon. */
const isIPv6 = (v: string): boolean => v.includes(':') && parseIP(v, false) !== undefined;

/** An address (sloppy, as Kubernetes reads them) and a prefix length within its size. */
function isCIDR(v: string): boolean {
  const slash = v.indexOf('/');
  if (slash < 0) return false;
  const [ip, bits] = [v.slice(0, slash), v.slice(slash + 1)];
  if (!/^[0-9]+$/.test(bits)) return false;
  const size = parseIPv4(ip, true) ? 32 : parseIPv6(ip, true) ? 128 : 0;
  return size > 0 && Number(bits) <= size;
}

/** One row per format the real platform checks (by its name without dashes). */
const FORMATS: Readonly<Record<string, (v: string) => boolean>> = {
  bsonobjectid: (v) => BSON_OBJECT_ID.test(v),
  uri: isRequestURI,
  email: isEmail,
  hostname: isHostname,
  ipv4: isIPv4,
  ipv6: isIPv6,
  cidr: isCIDR,
  mac: isMAC,
  uuid: (v) => UUID.test(v),
  uuid3: (v) => UUID3.test(v),
  uuid4: (v) => UUID4.test(v),
  uuid5: (v) => UUID5.test(v),
  isbn: (v) => isISBN10(v) || isISBN13(v),
  isbn10: isISBN10,
  isbn13: isISBN13,
  creditcard: isCreditCard,
  ssn: (v) => v.length === 11 && SSN.test(v),
  hexcolor: (v) => HEXCOLOR.test(v),
  rgbcolor: (v) => RGB.test(v),
  byte: (v) => BASE64.test(v),
  password: () => true,
  date: isDate,
  duration: isDuration,
  datetime: isDateTime,
};

/** Whether the validator checks `format` at all. */
export function isCheckedFormat(format: string): boolean {
  return Object.hasOwn(FORMATS, format.replaceAll('-', ''));
}

/** Whether `v` is of `format`; formats the validator does not know always pass. */
export function checkFormat(format: string, v: string): boolean {
  const name = format.replaceAll('-', '');
  return Object.hasOwn(FORMATS, name) ? FORMATS[name](v) : true;
}
