/**
 * Serving custom resources: a CustomResourceDefinition becomes Established and its kind is then
 * served like a built-in one (every verb, status and scale, tables, selectors, pruning,
 * defaulting and validation from the schema), until the definition is deleted with its objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, inProcess, type Target } from '../../support/targets.ts';
import { causeKeys } from '../../support/validation.ts';
import { CRDS, conditionOf, eventually, installCRD, removeCRD, WIDGETS, widget, widgetCRD } from './crd-support.ts';

const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const AGGREGATED = { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' };

let t: Target;
beforeAll(async () => {
  t = await inProcess();
  await installCRD(t);
});
afterAll(() => t.close());

describe('a CustomResourceDefinition', () => {
  it('is named, accepted and established with the real reasons', async () => {
    const crd = (await call(t, 'GET', `${CRDS}/widgets.example.com`)).body;
    expect(conditionOf(crd, 'NamesAccepted')).toMatchObject({ status: 'True', reason: 'NoConflicts', message: 'no conflicts found' });
    expect(conditionOf(crd, 'Established')).toMatchObject({
      status: 'True',
      reason: 'InitialNamesAccepted',
      message: 'the initial names have been accepted',
    });
    expect(crd.status.acceptedNames).toEqual({
      plural: 'widgets',
      singular: 'widget',
      shortNames: ['wd'],
      kind: 'Widget',
      listKind: 'WidgetList',
      categories: ['all'],
    });
    expect(crd.status.storedVersions).toEqual(['v1']);
    expect(crd.spec.conversion).toEqual({ strategy: 'None' });
    expect(crd.metadata.generation).toBe(1);
  });

  it('is applied server-side again without change, and with a change', async () => {
    const crd = widgetCRD();
    const path = `${CRDS}/widgets.example.com?fieldManager=installer`;
    const same = await call(t, 'PATCH', path, crd, { 'content-type': 'application/apply-patch+yaml' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.metadata.generation).toBe(1);
    crd.spec.names.shortNames = ['wd', 'wdg'];
    const changed = await call(t, 'PATCH', `${path}&force=true`, crd, { 'content-type': 'application/apply-patch+yaml' });
    expect(changed.status).toBe(200);
    expect(changed.body.metadata.generation).toBe(2);
    await eventually(
      () => call(t, 'GET', '/apis/example.com/v1'),
      (r) => r.body.resources[0].shortNames?.length === 2,
      'the new short name served',
    );
  });

  it('appears in plain and aggregated discovery with its short names and categories', async () => {
    const list = (await call(t, 'GET', '/apis/example.com/v1')).body;
    expect(list.resources.map((r: any) => r.name)).toEqual(['widgets', 'widgets/scale', 'widgets/status']);
    expect(list.resources[0]).toMatchObject({ kind: 'Widget', namespaced: true, shortNames: ['wd', 'wdg'], categories: ['all'] });
    expect(list.resources[0].storageVersionHash).toMatch(/^[A-Za-z0-9+/=]{12}$/);
    const groups = (await call(t, 'GET', '/apis')).body;
    expect(groups.groups.find((g: any) => g.name === 'example.com')).toMatchObject({
      preferredVersion: { groupVersion: 'example.com/v1' },
    });
    const aggregated = (await call(t, 'GET', '/apis', undefined, AGGREGATED)).body;
    const group = aggregated.items.find((g: any) => g.metadata.name === 'example.com');
    expect(group.versions[0].resources[0]).toMatchObject({
      resource: 'widgets',
      shortNames: ['wd', 'wdg'],
      categories: ['all'],
      scope: 'Namespaced',
    });
  });

  it('publishes its schema in OpenAPI v2 and v3, extensions in the spelling written', async () => {
    const v3 = (await call(t, 'GET', '/openapi/v3/apis/example.com/v1')).body;
    const schema = v3.components.schemas['com.example.v1.Widget'];
    expect(schema['x-kubernetes-group-version-kind']).toEqual([{ group: 'example.com', kind: 'Widget', version: 'v1' }]);
    expect(schema.properties.spec.properties.ports['x-kubernetes-list-type']).toBe('map');
    expect(schema.properties.spec.properties.tags['x-orch-list-type']).toBe('set');
    expect(schema.properties.spec.properties.tags['x-kubernetes-list-type']).toBeUndefined();
    expect(schema.properties.metadata.$ref).toBe('#/components/schemas/io.orch.apimachinery.pkg.apis.meta.v1.ObjectMeta');
    const index = (await call(t, 'GET', '/openapi/v3')).body;
    expect(Object.keys(index.paths)).toContain('apis/example.com/v1');
    const v2 = (await call(t, 'GET', '/openapi/v2')).body;
    expect(v2.definitions['com.example.v1.Widget'].properties.spec.properties.note.nullable).toBeUndefined();
    expect(Object.keys(v2.paths)).toContain('/apis/example.com/v1/namespaces/{namespace}/widgets/{name}');
  });

  it('lists the patch types a custom resource accepts: no strategic merge patch, which it refuses with 415', async () => {
    const v3 = (await call(t, 'GET', '/openapi/v3/apis/example.com/v1')).body;
    const patch = v3.paths['/apis/example.com/v1/namespaces/{namespace}/widgets/{name}'].patch;
    expect(Object.keys(patch.requestBody.content).sort()).toEqual([
      'application/apply-patch+yaml',
      'application/json-patch+json',
      'application/merge-patch+json',
    ]);
    const core = (await call(t, 'GET', '/openapi/v3/api/v1')).body;
    expect(Object.keys(core.paths['/api/v1/namespaces/{namespace}/configmaps/{name}'].patch.requestBody.content)).toContain(
      'application/strategic-merge-patch+json',
    );
  });
});

describe('custom resources', () => {
  it('are created with defaults filled and unknown fields pruned', async () => {
    const res = await call(t, 'POST', WIDGETS, widget('pruned', { color: 'red', unknown: 1, free: { anything: { goes: true } } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.spec).toEqual({ color: 'red', free: { anything: { goes: true } }, replicas: 1 });
    expect(res.body.metadata.generation).toBe(1);
  });

  it('report unknown and duplicate fields as fieldValidation asks', async () => {
    const strict = await call(t, 'POST', `${WIDGETS}?fieldValidation=Strict`, widget('strict', { color: 'red', unknown: 1 }));
    expect(strict.status).toBe(400);
    expect(strict.body.message).toBe(
      'Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec.unknown"',
    );
    const warn = await call(t, 'POST', `${WIDGETS}?fieldValidation=Warn`, widget('warned', { color: 'red', unknown: 1 }));
    expect(warn.status).toBe(201);
    expect(warn.headers.get('warning')).toContain('unknown field \\"spec.unknown\\"');
    const dup = await call(
      t,
      'POST',
      `${WIDGETS}?fieldValidation=Strict`,
      '{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"dup"},"spec":{"color":"red","color":"blue"}}',
    );
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('duplicate field "spec.color"');
  });

  it.each([
    // spec.replicas is also the scale subresource's specReplicasPath, which has its own check.
    ['a wrong type', { color: 'red', replicas: 'many' }, ['spec.replicas FieldValueTypeInvalid', '.spec.replicas FieldValueInvalid']],
    ['a value outside the enum', { color: 'green' }, ['spec.color FieldValueNotSupported']],
    ['a missing required field', { replicas: 1 }, ['spec.color FieldValueRequired']],
    ['a number below the minimum', { color: 'red', replicas: -1 }, ['spec.replicas FieldValueInvalid', '.spec.replicas FieldValueInvalid']],
    ['a string too long', { color: 'red', name: 'abcdef' }, ['spec.name FieldValueTooLong']],
    ['a string not matching the pattern', { color: 'red', name: 'AB' }, ['spec.name FieldValueInvalid']],
    ['a bad date-time', { color: 'red', when: 'yesterday' }, ['spec.when FieldValueInvalid']],
    ['a float where int-or-string is expected', { color: 'red', port: 1.5 }, ['spec.port FieldValueTypeInvalid']],
    ['duplicate keys in a map list', { color: 'red', ports: [{ name: 'a' }, { name: 'a' }] }, ['spec.ports[1] FieldValueDuplicate']],
    ['duplicate items in a set', { color: 'red', tags: ['x', 'x'] }, ['spec.tags[1] FieldValueDuplicate']],
    ['a map value of the wrong type', { color: 'red', labels: { a: 1 } }, ['spec.labels.a FieldValueTypeInvalid']],
  ])('refuse %s with 422 and the field', async (_what, spec, causes) => {
    expect(causeKeys(await call(t, 'POST', WIDGETS, widget('bad', spec)))).toEqual(causes);
  });

  it('word their errors as the real platform does', async () => {
    const res = await call(t, 'POST', WIDGETS, widget('bad', { color: 'red', replicas: 'many' }));
    expect(res.body.message).toBe(
      'Widget.example.com "bad" is invalid: [spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string", ' +
        '.spec.replicas: Invalid value: 0: .spec.replicas accessor error: many is of the type string, expected int64]',
    );
    const min = await call(t, 'POST', WIDGETS, widget('bad', { color: 'red', replicas: -1 }));
    expect(min.body.details.causes[0].message).toBe('Invalid value: -1: spec.replicas in body should be greater than or equal to 0');
  });

  it('keep nulls only where the schema allows them', async () => {
    const res = await call(t, 'POST', WIDGETS, widget('nulls', { color: 'red', note: null, name: null }));
    expect(res.status).toBe(201);
    expect(res.body.spec).toEqual({ color: 'red', note: null, replicas: 1 });
  });

  it('serve every verb', async () => {
    const created = (await call(t, 'POST', WIDGETS, widget('verbs'))).body;
    expect((await call(t, 'GET', `${WIDGETS}/verbs`)).body.metadata.uid).toBe(created.metadata.uid);
    const put = await call(t, 'PUT', `${WIDGETS}/verbs`, { ...created, spec: { ...created.spec, replicas: 3 } });
    expect(put.status).toBe(200);
    expect(put.body.metadata.generation).toBe(2);
    const merge = await call(
      t,
      'PATCH',
      `${WIDGETS}/verbs`,
      { spec: { color: 'blue' } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(merge.body.spec.color).toBe('blue');
    const jsonPatch = await call(t, 'PATCH', `${WIDGETS}/verbs`, [{ op: 'replace', path: '/spec/replicas', value: 4 }], {
      'content-type': 'application/json-patch+json',
    });
    expect(jsonPatch.body.spec.replicas).toBe(4);
    const list = (await call(t, 'GET', WIDGETS)).body;
    expect(list.kind).toBe('WidgetList');
    expect(list.apiVersion).toBe('example.com/v1');
    expect(list.items.map((i: any) => i.metadata.name)).toContain('verbs');
    expect((await call(t, 'GET', '/apis/example.com/v1/widgets')).body.items.length).toBe(list.items.length);
    const del = await call(t, 'DELETE', `${WIDGETS}/verbs`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({
      kind: 'Status',
      status: 'Success',
      details: { name: 'verbs', group: 'example.com', kind: 'widgets' },
    });
    expect((await call(t, 'GET', `${WIDGETS}/verbs`)).status).toBe(404);
  });

  it('refuse strategic merge patch with 415', async () => {
    await call(t, 'POST', WIDGETS, widget('smp'));
    const res = await call(
      t,
      'PATCH',
      `${WIDGETS}/smp`,
      { spec: { replicas: 2 } },
      { 'content-type': 'application/strategic-merge-patch+json' },
    );
    expect(res.status).toBe(415);
    expect(res.body.reason).toBe('UnsupportedMediaType');
    expect(res.body.message).toMatch(/^the body of the request was in an unknown format - accepted media types include: /);
    expect(res.body.message).not.toContain('strategic');
  });

  it('answer in JSON when protobuf is asked for with JSON, 406 when only protobuf is', async () => {
    await call(t, 'POST', WIDGETS, widget('proto'));
    const both = await call(t, 'GET', `${WIDGETS}/proto`, undefined, { accept: 'application/vnd.kubernetes.protobuf,application/json' });
    expect(both.status).toBe(200);
    expect(both.headers.get('content-type')).toMatch(/^application\/json/);
    const only = await call(t, 'GET', `${WIDGETS}/proto`, undefined, { accept: 'application/vnd.kubernetes.protobuf' });
    expect(only.status).toBe(406);
  });

  it('select by label, by name and by their selectable fields', async () => {
    await call(t, 'POST', WIDGETS, { ...widget('sel-a', { color: 'blue' }), metadata: { name: 'sel-a', labels: { tier: 'x' } } });
    await call(t, 'POST', WIDGETS, widget('sel-b', { color: 'red' }));
    const names = async (q: string) => (await call(t, 'GET', `${WIDGETS}?${q}`)).body.items.map((i: any) => i.metadata.name);
    expect(await names('labelSelector=tier%3Dx')).toEqual(['sel-a']);
    expect(await names('fieldSelector=metadata.name%3Dsel-b')).toEqual(['sel-b']);
    expect(await names('fieldSelector=spec.color%3Dblue')).toEqual(['sel-a']);
    const bad = await call(t, 'GET', `${WIDGETS}?fieldSelector=spec.name%3Dx`);
    expect(bad.status).toBe(400);
  });

  it('are listed in pages', async () => {
    for (const n of ['page-1', 'page-2', 'page-3']) await call(t, 'POST', WIDGETS, widget(n));
    const first = (await call(t, 'GET', `${WIDGETS}?limit=2`)).body;
    expect(first.items).toHaveLength(2);
    expect(first.metadata.continue).toBeTruthy();
    const rest = (await call(t, 'GET', `${WIDGETS}?limit=100&continue=${encodeURIComponent(first.metadata.continue)}`)).body;
    expect(rest.items.length).toBeGreaterThan(0);
  });

  it('are watched', async () => {
    const rv = (await call(t, 'GET', WIDGETS)).body.metadata.resourceVersion;
    await call(t, 'POST', WIDGETS, widget('watched'));
    const res = await t.request(`${WIDGETS}?watch=true&resourceVersion=${rv}&timeoutSeconds=1`);
    const text = await res.text();
    const events = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events[0]).toMatchObject({
      type: 'ADDED',
      object: { kind: 'Widget', apiVersion: 'example.com/v1', metadata: { name: 'watched' } },
    });
  });

  it('honour dryRun', async () => {
    const res = await call(t, 'POST', `${WIDGETS}?dryRun=All`, widget('dry'));
    expect(res.status).toBe(201);
    expect((await call(t, 'GET', `${WIDGETS}/dry`)).status).toBe(404);
  });

  it('keep status to the status subresource, and generation to spec changes', async () => {
    const created = (await call(t, 'POST', WIDGETS, { ...widget('stat'), status: { replicas: 7 } })).body;
    expect(created.status).toBeUndefined();
    const withStatus = await call(t, 'PUT', `${WIDGETS}/stat/status`, { ...created, spec: { color: 'blue' }, status: { replicas: 2 } });
    expect(withStatus.status).toBe(200);
    expect(withStatus.body.status).toEqual({ replicas: 2 });
    expect(withStatus.body.spec.color).toBe('red');
    expect(withStatus.body.metadata.generation).toBe(1);
    const main = await call(t, 'PUT', `${WIDGETS}/stat`, { ...withStatus.body, status: { replicas: 9 } });
    expect(main.body.status).toEqual({ replicas: 2 });
    expect(main.body.metadata.generation).toBe(1);
  });

  it('scale through the configured paths', async () => {
    await call(t, 'POST', WIDGETS, widget('scaled', { color: 'red', replicas: 2 }));
    await call(
      t,
      'PATCH',
      `${WIDGETS}/scaled/status`,
      { status: { replicas: 2, selector: 'app=w' } },
      { 'content-type': 'application/merge-patch+json' },
    );
    const scale = (await call(t, 'GET', `${WIDGETS}/scaled/scale`)).body;
    expect(scale).toMatchObject({
      kind: 'Scale',
      apiVersion: 'autoscaling/v1',
      spec: { replicas: 2 },
      status: { replicas: 2, selector: 'app=w' },
    });
    const put = await call(t, 'PUT', `${WIDGETS}/scaled/scale`, { ...scale, spec: { replicas: 5 } });
    expect(put.status).toBe(200);
    const after = (await call(t, 'GET', `${WIDGETS}/scaled`)).body;
    expect(after.spec.replicas).toBe(5);
    expect(after.metadata.generation).toBe(2);
  });

  it('show their printer columns in tables', async () => {
    await call(t, 'POST', WIDGETS, widget('tabled', { color: 'blue', replicas: 3 }));
    const table = (await call(t, 'GET', `${WIDGETS}?fieldSelector=metadata.name%3Dtabled`, undefined, TABLE)).body;
    expect(table.columnDefinitions.map((c: any) => [c.name, c.type, c.priority])).toEqual([
      ['Name', 'string', 0],
      ['Replicas', 'integer', 0],
      ['Color', 'string', 1],
      ['Age', 'date', 0],
    ]);
    expect(table.rows[0].cells.slice(0, 3)).toEqual(['tabled', 3, 'blue']);
  });

  it('apply server-side with the schema markers: map lists merge by key, plain lists are atomic', async () => {
    const apply = (manager: string, spec: unknown) =>
      call(
        t,
        'PATCH',
        `${WIDGETS}/applied?fieldManager=${manager}`,
        { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'applied' }, spec },
        {
          'content-type': 'application/apply-patch+yaml',
        },
      );
    expect((await apply('a', { color: 'red', ports: [{ name: 'http', port: 80 }], args: ['x'] })).status).toBe(201);
    const second = await apply('b', { color: 'red', ports: [{ name: 'grpc', port: 90 }] });
    expect(second.status).toBe(200);
    expect(second.body.spec.ports.map((p: any) => p.name)).toEqual(['http', 'grpc']);
    const conflict = await apply('b', { color: 'red', args: ['y'] });
    expect(conflict.status).toBe(409);
    const forced = await call(
      t,
      'PATCH',
      `${WIDGETS}/applied?fieldManager=b&force=true`,
      { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'applied' }, spec: { color: 'red', args: ['y'] } },
      { 'content-type': 'application/apply-patch+yaml' },
    );
    expect(forced.body.spec.args).toEqual(['y']);
  });

  it('apply maps key by key unless the schema marks them atomic', async () => {
    const apply = (manager: string, labels: Record<string, string>) =>
      call(
        t,
        'PATCH',
        `${WIDGETS}/mapped?fieldManager=${manager}`,
        { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'mapped' }, spec: { color: 'red', labels } },
        { 'content-type': 'application/apply-patch+yaml' },
      );
    await apply('a', { one: '1' });
    const both = await apply('b', { two: '2' });
    expect(both.body.spec.labels).toEqual({ one: '1', two: '2' });
  });

  it('are cleaned up from a deleted namespace like any kind', async () => {
    await call(t, 'POST', '/api/v1/namespaces', { metadata: { name: 'crns' } });
    const res = await call(t, 'POST', '/apis/example.com/v1/namespaces/crns/widgets', widget('in-ns'));
    expect(res.status).toBe(201);
    expect((await call(t, 'POST', '/apis/example.com/v1/namespaces/missing/widgets', widget('x'))).status).toBe(404);
  });
});

describe('definitions', () => {
  it('with names another definition of the group took are not accepted', async () => {
    const other = widgetCRD();
    other.metadata.name = 'gadgets.example.com';
    other.spec.names = { plural: 'gadgets', kind: 'Gadget', shortNames: ['wd'] };
    other.spec.versions[0].selectableFields = [];
    const res = await call(t, 'POST', CRDS, other);
    expect(res.status).toBe(201);
    const crd = await eventually(
      () => call(t, 'GET', `${CRDS}/gadgets.example.com`),
      (r) => conditionOf(r.body, 'NamesAccepted') !== undefined,
      'gadgets named',
    );
    expect(conditionOf(crd.body, 'NamesAccepted')).toMatchObject({
      status: 'False',
      reason: 'ShortNamesConflict',
      message: '"wd" is already in use',
    });
    // The names that are free are accepted all the same, as the real naming controller does.
    expect(crd.body.status.acceptedNames).toEqual({ plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' });
    expect(conditionOf(crd.body, 'Established')).toMatchObject({
      status: 'False',
      reason: 'NotAccepted',
      message: 'not all names are accepted',
    });
    expect((await call(t, 'GET', '/apis/example.com/v1/namespaces/default/gadgets')).status).toBe(404);
    await removeCRD(t, 'gadgets.example.com');
  });

  it.each([
    ['its list kind', { plural: 'things', kind: 'Thing', listKind: 'WidgetList' }, 'ListKindConflict', '"WidgetList" is already in use'],
    ['its kind', { plural: 'others', kind: 'Widget', listKind: 'OtherList' }, 'KindConflict', '"Widget" is already in use'],
    // A plural can only clash with another definition's singular or short name (a plural is its name).
    ['its plural', { plural: 'wd', singular: 'onewd', kind: 'Solo' }, 'PluralConflict', '"wd" is already in use'],
    [
      'two short names and its list kind: the last conflict checked names the reason',
      { plural: 'twos', kind: 'Two', shortNames: ['wd', 'widget'], listKind: 'WidgetList' },
      'ListKindConflict',
      '"WidgetList" is already in use',
    ],
  ])('with %s taken: the real reason and message', async (_, names, reason, message) => {
    const other = widgetCRD();
    other.metadata.name = `${names.plural}.example.com`;
    other.spec.names = names;
    other.spec.versions[0].selectableFields = [];
    expect((await call(t, 'POST', CRDS, other)).status).toBe(201);
    const crd = await eventually(
      () => call(t, 'GET', `${CRDS}/${names.plural}.example.com`),
      (r) => conditionOf(r.body, 'NamesAccepted') !== undefined,
      `${names.plural} named`,
    );
    expect(conditionOf(crd.body, 'NamesAccepted')).toMatchObject({ status: 'False', reason, message });
    await removeCRD(t, `${names.plural}.example.com`);
  });

  it('whose names were taken are accepted once the other definition is gone', async () => {
    const first = widgetCRD();
    first.metadata.name = 'alphas.example.com';
    first.spec.names = { plural: 'alphas', kind: 'Alpha', shortNames: ['zz'] };
    first.spec.versions[0].selectableFields = [];
    await installCRD(t, first);
    const second = structuredClone(first);
    second.metadata.name = 'betas.example.com';
    second.spec.names = { plural: 'betas', kind: 'Beta', shortNames: ['zz'] };
    expect((await call(t, 'POST', CRDS, second)).status).toBe(201);
    await eventually(
      () => call(t, 'GET', `${CRDS}/betas.example.com`),
      (r) => conditionOf(r.body, 'NamesAccepted')?.reason === 'ShortNamesConflict',
      'betas in conflict',
    );
    await removeCRD(t, 'alphas.example.com');
    await eventually(
      () => call(t, 'GET', `${CRDS}/betas.example.com`),
      (r) => conditionOf(r.body, 'Established')?.status === 'True',
      'betas established',
    );
    expect((await call(t, 'GET', '/apis/example.com/v1/namespaces/default/betas')).status).toBe(200);
    await removeCRD(t, 'betas.example.com');
  });

  it('serve several versions with None conversion, stored in the storage version', async () => {
    const crd = widgetCRD();
    crd.metadata.name = 'things.example.com';
    crd.spec.names = { plural: 'things', kind: 'Thing' };
    const v1 = crd.spec.versions[0];
    v1.selectableFields = [];
    crd.spec.versions = [
      { ...structuredClone(v1), name: 'v1beta1', storage: false, deprecated: true },
      { ...v1, name: 'v1' },
    ];
    await installCRD(t, crd);
    const beta = '/apis/example.com/v1beta1/namespaces/default/things';
    const created = await call(t, 'POST', beta, {
      apiVersion: 'example.com/v1beta1',
      kind: 'Thing',
      metadata: { name: 'th' },
      spec: { color: 'red' },
    });
    expect(created.status).toBe(201);
    expect(created.body.apiVersion).toBe('example.com/v1beta1');
    expect(created.headers.get('warning')).toContain('example.com/v1beta1 Thing is deprecated; use example.com/v1 Thing');
    const v1Read = (await call(t, 'GET', '/apis/example.com/v1/namespaces/default/things/th')).body;
    expect(v1Read.apiVersion).toBe('example.com/v1');
    expect(v1Read.metadata.uid).toBe(created.body.metadata.uid);
    const listed = (await call(t, 'GET', beta)).body;
    expect(listed.apiVersion).toBe('example.com/v1beta1');
    const stored = (await call(t, 'GET', `${CRDS}/things.example.com`)).body;
    expect(stored.status.storedVersions).toEqual(['v1']);
  });

  it('stop serving a version that is no longer served, and everything once deleted, objects first', async () => {
    const crd = widgetCRD();
    crd.metadata.name = 'doomeds.example.com';
    crd.spec.names = { plural: 'doomeds', kind: 'Doomed' };
    crd.spec.versions[0].selectableFields = [];
    await installCRD(t, crd);
    const path = '/apis/example.com/v1/namespaces/default/doomeds';
    expect((await call(t, 'POST', path, widget('d1', { color: 'red' }, 'Doomed'))).status).toBe(201);
    const held = { ...widget('d2', { color: 'red' }, 'Doomed'), metadata: { name: 'd2', finalizers: ['example.com/hold'] } };
    expect((await call(t, 'POST', path, held)).status).toBe(201);
    const del = await call(t, 'DELETE', `${CRDS}/doomeds.example.com`);
    expect(del.status).toBe(200);
    expect(del.body.metadata.finalizers).toEqual(['customresourcecleanup.apiextensions.orch.io']);
    expect(conditionOf(del.body, 'Terminating')).toMatchObject({ status: 'True', reason: 'InstanceDeletionPending' });
    await eventually(
      () => call(t, 'GET', `${path}/d1`),
      (r) => r.status === 404,
      'd1 deleted',
    );
    await eventually(
      () => call(t, 'GET', `${path}/d2`),
      (r) => r.body.metadata?.deletionTimestamp !== undefined,
      'd2 terminating',
    );
    expect((await call(t, 'POST', path, widget('late', { color: 'red' }, 'Doomed'))).status).toBe(405);
    expect((await call(t, 'GET', `${CRDS}/doomeds.example.com`)).status).toBe(200);
    await call(t, 'PATCH', `${path}/d2`, { metadata: { finalizers: null } }, { 'content-type': 'application/merge-patch+json' });
    await eventually(
      () => call(t, 'GET', `${CRDS}/doomeds.example.com`),
      (r) => r.status === 404,
      'definition deleted',
    );
    expect((await call(t, 'GET', path)).status).toBe(404);
    expect((await call(t, 'GET', '/apis/example.com/v1')).body.resources.map((r: any) => r.name)).not.toContain('doomeds');
    expect(Object.keys((await call(t, 'GET', '/openapi/v2')).body.definitions)).not.toContain('com.example.v1.Doomed');
  });

  it('stop serving a version marked not served', async () => {
    const crd = widgetCRD();
    crd.metadata.name = 'fades.example.com';
    crd.spec.names = { plural: 'fades', kind: 'Fade' };
    crd.spec.versions[0].selectableFields = [];
    const stored = await installCRD(t, crd);
    expect((await call(t, 'GET', '/apis/example.com/v1/namespaces/default/fades')).status).toBe(200);
    stored.spec.versions[0].served = false;
    expect((await call(t, 'PUT', `${CRDS}/fades.example.com`, stored)).status).toBe(200);
    await eventually(
      () => call(t, 'GET', '/apis/example.com/v1/namespaces/default/fades'),
      (r) => r.status === 404,
      'fades unserved',
    );
    await removeCRD(t, 'fades.example.com');
  });
});
