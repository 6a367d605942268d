// The counting behind the summary line of `npm test` (`N passed, N failed`), apart from
// scripts/test.js so a test can check it on a report without running vitest.

/**
 * Counts a vitest JSON report (`--reporter=json`). vitest's own totals count tests only, so a
 * file that cannot even be imported (ENOENT at load, a missing module) or whose hooks broke
 * outside any test would add nothing to `failed`: each failed file without a failed test is
 * counted here as one failure, and named so the summary says which.
 * @param {import('./summary.d.ts').VitestReport} report
 * @returns {import('./summary.d.ts').Counts}
 */
export function countVitest(report) {
  const broken = report.testResults
    .filter((file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
    .map((file) => ({ name: file.name, message: file.message ?? '' }));
  return { passed: report.numPassedTests, failed: report.numFailedTests + broken.length, broken };
}
