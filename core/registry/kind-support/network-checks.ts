/** Address checks shared by the networking kinds (Service, Ingress) and Pod status. */

const IP_V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 or IPv6 address, as the platform's IP parser accepts it. */
export function isIP(text: string): boolean {
  if (IP_V4.test(text)) return true;
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return false;
  try {
    // The URL parser accepts exactly the IPv6 literal forms (with an embedded IPv4 tail).
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}
