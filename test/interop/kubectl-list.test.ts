/**
 * kubectl 1.32 and files holding a `kind: List`: kubectl validates the items of a List on its own
 * side, against /openapi/v2 fetched as protobuf (gnostic's `openapi.v2.Document`), before it
 * sends anything — unlike a single object, whose unknown fields it leaves to the server
 * (`fieldValidation=Strict`). So `create -f` of a List, and `apply -f` of what `get -o yaml`
 * printed (a List), work only when that document is served in protobuf (docs/api-rules.md,
 * "Versions and deprecation": OpenAPI).
 */
import { dump, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const configMap = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name },
  data: { x: '1' },
  ...extra,
});
const listOf = (...items: object[]) => dump({ apiVersion: 'v1', kind: 'List', items });

describe('kubectl 1.32 and a kind: List', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;
  const dataOf = async (name: string) => JSON.parse(await k('get', 'configmap', name, '-o', 'json')).data;

  it('create -f creates every item, after validating them against /openapi/v2 in protobuf', async () => {
    const r = await k.result(['create', '-f', k.file('list.yaml', listOf(configMap('first'), configMap('second'))), '-v=6']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('configmap/first created\nconfigmap/second created\n');
    expect(r.stderr).toMatch(/GET http:\/\/[^ ]+\/openapi\/v2\?timeout=32s 200 OK/);
    expect(await dataOf('first')).toEqual({ x: '1' });
    expect(await dataOf('second')).toEqual({ x: '1' });
  });

  it('apply -f of `get configmaps -o yaml` output applies it, and a change made to that file', async () => {
    const printed = await k('get', 'configmaps', 'first', 'second', '-o', 'yaml');
    expect(load(printed)).toMatchObject({ kind: 'List' });
    const again = await k.result(['apply', '-f', k.file('got.yaml', printed)]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe('configmap/first configured\nconfigmap/second configured\n');

    const edited = load(await k('get', 'configmaps', 'first', 'second', '-o', 'yaml')) as { items: { data: Record<string, string> }[] };
    for (const item of edited.items) item.data.x = '2';
    const changed = await k.result(['apply', '-f', k.file('edited.yaml', dump(edited))]);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toBe('configmap/first configured\nconfigmap/second configured\n');
    expect(await dataOf('first')).toEqual({ x: '2' });
    expect(await dataOf('second')).toEqual({ x: '2' });
  });

  it('an item with an unknown field is refused by kubectl itself, and no item is created', async () => {
    const file = k.file('bad.yaml', listOf(configMap('third'), configMap('fourth', { bogus: 1 })));
    const r = await k.result(['create', '-f', file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `error: error validating "${file}": error validating data: ValidationError(ConfigMap): unknown field "bogus" in io.orch.api.core.v1.ConfigMap; ` +
        'if you choose to ignore these errors, turn validation off with --validate=false\n',
    );
    const left = await k.result(['get', 'configmap', 'third']);
    expect(left.stderr).toContain('configmaps "third" not found');
  });

  it('with --validate=false the same List is sent, and the server drops the unknown field', async () => {
    const file = k.file('bad.yaml', listOf(configMap('third'), configMap('fourth', { bogus: 1 })));
    expect(await k('create', '-f', file, '--validate=false')).toBe('configmap/third created\nconfigmap/fourth created\n');
    expect(JSON.parse(await k('get', 'configmap', 'fourth', '-o', 'json')).bogus).toBeUndefined();
  });
});
