/** Service (core v1): defaults and allocation, validation, update rules, status, field selectors, table. */
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceKind } from '../../../core/registry/kinds/service.ts';
import { call, serverPerSuite } from '../../support/targets.ts';
import { causeKeys, expectCreated, serverWith, withChange } from '../../support/validation.ts';

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
  const t = serverPerSuite(() => serverWith([serviceKind]));

  it.each([
    { rule: 'names are DNS-1035 labels', path: 'metadata.name', value: '1web', causes: ['metadata.name FieldValueInvalid'] },
    { rule: 'ports are required', path: 'spec.ports', value: [], causes: ['spec.ports FieldValueRequired'] },
    // targetPort defaults to port, so it is out of range too (as on the real platform).
    {
      rule: 'port is in 1..65535',
      path: 'spec.ports.0.port',
      value: 70000,
      causes: ['spec.ports[0].port FieldValueInvalid', 'spec.ports[0].targetPort FieldValueInvalid'],
    },
    {
      rule: 'targetPort is in 1..65535',
      path: 'spec.ports.0.targetPort',
      value: 70000,
      causes: ['spec.ports[0].targetPort FieldValueInvalid'],
    },
    {
      rule: 'protocol is TCP, UDP or SCTP',
      path: 'spec.ports.0.protocol',
      value: 'HTTP',
      causes: ['spec.ports[0].protocol FieldValueNotSupported'],
    },
    {
      rule: 'several ports need names',
      path: 'spec.ports',
      value: [{ port: 80 }, { port: 443 }],
      causes: ['spec.ports[0].name FieldValueRequired', 'spec.ports[1].name FieldValueRequired'],
    },
    {
      rule: 'port names are unique',
      path: 'spec.ports',
      value: [
        { name: 'a', port: 80 },
        { name: 'a', port: 443 },
      ],
      causes: ['spec.ports[1].name FieldValueDuplicate'],
    },
    {
      rule: 'port and protocol pairs are unique',
      path: 'spec.ports',
      value: [
        { name: 'a', port: 80 },
        { name: 'b', port: 80 },
      ],
      causes: ['spec.ports[1] FieldValueDuplicate'],
    },
    {
      rule: 'targetPort names are IANA service names',
      path: 'spec.ports.0.targetPort',
      value: 'Web_Port',
      causes: ['spec.ports[0].targetPort FieldValueInvalid'],
    },
    { rule: 'type is one of four', path: 'spec.type', value: 'Internal', causes: ['spec.type FieldValueNotSupported'] },
    {
      rule: 'ClusterIP services have no nodePort',
      path: 'spec.ports.0.nodePort',
      value: 30080,
      causes: ['spec.ports[0].nodePort FieldValueForbidden'],
    },
    { rule: 'clusterIP is an IP or None', path: 'spec.clusterIP', value: '10.96.0.300', causes: ['spec.clusterIPs[0] FieldValueInvalid'] },
    {
      rule: 'NodePort services are not headless',
      path: 'spec',
      value: { type: 'NodePort', clusterIP: 'None', ports: [{ port: 80 }] },
      causes: ['spec.clusterIPs[0] FieldValueInvalid'],
    },
    {
      rule: 'ExternalName needs externalName',
      path: 'spec',
      value: { type: 'ExternalName' },
      causes: ['spec.externalName FieldValueRequired'],
    },
    {
      rule: 'externalName is a DNS name',
      path: 'spec',
      value: { type: 'ExternalName', externalName: 'db_host' },
      causes: ['spec.externalName FieldValueInvalid'],
    },
    {
      rule: 'sessionAffinity is ClientIP or None',
      path: 'spec.sessionAffinity',
      value: 'Cookie',
      causes: ['spec.sessionAffinity FieldValueNotSupported'],
    },
    {
      rule: 'externalTrafficPolicy only for external services',
      path: 'spec.externalTrafficPolicy',
      value: 'Local',
      causes: ['spec.externalTrafficPolicy FieldValueInvalid'],
    },
    { rule: 'externalIPs are IPs', path: 'spec.externalIPs', value: ['example.com'], causes: ['spec.externalIPs[0] FieldValueInvalid'] },
    { rule: 'selector keys are label keys', path: 'spec.selector', value: { 'bad key': 'x' }, causes: ['spec.selector FieldValueInvalid'] },
  ])('$rule', async ({ path, value, causes }) => {
    expect(causeKeys(await call(t, 'POST', SVCS, withChange(valid, path, value)))).toEqual(causes);
  });
});

describe('Service defaults and allocation', () => {
  const t = serverPerSuite(() => serverWith([serviceKind]));

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
    const body = expectCreated(
      await call(t, 'POST', SVCS, withChange(withChange(valid, 'metadata.name', 'headless'), 'spec.clusterIP', 'None')),
    );
    expect(body.spec.clusterIP).toBe('None');
    expect(body.spec.clusterIPs).toEqual(['None']);
  });

  it('a LoadBalancer service gets node ports, Cluster traffic policy and node-port allocation on', async () => {
    const body = expectCreated(
      await call(t, 'POST', SVCS, withChange(withChange(valid, 'metadata.name', 'lb'), 'spec.type', 'LoadBalancer')),
    );
    expect(body.spec).toMatchObject({ externalTrafficPolicy: 'Cluster', allocateLoadBalancerNodePorts: true });
    expect(body.spec.ports[0].nodePort).toBeGreaterThanOrEqual(30000);
    expect(body.spec.ports[0].nodePort).toBeLessThanOrEqual(32767);
  });

  it('ClientIP affinity gets a 3-hour timeout', async () => {
    const body = expectCreated(
      await call(t, 'POST', SVCS, withChange(withChange(valid, 'metadata.name', 'sticky'), 'spec.sessionAffinity', 'ClientIP')),
    );
    expect(body.spec.sessionAffinityConfig).toEqual({ clientIP: { timeoutSeconds: 10800 } });
  });

  it('an ExternalName service has no cluster IP or families', async () => {
    const body = expectCreated(
      await call(t, 'POST', SVCS, { metadata: { name: 'db' }, spec: { type: 'ExternalName', externalName: 'db.example.com.' } }),
    );
    expect(body.spec.clusterIP).toBeUndefined();
    expect(body.spec.ipFamilies).toBeUndefined();
    expect(body.spec.internalTrafficPolicy).toBeUndefined();
  });
});

describe('Service updates, status, selectors and table', () => {
  const t = serverPerSuite(() => serverWith([serviceKind]));
  let created: any;
  beforeAll(async () => {
    created = expectCreated(await call(t, 'POST', SVCS, withChange(valid, 'spec.type', 'NodePort')));
    expectCreated(await call(t, 'POST', SVCS, withChange(valid, 'metadata.name', 'plain')));
  });

  const current = async (name = 'web') => {
    const body = (await call(t, 'GET', `${SVCS}/${name}`)).body;
    delete body.metadata.resourceVersion;
    return body;
  };

  it('an update without clusterIP or nodePort keeps what was allocated', async () => {
    const cur = await current();
    const r = await call(t, 'PUT', `${SVCS}/web`, {
      ...cur,
      spec: { type: 'NodePort', selector: { app: 'web2' }, ports: [{ name: 'http', port: 80 }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.spec.clusterIP).toBe(created.spec.clusterIP);
    expect(r.body.spec.ports[0].nodePort).toBe(created.spec.ports[0].nodePort);
  });

  it('the cluster IP may not change once set', async () => {
    const r = await call(
      t,
      'PUT',
      `${SVCS}/web`,
      withChange(withChange(await current(), 'spec.clusterIP', '10.96.0.99'), 'spec.clusterIPs', ['10.96.0.99']),
    );
    expect(causeKeys(r)).toEqual(['spec.clusterIPs[0] FieldValueInvalid']);
  });

  it('changing to ClusterIP drops the allocated node ports', async () => {
    const r = await call(
      t,
      'PUT',
      `${SVCS}/web`,
      withChange(withChange(await current(), 'spec.type', 'ClusterIP'), 'spec.externalTrafficPolicy', undefined),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.spec.ports[0].nodePort).toBeUndefined();
  });

  it('status is written through /status; load balancer addresses are checked', async () => {
    const cur = await current('plain');
    const ok = await call(t, 'PUT', `${SVCS}/plain/status`, { ...cur, status: { loadBalancer: { ingress: [{ ip: '192.0.2.10' }] } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const bad = await call(t, 'PUT', `${SVCS}/plain/status`, {
      ...cur,
      status: { loadBalancer: { ingress: [{ hostname: '192.0.2.10' }] } },
    });
    expect(causeKeys(bad)).toEqual(['status.loadBalancer.ingress[0].hostname FieldValueInvalid']);
  });

  it.each([
    { selector: 'spec.type=ClusterIP', names: ['plain', 'web'] },
    { selector: 'spec.type=NodePort', names: [] },
  ])('fieldSelector $selector', async ({ selector, names }) => {
    const r = await call(t, 'GET', `${SVCS}?fieldSelector=${encodeURIComponent(selector)}`);
    expect(r.body.items.map((s: any) => s.metadata.name)).toEqual(names);
  });

  it('the table shows Type, Cluster-IP, External-IP, Port(s), Age and wide Selector', async () => {
    await call(t, 'POST', SVCS, { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', ports: [{ port: 443, nodePort: 31443 }] } });
    const r = await call(t, 'GET', SVCS, undefined, TABLE);
    expect(r.body.columnDefinitions.map((c: any) => c.name)).toEqual([
      'Name',
      'Type',
      'Cluster-IP',
      'External-IP',
      'Port(s)',
      'Age',
      'Selector',
    ]);
    const rows = Object.fromEntries(r.body.rows.map((row: any) => [row.cells[0], row.cells]));
    expect(rows.lb.slice(1, 5)).toEqual(['LoadBalancer', expect.stringMatching(IPV4), '<pending>', '443:31443/TCP']);
    expect(rows.lb[6]).toBe('<none>');
    expect(rows.web.slice(1, 5)).toEqual(['ClusterIP', created.spec.clusterIP, '<none>', '80/TCP']);
    expect(rows.web[6]).toBe('app=web2');
  });
});
