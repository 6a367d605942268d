/** /version: the platform release this server speaks (kubectl picks its client by the minor). */
export interface VersionInfo {
  readonly major: string;
  readonly minor: string;
  readonly gitVersion: string;
  readonly gitCommit: string;
  readonly gitTreeState: string;
  readonly buildDate: string;
  readonly goVersion: string;
  readonly compiler: string;
  readonly platform: string;
}

export const VERSION_INFO: VersionInfo = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.4',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-11-01T00:00:00Z',
  goVersion: 'go1.23.8',
  compiler: 'orch-ts',
  platform: 'js/any',
};
