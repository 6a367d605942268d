export { createTestEnv, type TestEnv, type TestEnvOptions, type WaitOptions, type ReportedError } from './test-env.ts';
export { readCrdFiles } from './crd-files.ts';
