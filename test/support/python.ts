/**
 * The real python client (Debian's python3-kubernetes, which `.ci/run` installs): runs one of the
 * interop scripts in `test/interop/python/` with arguments and collects what it printed. The
 * system python is named explicitly: another python on the PATH may lack the package.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const PYTHON = '/usr/bin/python3';

export interface PythonRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The path of `test/interop/python/<name>`. */
export function pythonScript(name: string): string {
  return fileURLToPath(new URL(`../interop/python/${name}`, import.meta.url));
}

export function runPython(script: string, ...args: string[]): Promise<PythonRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
