/**
 * The package as its users get it: `npm pack`, installed from the tarball into an empty project,
 * and used there the ways the README shows — the `orch-apiserver` bin, the three entry points
 * in Node and under `tsc`, and the README's controller test under vitest.
 *
 * It packs the `dist/` the build made (`npm test` builds first; alone, run `npm run build`
 * before it): `npm pack` without `--ignore-scripts` would run `prepare` and rebuild `dist/`
 * while the other test files of the run start servers from it.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, requireBuilt } from '../support/build.ts';

const run = promisify(execFile);

/**
 * The environment of what this test starts: without the variables of the npm script and of the
 * vitest worker around it, so the nested npm and vitest behave as in a user's shell.
 */
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => !/^(VITEST|npm_(package|lifecycle)_|npm_command$|npm_config_(local_prefix|call)$|INIT_CWD$)/i.test(k),
  ),
);

async function sh(cmd: string, args: readonly string[], cwd: string): Promise<string> {
  try {
    return (await run(cmd, args, { cwd, env: ENV, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${e.stdout ?? ''}\n${e.stderr ?? e.message}`);
  }
}

let tmp = '';
let project = '';
let packed: readonly string[] = [];

beforeAll(async () => {
  requireBuilt('dist/orch-apiserver.cjs', 'dist/core/index.js', 'dist/core/index.d.ts');
  tmp = mkdtempSync(path.join(tmpdir(), 'orch-pack-'));
  const [pack] = JSON.parse(await sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], REPO)) as [
    { filename: string; files: { path: string }[] },
  ];
  packed = pack.files.map((f) => f.path);

  project = path.join(tmp, 'project');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'orch-user', private: true, type: 'module' }));
  await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', path.join(tmp, pack.filename)], project);
  // The user's own dev tools, linked from the repository: faster than installing them (~4 s)
  // and the same versions the repository tests with.
  mkdirSync(path.join(project, 'node_modules/@types'), { recursive: true });
  symlinkSync(path.join(REPO, 'node_modules/vitest'), path.join(project, 'node_modules/vitest'), 'dir');
  // A dependency of orch's (protobufjs, through etcd3) may have installed Node's types already.
  if (!existsSync(path.join(project, 'node_modules/@types/node')))
    symlinkSync(path.join(REPO, 'node_modules/@types/node'), path.join(project, 'node_modules/@types/node'), 'dir');
}, 240_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the tarball', () => {
  it.each([
    'package.json',
    'README.md',
    'bin/orch-apiserver.js',
    'bin/package.json',
    'dist/orch-apiserver.cjs',
    'bin/orchctl.js',
    'dist/orchctl.cjs',
    'dist/orchctl-core.cjs',
    'dist/core/index.js',
    'dist/core/index.d.ts',
    'dist/server/index.js',
    'dist/server/index.d.ts',
    'dist/controllers/index.js',
    'dist/controllers/index.d.ts',
  ])('ships %s', (file) => {
    expect(packed).toContain(file);
  });

  it.each<{ name: string; pattern: RegExp }>([
    { name: 'tests', pattern: /^test\// },
    { name: 'TypeScript sources', pattern: /(?<!\.d)\.ts$/ },
    { name: 'source maps', pattern: /\.map$/ },
    { name: 'the V8 code cache (machine-specific, written at the first start)', pattern: /\.v8-cache/ },
    { name: 'the benchmarks', pattern: /^(dist\/)?bench\// },
    { name: 'the browser runtime and playground sources', pattern: /^(worker|playground)\// },
    { name: 'the build and test scripts', pattern: /^scripts\// },
  ])('leaves out $name', ({ pattern }) => {
    expect(packed.filter((f) => pattern.test(f))).toEqual([]);
  });
});

// Each step starts a process or two; on a busy 2-core machine a type-check alone took 30 s.
describe('installed into an empty project', { timeout: 120_000 }, () => {
  it('runs `npx orch-apiserver --version`', async () => {
    // --no-install: a missing bin must fail here, not fetch whatever the registry has of that name.
    expect(await sh('npx', ['--no-install', 'orch-apiserver', '--version'], project)).toMatch(/^orch-apiserver v1\.32\.\d+\n$/);
  });

  it('runs `npx orchctl version --client`', async () => {
    expect(await sh('npx', ['--no-install', 'orchctl', 'version', '--client'], project)).toMatch(/^Client Version: v1\.32\.\d+\n/);
  });

  it('serves, and writes its code cache beside the bundle at the first start', async () => {
    const dist = path.join(project, 'node_modules/orch/dist');
    const caches = (): string[] => readdirSync(dist).filter((f) => f.endsWith('.v8-cache'));
    expect(caches()).toEqual([]);
    const server = spawn(path.join(project, 'node_modules/.bin/orch-apiserver'), ['--port=0'], { cwd: project, env: ENV });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        server.on('exit', (code) => reject(new Error(`orch-apiserver exited (${code}): ${out}`)));
      });
      expect(await (await fetch(`${url}/readyz`)).text()).toBe('ok');
      await expect.poll(caches, { timeout: 10_000, interval: 100 }).toHaveLength(1);
    } finally {
      server.kill('SIGTERM');
    }
  });

  it('imports orch, orch/controllers and orch/server in Node', async () => {
    writeFileSync(
      path.join(project, 'use.mjs'),
      `import { createApiServer } from 'orch';
import { CONFIG_MAPS, Client, inProcessTransport } from 'orch/controllers';
import { parseFlags } from 'orch/server';

const api = createApiServer();
await api.ready;
const created = await api.fetch(new Request('http://orch/api/v1/namespaces/default/configmaps', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ metadata: { name: 'demo' }, data: { greeting: 'hello' } }),
}));
const client = new Client({ transport: inProcessTransport(api) });
const read = await client.resource(CONFIG_MAPS, 'default').get('demo');
await api.close();
console.log(JSON.stringify({ status: created.status, data: read.data, port: parseFlags(['--port', '6443']).port }));
`,
    );
    expect(JSON.parse(await sh(process.execPath, ['use.mjs'], project))).toEqual({ status: 201, data: { greeting: 'hello' }, port: 6443 });
  });

  it('type-checks code that uses the entry points (strict, NodeNext)', async () => {
    // skipLibCheck as most projects have it (and ~3x faster than checking @types/node too): a
    // declaration that does not resolve would then go silently `any`, which the expected errors
    // below (one per entry point) turn into an error of their own.
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          types: ['node'],
          skipLibCheck: true,
          noEmit: true,
        },
        files: ['types.ts'],
      }),
    );
    writeFileSync(
      path.join(project, 'types.ts'),
      `import { createApiServer, type ApiServer, type Clock } from 'orch';
import { CONFIG_MAPS, createTestEnv, type RunnableFactory, type TestEnv } from 'orch/controllers';
import { startServer, type RunningServer, type StartOptions } from 'orch/server';
import type { ConfigMap, ObjectMeta, Pod, StatefulSet } from 'orch/types';

export const api: ApiServer = createApiServer();
export const clock: Clock = api.clock;
export const none: RunnableFactory[] = [];
export const env: Promise<TestEnv> = createTestEnv({ controllers: none });
export const name: Promise<string | undefined> = env.then(async (e) => (await e.resource(CONFIG_MAPS, 'default').get('x')).metadata.name);
export const options: StartOptions = { port: 0, controllers: ['namespace'] };
export const running: Promise<RunningServer> = startServer(options);
export const meta: ObjectMeta = { name: 'web', labels: { app: 'web' } };
export const config: ConfigMap = { metadata: meta, data: { greeting: 'hello' } };
export const pod: Pod = { metadata: meta, spec: { containers: [{ name: 'web', image: 'nginx' }] } };
export const set: StatefulSet = { metadata: meta, spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: meta, spec: pod.spec } } };

// The types are real, not \`any\`: each of these is an error.
// @ts-expect-error the clock is not a number
export const notANumber: number = api.clock;
// @ts-expect-error controllers are a list
export const notAList: Promise<TestEnv> = createTestEnv({ controllers: 'all' });
// @ts-expect-error a port is a number
export const notAPort: StartOptions = { port: '8080' };
// @ts-expect-error a container has a name
export const noName: Pod = { metadata: meta, spec: { containers: [{ image: 'nginx' }] } };
`,
    );
    await sh(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', project], project);
  });

  it("runs the README's controller test with vitest", async () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    const example = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Testing your controller')))?.[1];
    expect(example).toContain("from 'orch/controllers'");
    writeFileSync(path.join(project, 'controller.test.ts'), example ?? '');
    const out = await sh(process.execPath, [path.join(project, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json'], project);
    const report = JSON.parse(out) as { numPassedTests: number; numFailedTests: number; numTotalTests: number };
    expect(report.numFailedTests).toBe(0);
    expect(report.numPassedTests).toBe(report.numTotalTests);
    expect(report.numPassedTests).toBeGreaterThan(0);
  });
});
