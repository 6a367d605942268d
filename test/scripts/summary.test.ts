/**
 * The summary line of `npm test` counts every test, and every test file that failed outside its
 * tests (it could not be loaded, or a hook broke) as one failure each. The reports are shaped as
 * vitest 4's JSON reporter writes them (checked against real runs with broken files).
 */
import { describe, expect, it } from 'vitest';
import { countVitest, type VitestFileResult, type VitestReport } from '../../scripts/summary.js';

type Status = 'passed' | 'failed' | 'skipped';

const file = (name: string, tests: readonly Status[], message = ''): VitestFileResult => ({
  name: `/repo/test/${name}`,
  status: tests.includes('failed') || message ? 'failed' : 'passed',
  message,
  assertionResults: tests.map((status) => ({ status })),
});

/** A report as vitest sums it: its totals count tests only. */
function report(...files: VitestFileResult[]): VitestReport {
  const all = files.flatMap((f) => f.assertionResults);
  return {
    numPassedTests: all.filter((t) => t.status === 'passed').length,
    numFailedTests: all.filter((t) => t.status === 'failed').length,
    testResults: files,
  };
}

const ENOENT = "ENOENT: no such file or directory, open '/repo/test/data/gone.json'";
const NO_MODULE = "Cannot find module './gone.ts' imported from /repo/test/b.test.ts";

describe('countVitest', () => {
  it.each<{ rule: string; input: VitestReport; expected: { passed: number; failed: number; broken: string[] } }>([
    {
      rule: 'every test passed',
      input: report(file('a.test.ts', ['passed', 'passed']), file('b.test.ts', ['passed'])),
      expected: { passed: 3, failed: 0, broken: [] },
    },
    {
      rule: 'two files failed to load beside passing tests',
      input: report(file('a.test.ts', [], ENOENT), file('b.test.ts', [], NO_MODULE), file('c.test.ts', ['passed', 'passed', 'passed'])),
      expected: { passed: 3, failed: 2, broken: ['/repo/test/a.test.ts', '/repo/test/b.test.ts'] },
    },
    {
      rule: 'a failed test counts once, not again for its file',
      input: report(file('a.test.ts', ['passed', 'failed', 'failed'])),
      expected: { passed: 1, failed: 2, broken: [] },
    },
    {
      rule: 'a beforeAll that broke (its tests skipped) counts once',
      input: report(file('a.test.ts', ['skipped', 'skipped'], 'setup broke'), file('b.test.ts', ['passed'])),
      expected: { passed: 1, failed: 1, broken: ['/repo/test/a.test.ts'] },
    },
    {
      rule: 'an afterAll that broke after passing tests counts once',
      input: report(file('a.test.ts', ['passed'], 'teardown broke')),
      expected: { passed: 1, failed: 1, broken: ['/repo/test/a.test.ts'] },
    },
    {
      rule: 'failed tests, a file that failed to load and passing tests add up',
      input: report(file('a.test.ts', ['passed', 'failed']), file('b.test.ts', [], ENOENT), file('c.test.ts', ['passed'])),
      expected: { passed: 2, failed: 2, broken: ['/repo/test/b.test.ts'] },
    },
  ])('$rule', ({ input, expected }) => {
    const counts = countVitest(input);
    expect({ passed: counts.passed, failed: counts.failed, broken: counts.broken.map((b) => b.name) }).toEqual(expected);
  });

  it('names why a file failed to load', () => {
    expect(countVitest(report(file('a.test.ts', [], ENOENT))).broken).toEqual([{ name: '/repo/test/a.test.ts', message: ENOENT }]);
  });
});
