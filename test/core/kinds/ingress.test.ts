/** Ingress and IngressClass (networking.orch.io/v1): validation as v1.32 does it, status, generation, tables. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ingressKind } from '../../../core/registry/kinds/ingress.ts';
import { ingressClassKind } from '../../../core/registry/kinds/ingressclass.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, causesOf, expectCreated, serverWith, withChange } from '../../support/validation.ts';

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
  const t = serverPerSuite(() => serverWith([ingressKind]));

  const invalid: { rule: string; path: string; value: unknown; causes: string[] }[] = [
    { rule: 'host may not be an IP', path: 'spec.rules.0.host', value: '10.0.0.1', causes: ['spec.rules[0].host FieldValueInvalid'] },
    {
      rule: 'host may not carry a port',
      path: 'spec.rules.0.host',
      value: 'shop.example.com:8080',
      causes: ['spec.rules[0].host FieldValueInvalid'],
    },
    { rule: 'host is lower case', path: 'spec.rules.0.host', value: 'Shop.example.com', causes: ['spec.rules[0].host FieldValueInvalid'] },
    {
      rule: 'a wildcard only as the whole first label',
      path: 'spec.rules.0.host',
      value: 'shop.*.example.com',
      causes: ['spec.rules[0].host FieldValueInvalid'],
    },
    {
      rule: 'a wildcard label is exactly *',
      path: 'spec.rules.0.host',
      value: 'x*.example.com',
      causes: ['spec.rules[0].host FieldValueInvalid'],
    },
    { rule: '* alone is invalid', path: 'spec.rules.0.host', value: '*', causes: ['spec.rules[0].host FieldValueInvalid'] },
    { rule: 'http.paths is required', path: 'spec.rules.0.http.paths', value: [], causes: ['spec.rules[0].http.paths FieldValueRequired'] },
    {
      rule: 'pathType is required',
      path: 'spec.rules.0.http.paths.0.pathType',
      value: undefined,
      causes: [`${PATH0}.pathType FieldValueRequired`],
    },
    {
      rule: 'pathType is Exact, Prefix or ImplementationSpecific',
      path: 'spec.rules.0.http.paths.0.pathType',
      value: 'Regex',
      causes: [`${PATH0}.pathType FieldValueNotSupported`],
    },
    {
      rule: 'path is required for Prefix',
      path: 'spec.rules.0.http.paths.0.path',
      value: undefined,
      causes: [`${PATH0}.path FieldValueInvalid`],
    },
    {
      rule: 'path starts with / for Prefix',
      path: 'spec.rules.0.http.paths.0.path',
      value: 'cart',
      causes: [`${PATH0}.path FieldValueInvalid`],
    },
    {
      rule: 'path may not contain //',
      path: 'spec.rules.0.http.paths.0.path',
      value: '/a//b',
      causes: [`${PATH0}.path FieldValueInvalid`],
    },
    {
      rule: 'path may not end with /..',
      path: 'spec.rules.0.http.paths.0.path',
      value: '/a/..',
      causes: [`${PATH0}.path FieldValueInvalid`],
    },
    {
      rule: 'backend.service.name is required',
      path: 'spec.rules.0.http.paths.0.backend.service.name',
      value: '',
      causes: [`${PATH0}.backend.service.name FieldValueRequired`],
    },
    {
      rule: 'backend.service.name is a DNS-1035 label',
      path: 'spec.rules.0.http.paths.0.backend.service.name',
      value: '1web',
      causes: [`${PATH0}.backend.service.name FieldValueInvalid`],
    },
    {
      rule: 'a port name or number is required',
      path: 'spec.rules.0.http.paths.0.backend.service.port',
      value: {},
      causes: [`${PATH0}.backend FieldValueRequired`],
    },
    {
      rule: 'port name xor number',
      path: 'spec.rules.0.http.paths.0.backend.service.port',
      value: { name: 'http', number: 80 },
      causes: [`${PATH0}.backend FieldValueInvalid`],
    },
    {
      rule: 'port number in range',
      path: 'spec.rules.0.http.paths.0.backend.service.port',
      value: { number: 70000 },
      causes: [`${PATH0}.backend.service.port.number FieldValueInvalid`],
    },
    {
      rule: 'port name is an IANA service name',
      path: 'spec.rules.0.http.paths.0.backend.service.port',
      value: { name: 'HTTP' },
      causes: [`${PATH0}.backend.service.port.name FieldValueInvalid`],
    },
    {
      rule: 'resource and service are mutually exclusive',
      path: 'spec.rules.0.http.paths.0.backend',
      value: { ...backend, resource: { kind: 'Bucket', name: 'b' } },
      causes: [`${PATH0}.backend FieldValueInvalid`],
    },
    {
      rule: 'a backend needs a resource or a service',
      path: 'spec.rules.0.http.paths.0.backend',
      value: {},
      causes: [`${PATH0}.backend FieldValueInvalid`],
    },
    {
      rule: 'a resource backend needs a kind',
      path: 'spec.rules.0.http.paths.0.backend',
      value: { resource: { name: 'b' } },
      causes: [`${PATH0}.backend.resource.kind FieldValueRequired`],
    },
    { rule: 'defaultBackend is required without rules', path: 'spec.rules', value: undefined, causes: ['spec FieldValueInvalid'] },
    {
      rule: 'defaultBackend is validated too',
      path: 'spec.defaultBackend',
      value: { service: { name: 'web' } },
      causes: ['spec.defaultBackend FieldValueRequired'],
    },
    {
      rule: 'TLS hosts are DNS names',
      path: 'spec.tls',
      value: [{ hosts: ['bad_host'], secretName: 'tls' }],
      causes: ['spec.tls[0].hosts[0] FieldValueInvalid'],
    },
    {
      rule: 'TLS hosts may be wildcards',
      path: 'spec.tls',
      value: [{ hosts: ['*.example.com', '*'] }],
      causes: ['spec.tls[0].hosts[1] FieldValueInvalid'],
    },
    {
      rule: 'TLS secretName is a Secret name',
      path: 'spec.tls',
      value: [{ secretName: 'Bad_Secret' }],
      causes: ['spec.tls[0].secretName FieldValueInvalid'],
    },
    {
      rule: 'ingressClassName is an IngressClass name',
      path: 'spec.ingressClassName',
      value: 'Nginx Class',
      causes: ['spec.ingressClassName FieldValueInvalid'],
    },
    {
      rule: 'the class annotation must agree with ingressClassName',
      path: 'metadata.annotations',
      value: { 'orchestrator.io/ingress.class': 'traefik' },
      causes: ['annotations.orchestrator.io/ingress.class FieldValueInvalid'],
    },
  ];

  it.each(invalid)('$rule', async ({ path, value, causes }) => {
    expect(causeKeys(await call(t, 'POST', ING, withChange(valid, path, value)))).toEqual(causes);
  });

  const accepted: { rule: string; path: string; value: unknown }[] = [
    { rule: 'a wildcard host', path: 'spec.rules.0.host', value: '*.example.com' },
    { rule: 'no host: all traffic', path: 'spec.rules.0.host', value: undefined },
    {
      rule: 'ImplementationSpecific without a path',
      path: 'spec.rules.0.http.paths.0',
      value: { pathType: 'ImplementationSpecific', backend },
    },
    { rule: 'Exact with a path', path: 'spec.rules.0.http.paths.0', value: { path: '/cart', pathType: 'Exact', backend } },
    { rule: 'a rule without http', path: 'spec.rules.0', value: { host: 'shop.example.com' } },
    {
      rule: 'only a default backend',
      path: 'spec',
      value: { defaultBackend: { resource: { apiGroup: 'storage.example.com', kind: 'Bucket', name: 'static' } } },
    },
    { rule: 'a port by name', path: 'spec.rules.0.http.paths.0.backend.service.port', value: { name: 'http' } },
    { rule: 'TLS without a secret (SNI routing)', path: 'spec.tls', value: [{ hosts: ['shop.example.com'] }] },
  ];

  it.each(accepted)('accepts $rule', async ({ path, value }) => {
    const name = `ok-${accepted.findIndex((r) => r.path === path && r.value === value)}`;
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
  const t = serverPerSuite(() => serverWith([ingressKind]));
  let created: any;
  beforeAll(async () => {
    created = expectCreated(await call(t, 'POST', ING, valid));
  });

  const withStatus = (ingress: unknown[]) => ({
    ...created,
    metadata: { ...created.metadata, resourceVersion: undefined },
    status: { loadBalancer: { ingress } },
  });

  it.each([
    {
      rule: 'protocol is TCP, UDP or SCTP',
      ingress: [{ ip: '192.0.2.1', ports: [{ port: 80, protocol: 'HTTP' }] }],
      causes: ['status.loadBalancer.ingress[0].ports[0].protocol FieldValueNotSupported'],
    },
    {
      rule: 'protocol is required',
      ingress: [{ ip: '192.0.2.1', ports: [{ port: 80 }] }],
      causes: ['status.loadBalancer.ingress[0].ports[0].protocol FieldValueRequired'],
    },
    {
      rule: 'port is required',
      ingress: [{ ip: '192.0.2.1', ports: [{ protocol: 'TCP' }] }],
      causes: ['status.loadBalancer.ingress[0].ports[0].port FieldValueRequired'],
    },
    { rule: 'ip is an IP address', ingress: [{ ip: '192.0.2.300' }], causes: ['status.loadBalancer.ingress[0].ip FieldValueInvalid'] },
    {
      rule: 'hostname is a DNS name, not an IP',
      ingress: [{ hostname: '192.0.2.1' }],
      causes: ['status.loadBalancer.ingress[0].hostname FieldValueInvalid'],
    },
  ])('status: $rule', async ({ ingress, causes }) => {
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
    const rules = ['a', 'b', 'c', 'd', 'e'].map((h) => ({
      host: `${h}.example.com`,
      http: { paths: [{ path: '/', pathType: 'Prefix', backend }] },
    }));
    const r = await call(t, 'PUT', `${ING}/ing`, { ...cur, spec: { ...cur.spec, rules, tls: [{ hosts: ['a.example.com'] }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.metadata.generation).toBe(2);
    const table = await call(t, 'GET', ING, undefined, TABLE);
    expect(table.body.rows[0].cells[2]).toBe('a.example.com,b.example.com,c.example.com + 2 more...');
    expect(table.body.rows[0].cells[4]).toBe('80, 443');
  });
});

describe('IngressClass', () => {
  const t = serverPerSuite(() => serverWith([ingressClassKind]));

  const cls = {
    apiVersion: 'networking.orch.io/v1',
    kind: 'IngressClass',
    metadata: { name: 'nginx' },
    spec: { controller: 'example.com/ingress-nginx' },
  };

  it.each([
    { rule: 'controller is required', path: 'spec.controller', value: undefined, causes: ['spec.controller FieldValueRequired'] },
    {
      rule: 'controller is a domain-prefixed path',
      path: 'spec.controller',
      value: 'ingress-nginx',
      causes: ['spec.controller FieldValueInvalid'],
    },
    {
      rule: 'the domain is a DNS subdomain',
      path: 'spec.controller',
      value: 'Example_com/nginx',
      causes: ['spec.controller FieldValueInvalid'],
    },
    { rule: 'parameters need a kind', path: 'spec.parameters', value: { name: 'p' }, causes: ['spec.parameters.kind FieldValueRequired'] },
    {
      rule: 'parameters need a name',
      path: 'spec.parameters',
      value: { kind: 'Params' },
      causes: ['spec.parameters.name FieldValueRequired'],
    },
    {
      rule: 'scope is Cluster or Namespace',
      path: 'spec.parameters',
      value: { kind: 'Params', name: 'p', scope: 'Global' },
      causes: ['spec.parameters.scope FieldValueNotSupported'],
    },
    {
      rule: 'Namespace scope needs a namespace',
      path: 'spec.parameters',
      value: { kind: 'Params', name: 'p', scope: 'Namespace' },
      causes: ['spec.parameters.namespace FieldValueRequired'],
    },
    {
      rule: 'Cluster scope forbids a namespace',
      path: 'spec.parameters',
      value: { kind: 'Params', name: 'p', namespace: 'ns' },
      causes: ['spec.parameters.namespace FieldValueForbidden'],
    },
  ])('$rule', async ({ path, value, causes }) => {
    expect(causeKeys(await call(t, 'POST', CLASSES, withChange(cls, path, value)))).toEqual(causes);
  });

  it('parameters scope defaults to Cluster; the table names the parameters', async () => {
    const body = expectCreated(
      await call(t, 'POST', CLASSES, withChange(cls, 'spec.parameters', { apiGroup: 'k.example.com', kind: 'Params', name: 'p' })),
    );
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
