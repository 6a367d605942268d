/**
 * CustomResourceDefinition validation, one row per rule: names, group, scope, versions,
 * structural schemas, list and map markers, subresources, printer columns, selectable fields,
 * conversion, CEL rules. Each bad definition is refused with 422 and the field at fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, inProcess, type Target } from '../../support/targets.ts';
import { causeKeys, causesOf } from '../../support/validation.ts';
import { CRDS, eventually, installCRD } from './crd-support.ts';

const S = 'spec.versions[0].schema.openAPIV3Schema';

function gizmo(): any {
  return {
    apiVersion: 'apiextensions.orch.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'gizmos.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'gizmos', kind: 'Gizmo' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: { spec: { type: 'object', properties: { size: { type: 'integer' }, name: { type: 'string' } } } },
            },
          },
        },
      ],
    },
  };
}

type Change = (crd: any) => void;
const version = (crd: any) => crd.spec.versions[0];
const root = (crd: any) => version(crd).schema.openAPIV3Schema;
const specProps = (crd: any) => root(crd).properties.spec.properties;

let t: Target;
beforeAll(async () => {
  t = await inProcess();
});
afterAll(() => t.close());

async function dryCreate(change: Change, keepName = false): Promise<{ status: number; body: any }> {
  const crd = gizmo();
  change(crd);
  if (!keepName) crd.metadata.name = `${crd.spec.names.plural}.${crd.spec.group}`;
  return call(t, 'POST', `${CRDS}?dryRun=All`, crd);
}

describe('CustomResourceDefinition validation', () => {
  it('accepts the valid definition', async () => {
    expect((await dryCreate(() => undefined)).status).toBe(201);
  });

  it.each<[string, Change, string[]]>([
    // names and group
    ['the group has a dot', (c) => (c.spec.group = 'example'), ['spec.group FieldValueInvalid']],
    ['the group is required', (c) => (c.spec.group = ''), ['metadata.name FieldValueInvalid', 'spec.group FieldValueRequired']],
    ['the scope is required', (c) => delete c.spec.scope, ['spec.scope FieldValueRequired']],
    ['the scope is Cluster or Namespaced', (c) => (c.spec.scope = 'Global'), ['spec.scope FieldValueNotSupported']],
    [
      'the kind is required',
      (c) => delete c.spec.names.kind,
      ['spec.names.singular FieldValueRequired', 'spec.names.kind FieldValueRequired', 'spec.names.listKind FieldValueRequired'],
    ],
    ['kind and listKind differ', (c) => (c.spec.names.listKind = 'Gizmo'), ['spec.names.listKind FieldValueInvalid']],
    ['short names are DNS labels', (c) => (c.spec.names.shortNames = ['G!']), ['spec.names.shortNames[0] FieldValueInvalid']],
    ['categories are DNS labels', (c) => (c.spec.names.categories = ['all things']), ['spec.names.categories[0] FieldValueInvalid']],
    ['the singular name is a DNS label', (c) => (c.spec.names.singular = 'Gizmo'), ['spec.names.singular FieldValueInvalid']],
    [
      'a protected group needs the approval annotation',
      (c) => (c.spec.group = 'things.orch.io'),
      ['metadata.annotations[api-approved.orchestrator.io] FieldValueRequired'],
    ],
    // versions
    [
      'exactly one version is the storage version',
      (c) => c.spec.versions.push({ ...structuredClone(version(c)), name: 'v2' }),
      ['spec.versions FieldValueInvalid', 'status.storedVersions FieldValueInvalid'],
    ],
    [
      'some version is the storage version',
      (c) => (version(c).storage = false),
      ['spec.versions FieldValueInvalid', 'status.storedVersions FieldValueInvalid'],
    ],
    [
      'version names are unique',
      (c) => c.spec.versions.push({ ...structuredClone(version(c)), storage: false }),
      ['spec.versions FieldValueInvalid'],
    ],
    ['version names are DNS-1035 labels', (c) => (version(c).name = 'V1'), ['spec.versions[0].name FieldValueInvalid']],
    ['every version has a schema', (c) => delete version(c).schema, [`${S} FieldValueRequired`]],
    ['preserveUnknownFields is false', (c) => (c.spec.preserveUnknownFields = true), ['spec.preserveUnknownFields FieldValueInvalid']],
    [
      'a deprecation warning needs a deprecated version',
      (c) => (version(c).deprecationWarning = 'old'),
      ['spec.versions[0].deprecationWarning FieldValueInvalid'],
    ],
    // conversion
    [
      'a webhook strategy needs a webhook',
      (c) => (c.spec.conversion = { strategy: 'Webhook' }),
      ['spec.conversion.webhook FieldValueRequired'],
    ],
    [
      'the strategy is None or Webhook',
      (c) => (c.spec.conversion = { strategy: 'Magic' }),
      ['spec.conversion.strategy FieldValueNotSupported'],
    ],
    [
      'no webhook without the Webhook strategy',
      (c) => (c.spec.conversion = { strategy: 'None', webhook: { conversionReviewVersions: ['v1'] } }),
      ['spec.conversion.webhook FieldValueForbidden'],
    ],
    // subresources
    [
      'specReplicasPath is a path under .spec',
      (c) => (version(c).subresources = { scale: { specReplicasPath: '.status.size', statusReplicasPath: '.status.size' } }),
      ['spec.versions[0].subresources.scale.specReplicasPath FieldValueInvalid'],
    ],
    [
      'scale paths start with a dot',
      (c) => (version(c).subresources = { scale: { specReplicasPath: '.spec.size', statusReplicasPath: 'status.size' } }),
      ['spec.versions[0].subresources.scale.statusReplicasPath FieldValueInvalid'],
    ],
    [
      'labelSelectorPath is under .spec or .status',
      (c) =>
        (version(c).subresources = {
          scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.size', labelSelectorPath: '.metadata.labels' },
        }),
      ['spec.versions[0].subresources.scale.labelSelectorPath FieldValueInvalid'],
    ],
    // printer columns
    [
      'a column type is one of the printable types',
      (c) => (version(c).additionalPrinterColumns = [{ name: 'Size', type: 'float', jsonPath: '.spec.size' }]),
      ['spec.versions[0].additionalPrinterColumns[0].type FieldValueInvalid'],
    ],
    [
      'a column path starts with a dot',
      (c) => (version(c).additionalPrinterColumns = [{ name: 'Size', type: 'integer', jsonPath: 'spec.size' }]),
      ['spec.versions[0].additionalPrinterColumns[0].JSONPath FieldValueInvalid'],
    ],
    [
      'a column format is a known one',
      (c) => (version(c).additionalPrinterColumns = [{ name: 'Size', type: 'integer', format: 'huge', jsonPath: '.spec.size' }]),
      ['spec.versions[0].additionalPrinterColumns[0].format FieldValueInvalid'],
    ],
    // selectable fields
    [
      'a selectable field exists in the schema',
      (c) => (version(c).selectableFields = [{ jsonPath: '.spec.missing' }]),
      ['spec.versions[0].selectableFields[0].jsonPath FieldValueInvalid'],
    ],
    [
      'a selectable field is a scalar',
      (c) => (version(c).selectableFields = [{ jsonPath: '.spec' }]),
      ['spec.versions[0].selectableFields[0].jsonPath FieldValueInvalid'],
    ],
    [
      'selectable fields are unique',
      (c) => (version(c).selectableFields = [{ jsonPath: '.spec.name' }, { jsonPath: '.spec.name' }]),
      ['spec.versions[0].selectableFields[1].jsonPath FieldValueDuplicate'],
    ],
    // structural schemas
    ['every field has a type', (c) => (specProps(c).size = {}), [`${S}.properties[spec].properties[size].type FieldValueRequired`]],
    [
      'array items have a type',
      (c) => (specProps(c).list = { type: 'array', items: {} }),
      [`${S}.properties[spec].properties[list].items.type FieldValueRequired`],
    ],
    ['the root is an object', (c) => (root(c).type = 'string'), [`${S}.type FieldValueInvalid`]],
    [
      'an array has items',
      (c) => (specProps(c).list = { type: 'array' }),
      [`${S}.properties[spec].properties[list].items FieldValueRequired`],
    ],
    [
      'properties and additionalProperties exclude each other',
      (c) => (root(c).properties.spec.additionalProperties = { type: 'string' }),
      [`${S}.properties[spec].additionalProperties FieldValueForbidden`],
    ],
    [
      'no additionalProperties at the root',
      (c) => {
        root(c).properties = undefined;
        root(c).additionalProperties = { type: 'string' };
      },
      [`${S}.additionalProperties FieldValueForbidden`],
    ],
    [
      'metadata says nothing but name and generateName',
      (c) => (root(c).properties.metadata = { type: 'object', properties: { labels: { type: 'object' } } }),
      [`${S}.properties[metadata] FieldValueForbidden`],
    ],
    [
      'uniqueItems is not allowed',
      (c) => (specProps(c).list = { type: 'array', uniqueItems: true, items: { type: 'string' } }),
      [`${S}.properties[spec].properties[list].uniqueItems FieldValueForbidden`],
    ],
    [
      'value validations do not state types',
      (c) => (specProps(c).size.anyOf = [{ type: 'integer', minimum: 1 }]),
      [`${S}.properties[spec].properties[size].anyOf[0].type FieldValueForbidden`],
    ],
    [
      'int-or-string does not preserve unknown fields',
      (c) => (specProps(c).port = { 'x-kubernetes-int-or-string': true, 'x-kubernetes-preserve-unknown-fields': true }),
      [`${S}.properties[spec].properties[port].x-kubernetes-preserve-unknown-fields FieldValueInvalid`],
    ],
    [
      'an embedded resource is an object',
      (c) => (specProps(c).res = { type: 'string', 'x-kubernetes-embedded-resource': true }),
      [
        `${S}.properties[spec].properties[res].type FieldValueInvalid`,
        `${S}.properties[spec].properties[res].properties FieldValueRequired`,
      ],
    ],
    [
      'a default is a valid value',
      (c) => (specProps(c).size.default = 'big'),
      [`${S}.properties[spec].properties[size].default FieldValueTypeInvalid`],
    ],
    [
      'a pattern is a regular expression',
      (c) => (specProps(c).name.pattern = '(['),
      [`${S}.properties[spec].properties[name].pattern FieldValueInvalid`],
    ],
    [
      'with a status subresource the root only has properties, required and description',
      (c) => {
        version(c).subresources = { status: {} };
        root(c).maxProperties = 3;
      },
      [`${S} FieldValueInvalid`],
    ],
    // list and map markers, in either spelling
    [
      'a list type is atomic, set or map',
      (c) => (specProps(c).list = { type: 'array', 'x-kubernetes-list-type': 'bag', items: { type: 'string' } }),
      [`${S}.properties[spec].properties[list].x-kubernetes-list-type FieldValueNotSupported`],
    ],
    [
      'a list type is only for arrays (x-orch spelling)',
      (c) => (specProps(c).name['x-orch-list-type'] = 'set'),
      [`${S}.properties[spec].properties[name].type FieldValueInvalid`],
    ],
    [
      'a map list names its keys',
      (c) =>
        (specProps(c).list = {
          type: 'array',
          'x-orch-list-type': 'map',
          items: { type: 'object', properties: { k: { type: 'string' } } },
        }),
      [`${S}.properties[spec].properties[list].x-orch-list-map-keys FieldValueRequired`],
    ],
    [
      'a map list names its keys (the missing keys named in the x-kubernetes spelling the list type uses)',
      (c) =>
        (specProps(c).list = {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          items: { type: 'object', properties: { k: { type: 'string' } } },
        }),
      [`${S}.properties[spec].properties[list].x-kubernetes-list-map-keys FieldValueRequired`],
    ],
    [
      'map list keys need the map list type (x-kubernetes spelling)',
      (c) =>
        (specProps(c).list = {
          type: 'array',
          'x-kubernetes-list-map-keys': ['k'],
          items: { type: 'object', properties: { k: { type: 'string' } } },
        }),
      [`${S}.properties[spec].properties[list].x-kubernetes-list-type FieldValueRequired`],
    ],
    [
      'map list keys need the map list type (x-orch spelling)',
      (c) =>
        (specProps(c).list = {
          type: 'array',
          'x-orch-list-type': 'set',
          'x-orch-list-map-keys': ['k'],
          items: { type: 'string' },
        }),
      [`${S}.properties[spec].properties[list].x-orch-list-type FieldValueInvalid`],
    ],
    [
      'map list keys are item properties',
      (c) =>
        (specProps(c).list = {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['name'],
          items: { type: 'object', properties: { k: { type: 'string' } } },
        }),
      [`${S}.properties[spec].properties[list].x-kubernetes-list-map-keys FieldValueInvalid`],
    ],
    [
      'map list items are objects',
      (c) =>
        (specProps(c).list = {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['k'],
          items: { type: 'string' },
        }),
      [`${S}.properties[spec].properties[list].items.type FieldValueInvalid`],
    ],
    [
      'set items that are objects are atomic',
      (c) =>
        (specProps(c).list = {
          type: 'array',
          'x-kubernetes-list-type': 'set',
          items: { type: 'object', properties: { k: { type: 'string' } } },
        }),
      [`${S}.properties[spec].properties[list].items.x-kubernetes-map-type FieldValueInvalid`],
    ],
    [
      'set items that are objects are atomic (x-orch spelling)',
      (c) =>
        (specProps(c).list = {
          type: 'array',
          'x-orch-list-type': 'set',
          items: { type: 'object', properties: { k: { type: 'string' } } },
        }),
      [`${S}.properties[spec].properties[list].items.x-orch-map-type FieldValueInvalid`],
    ],
    [
      'a map type is atomic or granular',
      (c) => (root(c).properties.spec['x-kubernetes-map-type'] = 'mixed'),
      [`${S}.properties[spec].x-kubernetes-map-type FieldValueNotSupported`],
    ],
  ])('%s', async (_rule, change, causes) => {
    expect(causeKeys(await dryCreate(change))).toEqual(causes);
  });

  it('words the list marker errors as the real platform does, in the spelling the schema uses', async () => {
    const at = `${S}.properties[spec].properties[list]`;
    const items = { type: 'object', properties: { k: { type: 'string' } } };
    const noKeys = await dryCreate((c) => (specProps(c).list = { type: 'array', 'x-kubernetes-list-type': 'map', items }));
    expect(causesOf(noKeys)).toEqual([
      {
        reason: 'FieldValueRequired',
        field: `${at}.x-kubernetes-list-map-keys`,
        message: 'Required value: must not be empty if x-kubernetes-list-type is map',
      },
    ]);
    const setWithKeys = await dryCreate(
      (c) => (specProps(c).list = { type: 'array', 'x-kubernetes-list-type': 'set', 'x-kubernetes-list-map-keys': ['k'], items }),
    );
    expect(causesOf(setWithKeys)).toEqual([
      {
        reason: 'FieldValueInvalid',
        field: `${at}.items.x-kubernetes-map-type`,
        message: 'Invalid value: "null": must be atomic as item of a list with x-kubernetes-list-type=set',
      },
      {
        reason: 'FieldValueInvalid',
        field: `${at}.x-kubernetes-list-type`,
        message: 'Invalid value: "set": must be map if x-kubernetes-list-map-keys is non-empty',
      },
    ]);
  });

  it('checks the name is <plural>.<group> with the real message', async () => {
    const res = await dryCreate((c) => (c.metadata.name = 'widgets.example.com'), true);
    expect(causeKeys(res)).toEqual(['metadata.name FieldValueInvalid']);
    expect(res.body.details.causes[0].message).toBe('Invalid value: "widgets.example.com": must be spec.names.plural+"."+spec.group');
  });

  it('words structural errors as the real platform does', async () => {
    const res = await dryCreate((c) => (specProps(c).size = {}));
    expect(res.body.message).toBe(
      `CustomResourceDefinition.apiextensions.orch.io "gizmos.example.com" is invalid: ${S}.properties[spec].properties[size].type: Required value: must not be empty for specified object fields`,
    );
  });

  it('compiles CEL rules and refuses ones that do not compile or cost too much', async () => {
    const bad = await dryCreate((c) => (root(c).properties.spec['x-kubernetes-validations'] = [{ rule: 'self.size >' }]));
    expect(bad.status).toBe(422);
    expect(bad.body.details.causes[0].field).toBe(`${S}.properties[spec].x-kubernetes-validations[0].rule`);
    const costly = await dryCreate((c) => {
      specProps(c).items = { type: 'array', items: { type: 'string' } };
      root(c).properties.spec['x-kubernetes-validations'] = [
        { rule: 'self.items.all(a, self.items.all(b, self.items.all(c, a == b && b == c)))' },
      ];
    });
    expect(costly.status).toBe(422);
    expect(costly.body.details.causes.map((c: any) => c.reason)).toContain('FieldValueForbidden');
  });
});

describe('CustomResourceDefinition updates', () => {
  it('keep the scope and kind once established, and the group and plural always', async () => {
    const stored = await installCRD(t, gizmo());
    const scope = await call(t, 'PUT', `${CRDS}/gizmos.example.com`, { ...stored, spec: { ...stored.spec, scope: 'Cluster' } });
    expect(causeKeys(scope)).toEqual(['spec.scope FieldValueInvalid']);
    const kind = await call(t, 'PUT', `${CRDS}/gizmos.example.com`, {
      ...stored,
      spec: { ...stored.spec, names: { ...stored.spec.names, kind: 'Gadget', listKind: 'GadgetList', singular: 'gadget' } },
    });
    expect(causeKeys(kind)).toEqual(['spec.names.kind FieldValueInvalid']);
  });

  it('keep every stored version among the versions, and record new storage versions', async () => {
    const stored = (await call(t, 'GET', `${CRDS}/gizmos.example.com`)).body;
    const v2 = { ...structuredClone(stored.spec.versions[0]), name: 'v2', storage: true };
    const moved = await call(t, 'PUT', `${CRDS}/gizmos.example.com`, {
      ...stored,
      spec: { ...stored.spec, versions: [{ ...stored.spec.versions[0], storage: false }, v2] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.status.storedVersions).toEqual(['v1', 'v2']);
    const dropped = await call(t, 'PUT', `${CRDS}/gizmos.example.com`, { ...moved.body, spec: { ...moved.body.spec, versions: [v2] } });
    expect(causeKeys(dropped)).toEqual(['status.storedVersions[0] FieldValueInvalid']);
    expect(dropped.body.details.causes[0].message).toBe('Invalid value: "v1": must appear in spec.versions');
    // Once the old version is gone from storedVersions (a status write, as storage migration does), it may go.
    const status = await call(t, 'PUT', `${CRDS}/gizmos.example.com/status`, {
      ...moved.body,
      status: { ...moved.body.status, storedVersions: ['v2'] },
    });
    expect(status.status).toBe(200);
    const now = await eventually(
      () => call(t, 'GET', `${CRDS}/gizmos.example.com`),
      (r) => r.body.status.storedVersions.length === 1,
      'storedVersions written',
    );
    expect((await call(t, 'PUT', `${CRDS}/gizmos.example.com`, { ...now.body, spec: { ...now.body.spec, versions: [v2] } })).status).toBe(
      200,
    );
  });
});
