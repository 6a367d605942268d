/**
 * Writes through the API: dryRun and fieldValidation (docs/api-rules.md, "dryRun and
 * fieldValidation"), managedFields on every write and server-side apply (docs/api-rules.md,
 * "Server-side apply and field ownership"), JSON and strategic merge patch ("Patch types").
 */
import { describe, expect, it } from 'vitest';
import { configMap, statefulSet } from '../support/builders.ts';
import { call, CM, serverPerTest, watchEvents } from '../support/targets.ts';

const STS = '/apis/apps/v1/namespaces/default/statefulsets';
const t = serverPerTest();

const rv = async () => (await call(t, 'GET', CM)).body.metadata.resourceVersion;
const apply = (path: string, body: object, query = 'fieldManager=tester') =>
  call(t, 'PATCH', `${path}?${query}`, JSON.stringify(body), { 'content-type': 'application/apply-patch+yaml' });

describe('dryRun=All', () => {
  it.each([
    { name: 'create', run: () => call(t, 'POST', `${CM}?dryRun=All`, configMap('dry', { a: '1' })), status: 201 },
    {
      name: 'update',
      run: async () => {
        const c = (await call(t, 'GET', `${CM}/base`)).body;
        return call(t, 'PUT', `${CM}/base?dryRun=All`, { ...c, data: { x: 'changed' } });
      },
      status: 200,
    },
    {
      name: 'merge patch',
      run: () => call(t, 'PATCH', `${CM}/base?dryRun=All`, { data: { x: 'changed' } }, { 'content-type': 'application/merge-patch+json' }),
      status: 200,
    },
    {
      name: 'apply',
      run: () =>
        apply(
          `${CM}/base`,
          { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'base' }, data: { x: 'changed' } },
          'fieldManager=tester&dryRun=All&force=true',
        ),
      status: 200,
    },
    { name: 'delete', run: () => call(t, 'DELETE', `${CM}/base?dryRun=All`), status: 200 },
    { name: 'deletecollection', run: () => call(t, 'DELETE', `${CM}?dryRun=All`), status: 200 },
  ])('$name answers in full and stores nothing, consumes no revision, sends no event', async ({ run, status }) => {
    await call(t, 'POST', CM, configMap('base', { x: 'original' }));
    const before = await rv();
    const res = await t.request(`${CM}?watch=1&resourceVersion=${before}`);
    const events = watchEvents(res);
    const r = await run();
    expect(r.status).toBe(status);
    expect(r.body.kind).toMatch(/ConfigMap|Status/);
    expect(await rv()).toBe(before);
    const base = await call(t, 'GET', `${CM}/base`);
    expect(base.body.data).toEqual({ x: 'original' });
    expect((await call(t, 'GET', `${CM}/dry`)).status).toBe(404);
    // Nothing was sent: the next event is the real write below.
    await call(t, 'POST', CM, configMap('marker'));
    expect((await events.next()).value?.object.metadata.name).toBe('marker');
    await events.return(undefined);
  });

  it('a dry-run create answers the object with server fields but no resourceVersion', async () => {
    const r = await call(t, 'POST', `${CM}?dryRun=All`, configMap('dry'));
    expect(r.body.metadata.uid).toBeDefined();
    expect(r.body.metadata.creationTimestamp).toBeDefined();
    expect(r.body.metadata.resourceVersion).toBeUndefined();
  });
});

describe('fieldValidation', () => {
  const body = { metadata: { name: 'fv', bogus: 1 }, data: { a: '1' }, extra: true };
  it('Warn (the default): dropped, one Warning header each', async () => {
    const r = await call(t, 'POST', CM, body);
    expect(r.status).toBe(201);
    expect(r.body.extra).toBeUndefined();
    // In the order the decoder meets them, as the real one reports them.
    expect(r.headers.get('warning')).toBe('299 - "unknown field \\"metadata.bogus\\"", 299 - "unknown field \\"extra\\""');
  });
  it('Ignore: dropped silently', async () => {
    const r = await call(t, 'POST', `${CM}?fieldValidation=Ignore`, body);
    expect(r.status).toBe(201);
    expect(r.headers.get('warning')).toBeNull();
  });
  it('Strict: 400 listing every unknown field, worded as the real create handler words a decode error', async () => {
    const r = await call(t, 'POST', `${CM}?fieldValidation=Strict`, body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "metadata.bogus", unknown field "extra"',
    );
  });
  it('duplicate fields: a warning under Warn, an error under Strict', async () => {
    const dup = '{"metadata":{"name":"d"},"data":{"a":"1","a":"2"}}';
    const warn = await call(t, 'POST', CM, dup);
    expect(warn.status).toBe(201);
    expect(warn.headers.get('warning')).toBe('299 - "duplicate field \\"data.a\\""');
    expect(warn.body.data.a).toBe('2');
    const strict = await call(t, 'POST', `${CM}?fieldValidation=Strict`, '{"metadata":{"name":"d2"},"data":{"a":"1","a":"2"}}');
    expect(strict.status).toBe(400);
    expect(strict.body.message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: duplicate field "data.a"',
    );
  });
  describe('a YAML body with a key written twice keeps the last value; the YAML decoder reports each repeat by line', () => {
    const yaml = (name: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  name: ${name}\ndata:\n  a: "1"\n  a: "2"\n`;
    const report = 'yaml: unmarshal errors:\n  line 5: key "name" already set in map\n  line 8: key "a" already set in map';
    it.each([
      { level: 'Ignore', status: 201, warning: null, message: undefined },
      {
        level: 'Warn',
        status: 201,
        warning: '299 - "line 5: key \\"name\\" already set in map", 299 - "line 8: key \\"a\\" already set in map"',
        message: undefined,
      },
      {
        level: 'Strict',
        status: 400,
        warning: null,
        message: `ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: ${report}`,
      },
    ])('$level: $status', async ({ level, status, warning, message }) => {
      const name = `yaml-${level.toLowerCase()}`;
      const r = await call(t, 'POST', `${CM}?fieldValidation=${level}`, yaml(name), { 'content-type': 'application/yaml' });
      expect(r.status).toBe(status);
      expect(r.headers.get('warning')).toBe(warning);
      if (message) expect(r.body.message).toBe(message);
      else expect(r.body.data).toEqual({ a: '2' });
    });

    it('the report comes before the unknown fields', async () => {
      const text = `${yaml('yaml-unknown')}extra: 1\n`;
      const r = await call(t, 'POST', `${CM}?fieldValidation=Strict`, text, { 'content-type': 'application/yaml' });
      expect(r.body.message).toBe(
        `ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: ${report}, unknown field "extra"`,
      );
    });
  });
  it('applies to updates and patches too', async () => {
    const c = (await call(t, 'POST', CM, configMap('u'))).body;
    const put = await call(t, 'PUT', `${CM}/u?fieldValidation=Strict`, { ...c, extra: 1 });
    expect(put.status).toBe(400);
    expect(put.body.message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "extra"',
    );
  });
  // A patch is refused as the real patch handler refuses it: 422 on the field `patch`, whose value
  // is the patch as Go prints the map (strategic merge) or the patched object (JSON, merge).
  it.each([
    [
      'a merge patch',
      'application/merge-patch+json',
      { extra: 1 },
      /^ "" is invalid: patch: Invalid value: "\{\\"kind\\":\\"ConfigMap\\".*\\"extra\\":1\}": strict decoding error: unknown field "extra"$/,
    ],
    [
      'a strategic merge patch',
      'application/strategic-merge-patch+json',
      { extra: 1, data: { b: 'x' } },
      /^ "" is invalid: patch: Invalid value: "map\[data:map\[b:x\] extra:1\]": strict decoding error: unknown field "extra"$/,
    ],
    [
      'a JSON patch',
      'application/json-patch+json',
      [{ op: 'add', path: '/extra', value: 1 }],
      /^ "" is invalid: patch: Invalid value: ".*": strict decoding error: unknown field "extra"$/,
    ],
  ])('Strict on %s: 422 on the field patch', async (_, type, body, message) => {
    await call(t, 'POST', CM, configMap('p'));
    const patch = await call(t, 'PATCH', `${CM}/p?fieldValidation=Strict`, body, { 'content-type': type });
    expect(patch.status).toBe(422);
    expect(patch.body).toMatchObject({ reason: 'Invalid', details: { causes: [{ reason: 'FieldValueInvalid', field: 'patch' }] } });
    expect(patch.body.message).toMatch(message);
    expect((await call(t, 'GET', `${CM}/p`)).body.extra).toBeUndefined();
  });
});

describe('managedFields on every write', () => {
  it("a write without fieldManager is owned by the User-Agent's product", async () => {
    const r = await call(t, 'POST', CM, configMap('ua', { a: '1' }), { 'user-agent': 'kubectl/v1.32.4 (linux/amd64) kubernetes/abc' });
    expect(r.body.metadata.managedFields).toEqual([
      {
        manager: 'kubectl',
        operation: 'Update',
        apiVersion: 'v1',
        time: expect.stringMatching(/Z$/),
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:data': { 'f:a': {}, '.': {} } },
      },
    ]);
  });

  it('updates by one manager merge into one entry; another manager takes the fields it changes', async () => {
    await call(t, 'POST', `${CM}?fieldManager=alpha`, configMap('m', { a: '1' }));
    await call(t, 'PATCH', `${CM}/m?fieldManager=alpha`, { data: { b: '1' } }, { 'content-type': 'application/merge-patch+json' });
    const r = await call(t, 'PATCH', `${CM}/m?fieldManager=beta`, { data: { a: '2' } }, { 'content-type': 'application/merge-patch+json' });
    const entries = r.body.metadata.managedFields.map((e: any) => [e.manager, e.operation, e.fieldsV1]);
    expect(entries).toEqual([
      ['alpha', 'Update', { 'f:data': { 'f:b': {}, '.': {} } }],
      ['beta', 'Update', { 'f:data': { 'f:a': {} } }],
    ]);
  });

  it('a list with one empty entry resets them; an empty list does not', async () => {
    const c = (await call(t, 'POST', `${CM}?fieldManager=alpha`, configMap('r', { a: '1' }))).body;
    const keep = await call(t, 'PUT', `${CM}/r?fieldManager=beta`, {
      ...c,
      metadata: { ...c.metadata, managedFields: [] },
      data: { a: '1', b: '2' },
    });
    expect(keep.body.metadata.managedFields.map((e: any) => e.manager)).toEqual(['alpha', 'beta']);
    const reset = await call(t, 'PUT', `${CM}/r?fieldManager=gamma`, {
      ...keep.body,
      metadata: { ...keep.body.metadata, managedFields: [{}] },
      data: { a: '1', b: '2', c: '3' },
    });
    expect(reset.body.metadata.managedFields.map((e: any) => [e.manager, e.fieldsV1])).toEqual([['gamma', { 'f:data': { 'f:c': {} } }]]);
  });

  it('the status subresource records its own entries', async () => {
    const c = (await call(t, 'POST', `${STS}?fieldManager=creator`, statefulSet('s'))).body;
    const r = await call(t, 'PUT', `${STS}/s/status?fieldManager=ctrl`, { ...c, status: { replicas: 1, readyReplicas: 1 } });
    expect(r.status).toBe(200);
    const entry = r.body.metadata.managedFields.find((e: any) => e.manager === 'ctrl');
    expect(entry).toMatchObject({
      operation: 'Update',
      subresource: 'status',
      fieldsV1: { 'f:status': { 'f:readyReplicas': {}, 'f:replicas': {} } },
    });
  });
});

describe('server-side apply through the API', () => {
  const cm = (data: Record<string, string>, metadata: Record<string, unknown> = {}) => configMap('ssa', data, metadata);

  it('creates a missing object (201) and updates it (200)', async () => {
    expect((await apply(`${CM}/ssa`, cm({ a: '1' }))).status).toBe(201);
    expect((await apply(`${CM}/ssa`, cm({ a: '2' }))).status).toBe(200);
  });

  it('needs a fieldManager (422), refuses managedFields in the body (400), a stale resourceVersion is 409', async () => {
    const noManager = await call(t, 'PATCH', `${CM}/ssa`, JSON.stringify(cm({ a: '1' })), {
      'content-type': 'application/apply-patch+yaml',
    });
    expect(noManager.status).toBe(422);
    expect(noManager.body.message).toContain('fieldManager: Required value: is required for apply patch');
    const withManaged = await apply(`${CM}/ssa`, cm({ a: '1' }, { managedFields: [{ manager: 'x' }] }));
    expect(withManaged.status).toBe(400);
    expect(withManaged.body.message).toBe('metadata.managedFields must be nil');
    const created = (await apply(`${CM}/ssa`, cm({ a: '1' }))).body;
    await apply(`${CM}/ssa`, cm({ a: '2' }));
    const stale = await apply(`${CM}/ssa`, cm({ a: '3' }, { resourceVersion: created.metadata.resourceVersion }));
    expect(stale.status).toBe(409);
  });

  it('field ownership end to end: conflict, force, sharing, removal', async () => {
    await apply(`${CM}/ssa`, cm({ a: '1', b: '1' }), 'fieldManager=one');
    const conflict = await apply(`${CM}/ssa`, cm({ a: '2' }), 'fieldManager=two');
    expect(conflict.status).toBe(409);
    expect(conflict.body.details.causes).toEqual([{ reason: 'FieldManagerConflict', message: 'conflict with "one"', field: '.data.a' }]);
    const shared = await apply(`${CM}/ssa`, cm({ b: '1' }), 'fieldManager=two');
    expect(shared.status).toBe(200);
    const owners = (obj: any, key: string) =>
      obj.metadata.managedFields.filter((e: any) => e.fieldsV1['f:data']?.[`f:${key}`]).map((e: any) => e.manager);
    expect(owners(shared.body, 'b').sort()).toEqual(['one', 'two']);
    const forced = await apply(`${CM}/ssa`, cm({ a: '2', b: '1' }), 'fieldManager=two&force=true');
    expect(forced.body.data.a).toBe('2');
    expect(owners(forced.body, 'a')).toEqual(['two']);
    // one gives up b (still owned by two: kept); two then drops a (owned by nobody else: removed).
    const gaveUp = await apply(`${CM}/ssa`, cm({}), 'fieldManager=one');
    expect(gaveUp.body.data).toEqual({ a: '2', b: '1' });
    const removed = await apply(`${CM}/ssa`, cm({ b: '1' }), 'fieldManager=two');
    expect(removed.body.data).toEqual({ b: '1' });
  });

  describe('a configuration with a key written twice keeps the last value; the repeats are reported after the apply', () => {
    const config = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ssa\ndata:\n  a: "1"\n  a: "2"\n';
    it.each([
      { level: 'Ignore', status: 201, warning: null, message: undefined },
      { level: 'Warn', status: 201, warning: '299 - "line 7: key \\"a\\" already set in map"', message: undefined },
      {
        level: 'Strict',
        status: 400,
        warning: null,
        message: 'error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  line 7: key "a" already set in map',
      },
    ])('$level: $status', async ({ level, status, warning, message }) => {
      const r = await call(t, 'PATCH', `${CM}/ssa?fieldManager=tester&fieldValidation=${level}`, config, {
        'content-type': 'application/apply-patch+yaml',
      });
      expect(r.status).toBe(status);
      expect(r.headers.get('warning')).toBe(warning);
      if (message) expect(r.body.message).toBe(message);
      else expect(r.body.data).toEqual({ a: '2' });
    });
  });
});

describe('JSON patch and strategic merge patch through the API', () => {
  it('a failing test op is 422 naming the operation index; nothing changes', async () => {
    await call(t, 'POST', CM, configMap('j', { a: '1' }));
    const r = await call(
      t,
      'PATCH',
      `${CM}/j`,
      [
        { op: 'replace', path: '/data/a', value: '2' },
        { op: 'test', path: '/data/a', value: 'nope' },
      ],
      { 'content-type': 'application/json-patch+json' },
    );
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('index 1');
    expect((await call(t, 'GET', `${CM}/j`)).body.data).toEqual({ a: '1' });
  });

  it('a bad path is 422, a malformed patch 400, never 500', async () => {
    await call(t, 'POST', CM, configMap('j'));
    const bad = await call(t, 'PATCH', `${CM}/j`, [{ op: 'remove', path: '/data/missing' }], {
      'content-type': 'application/json-patch+json',
    });
    expect(bad.status).toBe(422);
    const malformed = await call(t, 'PATCH', `${CM}/j`, { op: 'add' }, { 'content-type': 'application/json-patch+json' });
    expect(malformed.status).toBe(400);
  });

  it('strategic merge patch merges containers by name and honours $patch: delete', async () => {
    const sts = {
      metadata: { name: 's' },
      spec: {
        serviceName: 's',
        selector: { matchLabels: { a: 'b' } },
        template: {
          metadata: { labels: { a: 'b' } },
          spec: {
            containers: [
              { name: 'web', image: 'nginx:1' },
              { name: 'side', image: 'busybox' },
            ],
          },
        },
      },
    };
    await call(t, 'POST', STS, sts);
    const r = await call(
      t,
      'PATCH',
      `${STS}/s`,
      {
        spec: {
          template: {
            spec: {
              containers: [
                { name: 'web', image: 'nginx:2' },
                { name: 'side', $patch: 'delete' },
              ],
            },
          },
        },
      },
      { 'content-type': 'application/strategic-merge-patch+json' },
    );
    expect(r.status).toBe(200);
    expect(r.body.spec.template.spec.containers.map((c: any) => [c.name, c.image])).toEqual([['web', 'nginx:2']]);
    expect(r.body.metadata.generation).toBe(2);
  });
});
