/**
 * The string formats a custom resource schema may name and the validator checks (the real
 * platform's list); any other format is documentation only.
 */
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID_V = (v: string) => new RegExp(`^[0-9a-f]{8}-?[0-9a-f]{4}-?${v}[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$`, 'i');
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const HOSTNAME = /^(?=.{1,253}$)[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.?$/;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const MAC = /^([0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w))+$/;
const HEXCOLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const URI = /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/;

function isIPv6(v: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(v) || !v.includes(':')) return false;
  try {
    new URL(`http://[${v}]/`);
    return true;
  } catch {
    return false;
  }
}

function isCIDR(v: string): boolean {
  const slash = v.indexOf('/');
  if (slash < 0) return false;
  const ip = v.slice(0, slash);
  const bits = v.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return false;
  if (IPV4.test(ip)) return Number(bits) <= 32;
  return isIPv6(ip) && Number(bits) <= 128;
}

const CHECKS: Readonly<Record<string, (v: string) => boolean>> = {
  date: (v) => DATE.test(v),
  'date-time': (v) => DATE_TIME.test(v),
  datetime: (v) => DATE_TIME.test(v),
  uuid: (v) => UUID.test(v),
  uuid3: (v) => UUID_V('3').test(v),
  uuid4: (v) => UUID_V('4').test(v),
  uuid5: (v) => UUID_V('5').test(v),
  email: (v) => EMAIL.test(v),
  hostname: (v) => HOSTNAME.test(v),
  ipv4: (v) => IPV4.test(v),
  ipv6: isIPv6,
  cidr: isCIDR,
  mac: (v) => MAC.test(v),
  byte: (v) => BASE64.test(v),
  duration: (v) => DURATION.test(v),
  hexcolor: (v) => HEXCOLOR.test(v),
  uri: (v) => URI.test(v),
};

/** Whether `v` is of `format`; formats the validator does not know always pass. */
export function checkFormat(format: string, v: string): boolean {
  const check = CHECKS[format];
  return check ? check(v) : true;
}
