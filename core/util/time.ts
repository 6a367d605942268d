/** RFC 3339 helpers with the real platform's precision rules (Time: seconds, MicroTime: microseconds, UTC). */

let lastSecond = NaN;
let lastText = '';

export function formatTime(ms: number): string {
  // Many writes land in the same second: format each second once.
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastText = new Date(second * 1000).toISOString().replace('.000Z', 'Z');
    lastSecond = second;
  }
  return lastText;
}

export function formatMicroTime(ms: number, micros = 0): string {
  const iso = new Date(Math.floor(ms)).toISOString(); // yyyy-mm-ddThh:mm:ss.sssZ
  const millis = iso.slice(20, 23);
  return `${iso.slice(0, 19)}.${millis}${String(micros).padStart(3, '0')}Z`;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Parses RFC 3339; returns epoch milliseconds (fraction kept to ms) and microseconds, or undefined. */
export function parseTime(s: string): { ms: number; micros: number } | undefined {
  const m = RFC3339.exec(s);
  if (!m) return undefined;
  const ms = Date.parse(s.toUpperCase());
  if (Number.isNaN(ms)) return undefined;
  const frac = m[7] ? m[7].slice(1).padEnd(6, '0').slice(0, 6) : '000000';
  return { ms: Math.floor(ms / 1000) * 1000 + Number(frac.slice(0, 3)), micros: Number(frac.slice(3, 6)) };
}
