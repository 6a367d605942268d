/**
 * Mocha's globals (web-test-runner loads mocha into the test page), typed and imported like any
 * module, so browser tests read like the Node ones. The browser tests' support lives here, apart
 * from test/support: it runs in another runner (web-test-runner, in Chromium).
 */

export interface TestContext {
  /** Marks the running test pending (for behaviour that has not landed yet). */
  skip(): never;
  timeout(ms: number): void;
}

type TestFn = (this: TestContext) => void | Promise<void>;

interface Mocha {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: TestFn): void;
  before(fn: TestFn): void;
  after(fn: TestFn): void;
  beforeEach(fn: TestFn): void;
  afterEach(fn: TestFn): void;
}

const m = globalThis as unknown as Mocha;

export const describe = (name: string, fn: () => void): void => m.describe(name, fn);
export const it = (name: string, fn: TestFn): void => m.it(name, fn);
export const before = (fn: TestFn): void => m.before(fn);
export const after = (fn: TestFn): void => m.after(fn);
export const beforeEach = (fn: TestFn): void => m.beforeEach(fn);
export const afterEach = (fn: TestFn): void => m.afterEach(fn);
