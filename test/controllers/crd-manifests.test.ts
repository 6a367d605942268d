/**
 * What the runtime does with CRDs before a server sees them: manifests parsed from YAML (every
 * document, the items of a List), CRD files and directories read as envtest reads its CRD paths,
 * a resource type read from a CRD, and a name resolved through discovery as kubectl resolves it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CustomResourceDefinition,
  crdName,
  customResourceType,
  discoverResources,
  findResource,
  isCrd,
  parseManifests,
  readCrdFiles,
  resolveResource,
  resourceTypeOfCrd,
} from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

function crd(plural: string, group = 'example.com', extra: Partial<CustomResourceDefinition['spec']> = {}): CustomResourceDefinition {
  const kind = plural[0].toUpperCase() + plural.slice(1, -1);
  return {
    apiVersion: 'apiextensions.orch.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural, kind },
      versions: [
        { name: 'v1beta1', served: true, storage: false },
        { name: 'v1', served: true, storage: true },
        { name: 'v0', served: false, storage: false },
      ],
      ...extra,
    },
  };
}

describe('parseManifests', () => {
  const cases: { name: string; text: string; kinds: string[] }[] = [
    { name: 'one document', text: 'kind: A\nmetadata: {name: a}\n', kinds: ['A'] },
    { name: 'every document of a multi-document YAML', text: 'kind: A\n---\nkind: B\n---\nkind: C\n', kinds: ['A', 'B', 'C'] },
    { name: 'empty documents skipped', text: '---\n---\nkind: A\n---\n# only a comment\n', kinds: ['A'] },
    { name: 'the items of a List', text: 'kind: List\nitems:\n- kind: A\n- kind: B\n', kinds: ['A', 'B'] },
    { name: 'JSON is YAML', text: '{"kind": "A", "metadata": {"name": "a"}}', kinds: ['A'] },
  ];
  it.each(cases)('$name', ({ text, kinds }) => {
    const objs = parseManifests(text);
    expect(objs.map((o) => o.kind)).toEqual(kinds);
    for (const o of objs) expect(o.metadata).toBeTypeOf('object');
  });

  it.each([
    { name: 'bad YAML', text: 'kind: [unclosed', error: /crds\.yaml: not valid YAML/ },
    {
      name: 'a document that is not an object',
      text: 'kind: A\n---\n- just\n- a list\n',
      error: /crds\.yaml, document 2: a manifest must be an object/,
    },
  ])('refuses $name, naming where', ({ text, error }) => {
    expect(() => parseManifests(text, 'crds.yaml')).toThrow(error);
  });
});

describe('isCrd', () => {
  it.each([
    { apiVersion: 'apiextensions.orch.io/v1', kind: 'CustomResourceDefinition', is: true },
    { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', is: true },
    { apiVersion: 'apiextensions.k8s.io/v1beta1', kind: 'CustomResourceDefinition', is: false },
    { apiVersion: 'v1', kind: 'ConfigMap', is: false },
  ])('$apiVersion $kind: $is', ({ apiVersion, kind, is }) => {
    expect(isCrd({ apiVersion, kind, metadata: {} })).toBe(is);
  });
});

describe('readCrdFiles', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  const yaml = (...docs: object[]) => docs.map((d) => JSON.stringify(d)).join('\n---\n');

  it('reads files and directories in order, skipping what is not a CRD, as envtest does', () => {
    dir = mkdtempSync(join(tmpdir(), 'orch-crds-'));
    mkdirSync(join(dir, 'crds'));
    mkdirSync(join(dir, 'crds', 'nested'));
    writeFileSync(
      join(dir, 'crds', 'b.yaml'),
      yaml(crd('bees'), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, crd('cats')),
    );
    writeFileSync(join(dir, 'crds', 'a.json'), JSON.stringify(crd('ants')));
    writeFileSync(join(dir, 'crds', 'notes.txt'), 'not a manifest');
    writeFileSync(join(dir, 'crds', 'nested', 'deep.yaml'), yaml(crd('deeps')));
    writeFileSync(join(dir, 'single.yml'), yaml(crd('dogs')));

    const read = readCrdFiles([join(dir, 'crds'), join(dir, 'single.yml')]);
    expect(read.map((c) => c.metadata.name)).toEqual(['ants.example.com', 'bees.example.com', 'cats.example.com', 'dogs.example.com']);
  });

  it('takes file: URLs too (`new URL("./crd.yaml", import.meta.url)`)', () => {
    dir = mkdtempSync(join(tmpdir(), 'orch-crds-'));
    writeFileSync(join(dir, 'one.yaml'), yaml(crd('emus')));
    expect(readCrdFiles([pathToFileURL(join(dir, 'one.yaml'))]).map((c) => c.metadata.name)).toEqual(['emus.example.com']);
  });

  it('fails on a path that does not exist', () => {
    expect(() => readCrdFiles(['/nonexistent/crds'])).toThrow('CRD path /nonexistent/crds does not exist');
  });
});

describe('resource types of custom resources', () => {
  it('reads the storage version by default, or the version asked for', () => {
    expect(resourceTypeOfCrd(crd('widgets'))).toEqual({
      group: 'example.com',
      version: 'v1',
      resource: 'widgets',
      kind: 'Widget',
      namespaced: true,
    });
    expect(resourceTypeOfCrd(crd('widgets', 'example.com', { scope: 'Cluster' }), 'v1beta1')).toMatchObject({
      version: 'v1beta1',
      namespaced: false,
    });
  });

  it('refuses a version that is not served', () => {
    expect(() => resourceTypeOfCrd(crd('widgets'), 'v0')).toThrow('CustomResourceDefinition widgets.example.com: no served version v0');
    expect(() => resourceTypeOfCrd(crd('widgets'), 'v9')).toThrow(/no served version v9/);
  });

  it('spells out a type, namespaced unless told otherwise', () => {
    expect(customResourceType({ group: 'g.io', version: 'v1', resource: 'things', kind: 'Thing' }).namespaced).toBe(true);
    expect(customResourceType({ group: 'g.io', version: 'v1', resource: 'things', kind: 'Thing', namespaced: false }).namespaced).toBe(
      false,
    );
    expect(crdName(crd('things', 'g.io'))).toBe('things.g.io');
  });
});

describe('resolving a name through discovery, as kubectl does', () => {
  const envs = controllerEnvs();

  it.each([
    { name: 'configmaps', resource: 'configmaps', group: '' },
    { name: 'cm', resource: 'configmaps', group: '' },
    { name: 'ConfigMap', resource: 'configmaps', group: '' },
    { name: 'configmap', resource: 'configmaps', group: '' },
    { name: 'statefulsets.apps', resource: 'statefulsets', group: 'apps' },
    { name: 'sts', resource: 'statefulsets', group: 'apps' },
    { name: 'StatefulSet.apps', resource: 'statefulsets', group: 'apps' },
    { name: 'events.events.orch.io', resource: 'events', group: 'events.orch.io' },
  ])('$name → $resource in group "$group"', async ({ name, resource, group }) => {
    const env = await envs.start();
    const found = findResource((await discoverResources(env.client)).resources, name);
    expect(found).toMatchObject({ resource, group });
  });

  it('says so when nothing matches', async () => {
    const env = await envs.start();
    await expect(resolveResource(env.client, 'gizmos.example.com')).rejects.toThrow(
      'the server doesn\'t have a resource type "gizmos.example.com"',
    );
  });
});
