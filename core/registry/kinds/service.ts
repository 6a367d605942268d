/**
 * Service (core v1, namespaced): a stable address for a set of pods. As the real API server,
 * a create fills the cluster IP (from 10.96.0.0/12), the IP family fields and node ports, and an
 * update keeps what was allocated when the client leaves it out. Allocation here is random and
 * not checked against other Services (there is no data plane to conflict in).
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, nameIsDNS1035Label } from '../../meta/names.ts';
import { validateLabels } from '../../meta/validation.ts';
import { defineKind } from '../definition.ts';
import { Service, type LoadBalancerIngress, type ServicePort, type ServiceSpec } from '../types/core-v1.ts';
import { isIP } from '../kind-support/network-checks.ts';
import { isValidPortNum, validatePortNumOrName } from '../kind-support/pod-spec.ts';
import { AGE_COLUMN } from '../table.ts';

const NODE_PORT_MIN = 30000;
const NODE_PORT_MAX = 32767;
/** The default service CIDR 10.96.0.0/12, without its network and first (API server) addresses. */
const SERVICE_CIDR_BASE = (10 << 24) | (96 << 16);
const SERVICE_CIDR_SIZE = 1 << 20;
const CLIENT_IP_TIMEOUT_DEFAULT = 10800;
const CLIENT_IP_TIMEOUT_MAX = 86400;
/** The node agent's port, never exposed by a load balancer. */
const NODE_AGENT_PORT = 10250;

function specOf(obj: Service): ServiceSpec {
  obj.spec ??= {};
  return obj.spec;
}

function portsOf(spec: ServiceSpec): ServicePort[] {
  return spec.ports ?? [];
}

const externallyAccessible = (spec: ServiceSpec) =>
  spec.type === 'LoadBalancer' || spec.type === 'NodePort' || (spec.type === 'ClusterIP' && (spec.externalIPs ?? []).length > 0);
const needsClusterIP = (spec: ServiceSpec) => spec.type !== 'ExternalName';
const needsNodePorts = (spec: ServiceSpec) =>
  spec.type === 'NodePort' || (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts !== false);
const isHeadless = (spec: ServiceSpec) => spec.clusterIP === 'None';

function randomInt(n: number): number {
  return Math.floor(Math.random() * n);
}

function allocateClusterIP(): string {
  const n = SERVICE_CIDR_BASE + 2 + randomInt(SERVICE_CIDR_SIZE - 3);
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

function allocateNodePort(used: Set<number>): number {
  for (;;) {
    const p = NODE_PORT_MIN + randomInt(NODE_PORT_MAX - NODE_PORT_MIN + 1);
    if (!used.has(p)) return p;
  }
}

function defaults(obj: Service): void {
  const spec = specOf(obj);
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP' && spec.sessionAffinityConfig?.clientIP?.timeoutSeconds == null) {
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: CLIENT_IP_TIMEOUT_DEFAULT } };
  }
  for (const p of portsOf(spec)) {
    if (p.targetPort === undefined || p.targetPort === 0 || p.targetPort === '') p.targetPort = p.port ?? 0;
  }
  if (externallyAccessible(spec) && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
  if (spec.internalTrafficPolicy == null && ['ClusterIP', 'NodePort', 'LoadBalancer'].includes(spec.type ?? ''))
    spec.internalTrafficPolicy = 'Cluster';
  if (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts == null) spec.allocateLoadBalancerNodePorts = true;
  // clusterIP and clusterIPs[0] are one value in two places.
  const ips = spec.clusterIPs ?? [];
  if (!spec.clusterIP && ips.length) spec.clusterIP = ips[0];
  if (spec.clusterIP && !ips.length) spec.clusterIPs = [spec.clusterIP];
}

/** What the real registry allocates on create. */
function allocate(spec: ServiceSpec): void {
  if (needsClusterIP(spec)) {
    if (!spec.clusterIP) {
      spec.clusterIP = allocateClusterIP();
      spec.clusterIPs = [spec.clusterIP];
    }
    if (!spec.ipFamilies?.length) spec.ipFamilies = [isHeadless(spec) || !spec.clusterIP.includes(':') ? 'IPv4' : 'IPv6'];
    if (spec.ipFamilyPolicy == null) spec.ipFamilyPolicy = 'SingleStack';
  }
  if (needsNodePorts(spec)) {
    const used = new Set(portsOf(spec).map((p) => p.nodePort ?? 0));
    for (const p of portsOf(spec)) {
      if (!p.nodePort) {
        p.nodePort = allocateNodePort(used);
        used.add(p.nodePort);
      }
    }
  }
  if (spec.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local' && !spec.healthCheckNodePort) {
    spec.healthCheckNodePort = allocateNodePort(new Set(portsOf(spec).map((p) => p.nodePort ?? 0)));
  }
}

/** An update keeps allocated values the client left out, and drops those the new type no longer uses. */
function prepareForUpdate(obj: Service, old: Service): void {
  const spec = specOf(obj);
  const oldSpec = old.spec ?? {};
  if (needsClusterIP(oldSpec) && needsClusterIP(spec)) {
    if (!spec.clusterIP && oldSpec.clusterIP) spec.clusterIP = oldSpec.clusterIP;
    if (!spec.clusterIPs?.length && oldSpec.clusterIPs?.length) spec.clusterIPs = oldSpec.clusterIPs;
    if (!spec.ipFamilies?.length && oldSpec.ipFamilies?.length) spec.ipFamilies = oldSpec.ipFamilies;
    if (spec.ipFamilyPolicy == null && oldSpec.ipFamilyPolicy != null) spec.ipFamilyPolicy = oldSpec.ipFamilyPolicy;
  }
  if (needsClusterIP(oldSpec) && !needsClusterIP(spec)) {
    if (spec.clusterIP === oldSpec.clusterIP) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    delete spec.ipFamilies;
    delete spec.ipFamilyPolicy;
  }
  const oldPorts = portsOf(oldSpec);
  const match = (p: ServicePort) => oldPorts.find((o) => o.port === p.port && (o.protocol ?? 'TCP') === (p.protocol ?? 'TCP'));
  if (needsNodePorts(oldSpec) && needsNodePorts(spec)) {
    for (const p of portsOf(spec)) {
      const kept = match(p)?.nodePort;
      if (!p.nodePort && kept) p.nodePort = kept;
    }
    if (!spec.healthCheckNodePort && oldSpec.healthCheckNodePort) spec.healthCheckNodePort = oldSpec.healthCheckNodePort;
  }
  if (needsNodePorts(oldSpec) && !needsNodePorts(spec)) {
    for (const p of portsOf(spec)) if (p.nodePort === match(p)?.nodePort) delete p.nodePort;
  }
  if (!externallyAccessible(spec) && spec.externalTrafficPolicy === oldSpec.externalTrafficPolicy) delete spec.externalTrafficPolicy;
  if (spec.type !== 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === oldSpec.allocateLoadBalancerNodePorts)
    delete spec.allocateLoadBalancerNodePorts;
  allocate(spec);
}

function validatePorts(spec: ServiceSpec): FieldError[] {
  const errs: FieldError[] = [];
  const ports = portsOf(spec);
  const names = new Set<string>();
  const keys = new Set<string>();
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    const path = `spec.ports[${i}]`;
    const name = p.name ?? '';
    if (ports.length > 1 && !name) errs.push(fieldErrors.required(`${path}.name`));
    else if (name) {
      for (const m of isDNS1123Label(name)) errs.push(fieldErrors.invalid(`${path}.name`, name, m));
      if (names.has(name)) errs.push(fieldErrors.duplicate(`${path}.name`, name));
      names.add(name);
    }
    const port = p.port ?? 0;
    for (const m of isValidPortNum(port)) errs.push(fieldErrors.invalid(`${path}.port`, port, m));
    errs.push(...validatePortNumOrName(p.targetPort, `${path}.targetPort`));
    if (p.appProtocol != null)
      for (const m of isQualifiedName(p.appProtocol)) errs.push(fieldErrors.invalid(`${path}.appProtocol`, p.appProtocol, m));
    const protocol = p.protocol ?? '';
    const nodePort = p.nodePort ?? 0;
    if (nodePort && spec.type === 'ClusterIP')
      errs.push(fieldErrors.forbidden(`${path}.nodePort`, "may not be used when `type` is 'ClusterIP'"));
    if (nodePort) {
      const key = `${protocol}/${nodePort}`;
      if (nodePorts.has(key)) errs.push(fieldErrors.duplicate(`${path}.nodePort`, nodePort));
      nodePorts.add(key);
    }
    if (spec.type === 'LoadBalancer' && port === NODE_AGENT_PORT) {
      errs.push(fieldErrors.invalid(path, port, `may not expose port ${NODE_AGENT_PORT} externally since it is used by kubelet`));
    }
    const key = `${protocol}/${port}`;
    if (keys.has(key)) errs.push(fieldErrors.duplicate(path, { protocol, port }));
    keys.add(key);
  });
  return errs;
}

function validateSpec(obj: Service): FieldError[] {
  const spec = obj.spec ?? {};
  const errs: FieldError[] = [];
  const type = spec.type ?? '';
  if (!portsOf(spec).length && !isHeadless(spec) && type !== 'ExternalName') errs.push(fieldErrors.required('spec.ports'));
  const ips = spec.clusterIPs ?? [];
  if ((type === 'LoadBalancer' || type === 'NodePort') && isHeadless(spec)) {
    errs.push(fieldErrors.invalid('spec.clusterIPs[0]', 'None', `may not be set to 'None' for ${type} services`));
  }
  if (type === 'ExternalName') {
    if (ips.length) errs.push(fieldErrors.forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
    if (spec.ipFamilies?.length) errs.push(fieldErrors.forbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
    if (spec.ipFamilyPolicy != null) errs.push(fieldErrors.forbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
    const cname = (spec.externalName ?? '').replace(/\.$/, '');
    if (!cname) errs.push(fieldErrors.required('spec.externalName'));
    else for (const m of isDNS1123Subdomain(cname)) errs.push(fieldErrors.invalid('spec.externalName', cname, m));
  }
  ips.forEach((ip, i) => {
    if (ip !== 'None' && !isIP(ip)) errs.push(fieldErrors.invalid(`spec.clusterIPs[${i}]`, ip, 'must be a valid IP address'));
    if (ip === 'None' && i > 0)
      errs.push(fieldErrors.invalid(`spec.clusterIPs[${i}]`, ip, "must be a valid IP address when the first is not 'None'"));
  });
  if (spec.clusterIP && ips.length && spec.clusterIP !== ips[0]) {
    errs.push(fieldErrors.invalid('spec.clusterIPs', ips, 'element [0] must match clusterIP'));
  }
  errs.push(...validatePorts(spec));
  errs.push(...validateLabels(spec.selector, 'spec.selector'));
  const affinity = spec.sessionAffinity ?? '';
  if (affinity === 'ClientIP') {
    const timeout = spec.sessionAffinityConfig?.clientIP?.timeoutSeconds ?? 0;
    if (timeout <= 0 || timeout > CLIENT_IP_TIMEOUT_MAX) {
      errs.push(
        fieldErrors.invalid(
          'spec.sessionAffinityConfig.clientIP.timeoutSeconds',
          timeout,
          `must be greater than 0 and less than ${CLIENT_IP_TIMEOUT_MAX}`,
        ),
      );
    }
  } else if (affinity === 'None' && spec.sessionAffinityConfig != null) {
    errs.push(fieldErrors.forbidden('spec.sessionAffinityConfig', 'must not be set when session affinity is None'));
  }
  (spec.externalIPs ?? []).forEach((ip, i) => {
    if (!isIP(ip)) errs.push(fieldErrors.invalid(`spec.externalIPs[${i}]`, ip, 'must be a valid IP address'));
  });
  if (!externallyAccessible(spec) && spec.externalTrafficPolicy) {
    errs.push(
      fieldErrors.invalid('spec.externalTrafficPolicy', spec.externalTrafficPolicy, 'may only be set for externally-accessible services'),
    );
  }
  if (spec.loadBalancerClass != null) {
    if (type !== 'LoadBalancer')
      errs.push(fieldErrors.forbidden('spec.loadBalancerClass', "may only be used when `type` is 'LoadBalancer'"));
    else
      for (const m of isQualifiedName(spec.loadBalancerClass))
        errs.push(fieldErrors.invalid('spec.loadBalancerClass', spec.loadBalancerClass, m));
  }
  return errs;
}

function validateLoadBalancerStatus(obj: Service): FieldError[] {
  const errs: FieldError[] = [];
  (obj.status?.loadBalancer?.ingress ?? []).forEach((e, i) => {
    const p = `status.loadBalancer.ingress[${i}]`;
    const ip = e.ip ?? '';
    if (ip && !isIP(ip)) errs.push(fieldErrors.invalid(`${p}.ip`, ip, 'must be a valid IP address'));
    if (e.ipMode != null && !ip) errs.push(fieldErrors.required(`${p}.ipMode`, 'must be specified when `ip` is set'));
    const host = e.hostname ?? '';
    if (host) {
      for (const m of isDNS1123Subdomain(host)) errs.push(fieldErrors.invalid(`${p}.hostname`, host, m));
      if (isIP(host)) errs.push(fieldErrors.invalid(`${p}.hostname`, host, 'must be a DNS name, not an IP address'));
    }
  });
  return errs;
}

function validateUpdate(obj: Service, old: Service): FieldError[] {
  const spec = obj.spec ?? {};
  const oldSpec = old.spec ?? {};
  if (spec.type === 'ExternalName' || oldSpec.type === 'ExternalName') return [];
  const ips = spec.clusterIPs ?? [];
  const oldIPs = oldSpec.clusterIPs ?? [];
  if (oldIPs.length && ips.length && ips[0] !== oldIPs[0])
    return [fieldErrors.invalid('spec.clusterIPs[0]', ips, 'may not change once set')];
  return [];
}

// ------------------------------------------------------------------------------ table

/** Load balancer addresses as the real printer joins them (shortened unless wide). */
export function loadBalancerAddresses(ingress: readonly LoadBalancerIngress[] | undefined): string {
  return (ingress ?? [])
    .map((e) => e.ip || e.hostname || '')
    .filter(Boolean)
    .join(',');
}

function shorten(text: string): string {
  return text.length > 16 ? `${text.slice(0, 13)}...` : text;
}

function externalIP(obj: Service): string {
  const spec = obj.spec ?? {};
  const external = spec.externalIPs ?? [];
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return external.length ? external.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = shorten(loadBalancerAddresses(obj.status?.loadBalancer?.ingress));
      const all = [...(lb ? lb.split(',') : []), ...external];
      return all.length ? all.join(',') : '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
    default:
      return '<unknown>';
  }
}

function portsCell(obj: Service): string {
  const ports = portsOf(obj.spec ?? {});
  if (!ports.length) return '<none>';
  return ports.map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol ?? ''}` : `${p.port}/${p.protocol ?? ''}`)).join(',');
}

export const serviceKind = defineKind<Service>({
  group: '',
  version: 'v1',
  kind: 'Service',
  resource: 'services',
  singular: 'service',
  shortNames: ['svc'],
  categories: ['all'],
  namespaced: true,
  schema: Service,
  validateName: nameIsDNS1035Label,
  // A PUT of a missing Service creates it (allocating as a POST does), as the real strategy allows.
  allowCreateOnUpdate: true,
  subresources: {
    status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'], resets: [['spec']] },
  },
  fieldSelectors: {
    'spec.clusterIP': (obj) => obj.spec?.clusterIP ?? '',
    'spec.type': (obj) => obj.spec?.type ?? '',
  },
  table: [
    { name: 'Type', type: 'string', description: 'The type of the service.', cell: (obj) => obj.spec?.type ?? '' },
    {
      name: 'Cluster-IP',
      type: 'string',
      description: 'The address of the service inside the cluster.',
      cell: (obj) => obj.spec?.clusterIP || '<none>',
    },
    {
      name: 'External-IP',
      type: 'string',
      description: 'The addresses the service is reachable at from outside the cluster.',
      cell: externalIP,
    },
    { name: 'Port(s)', type: 'string', description: 'The ports the service exposes.', cell: portsCell },
    AGE_COLUMN,
    {
      name: 'Selector',
      type: 'string',
      priority: 1,
      description: 'The labels of the pods the service sends traffic to.',
      cell(obj) {
        const sel = obj.spec?.selector ?? {};
        const keys = Object.keys(sel).sort();
        return keys.length ? keys.map((k) => `${k}=${sel[k]}`).join(',') : '<none>';
      },
    },
  ],
  strategy: {
    defaults,
    prepareForCreate(obj) {
      obj.status = {};
      allocate(specOf(obj));
    },
    prepareForUpdate(obj, old, ctx) {
      if (ctx.subresource === '') prepareForUpdate(obj, old);
    },
    validate: (obj) => [...validateSpec(obj), ...validateLoadBalancerStatus(obj)],
    validateUpdate: (obj, old, ctx) => (ctx.subresource === '' ? validateUpdate(obj, old) : []),
  },
});
