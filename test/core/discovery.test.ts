/**
 * What is served and how it is described (docs/api-rules.md, "Versions and deprecation"):
 * discovery, plain and aggregated; OpenAPI v2 and v3; --runtime-config and feature gates switching
 * group versions and resources off; removed and deprecated versions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inProcess, type Target } from '../support/targets.ts';

let t: Target;
afterEach(async () => {
  await t.close();
});
const get = async (path: string, accept?: string) => {
  const res = await t.request(path, accept ? { headers: { accept } } : {});
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), headers: res.headers, body: text ? JSON.parse(text) : undefined };
};

describe('discovery', () => {
  it('/api lists v1; /apis lists the groups with preferred versions', async () => {
    t = await inProcess();
    expect((await get('/api')).body).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    const apis = (await get('/apis')).body;
    expect(apis.kind).toBe('APIGroupList');
    const names = apis.groups.map((g: any) => g.name);
    expect(names).toEqual([
      'apps',
      'events.orch.io',
      'authentication.orch.io',
      'authorization.orch.io',
      'networking.orch.io',
      'rbac.authorization.orch.io',
      'apiextensions.orch.io',
      'coordination.orch.io',
      'flowcontrol.apiserver.orch.io',
    ]);
    expect(apis.groups[0]).toEqual({
      name: 'apps',
      versions: [{ groupVersion: 'apps/v1', version: 'v1' }],
      preferredVersion: { groupVersion: 'apps/v1', version: 'v1' },
    });
    expect((await get('/apis/apps')).body).toMatchObject({ kind: 'APIGroup', name: 'apps' });
    expect((await get('/apis/nope.example')).status).toBe(404);
  });

  it('APIResourceList: verbs, short names, categories, singular names, storage version hashes, subresources', async () => {
    t = await inProcess();
    const apps = (await get('/apis/apps/v1')).body;
    const sts = apps.resources.find((r: any) => r.name === 'statefulsets');
    expect(sts).toEqual({
      name: 'statefulsets',
      singularName: 'statefulset',
      namespaced: true,
      kind: 'StatefulSet',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['sts'],
      categories: ['all'],
      storageVersionHash: 'H+vl74LkKdo=',
    });
    expect(apps.resources.find((r: any) => r.name === 'statefulsets/scale')).toEqual({
      name: 'statefulsets/scale',
      singularName: '',
      namespaced: true,
      group: 'autoscaling',
      version: 'v1',
      kind: 'Scale',
      verbs: ['get', 'patch', 'update'],
    });
    const core = (await get('/api/v1')).body;
    expect(core.resources.find((r: any) => r.name === 'configmaps').storageVersionHash).toBe('qFsyl6wFWjQ=');
    expect(core.resources.find((r: any) => r.name === 'pods/binding')).toMatchObject({ kind: 'Binding', verbs: ['create'] });
  });

  it.each(['apidiscovery.orch.io', 'apidiscovery.k8s.io'])('aggregated discovery in the %s spelling', async (g) => {
    t = await inProcess();
    const r = await get('/apis', `application/json;g=${g};v=v2;as=APIGroupDiscoveryList,application/json`);
    expect(r.type).toBe(`application/json;g=${g};v=v2;as=APIGroupDiscoveryList`);
    expect(r.body.apiVersion).toBe(`${g}/v2`);
    const apps = r.body.items.find((i: any) => i.metadata.name === 'apps');
    const sts = apps.versions[0].resources.find((x: any) => x.resource === 'statefulsets');
    expect(sts).toMatchObject({
      scope: 'Namespaced',
      singularResource: 'statefulset',
      responseKind: { group: 'apps', version: 'v1', kind: 'StatefulSet' },
      shortNames: ['sts'],
    });
    expect(sts.subresources.map((s: any) => s.subresource)).toEqual(['scale', 'status']);
    const core = await get('/api', `application/json;g=${g};v=v2;as=APIGroupDiscoveryList`);
    expect(core.body.items[0].versions[0].resources.some((x: any) => x.resource === 'configmaps')).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('v3 lists group versions; each document has the kinds with both extension spellings', async () => {
    t = await inProcess();
    const index = (await get('/openapi/v3')).body;
    expect(Object.keys(index.paths)).toContain('apis/apps/v1');
    const doc = (await get(index.paths['apis/apps/v1'].serverRelativeURL)).body;
    expect(doc.openapi).toBe('3.0.0');
    const sts = doc.components.schemas['io.orch.api.apps.v1.StatefulSet'];
    expect(sts['x-kubernetes-group-version-kind']).toEqual([{ group: 'apps', kind: 'StatefulSet', version: 'v1' }]);
    expect(sts['x-orch-group-version-kind']).toEqual([{ group: 'apps', kind: 'StatefulSet', version: 'v1' }]);
    const podSpec = doc.components.schemas['io.orch.api.core.v1.PodSpec'];
    expect(podSpec.properties.containers['x-orch-list-type']).toBe('map');
    expect(podSpec.properties.containers['x-kubernetes-patch-merge-key']).toBe('name');
    const patch = doc.paths['/apis/apps/v1/namespaces/{namespace}/statefulsets/{name}'].patch;
    expect(patch.parameters.map((p: any) => p.name)).toContain('fieldValidation');
  });

  it('v2 is one Swagger document with every kind', async () => {
    t = await inProcess();
    const v2 = (await get('/openapi/v2')).body;
    expect(v2.swagger).toBe('2.0');
    for (const name of ['io.orch.api.core.v1.ConfigMap', 'io.orch.api.networking.v1.Ingress', 'io.orch.api.flowcontrol.v1.FlowSchema'])
      expect(v2.definitions[name]).toBeDefined();
    expect(v2.paths['/api/v1/namespaces/{namespace}/configmaps'].post).toBeDefined();
  });
});

describe('--runtime-config and feature gates', () => {
  it('a group/version can be switched off: 404 and gone from discovery', async () => {
    t = await inProcess({ runtimeConfig: 'apps/v1=false' });
    expect((await get('/apis/apps/v1/namespaces/default/statefulsets')).status).toBe(404);
    expect((await get('/apis')).body.groups.map((g: any) => g.name)).not.toContain('apps');
    expect((await get('/apis/apps/v1')).status).toBe(404);
  });

  it('a single resource can be switched off', async () => {
    t = await inProcess({ runtimeConfig: 'apps/v1/controllerrevisions=false' });
    expect((await get('/apis/apps/v1/namespaces/default/controllerrevisions')).status).toBe(404);
    expect((await get('/apis/apps/v1/namespaces/default/statefulsets')).status).toBe(200);
    expect((await get('/apis/apps/v1')).body.resources.map((r: any) => r.name)).not.toContain('controllerrevisions');
  });

  it('ResourceClaimTemplate is served only with gate DynamicResourceAllocation', async () => {
    t = await inProcess();
    expect((await get('/apis/resource.orch.io/v1beta1/namespaces/default/resourceclaimtemplates')).status).toBe(404);
    await t.close();
    t = await inProcess({ featureGates: { DynamicResourceAllocation: true } });
    expect((await get('/apis/resource.orch.io/v1beta1/namespaces/default/resourceclaimtemplates')).status).toBe(200);
    expect((await get('/apis')).body.groups.map((g: any) => g.name)).toContain('resource.orch.io');
  });

  it.each([
    { name: 'an unknown gate', gates: 'Nope=true', message: 'unrecognized feature gate: Nope' },
    {
      name: 'a GA gate set false',
      gates: 'WatchBookmark=false',
      message: 'cannot set feature gate WatchBookmark to false, feature is locked to true',
    },
  ])('$name fails at start', async ({ gates, message }) => {
    await expect(inProcess({ featureGates: gates })).rejects.toThrow(message);
    t = await inProcess();
  });
});

describe('removed and deprecated versions', () => {
  it.each([
    {
      path: '/apis/flowcontrol.apiserver.orch.io/v1beta3/flowschemas',
      removed: 'removed in v1.32',
      target: 'flowcontrol.apiserver.orch.io/v1',
    },
    { path: '/apis/extensions/v1beta1/namespaces/default/ingresses', removed: 'removed in v1.22', target: 'networking.orch.io/v1' },
    { path: '/apis/policy/v1beta1/poddisruptionbudgets', removed: 'removed in v1.25', target: 'policy/v1' },
    { path: '/apis/events.orch.io/v1beta1', removed: 'removed in v1.25', target: 'events.orch.io/v1' },
  ])('$path answers 404 naming the version to migrate to', async ({ path, removed, target }) => {
    t = await inProcess();
    const r = await get(path);
    expect(r.status).toBe(404);
    expect(r.body.message).toContain(removed);
    expect(r.body.message).toContain(`migrate to ${target}`);
  });

  it('a deprecated version answers with a Warning header and counts in the gauge', async () => {
    t = await inProcess();
    const r = await get('/api/v1/componentstatuses');
    expect(r.status).toBe(200);
    expect(r.headers.get('warning')).toBe('299 - "v1 ComponentStatus is deprecated in v1.19+"');
    const metrics = await (await t.request('/metrics')).text();
    expect(metrics).toContain(
      'apiserver_requested_deprecated_apis{group="",removed_release="",resource="componentstatuses",subresource="",version="v1"} 1',
    );
    expect(metrics).toMatch(
      /apiserver_request_total\{code="200",component="apiserver",dry_run="",group="",resource="componentstatuses",scope="cluster",subresource="",verb="LIST",version="v1"\} 1/,
    );
    expect((await get('/api/v1/configmaps')).headers.get('warning')).toBeNull();
  });
});
