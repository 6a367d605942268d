/** The Node side of `Io`: files, stdin, $EDITOR, the environment and HTTP(S). */
// Synchronous file calls: a command-line client has nothing else to do meanwhile, and each
// promise-based read is four trips through the thread pool (open, stat, read, close).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type CliTransport, type Connection, type Io, IoError, type PathKind } from '../io.ts';
import { nodeTransport } from './transport.ts';

export interface NodeIoOptions {
  /** Another way to reach the server (tests: an in-process server). */
  readonly transport?: (connection: Connection) => CliTransport;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
  /** Collect output instead of writing to the process's streams. */
  readonly stdout?: (text: string) => void;
  readonly stderr?: (text: string) => void;
  readonly stdin?: string;
  readonly interrupt?: AbortSignal;
}

export function createNodeIo(opts: NodeIoOptions = {}): Io {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const abs = (p: string) => resolve(cwd, p);
  return {
    stdout: opts.stdout ?? ((t) => void process.stdout.write(t)),
    stderr: opts.stderr ?? ((t) => void process.stderr.write(t)),
    env,
    home: env.HOME ?? homedir(),
    interrupt: opts.interrupt,
    join,
    now: () => Date.now(),
    async readFile(path) {
      try {
        return readFileSync(abs(path), 'utf8');
      } catch (err) {
        throw new IoError(`open ${path}: no such file or directory`, (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'ENOENT' : 'OTHER');
      }
    },
    async writeFile(path, text) {
      mkdirSync(dirname(abs(path)), { recursive: true });
      writeFileSync(abs(path), text, { mode: 0o600 });
    },
    async pathKind(path): Promise<PathKind> {
      try {
        const s = statSync(abs(path), { throwIfNoEntry: false });
        return s === undefined ? 'missing' : s.isDirectory() ? 'dir' : 'file';
      } catch {
        return 'missing';
      }
    },
    async readDir(path) {
      return readdirSync(abs(path)).sort();
    },
    async readStdin() {
      if (opts.stdin !== undefined) return opts.stdin;
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    async fetchUrl(url) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
      return res.text();
    },
    async edit(text, extension) {
      const dir = mkdtempSync(join(tmpdir(), 'orchctl-edit-'));
      const file = join(dir, `edit${extension}`);
      try {
        writeFileSync(file, text);
        const editor = env.KUBE_EDITOR || env.EDITOR || 'vi';
        const { spawn } = await import('node:child_process');
        const code = await new Promise<number>((done, fail) => {
          const child = spawn(`${editor} "${file}"`, { shell: true, stdio: 'inherit', env: env as NodeJS.ProcessEnv });
          child.on('error', fail);
          child.on('exit', (c) => done(c ?? 1));
        });
        if (code !== 0) throw new IoError(`there was a problem with the editor "${editor}"`, 'OTHER');
        return readFileSync(file, 'utf8');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    transport: opts.transport ?? nodeTransport,
  };
}
