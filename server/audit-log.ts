/**
 * The audit log file (`--audit-log-path`): one JSON line per event, rotated by size as the real
 * server's lumberjack rotation does (`<name>-<time>.<ext>` backups, the oldest removed past
 * `--audit-log-maxbackup`). `-` writes to standard output.
 */
import { appendFileSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { AuditEvent, AuditSink } from '../core/audit/index.ts';

export interface AuditLogOptions {
  readonly path: string;
  readonly maxSizeBytes: number;
  readonly maxBackups: number;
}

export class AuditFileSink implements AuditSink {
  private size: number;

  constructor(private readonly opts: AuditLogOptions) {
    this.size = opts.path !== '-' && existsSync(opts.path) ? statSync(opts.path).size : 0;
  }

  write(event: AuditEvent): void {
    const line = `${JSON.stringify(event)}\n`;
    if (this.opts.path === '-') {
      process.stdout.write(line);
      return;
    }
    const bytes = Buffer.byteLength(line);
    if (this.size > 0 && this.size + bytes > this.opts.maxSizeBytes) this.rotate();
    appendFileSync(this.opts.path, line);
    this.size += bytes;
  }

  private rotate(): void {
    const { path, maxBackups } = this.opts;
    const ext = extname(path);
    const stem = basename(path, ext);
    const stamp = new Date().toISOString().replace(/:/g, '-').replace('Z', '');
    renameSync(path, join(dirname(path), `${stem}-${stamp}${ext}`));
    this.size = 0;
    const backups = readdirSync(dirname(path))
      .filter((f) => f.startsWith(`${stem}-`) && f.endsWith(ext))
      .sort();
    for (const old of backups.slice(0, Math.max(0, backups.length - maxBackups))) rmSync(join(dirname(path), old));
  }
}
