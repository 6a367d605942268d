/**
 * The audit log file rotates as the real server's (lumberjack) does: before a line would take it
 * past --audit-log-maxsize, to `<name>-<UTC time>.<ext>`; keeping the newest --audit-log-maxbackup
 * rotated files (0: all), removing those older than --audit-log-maxage days by the time in their
 * names, gzipping them with --audit-log-compress; and the flags are read as the real ones.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../core/audit/index.ts';
import { AuditFileSink, AuditLogError } from '../../../server/audit-log.ts';
import { parseAuthFlags } from '../../../server/auth-flags.ts';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 10, 12, 0, 0, 0);

function event(n: number): AuditEvent {
  return {
    kind: 'Event',
    apiVersion: 'audit.orch.io/v1',
    level: 'Metadata',
    auditID: `id-${String(n).padStart(4, '0')}`,
    stage: 'ResponseComplete',
    requestURI: '/api',
    verb: 'get',
    user: { username: 'u' },
    requestReceivedTimestamp: '2026-01-10T12:00:00.000000Z',
    stageTimestamp: '2026-01-10T12:00:00.000000Z',
  } as AuditEvent;
}
const LINE = Buffer.byteLength(`${JSON.stringify(event(0))}\n`);

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `count` events, the clock moving `stepMs` after each; answers the directory's files. */
function run(opts: { lines: number; maxBackups: number; maxAgeDays?: number; compress?: boolean }, count: number, stepMs: number) {
  dir = mkdtempSync(join(tmpdir(), 'audit-'));
  let now = T0;
  const sink = new AuditFileSink({
    path: join(dir, 'audit.log'),
    maxSizeBytes: opts.lines * LINE,
    maxBackups: opts.maxBackups,
    maxAgeDays: opts.maxAgeDays ?? 0,
    compress: opts.compress ?? false,
    now: () => now,
  });
  for (let i = 0; i < count; i++) {
    sink.write(event(i));
    now += stepMs;
  }
  return readdirSync(dir).sort();
}

describe('audit log rotation', () => {
  it.each([
    // 10 events, 3 per file: files of events 0-2, 3-5, 6-8 rotated, 9 in the live file.
    ['keeps every rotated file with maxbackup 0', { lines: 3, maxBackups: 0 }, 60_000, 3],
    ['keeps the newest maxbackup files', { lines: 3, maxBackups: 2 }, 60_000, 2],
    ['keeps none older than maxage days', { lines: 3, maxBackups: 0, maxAgeDays: 2 }, DAY, 1],
  ])('%s', (_what, opts, step, kept) => {
    const files = run(opts, 10, step);
    expect(files.filter((f) => f !== 'audit.log')).toHaveLength(kept);
    for (const f of files.filter((f) => f !== 'audit.log')) expect(f).toMatch(/^audit-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}\.log$/);
    expect(
      readFileSync(join(dir, 'audit.log'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).auditID),
    ).toEqual(['id-0009']);
    // The newest rotated file holds the three events before the live one.
    const newest = files.filter((f) => f !== 'audit.log').at(-1)!;
    expect(
      readFileSync(join(dir, newest), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).auditID),
    ).toEqual(['id-0006', 'id-0007', 'id-0008']);
  });

  it('names a rotated file after the UTC time it was rotated at', () => {
    const files = run({ lines: 1, maxBackups: 0 }, 2, 1500);
    // The second write rotated the first file at T0 + 1.5 s.
    expect(files).toEqual(['audit-2026-01-10T12-00-01.500.log', 'audit.log']);
  });

  it('gzips rotated files with compress', () => {
    const files = run({ lines: 2, maxBackups: 0, compress: true }, 5, 1000);
    const gz = files.filter((f) => f.endsWith('.log.gz'));
    expect(gz).toHaveLength(2);
    expect(files).toHaveLength(3);
    const text = gunzipSync(readFileSync(join(dir, gz[0]))).toString('utf8');
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).auditID),
    ).toEqual(['id-0000', 'id-0001']);
  });

  it('counts an existing file, and creates the log readable by its owner only', () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-'));
    const path = join(dir, 'audit.log');
    writeFileSync(path, 'x'.repeat(LINE * 2));
    const sink = new AuditFileSink({ path, maxSizeBytes: LINE * 3, maxBackups: 0, now: () => T0 });
    sink.write(event(1));
    expect(readdirSync(dir)).toHaveLength(1);
    sink.write(event(2));
    expect(readdirSync(dir)).toHaveLength(2);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('refuses a line larger than the whole file may be, and reports it without failing the request', () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-'));
    const errors: Error[] = [];
    const path = join(dir, 'audit.log');
    const sink = new AuditFileSink({ path, maxSizeBytes: LINE - 1, maxBackups: 0, onError: (e) => errors.push(e) });
    expect(() => sink.write(event(1))).not.toThrow();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(AuditLogError);
    expect(errors[0].message).toBe(`write length ${LINE} exceeds maximum file size ${LINE - 1}`);
    expect(readFileSync(path, 'utf8')).toBe('');
  });
});

describe('audit log flags', () => {
  it.each([
    [[], { auditLogMaxSizeMb: 0, auditLogMaxBackups: 0, auditLogMaxAgeDays: 0, auditLogCompress: false }],
    [
      ['--audit-log-maxsize=5', '--audit-log-maxbackup', '3', '--audit-log-maxage=7', '--audit-log-compress'],
      { auditLogMaxSizeMb: 5, auditLogMaxBackups: 3, auditLogMaxAgeDays: 7, auditLogCompress: true },
    ],
  ])('%j', (argv, expected) => {
    expect(parseAuthFlags(argv).flags).toMatchObject(expected);
  });

  it('refuses a maxage that is not a number', () => {
    expect(() => parseAuthFlags(['--audit-log-maxage=week'])).toThrow(
      'invalid argument "week" for "--audit-log-maxage" flag: must be a number',
    );
  });
});
