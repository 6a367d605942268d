/**
 * What the real client's describers share: text written at indent levels with tab-separated
 * cells (aligned at the end by Go's tabwriter), labels and annotations one per line, timestamps
 * in RFC 1123 with a numeric zone, and the Events table.
 */
import type { JsonObject } from '../objects.ts';
import { goTabwriter } from '../../core/util/go-tabwriter.ts';
// The server's own table ages (Go's duration.HumanDuration): describe prints the same.
import { humanDuration } from '../../core/registry/table.ts';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const MAX_ANNOTATION_LEN = 140;

export class DescribeWriter {
  private text = '';
  /** Text already aligned (the real client flushes its tabwriter before the Events table). */
  private flushed = '';

  /** Writes at an indent level (two spaces each), as the real client's PrefixWriter. */
  write(level: number, text: string): void {
    this.text += '  '.repeat(level) + text;
  }

  line(text: string): void {
    this.text += `${text}\n`;
  }

  toString(): string {
    return this.flushed + goTabwriter(this.text);
  }

  private flush(): void {
    this.flushed += goTabwriter(this.text);
    this.text = '';
  }

  /** `Title:\tk=v` then `\tk=v` per label, sorted; `<none>` when there are none. */
  labels(title: string, labels: Record<string, string> | undefined, indent = '', inner = '\t'): void {
    this.write(0, `${indent}${title}:${inner}`);
    const keys = Object.keys(labels ?? {}).sort();
    if (keys.length === 0) return this.line('<none>');
    keys.forEach((k, i) => {
      if (i > 0) this.write(0, `${indent}${inner}`);
      this.write(0, `${k}=${labels![k]}\n`);
    });
  }

  /** Annotations sorted, the last-applied one left out, long or multi-line values below their key. */
  annotations(title: string, annotations: Record<string, string> | undefined): void {
    this.write(0, `${title}:\t`);
    const keys = Object.keys(annotations ?? {})
      .filter((k) => k !== LAST_APPLIED)
      .sort();
    if (keys.length === 0) return this.line('<none>');
    keys.forEach((k, i) => {
      if (i > 0) this.write(0, '\t');
      const value = annotations![k]!.replace(/\n$/, '');
      if (value.length + k.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
        this.write(0, `${k}:\n`);
        for (const s of value.split('\n')) this.write(0, `\t  ${shorten(s, MAX_ANNOTATION_LEN - 2)}\n`);
      } else this.write(0, `${k}: ${value}\n`);
    });
  }

  /** The Events section (events sorted by last time seen). */
  events(events: readonly JsonObject[] | undefined, now: number): void {
    if (events === undefined) return;
    if (events.length === 0) return this.write(0, 'Events:\t<none>\n');
    const sorted = [...events].sort((a, b) => time(a.lastTimestamp) - time(b.lastTimestamp));
    this.flush();
    const rows = ['Events:', '  Type\tReason\tAge\tFrom\tMessage', '  ----\t------\t----\t----\t-------'];
    for (const e of sorted) {
      const first = e.eventTime ? since(now, e.eventTime) : since(now, e.firstTimestamp);
      const series = e.series as { lastObservedTime?: string; count?: number } | undefined;
      const count = Number(e.count ?? 0);
      const interval = series
        ? `${since(now, series.lastObservedTime)} (x${series.count ?? 0} over ${first})`
        : count > 1
          ? `${since(now, e.lastTimestamp)} (x${count} over ${first})`
          : first;
      const source = (e.source as { component?: string } | undefined)?.component || String(e.reportingComponent ?? '');
      rows.push(`  ${e.type ?? ''}\t${e.reason ?? ''}\t${interval}\t${source}\t${String(e.message ?? '').trim()}`);
    }
    this.text += `${rows.join('\n')}\n`;
  }
}

function shorten(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}...` : s;
}

function time(v: unknown): number {
  const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
  return Number.isNaN(t) ? 0 : t;
}

/** How long ago, as the real client's short durations (`<unknown>` without a time). */
export function since(now: number, v: unknown): string {
  if (typeof v !== 'string' || !v) return '<unknown>';
  return humanDuration(now - Date.parse(v));
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Go's time.RFC1123Z in the host's zone: `Sat, 28 Nov 2026 05:03:10 +0000`. */
export function rfc1123z(v: unknown): string {
  if (typeof v !== 'string' || !v) return '';
  const d = new Date(v);
  const p = (n: number) => String(n).padStart(2, '0');
  const off = -d.getTimezoneOffset();
  const zone = `${off < 0 ? '-' : '+'}${p(Math.floor(Math.abs(off) / 60))}${p(Math.abs(off) % 60)}`;
  return `${DAYS[d.getDay()]}, ${p(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())} ${zone}`;
}
