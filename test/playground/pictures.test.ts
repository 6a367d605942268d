/** What the pictures compute from server data: the protobuf envelope's parts, the owned field paths. */
import { describe, expect, it } from 'vitest';
import { encodeEnvelope } from '../../core/codecs/protobuf/envelope.ts';
import { envelopeSegments } from '../../playground/src/tutorial/pictures/envelope.ts';
import { fieldPaths } from '../../playground/src/tutorial/pictures/field-paths.ts';
import { attributesOf, explain, type RbacObject } from '../../playground/src/tutorial/pictures/rbac-match.ts';
import { causesOf, schemaRows } from '../../playground/src/tutorial/pictures/schema-tree.ts';

describe('the envelope picture', () => {
  it('splits an envelope into magic, typeMeta, raw and the two strings', () => {
    const bytes = encodeEnvelope({ apiVersion: 'v1', kind: 'ConfigMap' }, Uint8Array.of(1, 2, 3));
    const segs = envelopeSegments(bytes);
    expect(segs.map((s) => [s.part, s.label, s.value])).toEqual([
      ['magic', 'magic "k8s\\0"', undefined],
      ['tag', 'field 1 (typeMeta): tag and length 15', undefined],
      ['typemeta', 'typeMeta.apiVersion', 'v1'],
      ['typemeta', 'typeMeta.kind', 'ConfigMap'],
      ['tag', 'field 2 (raw (the object)): tag and length 3', undefined],
      ['raw', 'raw: the ConfigMap message (3 bytes)', undefined],
      ['tag', 'field 3 (contentEncoding): tag and length 0', undefined],
      ['string', 'contentEncoding', ''],
      ['tag', 'field 4 (contentType): tag and length 0', undefined],
      ['string', 'contentType', ''],
    ]);
    // Every byte belongs to one part, in order.
    expect(segs[0]?.from).toBe(0);
    expect(segs.at(-1)?.to).toBe(bytes.length);
    for (const [i, s] of segs.entries()) if (i > 0) expect(s.from).toBe(segs[i - 1]?.to);
  });

  it.each([
    ['JSON', new TextEncoder().encode('{"kind":"ConfigMap"}')],
    ['nothing', new Uint8Array()],
  ])('bytes that are not an envelope (%s) are one raw part', (_name, bytes) => {
    expect(envelopeSegments(bytes)).toEqual([{ from: 0, to: bytes.length, label: 'not an envelope', part: 'raw' }]);
  });
});

describe('the ownership picture', () => {
  it.each([
    ['plain fields', { 'f:data': { 'f:a': {}, 'f:b': {} } }, ['.data.a', '.data.b']],
    ['a field and its own set', { 'f:metadata': { 'f:labels': { '.': {}, 'f:team': {} } } }, ['.metadata.labels', '.metadata.labels.team']],
    [
      'a keyed list item',
      { 'f:spec': { 'f:containers': { 'k:{"name":"log"}': { '.': {}, 'f:image': {} } } } },
      ['.spec.containers[name=log]', '.spec.containers[name=log].image'],
    ],
    ['a set value', { 'f:metadata': { 'f:finalizers': { 'v:"example.com/x"': {} } } }, ['.metadata.finalizers["example.com/x"]']],
  ])('%s', (_name, set, paths) => {
    expect(fieldPaths(set)).toEqual(paths);
  });
});

describe('the schema picture', () => {
  const schema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        required: ['replicas'],
        properties: { replicas: { type: 'integer', minimum: 0 }, tier: { type: 'string', enum: ['small', 'large'] } },
        'x-kubernetes-validations': [{ rule: "self.tier == 'large' || self.replicas <= 3", message: 'at most 3 replicas' }],
      },
    },
  };
  const refused = {
    kind: 'Status',
    details: { causes: [{ reason: 'FieldValueInvalid', field: 'spec', message: 'Invalid value: "object": at most 3 replicas' }] },
  };

  it('lists the fields depth first, with their constraints and rules', () => {
    expect(schemaRows(schema).map((r) => [r.depth, r.path, r.type, r.notes.join('; '), r.rules.length])).toEqual([
      [0, '', 'object', '', 0],
      [1, 'spec', 'object', '', 1],
      [2, 'spec.replicas', 'integer', 'required; minimum: 0', 0],
      [2, 'spec.tier', 'string', 'enum: ["small","large"]', 0],
    ]);
  });

  it.each([
    ['a 422 whose cause is on the rule’s field, with its message', 422, refused, 'Invalid value: "object": at most 3 replicas'],
    ['a 201', 201, { kind: 'Website' }, undefined],
    ['a 422 for another field', 422, { details: { causes: [{ field: 'spec.replicas', message: 'at most 3 replicas' }] } }, undefined],
  ])('the rule is marked failed by %s', (_name, status, json, failed) => {
    const rule = schemaRows(schema, causesOf(status, json)).find((r) => r.path === 'spec')?.rules[0];
    expect(rule?.failed).toBe(failed);
  });
});

describe('the RBAC picture', () => {
  const asAlice = { 'impersonate-user': 'alice', 'impersonate-group': 'dev' };
  const objects: RbacObject[] = [
    {
      kind: 'Role',
      metadata: { name: 'reader', namespace: 'tutorial' },
      rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }],
    },
    {
      kind: 'RoleBinding',
      metadata: { name: 'alice-reads', namespace: 'tutorial' },
      subjects: [{ kind: 'User', name: 'alice' }],
      roleRef: { kind: 'Role', name: 'reader' },
    },
  ];

  it.each([
    ['GET', '/api/v1/namespaces/tutorial/configmaps', 'list', 'configmaps', ''],
    ['GET', '/api/v1/namespaces/tutorial/configmaps?watch=true', 'watch', 'configmaps', ''],
    ['GET', '/api/v1/namespaces/tutorial/configmaps/a', 'get', 'configmaps', 'a'],
    ['DELETE', '/api/v1/namespaces/tutorial/configmaps', 'deletecollection', 'configmaps', ''],
    ['PATCH', '/apis/apps/v1/namespaces/tutorial/statefulsets/web', 'patch', 'statefulsets', 'web'],
  ])('%s %s is %s of %s', (method, path, verb, resource, name) => {
    expect(attributesOf({ method, path, requestHeaders: asAlice })).toMatchObject({
      user: 'alice',
      verb,
      resource,
      name,
      namespace: 'tutorial',
    });
  });

  it('a request without impersonation is the administrator, in system:masters', () => {
    const a = attributesOf({ method: 'GET', path: '/api/v1/namespaces/tutorial/pods', requestHeaders: {} });
    expect(a?.groups).toContain('system:masters');
    expect(a && explain(a, []).verdict).toEqual({ allowed: true, why: 'system:masters is allowed everything' });
  });

  it.each([
    ['a list alice is granted', 'GET', '/api/v1/namespaces/tutorial/configmaps', true, 'RoleBinding alice-reads → Role reader, rule 1'],
    [
      'a delete no rule allows',
      'DELETE',
      '/api/v1/namespaces/tutorial/configmaps/a',
      false,
      'no rule of Role reader allows delete configmaps in tutorial',
    ],
    ['another namespace', 'GET', '/api/v1/namespaces/other/configmaps', false, 'no RoleBinding in other names alice or its groups'],
  ])('%s', (_name, method, path, allowed, why) => {
    const a = attributesOf({ method, path, requestHeaders: asAlice });
    if (!a) throw new Error('not a resource request');
    expect(explain(a, objects).verdict).toEqual({ allowed, why });
  });
});
