/** Service (core v1): defaults and allocation, validation, update rules, status, field selectors, table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceKind } from '../../../core/registry/kinds/service.ts';
import { call, causeKeys, expectCreated, serverWith, withChange, type Target } from './support.ts';

const SVCS = '/api/v1/namespaces/default/services';
const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const IPV4 = /^10\.(9[6-9]|10[0-9]|11[01])\.\d{1,3}\.\d{1,3}$/;

const valid = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web' },
  spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80 }] },
};

describe('Service validation (create)', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([serviceKind]);
  });
  afterAll(() => t.close());

  it.each([
    ['names are DNS-1035 labels', 'metadata.name', '1web', ['metadata.name FieldValueInvalid']],
    ['ports are required', 'spec.ports', [], ['spec.ports FieldValueRequired']],
    // targetPort defaults to port, so it is out of range too (as on the real platform).
    ['port is in 1..65535', 'spec.ports.0.port', 70000, ['spec.ports[0].port FieldValueInvalid', 'spec.ports[0].targetPort FieldValueInvalid']],
    ['targetPort is in 1..65535', 'spec.ports.0.targetPort', 70000, ['spec.ports[0].targetPort FieldValueInvalid']],
    ['protocol is TCP, UDP or SCTP', 'spec.ports.0.protocol', 'HTTP', ['spec.ports[0].protocol FieldValueNotSupported']],
    ['several ports need names', 'spec.ports', [{ port: 80 }, { port: 443 }], ['spec.ports[0].name FieldValueRequired', 'spec.ports[1].name FieldValueRequired']],
    ['port names are unique', 'spec.ports', [{ name: 'a', port: 80 }, { name: 'a', port: 443 }], ['spec.ports[1].name FieldValueDuplicate']],
    ['port and protocol pairs are unique', 'spec.ports', [{ name: 'a', port: 80 }, { name: 'b', port: 80 }], ['spec.ports[1] FieldValueDuplicate']],
    ['targetPort names are IANA service names', 'spec.ports.0.targetPort', 'Web_Port', ['spec.ports[0].targetPort FieldValueInvalid']],
    ['type is one of four', 'spec.type', 'Internal', ['spec.type FieldValueNotSupported']],
    ['ClusterIP services have no nodePort', 'spec.ports.0.nodePort', 30080, ['spec.ports[0].nodePort FieldValueForbidden']],
    ['clusterIP is an IP or None', 'spec.clusterIP', '10.96.0.300', ['spec.clusterIPs[0] FieldValueInvalid']],
    ['NodePort services are not headless', 'spec', { type: 'NodePort', clusterIP: 'None', ports: [{ port: 80 }] }, ['spec.clusterIPs[0] FieldValueInvalid']],
    ['ExternalName needs externalName', 'spec', { type: 'ExternalName' }, ['spec.externalName FieldValueRequired']],
    ['externalName is a DNS name', 'spec', { type: 'ExternalName', externalName: 'db_host' }, ['spec.externalName FieldValueInvalid']],
    ['sessionAffinity is ClientIP or None', 'spec.sessionAffinity', 'Cookie', ['spec.sessionAffinity FieldValueNotSupported']],
    ['externalTrafficPolicy only for external services', 'spec.externalTrafficPolicy', 'Local', ['spec.externalTrafficPolicy FieldValueInvalid']],
    ['externalIPs are IPs', 'spec.externalIPs', ['example.com'], ['spec.externalIPs[0] FieldValueInvalid']],
    ['selector keys are label keys', 'spec.selector', { 'bad key': 'x' }, ['spec.selector FieldValueInvalid']],
  ])('%s', async (_rule, path, value, causes) => {
    expect(causeKeys(await call(t, 'POST', SVCS, withChange(valid, path, value)))).toEqual(causes);
  });
});

describe('Service defaults and allocation', () => {
  let t: Target;
  beforeAll(async () => {
    t = await serverWith([serviceKind]);
  });
  afterAll(() => t.close());

  it('a ClusterIP service gets defaults, a cluster IP and its family', async () => {
    const body = expectCreated(await call(t, 'POST', SVCS, valid));
    expect(body.spec).toMatchObject({
      ports: [{ name: 'http', protocol: 'TCP', port: 80, targetPort: 80 }],
      type: 'ClusterIP',
      sessionAffinity: 'None',
      ipFamilies: ['IPv4'],
      ipFamilyPolicy: 'SingleStack',
      internalTrafficPolicy: 'Cluster',
    });
    expect(body.spec.clusterIP).toMatch(IPV4);
    expect(body.spec.clusterIPs).toEqual([body.spec.clusterIP]);
    expect(body.spec.externalTrafficPolicy).toBeUndefined();
    expect(body.status).toEqual({ loadBalancer: {} });
  });

  it('a headless service keeps None', async () => {
    const body = expectCreated(await call(t, 'POST', SVCS, withChange(withChange(valid, 'metadata.name', 'headless'), 'spec.clusterIP', 'None')));
    expect(body.spec.clusterIP).toBe('None');
    expect(body.spec.clusterIPs).toEqual(['None']);
  });

  it('a LoadBalancer service gets node ports, Cluster traffic policy and node-port allocation on', async () => {
    const body = expectCreated(await call(t, 'POST', SVCS, withChange(withChange(valid, 'metadata.name', 'lb'), 'spec.type', 'LoadBalancer')));
    expect(body.spec).toMatchObject({ externalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: true });
    expect(body.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
    expect(body.spec.ports[0].nodePort).toBeLessThanOrEqual(32767);
  });

  it('ClientIP affinity gets a 3-hour timeout', async () => {
    const body = expectCreated(await call(t, 'POST', SVCS, withChange(withChange(valid, 'metadata.name', 'sticky'), 'spec.sessionAffinity', 'ClientIP')));
    expect(body.spec.sessionAffinityConfig).toEqual({ clientIP: { timeoutSeconds: 10800 } });
  });

  it('an ExternalName service has no cluster IP or families', async () => {
    const body = expectCreated(await call(t, 'POST', SVCS, { metadata: { name: 'db' }, spec: { type: 'ExternalName', externalName: 'db.example.com.' } }));
    expect(body.spec.clusterIP).toBeUndefined();
    expect(body.spec.ipFamilies).toBeUndefined();
    expect(body.spec.internalTrafficPolicy).toBeUndefined();
  });
});

describe('Service updates, status, selectors and table', () => {
  let t: Target;
  let created: any;
  beforeAll(async () => {
    t = await serverWith([serviceKind]);
    created = expectCreated(await call(t, 'POST', SVCS, withChange(valid, 'spec.type', 'NodePort')));
    expectCreated(await call(t, 'POST', SVCS, withChange(valid, 'metadata.name', 'plain')));
  });
  afterAll(() => t.close());

  const current = async (name = 'web') => {
    const body = (await call(t, 'GET', `${SVCS}/${name}`)).body;
    delete body.metadata.resourceVersion;
    return body;
  };

  it('an update without clusterIP or nodePort keeps what was allocated', async () => {
    const cur = await current();
    const r = await call(t, 'PUT', `${SVCS}/web`, { ...cur, spec: { type: 'NodePort', selector: { app: 'web2' }, ports: [{ name: 'http', port: 80 }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.spec.clusterIP).toBe(created.spec.clusterIP);
    expect(r.body.spec.ports[0].nodePort).toBe(created.spec.ports[0].nodePort);
  });

  it('the cluster IP may not change once set', async () => {
    const r = await call(t, 'PUT', `${SVCS}/web`, withChange(withChange(await current(), 'spec.clusterIP', '10.96.0.99'), 'spec.clusterIPs', ['10.96.0.99']));
    expect(causeKeys(r)).toEqual(['spec.clusterIPs[0] FieldValueInvalid']);
  });

  it('changing to ClusterIP drops the allocated node ports', async () => {
    const r = await call(t, 'PUT', `${SVCS}/web`, withChange(withChange(await current(), 'spec.type', 'ClusterIP'), 'spec.externalTrafficPolicy', undefined));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.spec.ports[0].nodePort).toBeUndefined();
  });

  it('status is written through /status; load balancer addresses are checked', async () => {
    const cur = await current('plain');
    const ok = await call(t, 'PUT', `${SVCS}/plain/status`, { ...cur, status: { loadBalancer: { ingress: [{ ip: '192.0.2.10' }] } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const bad = await call(t, 'PUT', `${SVCS}/plain/status`, { ...cur, status: { loadBalancer: { ingress: [{ hostname: '192.0.2.10' }] } } });
    expect(causeKeys(bad)).toEqual(['status.loadBalancer.ingress[0].hostname FieldValueInvalid']);
  });

  it.each([
    ['spec.type=ClusterIP', ['plain', 'web']],
    ['spec.type=NodePort', []],
  ])('fieldSelector %s', async (selector, names) => {
    const r = await call(t, 'GET', `${SVCS}?fieldSelector=${encodeURIComponent(selector)}`);
    expect(r.body.items.map((s: any) => s.metadata.name)).toEqual(names);
  });

  it('the table shows Type, Cluster-IP, External-IP, Port(s), Age and wide Selector', async () => {
    await call(t, 'POST', SVCS, { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', ports: [{ port: 443, nodePort: 31443 }] } });
    const r = await call(t, 'GET', SVCS, undefined, TABLE);
    expect(r.body.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Type', 'Cluster-IP', 'External-IP', 'Port(s)', 'Age', 'Selector']);
    const rows = Object.fromEntries(r.body.rows.map((row: any) => [row.cells[0], row.cells]));
    expect(rows.lb.slice(1, 5)).toEqual(['LoadBalancer', expect.stringMatching(IPV4), '<pending>', '443:31443/TCP']);
    expect(rows.lb[6]).toBe('<none>');
    expect(rows.web.slice(1, 5)).toEqual(['ClusterIP', created.spec.clusterIP, '<none>', '80/TCP']);
    expect(rows.web[6]).toBe('app=web2');
  });
});
