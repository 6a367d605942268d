/**
 * The pod spec as both Pods and pod templates (StatefulSet) carry it: the defaults the real
 * platform applies that depend on other fields, the fields it drops while their feature is off,
 * the validation of a Pod's spec (v1.32 validates a template only through its schema: the
 * workload controllers' own checks are in their kinds), and the table cells of containers.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import type { FeatureGates } from '../../features/feature-gates.ts';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from '../../meta/names.ts';
import { validateLabels } from '../../meta/validation.ts';
import type {
  Container,
  ContainerPort,
  EnvVar,
  EnvVarSource,
  EphemeralContainer,
  Lifecycle,
  LifecycleHandler,
  PodSpec,
  Probe,
  ProbeHandler,
  ResourceRequirements,
  Toleration,
  Volume,
  VolumeMount,
  VolumeSource,
} from '../types/core-v1.ts';

/** A feature gate's state; gates this server does not list are alpha gates of v1.32, so off. */
export function gateOn(gates: FeatureGates, name: string): boolean {
  try {
    return gates.enabled(name);
  } catch {
    return false;
  }
}

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** A container of any of the three lists: ephemeral containers share the fields read here. */
type AnyContainer = Container | EphemeralContainer;

/** The volume sources of VolumeSource, in declaration order (exactly one may be set). */
const VOLUME_SOURCES: readonly (keyof VolumeSource)[] = [
  'hostPath',
  'emptyDir',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'secret',
  'nfs',
  'iscsi',
  'glusterfs',
  'persistentVolumeClaim',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'downwardAPI',
  'fc',
  'azureFile',
  'configMap',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'projected',
  'portworxVolume',
  'scaleIO',
  'storageos',
  'csi',
  'ephemeral',
  'image',
];

function containersOf(spec: PodSpec, list: (typeof CONTAINER_LISTS)[number]): AnyContainer[] {
  return spec[list] ?? [];
}

/** Image tag as the real platform's image-name parser finds it (`latest` when neither tag nor digest). */
function imageTag(image: string): string {
  const at = image.indexOf('@');
  const name = at >= 0 ? image.slice(0, at) : image;
  const lastSlash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  if (colon > lastSlash) return name.slice(colon + 1);
  return at >= 0 ? '' : 'latest';
}

export interface PodDefaultOptions {
  /** A Pod (rather than a template): pod-only defaults apply (service links, requests from limits). */
  readonly pod: boolean;
}

/** Defaults of a pod spec that depend on other fields (the schema holds the fixed ones). */
export function defaultPodSpec(spec: PodSpec, opts: PodDefaultOptions): void {
  for (const list of CONTAINER_LISTS) {
    for (const c of containersOf(spec, list)) {
      if (!c.imagePullPolicy) c.imagePullPolicy = imageTag(c.image ?? '') === 'latest' ? 'Always' : 'IfNotPresent';
      if (opts.pod) defaultRequestsFromLimits(c);
    }
  }
  // A volume without a source is an emptyDir (deprecated, still the real behaviour).
  for (const v of spec.volumes ?? []) {
    if (!VOLUME_SOURCES.some((s) => v[s] != null)) v.emptyDir = {};
  }
  // The v1 conversion keeps the deprecated `serviceAccount` equal to `serviceAccountName`.
  const sa = spec.serviceAccountName || spec.serviceAccount;
  if (sa) {
    spec.serviceAccountName = sa;
    spec.serviceAccount = sa;
  }
  if (opts.pod) {
    if (spec.enableServiceLinks == null) spec.enableServiceLinks = true;
    if (spec.hostNetwork === true) {
      for (const list of ['initContainers', 'containers'] as const) {
        for (const c of containersOf(spec, list)) {
          for (const p of c.ports ?? []) if (!p.hostPort) p.hostPort = p.containerPort ?? 0;
        }
      }
    }
  }
}

/** A container's missing requests default to its limits (Pods only). */
function defaultRequestsFromLimits(c: AnyContainer): void {
  const res = c.resources;
  const limits = res?.limits;
  if (!res || !limits) return;
  const requests = res.requests ?? {};
  for (const [k, v] of Object.entries(limits)) if (requests[k] === undefined) requests[k] = v;
  res.requests = requests;
}

/**
 * Fields of alpha features v1.32 drops on write while their gate is off (unless the stored
 * object already uses them, so that an update does not silently lose data).
 */
export function dropDisabledPodSpecFields(spec: PodSpec, old: PodSpec | undefined, gates: FeatureGates): void {
  if (!gateOn(gates, 'PodLevelResources') && old?.resources == null) delete spec.resources;
  if (!gateOn(gates, 'InPlacePodVerticalScaling')) {
    const inUse = old && CONTAINER_LISTS.some((l) => containersOf(old, l).some((c) => (c.resizePolicy ?? []).length > 0));
    if (!inUse) for (const l of CONTAINER_LISTS) for (const c of containersOf(spec, l)) delete c.resizePolicy;
  }
}

// ------------------------------------------------------------------------------ validation

const PORT_NAME_CHARS = /^[-a-z0-9]+$/;
const ENV_VAR_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const ENV_VAR_NAME_MSG =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";
const PORT_RANGE_MSG = 'must be between 1 and 65535, inclusive';
const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);

/** IANA_SVC_NAME rules for port names (the real messages). */
export function isValidPortName(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!PORT_NAME_CHARS.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  else if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.length > 0 && (name.startsWith('-') || name.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : [PORT_RANGE_MSG];
}

/** A port given as a number or an IANA name (probes, Service targetPort). */
export function validatePortNumOrName(port: number | string | undefined, path: string): FieldError[] {
  if (typeof port === 'number') return isValidPortNum(port).map((m) => fieldErrors.invalid(path, port, m));
  if (typeof port === 'string') {
    if (!port) return [fieldErrors.required(path)];
    return isValidPortName(port).map((m) => fieldErrors.invalid(path, port, m));
  }
  return [fieldErrors.required(path)];
}

const QUANTITY_SUFFIX: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** The numeric value of a canonical quantity, precise enough to compare two quantities. */
export function quantityValue(q: string | undefined): number {
  const m = /^([+-]?[0-9.]+)(.*)$/.exec(String(q ?? '0'));
  if (!m) return 0;
  const base = Number(m[1]);
  const suffix = m[2];
  if (suffix in QUANTITY_SUFFIX) return base * QUANTITY_SUFFIX[suffix];
  const exp = /^[eE]([-+]?\d+)$/.exec(suffix);
  return exp ? base * 10 ** Number(exp[1]) : base;
}

function validateResourceRequirements(res: ResourceRequirements | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!res) return errs;
  const limits = res.limits ?? {};
  const requests = res.requests ?? {};
  for (const [part, values] of [
    ['limits', limits],
    ['requests', requests],
  ] as const) {
    for (const [name, q] of Object.entries(values)) {
      const p = `${path}.${part}[${name}]`;
      if (!name.includes('/')) {
        if (!STANDARD_CONTAINER_RESOURCES.has(name) && !name.startsWith('hugepages-')) {
          errs.push(fieldErrors.invalid(p, name, 'must be a standard resource for containers'));
        }
      } else {
        for (const m of isQualifiedName(name)) errs.push(fieldErrors.invalid(p, name, m));
      }
      if (quantityValue(q) < 0) errs.push(fieldErrors.invalid(p, q, 'must be greater than or equal to 0'));
    }
  }
  for (const [name, q] of Object.entries(requests)) {
    const limit = limits[name];
    if (limit !== undefined && quantityValue(q) > quantityValue(limit)) {
      errs.push(fieldErrors.invalid(`${path}.requests[${name}]`, q, `must be less than or equal to ${name} limit of ${limit}`));
    }
  }
  return errs;
}

/**
 * The handlers of probes and lifecycle hooks in one shape (a probe has no `sleep`, a hook no
 * `grpc`), so that one function checks both; each caller says which of them it allows.
 */
type Handler = ProbeHandler & LifecycleHandler;

const PROBE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc'] as const;
const LIFECYCLE_HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'sleep'] as const;

/** Exactly one handler; the first extra one is reported as the real platform does. */
function validateHandler(h: Handler, kinds: readonly (keyof Handler)[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const set = kinds.filter((k) => h[k] != null);
  if (set.length === 0) return [fieldErrors.required(path, 'must specify a handler type')];
  for (const k of set.slice(1)) errs.push(fieldErrors.forbidden(`${path}.${k}`, 'may not specify more than 1 handler type'));
  const exec = h.exec;
  if (exec && (exec.command ?? []).length === 0) errs.push(fieldErrors.required(`${path}.exec.command`));
  const http = h.httpGet;
  if (http) errs.push(...validatePortNumOrName(http.port, `${path}.httpGet.port`));
  const tcp = h.tcpSocket;
  if (tcp) errs.push(...validatePortNumOrName(tcp.port, `${path}.tcpSocket.port`));
  const grpc = h.grpc;
  if (grpc) {
    const port = grpc.port ?? 0;
    errs.push(...isValidPortNum(port).map((m) => fieldErrors.invalid(`${path}.grpc.port`, port, m)));
  }
  const sleep = h.sleep;
  if (sleep && (sleep.seconds ?? 0) < 0) {
    errs.push(fieldErrors.invalid(`${path}.sleep.seconds`, sleep.seconds, 'must be greater than or equal to 0'));
  }
  return errs;
}

function validateProbe(p: Probe | undefined, path: string, kind: 'liveness' | 'readiness' | 'startup'): FieldError[] {
  if (!p) return [];
  const errs = validateHandler(p, PROBE_HANDLERS, path);
  if ((kind === 'liveness' || kind === 'startup') && (p.successThreshold ?? 1) !== 1) {
    errs.push(fieldErrors.invalid(`${path}.successThreshold`, p.successThreshold, 'must be 1'));
  }
  const grace = p.terminationGracePeriodSeconds;
  if (grace !== undefined) {
    if (kind === 'readiness')
      errs.push(fieldErrors.invalid(`${path}.terminationGracePeriodSeconds`, grace, 'must not be set for readinessProbes'));
    else if (grace <= 0) errs.push(fieldErrors.invalid(`${path}.terminationGracePeriodSeconds`, grace, 'must be greater than 0'));
  }
  return errs;
}

const ENV_VAR_SOURCES: readonly (keyof EnvVarSource)[] = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'];

function validateEnv(env: EnvVar[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (env ?? []).forEach((e, i) => {
    const p = `${path}[${i}]`;
    const name = e.name;
    if (name && !ENV_VAR_NAME.test(name)) errs.push(fieldErrors.invalid(`${p}.name`, name, ENV_VAR_NAME_MSG));
    const from = e.valueFrom;
    if (!from) return;
    const sources = ENV_VAR_SOURCES.filter((s) => from[s] != null);
    if (sources.length === 0) {
      errs.push(
        fieldErrors.invalid(
          `${p}.valueFrom`,
          '',
          'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`',
        ),
      );
    } else if (sources.length > 1) {
      errs.push(fieldErrors.invalid(`${p}.valueFrom`, '', 'may not have more than one field specified at a time'));
    }
    if (e.value) errs.push(fieldErrors.invalid(`${p}.valueFrom`, '', 'may not be specified when `value` is not empty'));
  });
  return errs;
}

function validatePorts(ports: ContainerPort[] | undefined, path: string, hostNetwork: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((port, i) => {
    const p = `${path}[${i}]`;
    const name = port.name;
    if (name) {
      for (const m of isValidPortName(name)) errs.push(fieldErrors.invalid(`${p}.name`, name, m));
      if (names.has(name)) errs.push(fieldErrors.duplicate(`${p}.name`, name));
      names.add(name);
    }
    const containerPort = port.containerPort ?? 0;
    if (containerPort === 0) errs.push(fieldErrors.required(`${p}.containerPort`));
    else for (const m of isValidPortNum(containerPort)) errs.push(fieldErrors.invalid(`${p}.containerPort`, containerPort, m));
    const hostPort = port.hostPort ?? 0;
    if (hostPort !== 0) for (const m of isValidPortNum(hostPort)) errs.push(fieldErrors.invalid(`${p}.hostPort`, hostPort, m));
    if (hostNetwork && hostPort !== 0 && hostPort !== containerPort) {
      errs.push(fieldErrors.invalid(`${p}.hostPort`, hostPort, 'must match `containerPort` when `hostNetwork` is true'));
    }
  });
  return errs;
}

function validateVolumeMounts(mounts: VolumeMount[] | undefined, volumes: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const paths = new Set<string>();
  (mounts ?? []).forEach((m, i) => {
    const p = `${path}[${i}]`;
    const name = m.name;
    if (!volumes.has(name)) errs.push(fieldErrors.notFound(`${p}.name`, name));
    const mountPath = m.mountPath;
    if (mountPath && paths.has(mountPath)) errs.push(fieldErrors.invalid(`${p}.mountPath`, mountPath, 'must be unique'));
    paths.add(mountPath);
    const sub = m.subPath;
    if (sub && (sub.startsWith('/') || sub.split('/').includes('..'))) {
      errs.push(fieldErrors.invalid(`${p}.subPath`, sub, sub.startsWith('/') ? 'must be a relative path' : "must not contain '..'"));
    }
  });
  return errs;
}

function validateContainer(c: AnyContainer, path: string, volumes: Set<string>, hostNetwork: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const name = c.name;
  if (name) for (const m of isDNS1123Label(name)) errs.push(fieldErrors.invalid(`${path}.name`, name, m));
  const image = c.image ?? '';
  if (!image) errs.push(fieldErrors.required(`${path}.image`));
  else if (image.trim() !== image) errs.push(fieldErrors.invalid(`${path}.image`, image, 'must not have leading or trailing whitespace'));
  errs.push(...validatePorts(c.ports, `${path}.ports`, hostNetwork));
  errs.push(...validateEnv(c.env, `${path}.env`));
  errs.push(...validateVolumeMounts(c.volumeMounts, volumes, `${path}.volumeMounts`));
  errs.push(...validateResourceRequirements(c.resources, `${path}.resources`));
  const tmp = c.terminationMessagePolicy ?? '';
  if (tmp !== 'File' && tmp !== 'FallbackToLogsOnError') {
    errs.push(fieldErrors.invalid(`${path}.terminationMessagePolicy`, tmp, "must be 'File' or 'FallbackToLogsOnError'"));
  }
  return errs;
}

function validateLifecycle(l: Lifecycle | undefined, path: string): FieldError[] {
  if (!l) return [];
  return (['postStart', 'preStop'] as const).flatMap((k) => {
    const h = l[k];
    return h ? validateHandler(h, LIFECYCLE_HANDLERS, `${path}.${k}`) : [];
  });
}

function validateVolumes(volumes: Volume[] | undefined, path: string): { names: Set<string>; errs: FieldError[] } {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (volumes ?? []).forEach((v, i) => {
    const p = `${path}[${i}]`;
    const name = v.name;
    if (name) {
      for (const m of isDNS1123Label(name)) errs.push(fieldErrors.invalid(`${p}.name`, name, m));
      if (names.has(name)) errs.push(fieldErrors.duplicate(`${p}.name`, name));
    }
    names.add(name);
    const sources = VOLUME_SOURCES.filter((s) => v[s] != null);
    if (sources.length === 0) errs.push(fieldErrors.required(p, 'must specify a volume type'));
    for (const s of sources.slice(1)) errs.push(fieldErrors.forbidden(`${p}.${s}`, 'may not specify more than 1 volume type'));
    const secret = v.secret;
    if (secret && !secret.secretName) errs.push(fieldErrors.required(`${p}.secret.secretName`));
    const cm = v.configMap;
    if (cm && !cm.name) errs.push(fieldErrors.required(`${p}.configMap.name`));
    const pvc = v.persistentVolumeClaim;
    if (pvc && !pvc.claimName) errs.push(fieldErrors.required(`${p}.persistentVolumeClaim.claimName`));
  });
  return { names, errs };
}

function validateTolerations(tolerations: Toleration[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const p = `${path}[${i}]`;
    const key = t.key ?? '';
    if (key) for (const m of isQualifiedName(key)) errs.push(fieldErrors.invalid(`${p}.key`, key, m));
    const op = t.operator ?? '';
    if (!key && op !== 'Exists')
      errs.push(
        fieldErrors.invalid(
          `${p}.operator`,
          op,
          'operator must be Exists when `key` is empty, which means "match all values and all keys"',
        ),
      );
    if (op === 'Exists' && t.value)
      errs.push(fieldErrors.invalid(`${p}.operator`, t.value, "value must be empty when `operator` is 'Exists'"));
    const effect = t.effect ?? '';
    if (t.tolerationSeconds != null && effect !== 'NoExecute') {
      errs.push(fieldErrors.invalid(`${p}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    }
    if (effect && !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(effect)) {
      errs.push(fieldErrors.notSupported(`${p}.effect`, effect, ['NoSchedule', 'PreferNoSchedule', 'NoExecute']));
    }
  });
  return errs;
}

/** A Pod's spec, as the real platform validates it on create and update (the main rules). */
export function validatePodSpec(spec: PodSpec, path: string): FieldError[] {
  const { names: volumes, errs } = validateVolumes(spec.volumes, `${path}.volumes`);
  const hostNetwork = spec.hostNetwork === true;
  const seen = new Set<string>();
  const checkUnique = (c: AnyContainer, p: string) => {
    const name = c.name;
    if (!name) return;
    if (seen.has(name)) errs.push(fieldErrors.duplicate(`${p}.name`, name));
    seen.add(name);
  };
  containersOf(spec, 'initContainers').forEach((c, i) => {
    const p = `${path}.initContainers[${i}]`;
    errs.push(...validateContainer(c, p, volumes, hostNetwork));
    checkUnique(c, p);
    const restart = c.restartPolicy;
    if (restart != null && restart !== 'Always') errs.push(fieldErrors.notSupported(`${p}.restartPolicy`, restart, ['Always']));
    if (restart === 'Always') {
      errs.push(...validateLifecycle(c.lifecycle, `${p}.lifecycle`));
      errs.push(...validateProbe(c.livenessProbe, `${p}.livenessProbe`, 'liveness'));
      errs.push(...validateProbe(c.readinessProbe, `${p}.readinessProbe`, 'readiness'));
      errs.push(...validateProbe(c.startupProbe, `${p}.startupProbe`, 'startup'));
    } else {
      for (const k of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
        if (c[k] != null) errs.push(fieldErrors.forbidden(`${p}.${k}`, 'may not be set for init containers without restartPolicy=Always'));
      }
    }
  });
  const containers = containersOf(spec, 'containers');
  if (containers.length === 0) errs.push(fieldErrors.required(`${path}.containers`));
  containers.forEach((c, i) => {
    const p = `${path}.containers[${i}]`;
    errs.push(...validateContainer(c, p, volumes, hostNetwork));
    checkUnique(c, p);
    errs.push(...validateLifecycle(c.lifecycle, `${p}.lifecycle`));
    errs.push(...validateProbe(c.livenessProbe, `${p}.livenessProbe`, 'liveness'));
    errs.push(...validateProbe(c.readinessProbe, `${p}.readinessProbe`, 'readiness'));
    errs.push(...validateProbe(c.startupProbe, `${p}.startupProbe`, 'startup'));
    if (c.restartPolicy != null) errs.push(fieldErrors.forbidden(`${p}.restartPolicy`, 'may not be set for non-init containers'));
  });
  if (spec.dnsPolicy === 'None' && spec.dnsConfig == null) {
    errs.push(fieldErrors.required(`${path}.dnsConfig`, 'must provide `dnsConfig` when `dnsPolicy` is None'));
  }
  const deadline = spec.activeDeadlineSeconds;
  if (deadline !== undefined && (deadline < 1 || deadline > 2147483647)) {
    errs.push(fieldErrors.invalid(`${path}.activeDeadlineSeconds`, deadline, 'must be between 1 and 2147483647, inclusive'));
  }
  errs.push(...validateLabels(spec.nodeSelector, `${path}.nodeSelector`));
  const sa = spec.serviceAccountName;
  if (sa) for (const m of isDNS1123Subdomain(sa)) errs.push(fieldErrors.invalid(`${path}.serviceAccountName`, sa, m));
  const nodeName = spec.nodeName;
  if (nodeName) for (const m of isDNS1123Subdomain(nodeName)) errs.push(fieldErrors.invalid(`${path}.nodeName`, nodeName, m));
  for (const f of ['hostname', 'subdomain'] as const) {
    const v = spec[f];
    if (v) for (const m of isDNS1123Label(v)) errs.push(fieldErrors.invalid(`${path}.${f}`, v, m));
  }
  errs.push(...validateTolerations(spec.tolerations, `${path}.tolerations`));
  return errs;
}

// ------------------------------------------------------------------------------ table cells

/** `name1,name2` of a pod spec's containers (wide `Containers` column of workloads). */
export function containerNames(spec: PodSpec | undefined): string {
  return (spec?.containers ?? []).map((c) => c.name).join(',');
}

/** `image1,image2` of a pod spec's containers (wide `Images` column of workloads). */
export function containerImages(spec: PodSpec | undefined): string {
  return (spec?.containers ?? []).map((c) => c.image ?? '').join(',');
}
