/**
 * The README's "Writing an operator for your own kind" shows this example's files: the quickstart
 * test as it is (importing the package), and lines of crd.yaml and website.ts as they are.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const section = (() => {
  const doc = read('../../README.md');
  const start = doc.indexOf('## Writing an operator for your own kind');
  return doc.slice(start, doc.indexOf('\n## ', start + 1));
})();
const blocks = (lang: string) => [...section.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]);

it('shows quickstart.test.ts as it is, importing the package', () => {
  const test = read('./quickstart.test.ts').replace("'../../controllers/index.ts'", "'orch/controllers'");
  expect(blocks('ts')).toContain(test);
});

it('quotes crd.yaml and website.ts line for line', () => {
  const [yaml] = blocks('yaml');
  const crd = read('./crd.yaml');
  const website = read('./website.ts');
  // The YAML excerpt is the spec-level rule list, indented as it is in the file.
  const lines = yaml.trimEnd().split('\n');
  const at = crd.split('\n').findIndex((l) => l.trim() === lines[1].trim());
  expect(at).toBeGreaterThan(0);
  const indent = crd.split('\n')[at].length - crd.split('\n')[at].trimStart().length - (lines[1].length - lines[1].trimStart().length);
  expect(crd).toContain(lines.map((l) => ' '.repeat(indent) + l).join('\n'));
  const [typeBlock] = blocks('ts');
  for (const line of typeBlock.trimEnd().split('\n')) expect(website).toContain(line.replace(/ \/\/ .*$/, ''));
});
