/**
 * Each command around patch, against orch-apiserver over HTTP and an in-process server: what it
 * prints, its exit code, and what the server holds afterwards.
 */
import { describe, expect, it } from 'vitest';
import { createConfigMap, orchctlPerSuite, stored, TARGETS } from './orchctl.ts';

const manifest = (name: string, data: Record<string, string>) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n${Object.entries(data)
    .map(([k, v]) => `  ${k}: "${v}"`)
    .join('\n')}\n`;

const sts = (name: string, replicas = 1) =>
  JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name },
    spec: {
      replicas,
      serviceName: name,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } },
    },
  });

describe.each(TARGETS)('orchctl commands (%s)', (target) => {
  const orchctl = orchctlPerSuite(target);
  const cm = (name: string) => stored(orchctl, `/api/v1/namespaces/default/configmaps/${name}`);

  describe('get', () => {
    it('prints the server Table for a type, and says when there is nothing', async () => {
      expect(await orchctl(['get', 'secrets'])).toEqual({ code: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
      await createConfigMap(orchctl, 'get-a', { k: 'v' });
      const r = await orchctl(['get', 'configmaps']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^NAME +DATA +AGE\n(.*\n)*get-a +1 +\d+s\n/);
    });

    it('-o wide, -A, -l, --field-selector, names and TYPE/NAME', async () => {
      await createConfigMap(orchctl, 'get-b', { k: 'v' });
      await orchctl(['label', 'cm', 'get-b', 'tier=db']);
      expect((await orchctl(['get', 'cm', '-l', 'tier=db', '-o', 'name'])).stdout).toBe('configmap/get-b\n');
      expect((await orchctl(['get', 'cm', '--field-selector', 'metadata.name=get-b', '-o', 'name'])).stdout).toBe('configmap/get-b\n');
      expect((await orchctl(['get', 'cm', '-A', '-l', 'tier=db'])).stdout).toMatch(/^NAMESPACE +NAME +DATA +AGE\ndefault +get-b +1 +/);
      expect((await orchctl(['get', 'configmap/get-b', '-o', 'jsonpath={.data.k}'])).stdout).toBe('v');
      expect((await orchctl(['get', 'cm', 'get-b', '-o', 'custom-columns=N:.metadata.name,K:.data.k'])).stdout).toBe(
        'N       K\nget-b   v\n',
      );
      expect((await orchctl(['get', 'ns', 'default', '-o', 'wide'])).stdout).toMatch(/^NAME +STATUS +AGE\ndefault +Active +/);
    });

    it('-o json of one object is the object; of a list, a List', async () => {
      await createConfigMap(orchctl, 'get-c', { k: 'v' });
      const one = JSON.parse((await orchctl(['get', 'cm', 'get-c', '-o', 'json'])).stdout);
      expect(one).toMatchObject({ kind: 'ConfigMap', metadata: { name: 'get-c' }, data: { k: 'v' } });
      const list = JSON.parse((await orchctl(['get', 'cm', '-o', 'json', '-l', 'nothing=here'])).stdout);
      expect(list).toEqual({ apiVersion: 'v1', items: [], kind: 'List', metadata: { resourceVersion: '' } });
      expect((await orchctl(['get', 'cm', 'get-c', '-o', 'yaml'])).stdout).toMatch(/^apiVersion: v1\ndata:\n {2}k: v\nkind: ConfigMap\n/);
    });

    it('a missing object: the server NotFound, exit 1, the others still printed', async () => {
      await createConfigMap(orchctl, 'get-d', { k: 'v' });
      expect(await orchctl(['get', 'cm', 'get-d', 'nope', '-o', 'name'])).toEqual({
        code: 1,
        stdout: 'configmap/get-d\n',
        stderr: 'Error from server (NotFound): configmaps "nope" not found\n',
      });
    });

    it('-w prints the listing, then each change, until interrupted', async () => {
      await createConfigMap(orchctl, 'get-w', { k: 'v' });
      const stop = new AbortController();
      const watching = orchctl(['get', 'cm', 'get-w', '-w', '-o', 'jsonpath={.data.k}{"\\n"}'], { interrupt: stop.signal });
      await new Promise((r) => setTimeout(r, 300));
      await orchctl(['patch', 'cm', 'get-w', '-p', '{"data":{"k":"changed"}}']);
      await new Promise((r) => setTimeout(r, 300));
      stop.abort();
      const r = await watching;
      expect(r.stdout.split('\n').filter(Boolean)).toEqual(['v', 'v', 'changed']);
    });
  });

  describe('create, apply, delete', () => {
    it('create -f creates; a second create: AlreadyExists with the file named', async () => {
      const file = orchctl.file('create.yaml', manifest('created', { a: '1' }));
      expect(await orchctl(['create', '-f', file])).toEqual({ code: 0, stdout: 'configmap/created created\n', stderr: '' });
      expect((await cm('created'))?.data).toEqual({ a: '1' });
      expect(await orchctl(['create', '-f', file])).toEqual({
        code: 1,
        stdout: '',
        stderr: `Error from server (AlreadyExists): error when creating "${file}": configmaps "created" already exists\n`,
      });
    });

    it('create namespace, configmap --from-literal/--from-file, secret generic', async () => {
      expect((await orchctl(['create', 'namespace', 'gen-ns'])).stdout).toBe('namespace/gen-ns created\n');
      const file = orchctl.file('greeting.txt', 'hello\n');
      expect((await orchctl(['create', 'configmap', 'gen', '-n', 'gen-ns', '--from-literal=a=1', `--from-file=${file}`])).stdout).toBe(
        'configmap/gen created\n',
      );
      expect((await stored(orchctl, '/api/v1/namespaces/gen-ns/configmaps/gen'))?.data).toEqual({ a: '1', 'greeting.txt': 'hello\n' });
      expect((await orchctl(['create', 'secret', 'generic', 'pw', '--from-literal=p=q', '-o', 'jsonpath={.data.p}'])).stdout).toBe(
        btoa('q'),
      );
    });

    it('apply -f: created, unchanged, configured (removing what the last apply set), with the last-applied annotation', async () => {
      const file = orchctl.file('apply.yaml', manifest('applied', { a: '1', b: '2' }));
      expect((await orchctl(['apply', '-f', file])).stdout).toBe('configmap/applied created\n');
      const first = await cm('applied');
      expect(
        (first!.metadata as { annotations: Record<string, string> }).annotations['kubectl.kubernetes.io/last-applied-configuration'],
      ).toBe('{"apiVersion":"v1","data":{"a":"1","b":"2"},"kind":"ConfigMap","metadata":{"name":"applied"}}\n');
      expect((await orchctl(['apply', '-f', file])).stdout).toBe('configmap/applied unchanged\n');
      // A field someone else set survives; a field the last apply set and this one drops goes.
      await orchctl(['patch', 'cm', 'applied', '-p', '{"data":{"other":"x"}}']);
      orchctl.file('apply.yaml', manifest('applied', { a: '3' }));
      expect((await orchctl(['apply', '-f', file])).stdout).toBe('configmap/applied configured\n');
      expect((await cm('applied'))?.data).toEqual({ a: '3', other: 'x' });
    });

    it('apply merges lists by their keys: a container another manager added stays, one the configuration drops goes', async () => {
      const spec = (containers: { name: string; image: string }[]) =>
        JSON.stringify({
          apiVersion: 'apps/v1',
          kind: 'StatefulSet',
          metadata: { name: 'merged' },
          spec: {
            replicas: 0,
            serviceName: 'merged',
            selector: { matchLabels: { app: 'merged' } },
            template: { metadata: { labels: { app: 'merged' } }, spec: { containers } },
          },
        });
      const path = '/apis/apps/v1/namespaces/default/statefulsets/merged';
      const images = async () =>
        (
          (await stored(orchctl, path)) as { spec: { template: { spec: { containers: { name: string; image: string }[] } } } }
        ).spec.template.spec.containers.map((c) => `${c.name}=${c.image}`);
      const file = orchctl.file(
        'merged.json',
        spec([
          { name: 'app', image: 'app:1' },
          { name: 'old', image: 'old:1' },
        ]),
      );
      expect((await orchctl(['apply', '-f', file])).stdout).toBe('statefulset.apps/merged created\n');
      // Another manager adds a sidecar the configuration does not know.
      const added = await orchctl.fetch(`${path}?fieldManager=injector`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/strategic-merge-patch+json' },
        body: JSON.stringify({ spec: { template: { spec: { containers: [{ name: 'sidecar', image: 'side:1' }] } } } }),
      });
      expect(added.status).toBe(200);
      expect(await images()).toEqual(['sidecar=side:1', 'app=app:1', 'old=old:1']);
      orchctl.file('merged.json', spec([{ name: 'app', image: 'app:2' }]));
      expect((await orchctl(['apply', '-f', file])).stdout).toBe('statefulset.apps/merged configured\n');
      // The sidecar keeps its place before `app`, where the live list had it.
      expect(await images()).toEqual(['sidecar=side:1', 'app=app:2']);
    });

    it('apply merges a list of scalars: a finalizer another manager added stays', async () => {
      const pod = (finalizers: string[], image: string) =>
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'fin', finalizers },
          spec: { containers: [{ name: 'c', image }] },
        });
      const file = orchctl.file('fin.json', pod(['example.com/a'], 'nginx:1'));
      expect((await orchctl(['apply', '-f', file])).stdout).toBe('pod/fin created\n');
      await orchctl([
        'patch',
        'pod',
        'fin',
        '--type=json',
        '-p',
        '[{"op":"add","path":"/metadata/finalizers/-","value":"example.com/other"}]',
      ]);
      orchctl.file('fin.json', pod(['example.com/a', 'example.com/b'], 'nginx:2'));
      expect((await orchctl(['apply', '-f', file])).stdout).toBe('pod/fin configured\n');
      const live = (await stored(orchctl, '/api/v1/namespaces/default/pods/fin')) as {
        metadata: { finalizers: string[] };
        spec: { containers: { image: string }[] };
      };
      expect(live.metadata.finalizers).toEqual(['example.com/a', 'example.com/b', 'example.com/other']);
      expect(live.spec.containers.map((c) => c.image)).toEqual(['nginx:2']);
    });

    it('apply of a custom resource sends a JSON merge patch: its lists are replaced', async () => {
      const crd = {
        apiVersion: 'apiextensions.orch.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'widgets.example.com' },
        spec: {
          group: 'example.com',
          scope: 'Namespaced',
          names: { plural: 'widgets', singular: 'widget', kind: 'Widget' },
          versions: [
            {
              name: 'v1',
              served: true,
              storage: true,
              schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
            },
          ],
        },
      };
      expect((await orchctl(['apply', '-f', orchctl.file('crd.json', JSON.stringify(crd))])).code).toBe(0);
      const widget = (items: string[]) =>
        JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { items } });
      const file = orchctl.file('widget.json', widget(['a', 'b']));
      // The CRD is served once established.
      let created = await orchctl(['apply', '-f', file]);
      for (let i = 0; i < 50 && created.code !== 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        created = await orchctl(['apply', '-f', file]);
      }
      expect(created.stdout).toBe('widget.example.com/w created\n');
      orchctl.file('widget.json', widget(['a']));
      expect(await orchctl(['apply', '-f', file])).toEqual({ code: 0, stdout: 'widget.example.com/w configured\n', stderr: '' });
      expect((await stored(orchctl, '/apis/example.com/v1/namespaces/default/widgets/w'))?.spec).toEqual({ items: ['a'] });
    });

    it('apply --server-side, a conflict, and --force-conflicts', async () => {
      const file = orchctl.file('ssa.yaml', manifest('ssa', { a: '1' }));
      expect((await orchctl(['apply', '--server-side', '-f', file])).stdout).toBe('configmap/ssa serverside-applied\n');
      await orchctl(['patch', 'cm', 'ssa', '-p', '{"data":{"a":"other"}}', '--field-manager', 'someone']);
      orchctl.file('ssa.yaml', manifest('ssa', { a: '2' }));
      const conflict = await orchctl(['apply', '--server-side', '-f', file]);
      expect(conflict.code).toBe(1);
      expect(conflict.stderr).toMatch(
        /^error: Apply failed with 1 conflict: conflict with "someone".*\.data\.a\nPlease review the fields above/,
      );
      expect((await cm('ssa'))?.data).toEqual({ a: 'other' });
      expect((await orchctl(['apply', '--server-side', '--force-conflicts', '-f', file])).stdout).toBe(
        'configmap/ssa serverside-applied\n',
      );
      expect((await cm('ssa'))?.data).toEqual({ a: '2' });
    });

    it('delete: the message, --wait until gone, NotFound after', async () => {
      await createConfigMap(orchctl, 'gone', { a: '1' });
      expect(await orchctl(['delete', 'cm', 'gone', '--grace-period=0'])).toEqual({
        code: 0,
        stdout: 'configmap "gone" deleted\n',
        stderr: '',
      });
      expect(await cm('gone')).toBeUndefined();
      expect(await orchctl(['delete', 'cm', 'gone'])).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Error from server (NotFound): configmaps "gone" not found\n',
      });
      expect((await orchctl(['delete', 'cm', 'gone', '--ignore-not-found'])).code).toBe(0);
    });

    it('delete --cascade=foreground asks the garbage collector to go first (no collector runs here: the object lingers)', async () => {
      await createConfigMap(orchctl, 'fg', { a: '1' });
      expect((await orchctl(['delete', 'cm', 'fg', '--cascade=foreground', '--wait=false'])).stdout).toBe('configmap "fg" deleted\n');
      expect(((await cm('fg'))!.metadata as { finalizers?: string[] }).finalizers).toEqual(['foregroundDeletion']);
      expect(await orchctl(['delete', 'cm', 'fg', '--cascade=sideways'])).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: invalid cascade value (sideways). Must be "background", "foreground", or "orphan".\n',
      });
    });

    it('delete --dry-run=server keeps the object; delete -l removes the selected ones', async () => {
      await createConfigMap(orchctl, 'del-a', { a: '1' });
      await createConfigMap(orchctl, 'del-b', { a: '1' });
      await orchctl(['label', 'cm', 'del-a', 'del-b', 'group=del']);
      expect((await orchctl(['delete', 'cm', 'del-a', '--dry-run=server'])).stdout).toBe('configmap "del-a" deleted (server dry run)\n');
      expect(await cm('del-a')).toBeDefined();
      expect((await orchctl(['delete', 'cm', '-l', 'group=del', '--wait=false'])).stdout).toBe(
        'configmap "del-a" deleted\nconfigmap "del-b" deleted\n',
      );
      expect(await cm('del-b')).toBeUndefined();
    });
  });

  describe('label, annotate, scale, rollout status, wait', () => {
    it('label and annotate', async () => {
      await createConfigMap(orchctl, 'meta', { a: '1' });
      expect((await orchctl(['label', 'cm', 'meta', 'app=web'])).stdout).toBe('configmap/meta labeled\n');
      expect(await orchctl(['label', 'cm', 'meta', 'app=db'])).toEqual({
        code: 1,
        stdout: '',
        stderr: "error: 'app' already has a value (web), and --overwrite is false\n",
      });
      expect((await orchctl(['label', 'cm', 'meta', 'app=db', '--overwrite'])).stdout).toBe('configmap/meta labeled\n');
      expect((await orchctl(['label', 'cm', 'meta', 'app-'])).stdout).toBe('configmap/meta unlabeled\n');
      expect((await orchctl(['annotate', 'cm', 'meta', 'note=hi'])).stdout).toBe('configmap/meta annotated\n');
      const meta = (await cm('meta'))?.metadata as { labels?: object; annotations?: object };
      expect(meta.labels ?? {}).toEqual({});
      expect(meta.annotations).toEqual({ note: 'hi' });
    });

    it('scale a StatefulSet through its scale subresource, and rollout status of it', async () => {
      await orchctl(['create', '-f', orchctl.file('sts.json', sts('web'))]);
      expect(await orchctl(['scale', 'statefulset', 'web', '--replicas=0'])).toEqual({
        code: 0,
        stdout: 'statefulset.apps/web scaled\n',
        stderr: '',
      });
      const stored = await orchctl.fetch('/apis/apps/v1/namespaces/default/statefulsets/web').then((r) => r.json());
      expect(stored.spec.replicas).toBe(0);
      expect((await orchctl(['scale', 'sts', 'web', '--replicas=2', '--current-replicas=5'])).stderr).toBe(
        'error: Expected replicas to be 5, was 0\n',
      );
      // No controller runs here: the status is never observed, so the one-shot status says so.
      expect((await orchctl(['rollout', 'status', 'sts/web', '--watch=false'])).stdout).toBe(
        'Waiting for statefulset spec update to be observed...\n',
      );
    });

    it('wait --for=jsonpath, --for=condition (timing out) and --for=delete', async () => {
      await createConfigMap(orchctl, 'waited', { phase: 'Ready' });
      expect((await orchctl(['wait', 'cm/waited', '--for=jsonpath={.data.phase}=Ready'])).stdout).toBe('configmap/waited condition met\n');
      expect(await orchctl(['wait', 'cm/waited', '--for=condition=Ready', '--timeout=200ms'])).toEqual({
        code: 1,
        stdout: '',
        stderr: 'error: timed out waiting for the condition on configmaps/waited\n',
      });
      const waiting = orchctl(['wait', 'cm/waited', '--for=delete', '--timeout=10s']);
      await new Promise((r) => setTimeout(r, 200));
      await orchctl(['delete', 'cm', 'waited', '--wait=false']);
      expect((await waiting).stdout).toBe('configmap/waited condition met\n');
    });
  });

  describe('describe, edit, explain, discovery, version, auth', () => {
    it('describe shows the object in the real client layout, and its events', async () => {
      await createConfigMap(orchctl, 'described', { key: 'value' });
      await orchctl.fetch('/api/v1/namespaces/default/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          metadata: { name: 'described.1' },
          involvedObject: { kind: 'ConfigMap', name: 'described', namespace: 'default' },
          reason: 'Checked',
          message: 'looked at it',
          type: 'Normal',
          source: { component: 'tester' },
        }),
      });
      const r = await orchctl(['describe', 'cm', 'described']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Name: +described\nNamespace: +default\nLabels: +<none>\nAnnotations: +<none>\n/);
      expect(r.stdout).toMatch(/\nData\n====\nkey:\n----\nvalue\n\n\nBinaryData\n====\n\n/);
      expect(r.stdout).toMatch(
        /Events:\n {2}Type +Reason +Age +From +Message\n {2}---- +------ +---- +---- +-------\n {2}Normal +Checked +\S+ +tester +looked at it\n/,
      );
    });

    it('edit through $EDITOR sends the change; an untouched file cancels', async () => {
      await createConfigMap(orchctl, 'edited', { a: '1' });
      const editor = `${process.execPath} -e "const f=process.argv[1];const fs=require('fs');fs.writeFileSync(f,fs.readFileSync(f,'utf8').replace('a: \\"1\\"','a: \\"2\\"'))"`;
      expect((await orchctl(['edit', 'cm', 'edited'], { env: { EDITOR: editor } })).stdout).toBe('configmap/edited edited\n');
      expect((await cm('edited'))?.data).toEqual({ a: '2' });
      expect((await orchctl(['edit', 'cm/edited'], { env: { EDITOR: 'true' } })).stdout).toBe('Edit cancelled, no changes made.\n');
    });

    it('explain reads /openapi/v3', async () => {
      const r = await orchctl(['explain', 'configmap']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^KIND: +ConfigMap\nVERSION: +v1\n\nDESCRIPTION:\n {4}\S/);
      expect(r.stdout).toMatch(/FIELDS:\n {2}apiVersion\t<string>\n/);
      expect((await orchctl(['explain', 'statefulsets.spec.replicas'])).stdout).toMatch(
        /^GROUP: +apps\nKIND: +StatefulSet\nVERSION: +v1\n\nFIELD: replicas <integer>\n/,
      );
    });

    it('api-resources and api-versions', async () => {
      const resources = (await orchctl(['api-resources'])).stdout;
      expect(resources).toMatch(/^NAME +SHORTNAMES +APIVERSION +NAMESPACED +KIND\n/);
      expect(resources).toMatch(/\nconfigmaps +cm +v1 +true +ConfigMap\n/);
      expect(resources).toMatch(/\nstatefulsets +sts +apps\/v1 +true +StatefulSet\n/);
      expect((await orchctl(['api-versions'])).stdout).toMatch(/^(.*\n)*apps\/v1\n(.*\n)*v1\n$/);
    });

    it('version, --client and -o json', async () => {
      expect((await orchctl(['version', '--client'])).stdout).toBe('Client Version: v1.32.0\nKustomize Version: v5.5.0\n');
      expect((await orchctl(['version'])).stdout).toMatch(
        /^Client Version: v1\.32\.0\nKustomize Version: v5\.5\.0\nServer Version: v1\.32\.\d+/,
      );
      expect(JSON.parse((await orchctl(['version', '-o', 'json'])).stdout).serverVersion.major).toBe('1');
    });

    it.each<[string, string[], string]>([
      ['with arguments', ['auth', 'can-i', '--list', 'get', 'pods'], 'error: list option must be specified with no arguments\n'],
      [
        'with -A',
        ['auth', 'can-i', '--list', '-A'],
        "error: list option can't be specified with neither quiet, all-namespaces nor subresource options\n",
      ],
      [
        '--no-headers without --list',
        ['auth', 'can-i', 'get', 'pods', '--no-headers'],
        'error: --no-headers cannot be set without --list specified\n',
      ],
    ])('auth can-i refuses --list %s', async (_name, args, stderr) => {
      expect(await orchctl(args)).toEqual({ code: 1, stdout: '', stderr });
    });

    it('auth can-i --list prints the SelfSubjectRulesReview as a table (a server without authorization allows all)', async () => {
      expect(await orchctl(['auth', 'can-i', '--list'])).toEqual({
        code: 0,
        stdout: [
          'Resources   Non-Resource URLs   Resource Names   Verbs',
          '*.*         []                  []               [*]',
          '            [*]                 []               [*]',
          '',
        ].join('\n'),
        stderr: '',
      });
    });

    it('auth can-i posts a SelfSubjectAccessReview (or prints the 404 of a server without one)', async () => {
      const r = await orchctl(['auth', 'can-i', 'get', 'configmaps']);
      if (r.stdout) expect(['yes\n', 'no\n']).toContain(r.stdout);
      else
        expect(r).toEqual({
          code: 1,
          stdout: '',
          stderr: 'Error from server (NotFound): the server could not find the requested resource\n',
        });
    });
  });
});
