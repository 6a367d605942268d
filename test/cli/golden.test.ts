/**
 * orchctl next to kubectl 1.32 against one orch-apiserver: the same commands, the same output
 * where kubectl prints the same thing (tables, -o yaml/json/name/jsonpath, patch messages, error
 * text). Only the program's own name differs (`See 'kubectl patch --help'`), and ages are
 * normalised: the two runs may straddle a second.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOrchctl } from '../../cli/index.ts';
import { createNodeIo } from '../../cli/node/index.ts';
import { kubectlPerSuite } from '../support/kubectl.ts';
import { bindRole, TOKENS, USERS } from '../support/secured.ts';
import { selfSigned } from '../../server/x509.ts';

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
    .replace(/(?<=\s)\d+[smhd](\d+[smh])?(?=\s|\)|$)/gm, '<age>')
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

  it('apply: the same messages and the same merged lists (a sidecar another manager added stays)', async () => {
    const sts = (name: string, containers: { name: string; image: string }[], finalizers: string[]) =>
      JSON.stringify({
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: { name, finalizers },
        spec: {
          replicas: 0,
          serviceName: name,
          selector: { matchLabels: { app: name } },
          template: { metadata: { labels: { app: name } }, spec: { containers } },
        },
      });
    const outcome = async (run: (args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>, name: string) => {
      const file = kubectl.file(
        `${name}.json`,
        sts(
          name,
          [
            { name: 'app', image: 'app:1' },
            { name: 'old', image: 'old:1' },
          ],
          ['x/a'],
        ),
      );
      const created = await run(['apply', '-f', file]);
      await kubectl(
        'patch',
        'sts',
        name,
        '-p',
        '{"metadata":{"finalizers":["x/other"]},"spec":{"template":{"spec":{"containers":[{"name":"sidecar","image":"side:1"}]}}}}',
      );
      kubectl.file(`${name}.json`, sts(name, [{ name: 'app', image: 'app:2' }], ['x/a', 'x/b']));
      const configured = await run(['apply', '-f', file]);
      const again = await run(['apply', '-f', file]);
      const live = await kubectl(
        'get',
        'sts',
        name,
        '-o',
        'jsonpath={.metadata.finalizers} {range .spec.template.spec.containers[*]}{.name}={.image},{end}',
      );
      await kubectl('patch', 'sts', name, '--type=merge', '-p', '{"metadata":{"finalizers":null}}');
      return [created, configured, again]
        .map((r) => ({ ...r, stdout: r.stdout.replace(name, '<name>') }))
        .concat([{ code: 0, stdout: live, stderr: '' }]);
    };
    expect(await outcome(orchctl, 'golden-apply-o')).toEqual(await outcome((args) => kubectl.result(args), 'golden-apply-k'));
  });

  it('describe: the real client layout per kind', async () => {
    // One key: kubectl 1.32 prints a ConfigMap's keys in map order (orchctl sorts them, as later kubectl does).
    await kubectl('create', 'configmap', 'golden-d', '--from-literal=b=two\nlines');
    await kubectl('label', 'cm', 'golden-d', 'x=y', 'a=b');
    await kubectl('annotate', 'cm', 'golden-d', 'note=hello', `long=${'x'.repeat(150)}`);
    await kubectl('create', 'secret', 'generic', 'golden-d', '--from-literal=pw=abc');
    await kubectl('create', 'serviceaccount', 'golden-d');
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'golden-d', labels: { app: 'd' } },
      spec: {
        containers: [
          {
            name: 'c',
            image: 'nginx:1',
            command: ['nginx'],
            args: ['-g', 'daemon off;'],
            ports: [{ containerPort: 80 }, { containerPort: 443, hostPort: 8443 }],
            env: [
              { name: 'E', value: 'v' },
              { name: 'S', valueFrom: { secretKeyRef: { name: 'golden-d', key: 'pw' } } },
            ],
            resources: { limits: { cpu: '1', memory: '64Mi' }, requests: { cpu: '500m' } },
            readinessProbe: { httpGet: { path: '/ready', port: 80 } },
            volumeMounts: [
              { name: 'data', mountPath: '/data' },
              { name: 'conf', mountPath: '/etc/conf', readOnly: true },
            ],
          },
        ],
        volumes: [
          { name: 'data', emptyDir: {} },
          { name: 'conf', configMap: { name: 'golden-d' } },
        ],
        nodeSelector: { disk: 'ssd' },
        tolerations: [{ key: 'k', operator: 'Equal', value: 'v', effect: 'NoSchedule' }],
      },
    };
    const sts = {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: { name: 'golden-d' },
      spec: {
        replicas: 2,
        serviceName: 'golden-d',
        selector: { matchLabels: { app: 'golden-d' } },
        template: {
          metadata: { labels: { app: 'golden-d' } },
          spec: {
            containers: [
              { name: 'c', image: 'nginx:1', env: [{ name: 'E', value: 'v' }], volumeMounts: [{ name: 'data', mountPath: '/data' }] },
            ],
          },
        },
        volumeClaimTemplates: [
          { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
        ],
      },
    };
    await kubectl(
      'apply',
      '-f',
      kubectl.file('describe.json', JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [pod, sts] })),
      '--validate=false',
    );
    const uid = JSON.parse(await kubectl('get', 'cm', 'golden-d', '-o', 'json')).metadata.uid as string;
    const at = new Date(Date.now() - 30_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const event = (name: string, type: string, count: number) => ({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name },
      involvedObject: { apiVersion: 'v1', kind: 'ConfigMap', name: 'golden-d', namespace: 'default', uid },
      reason: 'Checked',
      message: ` seen ${count} times `,
      type,
      source: { component: 'golden-test' },
      firstTimestamp: at,
      lastTimestamp: at,
      count,
    });
    for (const e of [event('golden-d.1', 'Normal', 1), event('golden-d.2', 'Warning', 3)])
      await kubectl('create', '-f', kubectl.file('event.json', JSON.stringify(e)));
    for (const args of [
      ['describe', 'cm', 'golden-d'],
      ['describe', 'secret', 'golden-d'],
      ['describe', 'ns', 'golden-ns'],
      ['describe', 'sa', 'golden-d'],
      ['describe', 'pod', 'golden-d'],
      ['describe', 'sts', 'golden-d'],
      // Two names, one missing (objects with one key: kubectl 1.32 prints several in map order).
      ['describe', 'cm', 'golden-nope', 'golden-d'],
    ])
      await same(args);
    // The comparison above covers the Events table: make sure there was one.
    expect((await orchctl(['describe', 'cm', 'golden-d'])).stdout).toMatch(
      /Events:\n {2}Type +Reason +Age +From +Message\n(.*\n)* {2}Warning +Checked +\d+s \(x3 over \d+s\) +golden-test +seen 3 times\n/,
    );
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

describe('orchctl and kubectl 1.32 print the same with RBAC on', () => {
  // Over HTTPS: the real client sends credentials only over TLS.
  const serving = selfSigned({ commonName: 'orch-apiserver' }, ['localhost'], ['127.0.0.1']);
  const secured = kubectlPerSuite({
    tls: { certPem: serving.certPem, keyPem: serving.keyPem },
    security: { authentication: { tokens: TOKENS, anonymous: false }, authorization: { modes: 'RBAC' }, flowControl: {} },
  });
  const caFile = join(mkdtempSync(join(tmpdir(), 'golden-ca-')), 'ca.pem');
  writeFileSync(caFile, serving.certPem);
  const as = (token: string, args: string[]) => ['--certificate-authority', caFile, '--token', token, ...args];

  async function sameSecured(args: string[]): Promise<void> {
    const k = await secured.kubectl.result(args);
    let stdout = '';
    let stderr = '';
    const io = createNodeIo({
      env: { HOME: secured.kubectl.dir, KUBECONFIG: join(secured.kubectl.dir, 'kubeconfig') },
      stdout: (t) => {
        stdout += t;
      },
      stderr: (t) => {
        stderr += t;
      },
    });
    const code = await runOrchctl(args, io);
    expect({ code, stdout: normalise(stdout), stderr: normalise(stderr) }).toEqual({
      code: k.code,
      stdout: normalise(k.stdout),
      stderr: normalise(k.stderr),
    });
  }

  it('sets up: alice views default and may impersonate bob; bob edits in golden-rbac and has overlapping roles in default', async () => {
    const root = (...args: string[]) => secured.kubectl(...as(USERS.root, args));
    await root('create', 'namespace', 'golden-rbac');
    const files = [
      bindRole('alice', 'view', 'default'),
      bindRole('bob', 'edit', 'golden-rbac'),
      {
        apiVersion: 'rbac.authorization.orch.io/v1',
        kind: 'ClusterRole',
        metadata: { name: 'impersonate-bob' },
        rules: [
          { apiGroups: [''], resources: ['users'], verbs: ['impersonate'], resourceNames: ['bob'] },
          { apiGroups: [''], resources: ['configmaps'], verbs: ['get'], resourceNames: ['one', 'two'] },
          { nonResourceURLs: ['/healthz', '/version'], verbs: ['get', 'head'] },
        ],
      },
      bindRole('alice', 'impersonate-bob'),
      // Overlapping grants: the real client lists each verb once, in the order first met.
      {
        apiVersion: 'rbac.authorization.orch.io/v1',
        kind: 'Role',
        metadata: { name: 'r1', namespace: 'default' },
        rules: [{ apiGroups: [''], resources: ['configmaps', 'pods'], verbs: ['get', 'create'] }],
      },
      {
        apiVersion: 'rbac.authorization.orch.io/v1',
        kind: 'Role',
        metadata: { name: 'r2', namespace: 'default' },
        rules: [{ apiGroups: ['', 'apps'], resources: ['configmaps'], verbs: ['delete', 'get'] }],
      },
      bindRole('bob', 'view', 'default'),
      bindRole('bob', 'r1', 'default', 'Role'),
      bindRole('bob', 'r2', 'default', 'Role'),
    ];
    for (const [i, obj] of files.entries()) await root('apply', '-f', secured.kubectl.file(`rbac-${i}.json`, JSON.stringify(obj)));
  });

  it.each<[string, string[]]>([
    ['--list in the context namespace', as(USERS.alice, ['auth', 'can-i', '--list'])],
    ['--list in another namespace', as(USERS.alice, ['auth', 'can-i', '--list', '-n', 'golden-rbac'])],
    ['--list --no-headers', as(USERS.alice, ['auth', 'can-i', '--list', '--no-headers'])],
    ['--list as someone else', as(USERS.alice, ['auth', 'can-i', '--list', '-n', 'golden-rbac', '--as', 'bob'])],
    ['--list of everything', as(USERS.root, ['auth', 'can-i', '--list'])],
    ['--list of overlapping roles', as(USERS.bob, ['auth', 'can-i', '--list'])],
    ['--list with arguments', as(USERS.alice, ['auth', 'can-i', '--list', 'get', 'pods'])],
    ['--list with -A', as(USERS.alice, ['auth', 'can-i', '--list', '-A'])],
    ['--list, impersonation refused', as(USERS.bob, ['auth', 'can-i', '--list', '--as', 'alice'])],
    ['yes', as(USERS.alice, ['auth', 'can-i', 'list', 'configmaps'])],
    ['no', as(USERS.alice, ['auth', 'can-i', 'create', 'configmaps'])],
    ['no, in another namespace', as(USERS.alice, ['auth', 'can-i', 'list', 'configmaps', '-n', 'kube-system'])],
    ['a named object', as(USERS.alice, ['auth', 'can-i', 'get', 'configmaps/one', '-n', 'kube-system'])],
    ['a cluster-scoped type', as(USERS.alice, ['auth', 'can-i', 'list', 'namespaces'])],
    ['a non-resource URL', as(USERS.alice, ['auth', 'can-i', 'head', '/healthz'])],
    ['an unknown type', as(USERS.alice, ['auth', 'can-i', 'get', 'widgets'])],
    ['one argument', as(USERS.alice, ['auth', 'can-i', 'get'])],
    ['--no-headers without --list', as(USERS.alice, ['auth', 'can-i', 'get', 'pods', '--no-headers'])],
    ['-q', as(USERS.alice, ['auth', 'can-i', 'create', 'pods', '-q'])],
  ])('auth can-i: %s', async (_name, args) => {
    await sameSecured(args);
  });
});
