/**
 * orchctl next to kubectl 1.32 against one orch-apiserver: the same commands, the same output
 * where kubectl prints the same thing (tables, -o yaml/json/name/jsonpath, patch messages, error
 * text). Only the program's own name differs (`See 'kubectl patch --help'`), and ages are
 * normalised: the two runs may straddle a second.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOrchctl } from '../../cli/index.ts';
import { createNodeIo } from '../../cli/node/index.ts';
import { kubectlPerSuite } from '../support/kubectl.ts';

const { kubectl } = kubectlPerSuite();

async function orchctl(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = createNodeIo({
    env: { HOME: kubectl.dir, KUBECONFIG: join(kubectl.dir, 'kubeconfig') },
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
  });
  const code = await runOrchctl(args, io);
  return { code, stdout, stderr };
}

/** Ages (`5s`, `2m10s`) as one token, and table padding around them as the other's. */
function normalise(text: string): string {
  return text
    .replace(/kubectl/g, 'orchctl')
    .replace(/(?<=\s)\d+[smhd](\d+[smh])?(?=\s|$)/gm, '<age>')
    .replace(/ {3,}/g, '   ');
}

async function same(args: string[]): Promise<void> {
  const k = await kubectl.result(args);
  const o = await orchctl(args);
  expect({ code: o.code, stdout: normalise(o.stdout), stderr: normalise(o.stderr) }).toEqual({
    code: k.code,
    stdout: normalise(k.stdout),
    stderr: normalise(k.stderr),
  });
}

describe('orchctl and kubectl 1.32 print the same', () => {
  it('sets up', async () => {
    await kubectl('create', 'configmap', 'golden-a', '--from-literal=key=value', '--from-literal=n=1');
    await kubectl('create', 'configmap', 'golden-b', '--from-literal=x=y');
    await kubectl('label', 'configmap', 'golden-b', 'app=web');
    await kubectl('create', 'namespace', 'golden-ns');
  });

  it.each<[string, string[]]>([
    ['a table', ['get', 'configmaps']],
    ['a table of one', ['get', 'cm', 'golden-a']],
    ['a wide table', ['get', 'namespaces', '-o', 'wide']],
    ['a table across namespaces', ['get', 'cm', '-A']],
    ['tables of two types', ['get', 'cm,ns']],
    ['labels shown', ['get', 'cm', '--show-labels']],
    ['label columns', ['get', 'cm', '-L', 'app']],
    ['a selection', ['get', 'cm', '-l', 'app=web']],
    ['nothing selected', ['get', 'cm', '-l', 'app=none']],
    ['nothing at all', ['get', 'secrets']],
    ['-o yaml', ['get', 'cm', 'golden-a', '-o', 'yaml']],
    ['-o yaml of a list', ['get', 'cm', '-l', 'app=web', '-o', 'yaml']],
    ['-o json', ['get', 'cm', 'golden-a', '-o', 'json']],
    ['-o json of a list', ['get', 'ns', '-o', 'json']],
    ['-o name', ['get', 'cm', '-o', 'name']],
    ['-o jsonpath', ['get', 'cm', 'golden-a', '-o', 'jsonpath={.data}']],
    ['-o jsonpath with range', ['get', 'cm', '-o', 'jsonpath={range .items[*]}{.metadata.name}{"\\n"}{end}']],
    ['-o go-template', ['get', 'cm', 'golden-a', '-o', 'go-template={{.metadata.name}} {{.data}} {{.nope}}']],
    ['-o custom-columns', ['get', 'cm', '-o', 'custom-columns=NAME:.metadata.name,DATA:.data']],
    ['a missing object', ['get', 'cm', 'nope']],
    ['a missing object among found ones', ['get', 'cm', 'golden-a', 'nope', '-o', 'name']],
    ['an unknown type', ['get', 'widgets']],
    ['an unknown flag', ['get', 'cm', '--foo']],
    ['patch: an unknown flag', ['patch', 'cm', 'golden-a', '--foo']],
    ['patch: a flag without value', ['patch', 'cm', 'golden-a', '-p']],
    ['patch: no patch', ['patch', 'cm', 'golden-a']],
    ['patch: a bad --type', ['patch', 'cm', 'golden-a', '-p', '{}', '--type=bad']],
    ['patch: a missing file', ['patch', '-f', '/nonexistent.yaml', '-p', '{}']],
    ['patch: a missing patch file', ['patch', 'cm', 'golden-a', '--patch-file', '/nonexistent.json']],
    ['patch: an output it cannot print', ['patch', 'cm', 'golden-a', '-p', '{}', '-o', 'wide']],
    ['patch: --local with a name', ['patch', 'cm', 'golden-a', '-p', '{}', '--local']],
    ['patch: a missing object', ['patch', 'cm', 'nope', '-p', '{}']],
    ['patch: an immutable field (422)', ['patch', 'cm', 'golden-a', '-p', '{"metadata":{"name":"other"}}']],
    ['patch: a value of the wrong type (400)', ['patch', 'cm', 'golden-a', '-p', '{"data":{"k":5}}']],
    ['patch: (no change)', ['patch', 'cm', 'golden-a', '-p', '{"data":{"key":"value"}}']],
    ['patch: -o name', ['patch', 'cm', 'golden-a', '-p', '{}', '-o', 'name']],
    ['patch: -o yaml', ['patch', 'cm', 'golden-a', '-p', '{}', '-o', 'yaml']],
    ['patch: -o jsonpath', ['patch', 'cm', 'golden-a', '-p', '{}', '-o', 'jsonpath={.data.key}']],
    ['patch: --dry-run=server', ['patch', 'cm', 'golden-a', '-p', '{"data":{"dry":"run"}}', '--dry-run=server']],
    ['patch: --dry-run=client', ['patch', 'cm', 'golden-a', '-p', '{"data":{"dry":"run"}}', '--dry-run=client']],
    ['api-versions', ['api-versions']],
    ['api-resources', ['api-resources']],
    ['api-resources, namespaced only, by name', ['api-resources', '--namespaced=true', '-o', 'name']],
    ['scale: a negative count', ['scale', 'sts', 'web', '--replicas=-1']],
    ['create configmap: one that exists', ['create', 'configmap', 'golden-a', '--from-literal=a=b']],
    [
      'create secret generic: dry run, as YAML',
      ['create', 'secret', 'generic', 's', '--from-literal=a=b', '--dry-run=client', '-o', 'yaml'],
    ],
    ['create namespace: one that exists', ['create', 'namespace', 'golden-ns']],
  ])('%s', async (_name, args) => {
    await same(args);
  });

  it('patch: patched, then (no change), the same for both', async () => {
    const k1 = await kubectl.result(['patch', 'cm', 'golden-b', '-p', '{"data":{"p":"1"}}']);
    const o1 = await orchctl(['patch', 'cm', 'golden-b', '-p', '{"data":{"p":"2"}}']);
    expect(o1).toEqual({ code: k1.code, stdout: k1.stdout, stderr: k1.stderr });
    const k2 = await kubectl.result(['patch', 'cm', 'golden-b', '-p', '{"data":{"p":"2"}}']);
    const o2 = await orchctl(['patch', 'cm', 'golden-b', '-p', '{"data":{"p":"2"}}', '--type=merge']);
    expect(o2).toEqual({ code: k2.code, stdout: k2.stdout, stderr: k2.stderr });
  });

  it('label, annotate and delete messages', async () => {
    for (const [k, o] of [
      [
        ['label', 'ns', 'golden-ns', 'team=a'],
        ['label', 'ns', 'golden-ns', 'tier=b'],
      ],
      [
        ['annotate', 'ns', 'golden-ns', 'note=a'],
        ['annotate', 'ns', 'golden-ns', 'other=b'],
      ],
      [
        ['label', 'ns', 'golden-ns', 'team=x'],
        ['label', 'ns', 'golden-ns', 'tier=x'],
      ],
    ]) {
      const kr = await kubectl.result(k!);
      const or = await orchctl(o!);
      expect(or).toEqual({ code: kr.code, stdout: kr.stdout, stderr: kr.stderr.replace(/team/g, 'tier').replace(/\(a\)/, '(b)') });
    }
    await kubectl('create', 'configmap', 'golden-del-k');
    await kubectl('create', 'configmap', 'golden-del-o');
    const kd = await kubectl.result(['delete', 'cm', 'golden-del-k']);
    const od = await orchctl(['delete', 'cm', 'golden-del-o']);
    expect(od).toEqual({ code: kd.code, stdout: kd.stdout.replace('-k', '-o'), stderr: kd.stderr });
  });
});
