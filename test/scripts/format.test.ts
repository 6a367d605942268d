/**
 * The tree is in the house format and passes the lint rules (Biome, configured in biome.json):
 * `npm run format` fixes the first, the second names each finding.
 */
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('biome check finds nothing to format or fix', () => {
  const r = spawnSync('node_modules/.bin/biome', ['check', '--max-diagnostics=20', '.'], { encoding: 'utf8' });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
});
