/** The README's "Testing your controller" example is a test: it shows testing-example.test.ts as it is. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('the example in the README is testing-example.test.ts, importing the package', () => {
  const doc = readFileSync(resolve(process.cwd(), 'README.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Testing your controller'));
  const shown = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  const test = readFileSync(resolve(process.cwd(), 'test/controllers/testing-example.test.ts'), 'utf8');
  expect(shown).toBe(test.replace("'../../controllers/index.ts'", "'orch/controllers'"));
});
