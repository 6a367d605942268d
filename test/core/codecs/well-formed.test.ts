/**
 * Half a surrogate pair escaped alone (`"\ud800"`) decodes to U+FFFD, as Go's JSON and YAML
 * decoders read it, in values and keys, in JSON, YAML and patch bodies; whole pairs and other
 * escapes are kept.
 */
import { describe, expect, it } from 'vitest';
import { wellFormedStrings } from '../../../core/codecs/well-formed.ts';
import { call, CM, serverPerSuite } from '../../support/targets.ts';

describe('lone surrogates', () => {
  it.each([
    ['{"a":"\\ud800x"}', { a: '\uFFFDx' }],
    ['{"a":"x\\uDFFF"}', { a: 'x\uFFFD' }],
    ['{"\\udc00":["\\ud83d"]}', { '\uFFFD': ['\uFFFD'] }],
    ['{"a":"\\ud83d\\ude00"}', { a: '😀' }], // a whole pair
    ['{"a":"\\u00e9"}', { a: 'é' }],
  ])('%s decodes to %j', (text, expected) => {
    expect(wellFormedStrings(text, JSON.parse(text))).toEqual(expected);
  });

  it('a body nested 9,000 levels deep is walked without running out of stack', () => {
    const text = `${'['.repeat(9000)}"\\ud800"${']'.repeat(9000)}`;
    let v = wellFormedStrings(text, JSON.parse(text)) as unknown;
    for (let i = 0; i < 9000; i++) v = (v as unknown[])[0];
    expect(v).toBe('\uFFFD');
  });

  const t = serverPerSuite();
  it.each([
    ['JSON', 'POST', CM, 'application/json', '{"metadata":{"name":"j"},"data":{"k":"\\ud800x"}}', 'j'],
    ['YAML', 'POST', CM, 'application/yaml', 'metadata:\n  name: y\ndata:\n  k: "\\ud800x"\n', 'y'],
  ])('%s: stored with U+FFFD', async (_, method, path, type, body, name) => {
    const r = await call(t, method, path, body, { 'content-type': type });
    expect(r.status, r.text).toBe(201);
    expect((await call(t, 'GET', `${CM}/${name}`)).body.data).toEqual({ k: '\uFFFDx' });
  });

  it('a merge patch too', async () => {
    const r = await call(t, 'PATCH', `${CM}/j`, '{"data":{"p":"\\udfff"}}', { 'content-type': 'application/merge-patch+json' });
    expect(r.status).toBe(200);
    expect(r.body.data.p).toBe('\uFFFD');
  });
});
