/**
 * An unmodified kubectl 1.32 session against orch-apiserver (README, "orch-apiserver"), each step
 * asserting kubectl's own output: version and api-resources, create (kubectl posts protobuf:
 * docs/api-rules.md, "Wire formats"), get as YAML, Table and watch, client- and server-side
 * apply with a conflict, patch, label and annotate, delete, and explain.
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

describe('a kubectl 1.32 session', () => {
  const cluster = kubectlPerSuite();
  const k = cluster.kubectl;
  const file = (name: string, text: string) => k.file(name, text);

  it('version: client and server 1.32', async () => {
    const out = await k('version');
    expect(out).toMatch(/Client Version: v1\.32\./);
    expect(out).toContain('Server Version: v1.32.4');
  });

  it('api-resources lists every kind with group, short names and scope', async () => {
    const out = await k('api-resources');
    const rows = out
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(/\s+/));
    const names = rows.map((r) => r[0]);
    for (const n of ['configmaps', 'namespaces', 'pods', 'statefulsets', 'ingresses', 'flowschemas', 'events', 'roles', 'secrets'])
      expect(names).toContain(n);
    expect(out).toMatch(/statefulsets\s+sts\s+apps\/v1\s+true\s+StatefulSet/);
    expect(out).toMatch(/flowschemas\s+flowcontrol\.apiserver\.orch\.io\/v1\s+false\s+FlowSchema/);
  });

  it('create configmap (kubectl posts protobuf)', async () => {
    expect((await k('create', 'configmap', 'x', '--from-literal=a=b')).trim()).toBe('configmap/x created');
  });

  it('get cm -o yaml', async () => {
    const out = await k('get', 'cm', 'x', '-o', 'yaml');
    expect(out).toContain('apiVersion: v1\ndata:\n  a: b\nkind: ConfigMap\nmetadata:\n');
    expect(out).toContain('  name: x\n  namespace: default\n');
  });

  it('get cm (a server-side Table)', async () => {
    const out = await k('get', 'cm');
    expect(out).toMatch(/^NAME\s+DATA\s+AGE\nx\s+1\s+\d+s\n$/);
  });

  it('get cm -w receives an update made meanwhile', async () => {
    const child = k.spawn(['get', 'cm', 'x', '-w', '--request-timeout=20s']);
    let out = '';
    child.stdout!.on('data', (d: string) => (out += d));
    for (let i = 0; i < 100 && !out.includes('x '); i++) await new Promise((r) => setTimeout(r, 50));
    await k('patch', 'cm', 'x', '--type', 'merge', '-p', '{"data":{"later":"yes"}}');
    for (let i = 0; i < 100 && !/x\s+2\s/.test(out); i++) await new Promise((r) => setTimeout(r, 50));
    child.kill();
    expect(out).toMatch(/x\s+1\s+\d+s/);
    expect(out).toMatch(/x\s+2\s+\d+s/);
  });

  it('apply -f (client side), twice', async () => {
    const f = file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  one: "1"\n');
    expect((await k('apply', '-f', f)).trim()).toBe('configmap/applied created');
    expect((await k('apply', '-f', f)).trim()).toBe('configmap/applied unchanged');
  });

  it('apply --server-side; a second manager conflicts; --force-conflicts wins', async () => {
    const one = file('ssa1.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\ndata:\n  key: one\n');
    const two = file('ssa2.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\ndata:\n  key: two\n');
    expect((await k('apply', '--server-side', '--field-manager=first', '-f', one)).trim()).toBe('configmap/ssa serverside-applied');
    const conflict = await k.result(['apply', '--server-side', '--field-manager=second', '-f', two]);
    expect(conflict.code).not.toBe(0);
    expect(conflict.stderr).toContain('Apply failed with 1 conflict: conflict with "first": .data.key');
    expect((await k('apply', '--server-side', '--field-manager=second', '--force-conflicts', '-f', two)).trim()).toBe(
      'configmap/ssa serverside-applied',
    );
    expect((await k('get', 'cm', 'ssa', '-o', 'jsonpath={.data.key}')).trim()).toBe('two');
  });

  it.each([
    { type: 'strategic', patch: '{"data":{"s":"1"}}', key: 's' },
    { type: 'merge', patch: '{"data":{"m":"1"}}', key: 'm' },
    { type: 'json', patch: '[{"op":"add","path":"/data/j","value":"1"}]', key: 'j' },
  ])('patch --type $type', async ({ type, patch, key }) => {
    expect((await k('patch', 'cm', 'x', '--type', type, '-p', patch)).trim()).toBe('configmap/x patched');
    expect(await k('get', 'cm', 'x', '-o', `jsonpath={.data.${key}}`)).toBe('1');
  });

  it('label and annotate', async () => {
    expect((await k('label', 'cm', 'x', 'team=blue')).trim()).toBe('configmap/x labeled');
    expect((await k('annotate', 'cm', 'x', 'note=hi')).trim()).toBe('configmap/x annotated');
    expect(await k('get', 'cm', '-l', 'team=blue', '-o', 'name')).toBe('configmap/x\n');
    expect(await k('get', 'cm', 'x', '-o', 'jsonpath={.metadata.annotations.note}')).toBe('hi');
  });

  it('delete', async () => {
    expect((await k('delete', 'cm', 'x')).trim()).toBe('configmap "x" deleted');
    const gone = await k.result(['get', 'cm', 'x']);
    expect(gone.stderr).toContain('Error from server (NotFound): configmaps "x" not found');
  });

  it('get statefulsets,ingresses,flowschemas -A', async () => {
    const sts = file(
      'sts.yaml',
      [
        'apiVersion: apps/v1',
        'kind: StatefulSet',
        'metadata: {name: web}',
        'spec:',
        '  serviceName: web',
        '  replicas: 0',
        '  selector: {matchLabels: {app: web}}',
        '  template:',
        '    metadata: {labels: {app: web}}',
        '    spec: {containers: [{name: web, image: nginx}]}',
        '',
      ].join('\n'),
    );
    const ing = file(
      'ing.yaml',
      [
        'apiVersion: networking.orch.io/v1',
        'kind: Ingress',
        'metadata: {name: site}',
        'spec:',
        '  ingressClassName: nginx',
        '  rules: [{host: example.com, http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}]}}]',
        '',
      ].join('\n'),
    );
    await k('create', '-f', sts);
    await k('create', '-f', ing);
    const out = await k('get', 'statefulsets,ingresses,flowschemas', '-A');
    expect(out).toMatch(/NAMESPACE\s+NAME\s+READY\s+AGE/);
    expect(out).toMatch(/default\s+statefulset\.apps\/web\s+0\/0\s+\d+s/);
    expect(out).toMatch(/NAMESPACE\s+NAME\s+CLASS\s+HOSTS\s+ADDRESS\s+PORTS\s+AGE/);
    expect(out).toMatch(/default\s+ingress\.networking\.orch\.io\/site\s+nginx\s+example\.com\s+80\s+\d+s/);
    expect(out).toMatch(/NAME\s+PRIORITYLEVEL\s+MATCHINGPRECEDENCE\s+DISTINGUISHERMETHOD\s+AGE\s+MISSINGPL/);
    expect(out).toMatch(/flowschema\.flowcontrol\.apiserver\.orch\.io\/catch-all\s+catch-all\s+10000\s+ByUser/);
  });

  it('explain shows a nested field of a kind', async () => {
    const out = await k('explain', 'statefulset.spec.updateStrategy');
    expect(out).toContain('KIND:       StatefulSet');
    expect(out).toContain('FIELD: updateStrategy <StatefulSetUpdateStrategy>');
    expect(out).toMatch(/rollingUpdate\s+<RollingUpdateStatefulSetStrategy>/);
    expect(out).toMatch(/type\s+<string>/);
  });
});
