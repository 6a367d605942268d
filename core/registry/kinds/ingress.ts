/**
 * Ingress (networking.orch.io/v1, namespaced): HTTP routing rules from outside the cluster to
 * Services. Validation follows v1.32; the API's specification adds that a load-balancer port status entry
 * needs its port and a protocol of TCP, UDP or SCTP.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Subdomain, nameIsDNS1035Label, nameIsDNSSubdomain } from '../../meta/names.ts';
import { defineKind } from '../definition.ts';
import { Ingress, type HTTPIngressPath, type IngressBackend, type IngressRule, type IngressTLS } from '../types/networking-v1.ts';
import { isIP } from '../kind-support/network-checks.ts';
import { isValidPortName, isValidPortNum } from '../kind-support/pod-spec.ts';
import { AGE_COLUMN } from '../table.ts';

/** The deprecated annotation that names the class; it must agree with `ingressClassName`. */
export const INGRESS_CLASS_ANNOTATION = 'orchestrator.io/ingress.class';
/** The same annotation in the real platform's spelling, which manifests written for it carry: it counts too. */
export const INGRESS_CLASS_ANNOTATION_ALIAS = 'kubernetes.io/ingress.class';
export const INGRESS_CLASS_ANNOTATIONS: readonly string[] = [INGRESS_CLASS_ANNOTATION, INGRESS_CLASS_ANNOTATION_ALIAS];

const WILDCARD_SUBDOMAIN = /^\*\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const WILDCARD_MSG =
  "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const INVALID_PATH_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const INVALID_PATH_SUFFIXES = ['/..', '/.'];
const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix'];

/** `*.example.com`: a wildcard only as the whole first label. */
export function isWildcardDNS1123Subdomain(host: string): string[] {
  const errs: string[] = [];
  if (host.length > 253) errs.push('must be no more than 253 characters');
  if (!WILDCARD_SUBDOMAIN.test(host)) errs.push(WILDCARD_MSG);
  return errs;
}

function validateHost(host: string, path: string): FieldError[] {
  const msgs = host.includes('*') ? isWildcardDNS1123Subdomain(host) : isDNS1123Subdomain(host);
  return msgs.map((m) => fieldErrors.invalid(path, host, m));
}

function validateBackend(backend: IngressBackend, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const { resource, service } = backend;
  if (resource && service) return [fieldErrors.invalid(path, '', 'cannot set both resource and service backends')];
  if (resource) {
    const group = resource.apiGroup;
    if (group != null) for (const m of isDNS1123Subdomain(group)) errs.push(fieldErrors.invalid(`${path}.resource.apiGroup`, group, m));
    for (const f of ['kind', 'name'] as const) {
      const v = resource[f] ?? '';
      if (!v) errs.push(fieldErrors.required(`${path}.resource.${f}`));
      else for (const m of pathSegmentName(v)) errs.push(fieldErrors.invalid(`${path}.resource.${f}`, v, m));
    }
    return errs;
  }
  if (!service) return [fieldErrors.invalid(path, '', 'resource or service backend is required')];
  const name = service.name ?? '';
  if (!name) errs.push(fieldErrors.required(`${path}.service.name`));
  else for (const m of nameIsDNS1035Label(name, false)) errs.push(fieldErrors.invalid(`${path}.service.name`, name, m));
  const portName = service.port?.name ?? '';
  const portNumber = service.port?.number ?? 0;
  if (portName && portNumber) errs.push(fieldErrors.invalid(path, '', 'cannot set both port name & port number'));
  else if (portName) for (const m of isValidPortName(portName)) errs.push(fieldErrors.invalid(`${path}.service.port.name`, portName, m));
  else if (portNumber)
    for (const m of isValidPortNum(portNumber)) errs.push(fieldErrors.invalid(`${path}.service.port.number`, portNumber, m));
  else errs.push(fieldErrors.required(path, 'port name or number is required'));
  return errs;
}

/** Names that are path segments (a kind or name in a URL). */
function pathSegmentName(v: string): string[] {
  if (v === '.' || v === '..') return [`may not be '${v}'`];
  return ['/', '%'].filter((c) => v.includes(c)).map((c) => `may not contain '${c}'`);
}

function validateHTTPPath(p: HTTPIngressPath, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (p.pathType == null) return [fieldErrors.required(`${path}.pathType`, 'pathType must be specified')];
  const value = p.path ?? '';
  switch (p.pathType) {
    case 'Exact':
    case 'Prefix':
      if (!value.startsWith('/')) errs.push(fieldErrors.invalid(`${path}.path`, value, 'must be an absolute path'));
      if (value) {
        for (const seq of INVALID_PATH_SEQUENCES)
          if (value.includes(seq)) errs.push(fieldErrors.invalid(`${path}.path`, value, `must not contain '${seq}'`));
        for (const suf of INVALID_PATH_SUFFIXES)
          if (value.endsWith(suf)) errs.push(fieldErrors.invalid(`${path}.path`, value, `cannot end with '${suf}'`));
      }
      break;
    case 'ImplementationSpecific':
      if (value && !value.startsWith('/')) errs.push(fieldErrors.invalid(`${path}.path`, value, 'must be an absolute path'));
      break;
    default:
      errs.push(fieldErrors.notSupported(`${path}.pathType`, p.pathType, PATH_TYPES));
  }
  errs.push(...validateBackend(p.backend ?? {}, `${path}.backend`));
  return errs;
}

function validateRules(rules: readonly IngressRule[]): FieldError[] {
  const errs: FieldError[] = [];
  rules.forEach((r, i) => {
    const path = `spec.rules[${i}]`;
    const host = r.host ?? '';
    if (host) {
      if (isIP(host)) errs.push(fieldErrors.invalid(`${path}.host`, host, 'must be a DNS name, not an IP address'));
      errs.push(...validateHost(host, `${path}.host`));
    }
    if (!r.http) return;
    // An empty `paths` is reported by the schema (Required value); a missing one decodes to null,
    // whatever the interface says of a required list.
    (r.http.paths ?? []).forEach((p, j) => errs.push(...validateHTTPPath(p, `${path}.http.paths[${j}]`)));
  });
  return errs;
}

function validateTLS(tls: readonly IngressTLS[]): FieldError[] {
  const errs: FieldError[] = [];
  tls.forEach((t, i) => {
    (t.hosts ?? []).forEach((h, j) => errs.push(...validateHost(h, `spec.tls[${i}].hosts[${j}]`)));
    const secret = t.secretName ?? '';
    if (secret) for (const m of nameIsDNSSubdomain(secret, false)) errs.push(fieldErrors.invalid(`spec.tls[${i}].secretName`, secret, m));
  });
  return errs;
}

function validateSpec(obj: Ingress): FieldError[] {
  const spec = obj.spec ?? {};
  const errs: FieldError[] = [];
  const rules = spec.rules ?? [];
  if (rules.length === 0 && spec.defaultBackend == null) {
    errs.push(fieldErrors.invalid('spec', spec.rules ?? null, 'either `defaultBackend` or `rules` must be specified'));
  }
  if (spec.defaultBackend) errs.push(...validateBackend(spec.defaultBackend, 'spec.defaultBackend'));
  errs.push(...validateRules(rules));
  errs.push(...validateTLS(spec.tls ?? []));
  if (spec.ingressClassName != null) {
    const cls = spec.ingressClassName;
    for (const m of nameIsDNSSubdomain(cls, false)) errs.push(fieldErrors.invalid('spec.ingressClassName', cls, m));
  }
  return errs;
}

function validateStatus(obj: Ingress): FieldError[] {
  const errs: FieldError[] = [];
  (obj.status?.loadBalancer?.ingress ?? []).forEach((e, i) => {
    const path = `status.loadBalancer.ingress[${i}]`;
    const ip = e.ip ?? '';
    if (ip && !isIP(ip)) errs.push(fieldErrors.invalid(`${path}.ip`, ip, 'must be a valid IP address'));
    const host = e.hostname ?? '';
    if (host) {
      for (const m of isDNS1123Subdomain(host)) errs.push(fieldErrors.invalid(`${path}.hostname`, host, m));
      if (isIP(host)) errs.push(fieldErrors.invalid(`${path}.hostname`, host, 'must be a DNS name, not an IP address'));
    }
    (e.ports ?? []).forEach((p, j) => {
      const port = p.port ?? 0;
      // The protocol's presence and values are the schema's; the port needs a value in range.
      if (port === 0) errs.push(fieldErrors.required(`${path}.ports[${j}].port`));
      else for (const m of isValidPortNum(port)) errs.push(fieldErrors.invalid(`${path}.ports[${j}].port`, port, m));
    });
  });
  return errs;
}

/** On create only: the deprecated class annotation may not contradict `ingressClassName`. */
function validateClassAnnotation(obj: Ingress): FieldError[] {
  const cls = obj.spec?.ingressClassName;
  if (cls === undefined) return [];
  return INGRESS_CLASS_ANNOTATIONS.flatMap((key) => {
    const value = obj.metadata.annotations?.[key];
    if (value === undefined || value === cls) return [];
    return [fieldErrors.invalid(`annotations.${key}`, value, 'must match `ingressClassName` when both are specified')];
  });
}

function hosts(rules: readonly IngressRule[] | undefined): string {
  const list: string[] = [];
  const all = rules ?? [];
  const max = 3;
  let more = false;
  for (const r of all) {
    if (list.length === max) more = true;
    const host = r.host ?? '';
    if (!more && host) list.push(host);
  }
  if (!list.length) return '*';
  return more ? `${list.join(',')} + ${all.length - max} more...` : list.join(',');
}

export const ingressKind = defineKind<Ingress>({
  group: 'networking.orch.io',
  version: 'v1',
  kind: 'Ingress',
  resource: 'ingresses',
  singular: 'ingress',
  shortNames: ['ing'],
  namespaced: true,
  schema: Ingress,
  generation: true,
  subresources: {
    status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'], resets: [['spec']] },
  },
  table: [
    {
      name: 'Class',
      type: 'string',
      description: 'The name of the IngressClass resource that should be used for the ingress.',
      cell: (obj) => obj.spec?.ingressClassName ?? '<none>',
    },
    {
      name: 'Hosts',
      type: 'string',
      description: 'Hosts that incoming requests are matched against before the ingress rule',
      cell: (obj) => hosts(obj.spec?.rules),
    },
    {
      name: 'Address',
      type: 'string',
      description: 'Address is a list containing ingress points for the load-balancer',
      cell(obj) {
        const text = (obj.status?.loadBalancer?.ingress ?? [])
          .map((e) => e.ip || e.hostname || '')
          .filter(Boolean)
          .join(',');
        return text.length > 16 ? `${text.slice(0, 13)}...` : text;
      },
    },
    {
      name: 'Ports',
      type: 'string',
      description: 'Ports of TLS configurations that open',
      cell: (obj) => (obj.spec?.tls?.length ? '80, 443' : '80'),
    },
    AGE_COLUMN,
  ],
  strategy: {
    prepareForCreate(obj) {
      obj.status = {};
    },
    validate(obj, ctx) {
      // The deprecated class annotation is checked on create only, as the real platform does.
      return [...validateSpec(obj), ...validateStatus(obj), ...(ctx.operation === 'create' ? validateClassAnnotation(obj) : [])];
    },
  },
});
