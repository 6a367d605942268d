/**
 * What commander takes from Node, for the browser: it only needs an event emitter and a `process`
 * with an environment when (as orchctl uses it) output is configured, exit is overridden and
 * arguments are passed in. Executable subcommands (files, child processes) are never used.
 */

type Listener = (...args: unknown[]) => void;

export class EventEmitter {
  private readonly listeners = new Map<string | symbol, Listener[]>();

  on(event: string | symbol, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  addListener(event: string | symbol, listener: Listener): this {
    return this.on(event, listener);
  }

  once(event: string | symbol, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(event, wrapped);
      listener(...args);
    };
    return this.on(event, wrapped);
  }

  off(event: string | symbol, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    );
    return this;
  }

  removeListener(event: string | symbol, listener: Listener): this {
    return this.off(event, listener);
  }

  emit(event: string | symbol, ...args: unknown[]): boolean {
    const ls = this.listeners.get(event) ?? [];
    for (const l of ls) l(...args);
    return ls.length > 0;
  }

  listenerCount(event: string | symbol): number {
    return this.listeners.get(event)?.length ?? 0;
  }
}

export const events = { EventEmitter };

const unavailable = (what: string) => () => {
  throw new Error(`${what} is not available in the browser`);
};

export const process = {
  env: {} as Record<string, string | undefined>,
  argv: [] as string[],
  execArgv: [] as string[],
  versions: {} as Record<string, string>,
  platform: 'browser',
  exitCode: undefined as number | undefined,
  stdout: { isTTY: false, write: (_s: string) => true },
  stderr: { isTTY: false, write: (_s: string) => true },
  exit: unavailable('process.exit'),
  on: () => process,
};

export const path = {
  basename: (p: string, ext?: string) => {
    const base = p.split('/').pop() ?? '';
    return ext && base.endsWith(ext) ? base.slice(0, -ext.length) : base;
  },
  extname: (p: string) => {
    const base = p.split('/').pop() ?? '';
    const dot = base.lastIndexOf('.');
    return dot > 0 ? base.slice(dot) : '';
  },
  dirname: (p: string) => p.split('/').slice(0, -1).join('/') || '/',
  resolve: (...parts: string[]) => parts.join('/'),
};

export const fs = { existsSync: () => false, realpathSync: (p: string) => p };

export const childProcess = { spawn: unavailable('child_process.spawn') };
