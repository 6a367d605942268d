// Types of scripts/summary.js for TypeScript callers (the repository does not type-check .js).

/** The part of vitest's JSON report (`--reporter=json`) the summary reads. */
export interface VitestReport {
  readonly numPassedTests: number;
  readonly numFailedTests: number;
  readonly testResults: readonly VitestFileResult[];
}

export interface VitestFileResult {
  /** The test file's absolute path. */
  readonly name: string;
  readonly status: 'passed' | 'failed' | (string & {});
  /** Why the file failed outside its tests (load error, hook error); empty otherwise. */
  readonly message?: string;
  readonly assertionResults: readonly { readonly status: 'passed' | 'failed' | 'skipped' | 'pending' | 'todo' | (string & {}) }[];
}

export interface Counts {
  readonly passed: number;
  readonly failed: number;
  /** Test files that failed without a failed test: each is one of `failed`. */
  readonly broken: readonly { readonly name: string; readonly message: string }[];
}

export function countVitest(report: VitestReport): Counts;
