/**
 * An `Io` with files in memory and the transport given: the playground's terminal (whose server is
 * the page's own origin) and tests use it. No host API.
 */
import { type CliTransport, type Connection, type Io, IoError, type PathKind } from './io.ts';

export interface MemoryIoOptions {
  readonly transport: (connection: Connection) => CliTransport;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Path → content. Directories are implied by the paths. */
  readonly files?: Map<string, string>;
  readonly env?: Record<string, string | undefined>;
  readonly home?: string;
  readonly interrupt?: AbortSignal;
  readonly stdin?: string;
  /** How `edit` asks the user (the terminal has no $EDITOR); without it, edit is refused. */
  readonly edit?: (text: string) => Promise<string>;
}

export function createMemoryIo(opts: MemoryIoOptions): Io {
  const files = opts.files ?? new Map<string, string>();
  const home = opts.home ?? '/home/orch';
  const norm = (p: string) => (p.startsWith('/') ? p : `${home}/${p}`).replace(/\/+/g, '/').replace(/\/$/, '');
  return {
    stdout: opts.stdout,
    stderr: opts.stderr,
    env: opts.env ?? { HOME: home },
    home,
    interrupt: opts.interrupt,
    join: (dir, name) => `${dir.replace(/\/$/, '')}/${name}`,
    now: () => Date.now(),
    async readFile(path) {
      const text = files.get(norm(path));
      if (text === undefined) throw new IoError(`open ${path}: no such file or directory`, 'ENOENT');
      return text;
    },
    async writeFile(path, text) {
      files.set(norm(path), text);
    },
    async pathKind(path): Promise<PathKind> {
      const p = norm(path);
      if (files.has(p)) return 'file';
      for (const k of files.keys()) if (k.startsWith(`${p}/`)) return 'dir';
      return 'missing';
    },
    async readDir(path) {
      const p = `${norm(path)}/`;
      const names = new Set<string>();
      for (const k of files.keys()) if (k.startsWith(p)) names.add(k.slice(p.length).split('/')[0]!);
      return [...names].sort();
    },
    async readStdin() {
      return opts.stdin ?? '';
    },
    async fetchUrl(url) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
      return res.text();
    },
    async edit(text) {
      if (!opts.edit) throw new IoError('no editor is available here', 'OTHER');
      return opts.edit(text);
    },
    transport: opts.transport,
  };
}

/** Splits a command line as a POSIX shell would: quotes, backslashes, no expansion. */
export function splitCommandLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let quote: '"' | "'" | '' = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = '';
      else cur += c;
    } else if (quote === '"') {
      if (c === '"') quote = '';
      else if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) cur += line[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (c === '\\' && i + 1 < line.length) {
      cur += line[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (cur || has) out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += c;
      has = true;
    }
  }
  if (quote) throw new Error('unterminated quote');
  if (cur || has) out.push(cur);
  return out;
}
