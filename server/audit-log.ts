/**
 * The audit log file (`--audit-log-path`): one JSON line per event, rotated as the real server's
 * lumberjack logger rotates it. A line that would take the file past `--audit-log-maxsize`
 * megabytes (0: 100) first moves the file aside as `<name>-<UTC time>.<ext>`; then rotated files
 * beyond the newest `--audit-log-maxbackup` (0: all kept) and those older than
 * `--audit-log-maxage` days by the time in their name (0: no limit) are removed, and the rest
 * gzipped with `--audit-log-compress`. A line larger than the limit is refused, as lumberjack
 * refuses it; like any event that cannot be written, it is reported and the request goes on.
 * `-` writes to standard output.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AuditEvent, AuditSink } from '../core/audit/index.ts';

export interface AuditLogOptions {
  readonly path: string;
  /** Rotate before the file would pass this many bytes (0: lumberjack's default, 100 MB). */
  readonly maxSizeBytes: number;
  /** Rotated files to keep (0: all). */
  readonly maxBackups: number;
  /** Days to keep rotated files, by the time in their names (0: no limit). */
  readonly maxAgeDays?: number;
  /** Gzip rotated files. */
  readonly compress?: boolean;
  /** Now, in ms (the time a rotated file is named after). */
  readonly now?: () => number;
  /** An event that could not be written (default: logged to standard error); the request goes on, as in the real server. */
  readonly onError?: (err: Error) => void;
}

const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
/** lumberjack's backup time layout, `2006-01-02T15-04-05.000`, in UTC. */
const STAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})$/;

function stampOf(ms: number): string {
  return new Date(ms).toISOString().replace(/:/g, '-').replace('Z', '');
}

function timeOfStamp(text: string): number | undefined {
  const m = STAMP.exec(text);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], +m[7]) : undefined;
}

export class AuditLogError extends Error {}

export class AuditFileSink implements AuditSink {
  private size = 0;
  private readonly max: number;
  private readonly now: () => number;

  constructor(private readonly opts: AuditLogOptions) {
    this.max = opts.maxSizeBytes > 0 ? opts.maxSizeBytes : DEFAULT_MAX_BYTES;
    this.now = opts.now ?? Date.now;
    if (opts.path === '-') return;
    // The real server makes sure it can write the log at start, creating it readable only by its owner.
    mkdirSync(dirname(opts.path), { recursive: true });
    appendFileSync(opts.path, '', { mode: 0o600 });
    this.size = statSync(opts.path).size;
  }

  write(event: AuditEvent): void {
    const line = `${JSON.stringify(event)}\n`;
    if (this.opts.path === '-') {
      process.stdout.write(line);
      return;
    }
    try {
      const bytes = Buffer.byteLength(line);
      if (bytes > this.max) throw new AuditLogError(`write length ${bytes} exceeds maximum file size ${this.max}`);
      if (this.size + bytes > this.max) this.rotate();
      appendFileSync(this.opts.path, line, { mode: 0o600 });
      this.size += bytes;
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      if (this.opts.onError) this.opts.onError(e);
      else console.error(`orch: audit log: ${e.message}`);
    }
  }

  private rotate(): void {
    const { path } = this.opts;
    const ext = extname(path);
    const stem = basename(path, ext);
    let at = this.now();
    // Two rotations in one millisecond would share a name: the later one takes the next.
    while (existsSync(join(dirname(path), `${stem}-${stampOf(at)}${ext}`))) at++;
    if (existsSync(path)) renameSync(path, join(dirname(path), `${stem}-${stampOf(at)}${ext}`));
    writeFileSync(path, '', { mode: 0o600 });
    this.size = 0;
    this.mill(stem, ext);
  }

  /** Removes rotated files past the count and age limits, and compresses the rest if asked. */
  private mill(stem: string, ext: string): void {
    const dir = dirname(this.opts.path);
    const rotated: { name: string; time: number }[] = [];
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(`${stem}-`)) continue;
      const bare = name.endsWith(`${ext}.gz`) ? name.slice(0, -3) : name;
      if (!bare.endsWith(ext)) continue;
      const time = timeOfStamp(bare.slice(stem.length + 1, bare.length - ext.length));
      if (time !== undefined) rotated.push({ name, time });
    }
    rotated.sort((a, b) => b.time - a.time);
    let keep = rotated;
    const { maxBackups, maxAgeDays = 0, compress = false } = this.opts;
    if (maxBackups > 0) {
      // A file and its compressed copy count once.
      const seen = new Set<string>();
      keep = [];
      for (const f of rotated) {
        const bare = f.name.replace(/\.gz$/, '');
        if (seen.has(bare) || seen.size < maxBackups) {
          seen.add(bare);
          keep.push(f);
        } else rmSync(join(dir, f.name), { force: true });
      }
    }
    if (maxAgeDays > 0) {
      const cutoff = this.now() - maxAgeDays * DAY_MS;
      keep = keep.filter((f) => {
        if (f.time >= cutoff) return true;
        rmSync(join(dir, f.name), { force: true });
        return false;
      });
    }
    if (!compress) return;
    for (const f of keep) {
      if (f.name.endsWith('.gz')) continue;
      const from = join(dir, f.name);
      writeFileSync(`${from}.gz`, gzipSync(readFileSync(from)), { mode: 0o600 });
      rmSync(from);
    }
  }
}
