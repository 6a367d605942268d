/**
 * `orchctl patch`, one row per option of the Resource Kinds document's table (and per default),
 * against orch-apiserver over HTTP and against an in-process server. Each row starts from a fresh
 * ConfigMap (or the object it needs) and checks both what was printed and what the server stored.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConfigMap, type Orchctl, orchctlPerSuite, type Result, stored, TARGETS, type Target } from './orchctl.ts';

interface Row {
  readonly name: string;
  /** Only where the target can do it (a URL needs a server that answers HTTP). */
  readonly only?: Target;
  /** The arguments; `$CM` is a fresh ConfigMap's name, `$DIR` the temporary directory. */
  readonly args: (ctx: Ctx) => string[] | Promise<string[]>;
  readonly stdin?: string;
  readonly check: (r: Result, ctx: Ctx) => void | Promise<void>;
}

interface Ctx {
  readonly orchctl: Orchctl;
  readonly cm: string;
  readonly target: Target;
  readonly serverUrl: string;
}

const cmPath = (name: string) => `/api/v1/namespaces/default/configmaps/${name}`;
const dataOf = async (ctx: Ctx) => (await stored(ctx.orchctl, cmPath(ctx.cm)))?.data;
const managers = async (ctx: Ctx) =>
  (((await stored(ctx.orchctl, cmPath(ctx.cm)))!.metadata as { managedFields?: { manager: string }[] }).managedFields ?? []).map(
    (m) => m.manager,
  );
const manifest = (name: string, data: Record<string, string> = { a: '1' }) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: default\ndata:\n${Object.entries(data)
    .map(([k, v]) => `  ${k}: "${v}"`)
    .join('\n')}\n`;

const ok = (r: Result, stdout: string) => {
  expect(r.stderr).toBe('');
  expect(r.stdout).toBe(stdout);
  expect(r.code).toBe(0);
};

const ROWS: readonly Row[] = [
  // --type (default strategic), -p as JSON and as YAML, --patch-file
  {
    name: '-p with a JSON merge of data, --type defaulting to strategic',
    args: ({ cm }) => ['patch', 'configmap', cm, '-p', '{"data":{"b":"2"}}'],
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ a: '1', b: '2' });
    },
  },
  {
    name: 'the same patch again: (no change)',
    args: ({ cm }) => ['patch', 'configmap', cm, '-p', '{"data":{"a":"1"}}'],
    check: (r, ctx) => ok(r, `configmap/${ctx.cm} patched (no change)\n`),
  },
  {
    name: '-p as YAML',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', 'data:\n  b: "3"'],
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ a: '1', b: '3' });
    },
  },
  {
    name: '--type merge',
    args: ({ cm }) => ['patch', 'cm', cm, '--type', 'merge', '-p', '{"data":{"a":null,"c":"4"}}'],
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ c: '4' });
    },
  },
  {
    name: '--type json',
    args: ({ cm }) => ['patch', 'cm', cm, '--type=json', '-p', '[{"op":"replace","path":"/data/a","value":"9"}]'],
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ a: '9' });
    },
  },
  {
    name: '--patch-file',
    args: ({ orchctl, cm }) => ['patch', 'cm', cm, '--patch-file', orchctl.file(`${cm}.patch.yaml`, 'data:\n  f: from-file\n')],
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ a: '1', f: 'from-file' });
    },
  },
  // -f, -R, URL, stdin, -k
  {
    name: '-f FILE names the object',
    args: ({ orchctl, cm }) => ['patch', '-f', orchctl.file(`${cm}.yaml`, manifest(cm)), '-p', '{"data":{"g":"1"}}'],
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ a: '1', g: '1' });
    },
  },
  {
    name: '-f DIR without -R reads only the top level',
    args: ({ orchctl, cm }) => {
      const dir = join(orchctl.dir, `${cm}-dir`);
      mkdirSync(join(dir, 'nested'), { recursive: true });
      writeFileSync(join(dir, 'top.yaml'), manifest(cm));
      writeFileSync(join(dir, 'nested', 'other.yaml'), manifest(`${cm}-missing`));
      return ['patch', '-f', dir, '-p', '{"data":{"h":"1"}}'];
    },
    check: (r, ctx) => ok(r, `configmap/${ctx.cm} patched\n`),
  },
  {
    name: '-f DIR -R descends (and reports the object that does not exist)',
    args: ({ orchctl, cm }) => {
      const dir = join(orchctl.dir, `${cm}-rdir`);
      mkdirSync(join(dir, 'nested'), { recursive: true });
      writeFileSync(join(dir, 'top.yaml'), manifest(cm));
      writeFileSync(join(dir, 'nested', 'other.yaml'), manifest(`${cm}-missing`));
      return ['patch', '-f', dir, '-R', '-p', '{"data":{"h":"1"}}'];
    },
    check: (r, ctx) => {
      expect(r.stdout).toBe(`configmap/${ctx.cm} patched\n`);
      expect(r.stderr).toBe(`Error from server (NotFound): configmaps "${ctx.cm}-missing" not found\n`);
      expect(r.code).toBe(1);
    },
  },
  {
    name: '-f URL',
    only: 'http',
    args: ({ cm, serverUrl }) => ['patch', '-f', `${serverUrl}${cmPath(cm)}`, '-p', '{"data":{"u":"1"}}'],
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ a: '1', u: '1' });
    },
  },
  {
    name: '-f - reads stdin',
    args: () => ['patch', '-f', '-', '-p', '{"data":{"s":"1"}}'],
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ a: '1', s: '1' });
    },
  },
  {
    name: '-k DIR applies to the kustomization resources',
    args: ({ orchctl, cm }) => {
      const dir = join(orchctl.dir, `${cm}-k`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cm.yaml'), manifest(cm));
      writeFileSync(join(dir, 'kustomization.yaml'), 'resources:\n- cm.yaml\n');
      return ['patch', '-k', dir, '-p', '{"data":{"k":"1"}}'];
    },
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ a: '1', k: '1' });
    },
  },
  {
    name: '-k DIR with what only kustomize can build: a clear refusal, nothing changed',
    args: ({ orchctl, cm }) => {
      const dir = join(orchctl.dir, `${cm}-k2`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cm.yaml'), manifest(cm));
      writeFileSync(join(dir, 'kustomization.yaml'), 'resources:\n- cm.yaml\nconfigMapGenerator:\n- name: gen\n');
      return ['patch', '-k', dir, '-p', '{"data":{"k":"1"}}'];
    },
    check: async (r, ctx) => {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^error: orchctl builds only kustomizations of plain resource files .* uses configMapGenerator, which needs kustomize/,
      );
      expect(await dataOf(ctx)).toEqual({ a: '1' });
    },
  },
  {
    name: '-k with -f: refused',
    args: ({ orchctl, cm }) => ['patch', '-k', orchctl.dir, '-f', 'x.yaml', '-p', '{}', cm],
    check: (r) => {
      expect(r.code).toBe(1);
    },
  },
  // --local
  {
    name: '--local patches the file content and prints it; the server is not touched',
    args: ({ orchctl, cm }) => [
      'patch',
      '--local',
      '-f',
      orchctl.file(`${cm}-local.yaml`, manifest(cm, { a: 'file' })),
      '-p',
      '{"data":{"l":"1"}}',
      '-o',
      'yaml',
    ],
    check: async (r, ctx) => {
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(
        `apiVersion: v1\ndata:\n  a: file\n  l: "1"\nkind: ConfigMap\nmetadata:\n  name: ${ctx.cm}\n  namespace: default\n`,
      );
      expect(await dataOf(ctx)).toEqual({ a: '1' });
    },
  },
  {
    name: '--local without -o: the name line',
    args: ({ orchctl, cm }) => ['patch', '--local', '-f', orchctl.file(`${cm}-local2.yaml`, manifest(cm)), '-p', '{"data":{"l":"1"}}'],
    check: (r, ctx) => ok(r, `configmap/${ctx.cm} patched\n`),
  },
  {
    name: '--local with TYPE NAME: refused',
    args: ({ cm }) => ['patch', '--local', 'cm', cm, '-p', '{}'],
    check: (r) => {
      expect(r).toEqual({ code: 1, stdout: '', stderr: 'error: cannot specify --local and server resources\n' });
    },
  },
  // --dry-run
  {
    name: '--dry-run defaults to none: the change is stored',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{"data":{"d":"1"}}'],
    check: async (_r, ctx) => expect(await dataOf(ctx)).toEqual({ a: '1', d: '1' }),
  },
  {
    name: '--dry-run=server: answered, not stored',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{"data":{"d":"1"}}', '--dry-run=server', '-o', 'jsonpath={.data.d}'],
    check: async (r, ctx) => {
      ok(r, '1');
      expect(await dataOf(ctx)).toEqual({ a: '1' });
    },
  },
  {
    name: '--dry-run=client: computed here, not stored',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{"data":{"d":"1"}}', '--dry-run=client'],
    check: async (r, ctx) => {
      ok(r, `configmap/${ctx.cm} patched\n`);
      expect(await dataOf(ctx)).toEqual({ a: '1' });
    },
  },
  {
    name: '--dry-run with a bad value',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{}', '--dry-run=maybe'],
    check: (r) =>
      expect(r).toEqual({ code: 1, stdout: '', stderr: 'error: Invalid dry-run value (maybe). Must be "none", "server", or "client".\n' }),
  },
  // --field-manager
  {
    name: '--field-manager defaults to orchctl-patch',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{"data":{"m":"1"}}'],
    check: async (_r, ctx) => expect(await managers(ctx)).toContain('orchctl-patch'),
  },
  {
    name: '--field-manager names the manager',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{"data":{"m":"1"}}', '--field-manager', 'my-tool'],
    check: async (_r, ctx) => {
      expect(await managers(ctx)).toContain('my-tool');
      expect(await managers(ctx)).not.toContain('orchctl-patch');
    },
  },
  // --subresource
  {
    name: '--subresource=status patches the status subresource only',
    args: async ({ orchctl, cm }) => {
      await orchctl.fetch('/api/v1/namespaces/default/services', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { name: cm }, spec: { ports: [{ port: 80 }] } }),
      });
      return [
        'patch',
        'service',
        cm,
        '--subresource=status',
        '--type=merge',
        '-p',
        '{"status":{"loadBalancer":{"ingress":[{"ip":"10.0.0.1"}]}}}',
      ];
    },
    check: async (r, ctx) => {
      ok(r, `service/${ctx.cm} patched\n`);
      const svc = await stored(ctx.orchctl, `/api/v1/namespaces/default/services/${ctx.cm}`);
      expect(svc?.status).toEqual({ loadBalancer: { ingress: [{ ip: '10.0.0.1' }] } });
    },
  },
  {
    name: '--subresource a kind does not have: the server says so',
    args: ({ cm }) => ['patch', 'cm', cm, '--subresource=scale', '-p', '{}'],
    check: (r) =>
      expect(r).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Error from server (NotFound): the server could not find the requested resource\n',
      }),
  },
  // strategic vs merge on a list with a merge key
  {
    name: '--type strategic merges list entries by their key (Service ports by port)',
    args: async ({ orchctl, cm }) => {
      await orchctl.fetch('/api/v1/namespaces/default/services', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { name: `${cm}-s` }, spec: { ports: [{ name: 'a', port: 80 }] } }),
      });
      return ['patch', 'svc', `${cm}-s`, '-p', '{"spec":{"ports":[{"name":"b","port":81}]}}'];
    },
    check: async (r, ctx) => {
      ok(r, `service/${ctx.cm}-s patched\n`);
      const svc = await stored(ctx.orchctl, `/api/v1/namespaces/default/services/${ctx.cm}-s`);
      expect(((svc!.spec as { ports: { port: number }[] }).ports ?? []).map((p) => p.port).sort()).toEqual([80, 81]);
    },
  },
  // -o and its template options
  ...(
    [
      ['json', () => expect.stringContaining(`    "kind": "ConfigMap",\n    "metadata": {\n        "creationTimestamp"`)],
      [
        'yaml',
        (cm) =>
          expect.stringMatching(
            new RegExp(`^apiVersion: v1\\ndata:\\n  a: "1"\\n  o: "1"\\nkind: ConfigMap\\nmetadata:\\n[^]*  name: ${cm}\\n`),
          ),
      ],
      ['name', (cm) => `configmap/${cm}\n`],
      ['go-template={{.metadata.name}}:{{.data.o}}', (cm) => `${cm}:1`],
      ['template={{index .data "a"}}', () => '1'],
      ['jsonpath={.data.o}', () => '1'],
      ['jsonpath-as-json={.data.o}', () => '[\n    "1"\n]\n'],
    ] satisfies [string, (cm: string) => unknown][]
  ).map(
    ([output, expected]): Row => ({
      name: `-o ${output}`,
      args: ({ cm }) => ['patch', 'cm', cm, '-p', '{"data":{"o":"1"}}', '-o', output],
      check: (r, ctx) => {
        expect(r.stderr).toBe('');
        expect(r.stdout).toEqual(expected(ctx.cm));
        expect(r.code).toBe(0);
      },
    }),
  ),
  {
    name: '-o go-template-file, templatefile and jsonpath-file read the template from a file',
    args: ({ orchctl, cm }) => ['patch', 'cm', cm, '-p', '{}', '-o', `go-template-file=${orchctl.file('t.tmpl', '{{.metadata.name}}')}`],
    check: (r, ctx) => ok(r, ctx.cm),
  },
  {
    name: '-o templatefile with --template',
    args: ({ orchctl, cm }) => ['patch', 'cm', cm, '-p', '{}', '-o', 'templatefile', '--template', orchctl.file('t2.tmpl', '{{.kind}}')],
    check: (r) => ok(r, 'ConfigMap'),
  },
  {
    name: '-o jsonpath-file',
    args: ({ orchctl, cm }) => ['patch', 'cm', cm, '-p', '{}', '-o', `jsonpath-file=${orchctl.file('t.jsonpath', '{.kind}')}`],
    check: (r) => ok(r, 'ConfigMap'),
  },
  {
    name: '--template with -o go-template',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{}', '-o', 'go-template', '--template', '{{.data.a}}'],
    check: (r) => ok(r, '1'),
  },
  {
    name: '--allow-missing-template-keys defaults to true: a missing key prints <no value>',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{}', '-o', 'go-template={{.nope}}'],
    check: (r) => ok(r, '<no value>'),
  },
  {
    name: '--allow-missing-template-keys=false: a missing key is an error',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{}', '-o', 'jsonpath={.nope}', '--allow-missing-template-keys=false'],
    check: (r) => {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: error executing jsonpath "\{\.nope\}": Error executing template: nope is not found\./);
    },
  },
  {
    name: '-o with a format patch does not print',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{}', '-o', 'wide'],
    check: (r) =>
      expect(r).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
      }),
  },
  {
    name: '--show-managed-fields defaults to false: JSON output has no managedFields',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{}', '-o', 'json'],
    check: (r) => {
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).metadata.managedFields).toBeUndefined();
    },
  },
  {
    name: '--show-managed-fields keeps them',
    args: ({ cm }) => ['patch', 'cm', cm, '-p', '{}', '-o', 'json', '--show-managed-fields'],
    check: (r) => {
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).metadata.managedFields.length).toBeGreaterThan(0);
    },
  },
];

describe.each(TARGETS)('orchctl patch (%s)', (target) => {
  const orchctl = orchctlPerSuite(target);
  const rows = ROWS.filter((r) => !r.only || r.only === target);
  let n = 0;
  it.each(rows.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const cm = `cm-${++n}`;
    await createConfigMap(orchctl, cm, { a: '1' });
    const ctx: Ctx = { orchctl, cm, target, serverUrl: /server: (\S+)/.exec(readFileSync(orchctl.kubeconfig, 'utf8'))?.[1] ?? '' };
    const args = await row.args(ctx);
    const r = await orchctl(args, { stdin: row.name.includes('stdin') ? manifest(cm) : row.stdin });
    await row.check(r, ctx);
  });
});
