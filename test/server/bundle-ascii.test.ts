/**
 * The launchers (bin/orch-apiserver.js, bin/orchctl.js) read their bundle as latin1, the fastest
 * read there is, which is only right for ASCII: the build escapes what esbuild leaves (non-ASCII
 * in regular expression literals). A bundle with a raw `µ` would still run, with its regular
 * expressions quietly matching `Âµ` instead.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeAscii } from '../../scripts/ascii-bundle.js';
import { REPO, requireBuilt } from '../support/build.ts';

const isAscii = (bytes: Uint8Array) => bytes.every((b) => b < 0x80);

describe('the bundles the launchers read as latin1', () => {
  it.each(['dist/orch-apiserver.cjs', 'dist/orchctl.cjs'])('%s is ASCII', (bundle) => {
    requireBuilt(bundle);
    expect(isAscii(readFileSync(join(REPO, bundle)))).toBe(true);
  });

  it('escaping keeps what the code means: a regular expression still matches µ', () => {
    const dir = mkdtempSync(join(tmpdir(), 'orch-ascii-'));
    try {
      const file = join(dir, 'b.cjs');
      writeFileSync(file, 'module.exports = { re: /^(\\d+)(µs|ms)$/, s: "5µs", id: (µ) => µ };');
      makeAscii(file);
      expect(isAscii(readFileSync(file))).toBe(true);
      const text = readFileSync(file, 'latin1');
      const m: { exports: { re: RegExp; s: string; id: (x: number) => number } } = { exports: {} as never };
      new Function('module', text)(m);
      expect(m.exports.re.exec(m.exports.s)?.[2]).toBe('µs');
      expect(m.exports.id(3)).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
