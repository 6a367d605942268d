/** Ingress and IngressClass (networking.orch.io/v1): the seed's rules, v1.32 validation, status, tables. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingressKind } from '../../../core/registry/kinds/ingress.ts';
import { ingressClassKind } from '../../../core/registry/kinds/ingressclass.ts';
import { call, causeKeys, causesOf, expectCreated, serverWith, withChange, type Target } from './support.ts';

const ING = '/apis/networking.orch.io/v1/namespaces/default/ingresses';
const CLASSES = '/apis/networking.orch.io/v1/ingressclasses';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const PATH0 = 'spec.rules[0].http.paths[0]';

const backend = { service: { name: 'web', port: { number: 80 } } };
const valid = {
  apiVersion: 'networking.orch.io/v1',
  kind: 'Ingress',
  metadata: { name: 'ing' },
  spec: {
    ingressClassName: 'nginx',
    rules: [{ host: 'shop.example.com', http: { paths: [{ path: '/cart', pathType: 'Prefix', backend }] } }],
  },
};

describe('Ingress validation (create)', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([ingressKind]);
  });
  afterAll(() => t.close());

  const invalid: [string, string, unknown, string[]][] = [
    ['host may not be an IP', 'spec.rules.0.host', '10.0.0.1', ['spec.rules[0].host FieldValueInvalid']],
    ['host may not carry a port', 'spec.rules.0.host', 'shop.example.com:8080', ['spec.rules[0].host FieldValueInvalid']],
    ['host is lower case', 'spec.rules.0.host', 'Shop.example.com', ['spec.rules[0].host FieldValueInvalid']],
    ['a wildcard only as the whole first label', 'spec.rules.0.host', 'shop.*.example.com', ['spec.rules[0].host FieldValueInvalid']],
    ['a wildcard label is exactly *', 'spec.rules.0.host', 'x*.example.com', ['spec.rules[0].host FieldValueInvalid']],
    ['* alone is invalid', 'spec.rules.0.host', '*', ['spec.rules[0].host FieldValueInvalid']],
    ['http.paths is required', 'spec.rules.0.http.paths', [], ['spec.rules[0].http.paths FieldValueRequired']],
    ['pathType is required', 'spec.rules.0.http.paths.0.pathType', undefined, [`${PATH0}.pathType FieldValueRequired`]],
    ['pathType is Exact, Prefix or ImplementationSpecific', 'spec.rules.0.http.paths.0.pathType', 'Regex', [`${PATH0}.pathType FieldValueNotSupported`]],
    ['path is required for Prefix', 'spec.rules.0.http.paths.0.path', undefined, [`${PATH0}.path FieldValueInvalid`]],
    ['path starts with / for Prefix', 'spec.rules.0.http.paths.0.path', 'cart', [`${PATH0}.path FieldValueInvalid`]],
    ['path may not contain //', 'spec.rules.0.http.paths.0.path', '/a//b', [`${PATH0}.path FieldValueInvalid`]],
    ['path may not end with /..', 'spec.rules.0.http.paths.0.path', '/a/..', [`${PATH0}.path FieldValueInvalid`]],
    ['backend.service.name is required', 'spec.rules.0.http.paths.0.backend.service.name', '', [`${PATH0}.backend.service.name FieldValueRequired`]],
    ['backend.service.name is a DNS-1035 label', 'spec.rules.0.http.paths.0.backend.service.name', '1web', [`${PATH0}.backend.service.name FieldValueInvalid`]],
    ['a port name or number is required', 'spec.rules.0.http.paths.0.backend.service.port', {}, [`${PATH0}.backend FieldValueRequired`]],
    ['port name xor number', 'spec.rules.0.http.paths.0.backend.service.port', { name: 'http', number: 80 }, [`${PATH0}.backend FieldValueInvalid`]],
    ['port number in range', 'spec.rules.0.http.paths.0.backend.service.port', { number: 70000 }, [`${PATH0}.backend.service.port.number FieldValueInvalid`]],
    ['port name is an IANA service name', 'spec.rules.0.http.paths.0.backend.service.port', { name: 'HTTP' }, [`${PATH0}.backend.service.port.name FieldValueInvalid`]],
    [
      'resource and service are mutually exclusive',
      'spec.rules.0.http.paths.0.backend',
      { ...backend, resource: { kind: 'Bucket', name: 'b' } },
      [`${PATH0}.backend FieldValueInvalid`],
    ],
    ['a backend needs a resource or a service', 'spec.rules.0.http.paths.0.backend', {}, [`${PATH0}.backend FieldValueInvalid`]],
    ['a resource backend needs a kind', 'spec.rules.0.http.paths.0.backend', { resource: { name: 'b' } }, [`${PATH0}.backend.resource.kind FieldValueRequired`]],
    ['defaultBackend is required without rules', 'spec.rules', undefined, ['spec FieldValueInvalid']],
    ['defaultBackend is validated too', 'spec.defaultBackend', { service: { name: 'web' } }, ['spec.defaultBackend FieldValueRequired']],
    ['TLS hosts are DNS names', 'spec.tls', [{ hosts: ['bad_host'], secretName: 'tls' }], ['spec.tls[0].hosts[0] FieldValueInvalid']],
    ['TLS hosts may be wildcards', 'spec.tls', [{ hosts: ['*.example.com', '*'] }], ['spec.tls[0].hosts[1] FieldValueInvalid']],
    ['TLS secretName is a Secret name', 'spec.tls', [{ secretName: 'Bad_Secret' }], ['spec.tls[0].secretName FieldValueInvalid']],
    ['ingressClassName is an IngressClass name', 'spec.ingressClassName', 'Nginx Class', ['spec.ingressClassName FieldValueInvalid']],
    [
      'the class annotation must agree with ingressClassName',
      'metadata.annotations',
      { 'orchestrator.io/ingress.class': 'traefik' },
      ['annotations.orchestrator.io/ingress.class FieldValueInvalid'],
    ],
  ];

  it.each(invalid)('%s', async (_rule, path, value, causes) => {
    expect(causeKeys(await call(t, 'POST', ING, withChange(valid, path, value)))).toEqual(causes);
  });

  const accepted: [string, string, unknown][] = [
    ['a wildcard host', 'spec.rules.0.host', '*.example.com'],
    ['no host: all traffic', 'spec.rules.0.host', undefined],
    ['ImplementationSpecific without a path', 'spec.rules.0.http.paths.0', { pathType: 'ImplementationSpecific', backend }],
    ['Exact with a path', 'spec.rules.0.http.paths.0', { path: '/cart', pathType: 'Exact', backend }],
    ['a rule without http', 'spec.rules.0', { host: 'shop.example.com' }],
    ['only a default backend', 'spec', { defaultBackend: { resource: { apiGroup: 'storage.example.com', kind: 'Bucket', name: 'static' } } }],
    ['a port by name', 'spec.rules.0.http.paths.0.backend.service.port', { name: 'http' }],
    ['TLS without a secret (SNI routing)', 'spec.tls', [{ hosts: ['shop.example.com'] }]],
  ];

  it.each(accepted)('accepts %s', async (_rule, path, value) => {
    const name = `ok-${accepted.findIndex((r) => r[1] === path && r[2] === value)}`;
    expectCreated(await call(t, 'POST', ING, withChange(withChange(valid, path, value), 'metadata.name', name)));
  });

  it('says what is missing in the real words', async () => {
    const causes = causesOf(await call(t, 'POST', ING, withChange(valid, 'spec.rules.0.host', '10.0.0.1')));
    expect(causes[0].message).toBe('Invalid value: "10.0.0.1": must be a DNS name, not an IP address');
    const pt = causesOf(await call(t, 'POST', ING, withChange(valid, 'spec.rules.0.http.paths.0.pathType', 'Regex')));
    expect(pt[0].message).toBe('Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"');
  });
});

describe('Ingress status, generation and table', () => {
  let t: Target;
  let created: any;
  beforeAll(async () => {
    t = await serverWith([ingressKind]);
    created = expectCreated(await call(t, 'POST', ING, valid));
  });
  afterAll(() => t.close());

  const withStatus = (ingress: unknown[]) => ({ ...created, metadata: { ...created.metadata, resourceVersion: undefined }, status: { loadBalancer: { ingress } } });

  it.each([
    ['protocol is TCP, UDP or SCTP', [{ ip: '192.0.2.1', ports: [{ port: 80, protocol: 'HTTP' }] }], ['status.loadBalancer.ingress[0].ports[0].protocol FieldValueNotSupported']],
    ['protocol is required', [{ ip: '192.0.2.1', ports: [{ port: 80 }] }], ['status.loadBalancer.ingress[0].ports[0].protocol FieldValueRequired']],
    ['port is required', [{ ip: '192.0.2.1', ports: [{ protocol: 'TCP' }] }], ['status.loadBalancer.ingress[0].ports[0].port FieldValueRequired']],
    ['ip is an IP address', [{ ip: '192.0.2.300' }], ['status.loadBalancer.ingress[0].ip FieldValueInvalid']],
    ['hostname is a DNS name, not an IP', [{ hostname: '192.0.2.1' }], ['status.loadBalancer.ingress[0].hostname FieldValueInvalid']],
  ])('status: %s', async (_rule, ingress, causes) => {
    expect(causeKeys(await call(t, 'PUT', `${ING}/ing/status`, withStatus(ingress)))).toEqual(causes);
  });

  it('a valid status is stored through /status and shown as Address', async () => {
    const lb = [{ ip: '192.0.2.1', ports: [{ port: 443, protocol: 'TCP', error: 'Pending' }] }, { hostname: 'lb.example.com' }];
    const r = await call(t, 'PUT', `${ING}/ing/status`, withStatus(lb));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status.loadBalancer.ingress).toEqual(lb);
    expect(r.body.metadata.generation).toBe(1);
    const table = await call(t, 'GET', ING, undefined, TABLE);
    expect(table.body.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Class', 'Hosts', 'Address', 'Ports', 'Age']);
    expect(table.body.rows[0].cells.slice(0, 5)).toEqual(['ing', 'nginx', 'shop.example.com', '192.0.2.1,lb....', '80']);
  });

  it('a spec change moves generation; hosts beyond three are counted, TLS opens 443', async () => {
    const cur = (await call(t, 'GET', `${ING}/ing`)).body;
    const rules = ['a', 'b', 'c', 'd', 'e'].map((h) => ({ host: `${h}.example.com`, http: { paths: [{ path: '/', pathType: 'Prefix', backend }] } }));
    const r = await call(t, 'PUT', `${ING}/ing`, { ...cur, spec: { ...cur.spec, rules, tls: [{ hosts: ['a.example.com'] }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.metadata.generation).toBe(2);
    const table = await call(t, 'GET', ING, undefined, TABLE);
    expect(table.body.rows[0].cells[2]).toBe('a.example.com,b.example.com,c.example.com + 2 more...');
    expect(table.body.rows[0].cells[4]).toBe('80, 443');
  });
});

describe('IngressClass', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([ingressClassKind]);
  });
  afterAll(() => t.close());

  const cls = { apiVersion: 'networking.orch.io/v1', kind: 'IngressClass', metadata: { name: 'nginx' }, spec: { controller: 'example.com/ingress-nginx' } };

  it.each([
    ['controller is required', 'spec.controller', undefined, ['spec.controller FieldValueRequired']],
    ['controller is a domain-prefixed path', 'spec.controller', 'ingress-nginx', ['spec.controller FieldValueInvalid']],
    ['the domain is a DNS subdomain', 'spec.controller', 'Example_com/nginx', ['spec.controller FieldValueInvalid']],
    ['parameters need a kind', 'spec.parameters', { name: 'p' }, ['spec.parameters.kind FieldValueRequired']],
    ['parameters need a name', 'spec.parameters', { kind: 'Params' }, ['spec.parameters.name FieldValueRequired']],
    ['scope is Cluster or Namespace', 'spec.parameters', { kind: 'Params', name: 'p', scope: 'Global' }, ['spec.parameters.scope FieldValueNotSupported']],
    ['Namespace scope needs a namespace', 'spec.parameters', { kind: 'Params', name: 'p', scope: 'Namespace' }, ['spec.parameters.namespace FieldValueRequired']],
    ['Cluster scope forbids a namespace', 'spec.parameters', { kind: 'Params', name: 'p', namespace: 'ns' }, ['spec.parameters.namespace FieldValueForbidden']],
  ])('%s', async (_rule, path, value, causes) => {
    expect(causeKeys(await call(t, 'POST', CLASSES, withChange(cls, path, value)))).toEqual(causes);
  });

  it('parameters scope defaults to Cluster; the table names the parameters', async () => {
    const body = expectCreated(await call(t, 'POST', CLASSES, withChange(cls, 'spec.parameters', { apiGroup: 'k.example.com', kind: 'Params', name: 'p' })));
    expect(body.metadata.namespace).toBeUndefined();
    expect(body.metadata.generation).toBe(1);
    expect(body.spec.parameters).toEqual({ apiGroup: 'k.example.com', kind: 'Params', name: 'p', scope: 'Cluster' });
    const table = await call(t, 'GET', CLASSES, undefined, TABLE);
    expect(table.body.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Controller', 'Parameters', 'Age']);
    expect(table.body.rows[0].cells.slice(0, 3)).toEqual(['nginx', 'example.com/ingress-nginx', 'Params.k.example.com/p']);
  });

  it('the controller is immutable', async () => {
    const cur = (await call(t, 'GET', `${CLASSES}/nginx`)).body;
    const r = await call(t, 'PUT', `${CLASSES}/nginx`, withChange(cur, 'spec.controller', 'example.com/other'));
    expect(causeKeys(r)).toEqual(['spec.controller FieldValueInvalid']);
    expect(r.body.details.causes[0].message).toBe('Invalid value: "example.com/other": field is immutable');
  });
});
