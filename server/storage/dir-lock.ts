/**
 * One process per data directory. LMDB itself lets several processes share an environment, but
 * orch keeps the revision, the watchers and the watch cache in the process, so a second server on
 * the same directory would serve a store it does not see change. The lock is a file holding the
 * owner's pid, created exclusively; one left by a process that died (kill -9) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DirectoryLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`data directory ${dir} is in use by another orch-apiserver (pid ${pid}); stop it or choose another --data-dir`);
  }
}

export interface DirLock {
  release(): void;
}

/** Lock files this process holds: its own pid in one is not a stale lock. */
const held = new Set<string>();

export function lockDirectory(dir: string): DirLock {
  const file = join(dir, 'LOCK');
  if (held.has(file)) throw new DirectoryLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readOwner(file), 10);
      if (owner && owner !== process.pid && alive(owner)) throw new DirectoryLockedError(dir, owner);
      rmSync(file, { force: true }); // left by a process that is gone
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    held.add(file);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        held.delete(file);
        if (readOwner(file) === String(process.pid)) rmSync(file, { force: true });
      },
    };
  }
  throw new Error(`could not lock data directory ${dir}`);
}

function readOwner(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
