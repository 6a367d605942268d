#!/usr/bin/env node
// Runs every test runner (vitest; the browser runner when present), then prints one summary
// line, `N passed, N failed`, summed over all runners (also written to test-results/summary.txt).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { countVitest } from './summary.js';

mkdirSync('test-results', { recursive: true });
let passed = 0;
let failed = 0;

function run(name, cmd, args, resultFile, count) {
  rmSync(resultFile, { force: true }); // a runner that dies early must not be read from the last run
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (!existsSync(resultFile)) {
    console.error(`${name}: no results (exit ${r.status}); counted as 1 failure`);
    failed += 1;
    return;
  }
  const c = count(JSON.parse(readFileSync(resultFile, 'utf8')));
  passed += c.passed;
  failed += c.failed;
  for (const file of c.broken ?? [])
    console.error(`${name}: ${file.name} failed outside its tests (counted as 1 failure): ${file.message}`);
  if (r.status !== 0 && c.failed === 0) {
    console.error(`${name}: exited ${r.status} without failed tests; counted as 1 failure`);
    failed += 1;
  }
}

const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('build failed; counted as 1 failure');
  failed += 1;
}

run(
  'vitest',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  'test-results/vitest.json',
  countVitest,
);

if (existsSync('web-test-runner.config.js')) {
  run('web-test-runner', 'npx', ['web-test-runner'], 'test-results/browser.json', (j) => ({ passed: j.passed, failed: j.failed }));
}

const line = `${passed} passed, ${failed} failed`;
writeFileSync('test-results/summary.txt', `${line}\n`);
console.log(line);
process.exit(failed ? 1 : 0);
