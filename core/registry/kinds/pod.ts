/**
 * Pod (core v1, namespaced). Beyond the spec's defaults and validation, a write goes through
 * what the real API server's default admission does to every pod (priority, default
 * tolerations, service account name); the initial status is `Pending` with the pod's QoS class.
 * Pods in v1.32 have no `metadata.generation`. Deletion is immediate: the real platform keeps a
 * scheduled pod (deletionTimestamp set, grace period from the spec) until its node agent
 * confirms the containers stopped, and there is no node agent behind this server.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Subdomain } from '../../meta/names.ts';
import { deepEqual, type JsonObject } from '../../util/json.ts';
import { defineKind, type StrategyContext } from '../definition.ts';
import { humanDuration, AGE_COLUMN } from '../table.ts';
import { StatusError } from '../../errors/status-error.ts';
import { formatTime } from '../../util/time.ts';
import { Binding } from '../types/core-v1-misc.ts';
import { Pod, type ContainerStatus, type PodSpec, type PodStatus, type Toleration } from '../types/core-v1.ts';
import { semanticEqual } from '../kind-support/field-checks.ts';
import { isIP } from '../kind-support/network-checks.ts';
import { defaultPodSpec, dropDisabledPodSpecFields, validatePodSpec } from '../kind-support/pod-spec.ts';

/** Tolerations the DefaultTolerationSeconds admission adds (5 minutes on a not-ready or unreachable node). */
const DEFAULT_TOLERATIONS = ['node.orchestrator.io/not-ready', 'node.orchestrator.io/unreachable'];
const DEFAULT_TOLERATION_SECONDS = 300;

const UPDATABLE_SPEC_FIELDS = [
  '`spec.containers[*].image`',
  '`spec.initContainers[*].image`',
  '`spec.activeDeadlineSeconds`',
  '`spec.tolerations` (only additions to existing tolerations)',
  '`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
];

function specOf(obj: Pod): PodSpec {
  return (obj.spec ??= {});
}

function statusOf(obj: Pod): PodStatus {
  return (obj.status ??= {});
}

/** The v1 conversion keeps `podIP`/`hostIP` equal to the first of `podIPs`/`hostIPs`. */
function normalizeIPs(status: PodStatus): void {
  for (const [one, many] of [
    ['podIP', 'podIPs'],
    ['hostIP', 'hostIPs'],
  ] as const) {
    const list = status[many] ?? [];
    if (list.length) status[one] = list[0].ip ?? '';
    else if (status[one]) status[many] = [{ ip: status[one] }];
  }
}

/** Default admission of the real API server for pods (Priority, DefaultTolerationSeconds, ServiceAccount). */
function admit(spec: PodSpec): void {
  if (!spec.priorityClassName) {
    if (spec.priority == null) spec.priority = 0;
    if (spec.preemptionPolicy == null) spec.preemptionPolicy = 'PreemptLowerPriority';
  }
  const tolerations = [...(spec.tolerations ?? [])];
  const tolerates = (key: string) =>
    tolerations.some((t) => (!t.key && t.operator === 'Exists') || (t.key === key && (!t.effect || t.effect === 'NoExecute')));
  for (const key of DEFAULT_TOLERATIONS) {
    if (!tolerates(key)) tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
  }
  spec.tolerations = tolerations;
  if (!spec.serviceAccountName) {
    spec.serviceAccountName = 'default';
    spec.serviceAccount = 'default';
  }
}

const QOS_RESOURCES = ['cpu', 'memory'];

/** The pod's QoS class from its containers' requests and limits (after defaulting). */
export function qosClass(spec: PodSpec): 'BestEffort' | 'Guaranteed' | 'Burstable' {
  const containers = [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const limits = c.resources?.limits ?? {};
    const requests = c.resources?.requests ?? {};
    for (const r of QOS_RESOURCES) {
      if (limits[r] != null || requests[r] != null) any = true;
      if (limits[r] == null || (requests[r] != null && requests[r] !== limits[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

function prepareForCreate(obj: Pod, ctx: StrategyContext): void {
  const spec = specOf(obj);
  dropDisabledPodSpecFields(spec, undefined, ctx.gates);
  admit(spec);
  const status: PodStatus = { phase: 'Pending', qosClass: qosClass(spec) };
  if ((spec.schedulingGates ?? []).length) {
    status.conditions = [
      {
        type: 'PodScheduled',
        status: 'False',
        reason: 'SchedulingGated',
        message: 'Scheduling is blocked due to non-empty scheduling gates',
      },
    ];
  }
  obj.status = status;
}

/**
 * The spec with the fields an update may change taken from the stored pod, for comparison. A
 * field the stored pod lacks is left undefined, which the semantic comparison and the diff treat
 * as absent.
 */
function mungedSpec(spec: PodSpec, old: PodSpec): PodSpec {
  const out = structuredClone(spec);
  for (const list of ['containers', 'initContainers'] as const) {
    const olds = old[list] ?? [];
    (out[list] ?? []).forEach((c, i) => {
      const before = olds.at(i);
      if (before) c.image = before.image ?? '';
    });
  }
  out.activeDeadlineSeconds = old.activeDeadlineSeconds;
  out.tolerations = old.tolerations;
  out.schedulingGates = old.schedulingGates;
  if ((old.terminationGracePeriodSeconds ?? 0) < 0 && out.terminationGracePeriodSeconds === 1) {
    out.terminationGracePeriodSeconds = old.terminationGracePeriodSeconds;
  }
  return out;
}

/**
 * A decoded spec viewed as the plain JSON it is, for the member-by-member diff (the generated
 * interface has no index signature, so it is not a `JsonObject` to the compiler).
 */
function asJson(spec: PodSpec): JsonObject {
  return spec as JsonObject;
}

/** A short account of what changed between two specs (the real message carries a Go diff). */
function specDiff(before: JsonObject, after: JsonObject): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => !semanticEqual(before[k], after[k]))
    .map((k) => `- ${k}: ${JSON.stringify(before[k] ?? null)}\n+ ${k}: ${JSON.stringify(after[k] ?? null)}`)
    .join('\n');
}

function validateSpecUpdate(spec: PodSpec, old: PodSpec): FieldError[] {
  const errs: FieldError[] = [];
  for (const list of ['containers', 'initContainers'] as const) {
    if ((spec[list] ?? []).length !== (old[list] ?? []).length) {
      return [fieldErrors.forbidden(`spec.${list}`, 'pod updates may not add or remove containers')];
    }
  }
  const oldTolerations = old.tolerations ?? [];
  const newTolerations = spec.tolerations ?? [];
  const withoutSeconds = (t: Toleration): Toleration => {
    const copy = { ...t };
    delete copy.tolerationSeconds;
    return copy;
  };
  const sameButSeconds = (a: Toleration, b: Toleration) => deepEqual(withoutSeconds(a), withoutSeconds(b));
  if (!oldTolerations.every((t) => newTolerations.some((n) => sameButSeconds(t, n)))) {
    errs.push(fieldErrors.forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds'));
  }
  const oldGates = new Set((old.schedulingGates ?? []).map((g) => g.name ?? ''));
  for (const g of spec.schedulingGates ?? []) {
    const name = g.name ?? '';
    if (!oldGates.has(name))
      errs.push(fieldErrors.forbidden('spec.schedulingGates', `only deletion is allowed, but found new scheduling gate '${name}'`));
  }
  const deadline = spec.activeDeadlineSeconds;
  const oldDeadline = old.activeDeadlineSeconds;
  if (deadline !== undefined && oldDeadline !== undefined && oldDeadline < deadline) {
    errs.push(fieldErrors.invalid('spec.activeDeadlineSeconds', deadline, 'must be less than or equal to previous value'));
  } else if (deadline === undefined && oldDeadline !== undefined) {
    errs.push(fieldErrors.invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
  }
  const munged = mungedSpec(spec, old);
  if (!semanticEqual(munged, old)) {
    errs.push(
      fieldErrors.forbidden(
        'spec',
        `pod updates may not change fields other than ${UPDATABLE_SPEC_FIELDS.join(',')}\n${specDiff(asJson(old), asJson(munged))}`,
      ),
    );
  }
  return errs;
}

function validateStatus(obj: Pod): FieldError[] {
  const status = obj.status ?? {};
  const errs: FieldError[] = [];
  const nominated = status.nominatedNodeName;
  if (nominated) for (const m of isDNS1123Subdomain(nominated)) errs.push(fieldErrors.invalid('status.nominatedNodeName', nominated, m));
  for (const list of ['podIPs', 'hostIPs'] as const) {
    const seen = new Set<string>();
    (status[list] ?? []).forEach((entry, i) => {
      const ip = entry.ip ?? '';
      const p = `status.${list}[${i}]`;
      if (!isIP(ip)) errs.push(fieldErrors.invalid(p, ip, 'must be a valid IP address'));
      if (seen.has(ip)) errs.push(fieldErrors.duplicate(p, ip));
      seen.add(ip);
    });
  }
  return errs;
}

// ------------------------------------------------------------------------------ table

interface Restarts {
  count: number;
  last: number;
}

function restartsOf(statuses: ContainerStatus[]): Restarts {
  const out: Restarts = { count: 0, last: 0 };
  for (const s of statuses) {
    out.count += s.restartCount ?? 0;
    const finished = s.lastState?.terminated?.finishedAt;
    const t = finished ? Date.parse(finished) : 0;
    if (t > out.last) out.last = t;
  }
  return out;
}

/** The `Status` cell: the phase, or the reason a container (or init container) gives. */
export function podStatusReason(obj: Pod): string {
  const status = obj.status ?? {};
  const spec = obj.spec ?? {};
  let reason: string = status.reason || status.phase || '';
  for (const c of status.conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }
  const inits = status.initContainerStatuses ?? [];
  let initializing = false;
  inits.forEach((s, i) => {
    if (initializing) return;
    const terminated = s.state?.terminated;
    const waiting = s.state?.waiting;
    if (terminated && terminated.exitCode === 0) return;
    if (s.started === true && (spec.initContainers ?? []).some((c) => c.name === s.name && c.restartPolicy === 'Always')) return;
    initializing = true;
    if (terminated) reason = terminated.reason ? `Init:${terminated.reason}` : `Init:ExitCode:${terminated.exitCode ?? 0}`;
    else if (waiting?.reason && waiting.reason !== 'PodInitializing') reason = `Init:${waiting.reason}`;
    else reason = `Init:${i}/${(spec.initContainers ?? []).length}`;
  });
  if (!initializing) {
    let hasRunning = false;
    for (const s of [...(status.containerStatuses ?? [])].reverse()) {
      const waiting = s.state?.waiting;
      const terminated = s.state?.terminated;
      if (waiting?.reason) reason = waiting.reason;
      else if (terminated?.reason) reason = terminated.reason;
      else if (terminated) reason = terminated.signal != null ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode ?? 0}`;
      else if (s.ready === true && s.state?.running != null) hasRunning = true;
    }
    if (reason === 'Completed' && hasRunning) {
      const ready = (status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
      reason = ready ? 'Running' : 'NotReady';
    }
  }
  if (obj.metadata.deletionTimestamp != null) reason = status.reason === 'NodeLost' ? 'Unknown' : 'Terminating';
  return reason;
}

const NONE = '<none>';

/**
 * Binding a pod to a node, as the scheduler does: once only, not while the pod is being deleted,
 * target a Node; sets spec.nodeName, the PodScheduled condition and the binding's annotations.
 */
function bind(pod: Pod, body: JsonObject, ctx: StrategyContext): void {
  // The handler decodes the posted body with this subresource's schema (Binding) before calling.
  const binding = body as unknown as Binding;
  const meta = pod.metadata;
  const name = meta.name ?? '';
  const gr = { group: '', resource: 'pods/binding' };
  const target = binding.target;
  const kind = target.kind ?? '';
  const errs: FieldError[] = [];
  if (kind !== '' && kind !== 'Node') errs.push(fieldErrors.notSupported('target.kind', kind, ['Node', '']));
  if (!target.name) errs.push(fieldErrors.required('target.name'));
  if (errs.length) throw StatusError.invalid({ group: '', kind: 'Binding' }, name, errs);
  if (meta.deletionTimestamp !== undefined)
    throw StatusError.conflict(gr, name, `pod ${name} is being deleted, cannot be assigned to a host`);
  const spec = specOf(pod);
  if (spec.nodeName) throw StatusError.conflict(gr, name, `pod ${name} is already assigned to node ${JSON.stringify(spec.nodeName)}`);
  spec.nodeName = target.name ?? '';
  const annotations = binding.metadata.annotations;
  if (annotations && Object.keys(annotations).length) meta.annotations = { ...(meta.annotations ?? {}), ...annotations };
  const status = statusOf(pod);
  const conditions = (status.conditions ?? []).filter((c) => c.type !== 'PodScheduled');
  conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: formatTime(ctx.now) });
  status.conditions = conditions;
}

export const podKind = defineKind<Pod>({
  group: '',
  version: 'v1',
  kind: 'Pod',
  resource: 'pods',
  singular: 'pod',
  shortNames: ['po'],
  categories: ['all'],
  namespaced: true,
  schema: Pod,
  // DELETE answers the pod (marked for graceful deletion, or as it was when removed).
  returnDeletedObject: true,
  subresources: {
    // pods/status may change labels and annotations, not the owner references (old kubelets corrupted them).
    status: {
      kind: 'partial',
      paths: [['status']],
      verbs: ['get', 'update', 'patch'],
      resets: [['spec'], ['metadata', 'deletionTimestamp'], ['metadata', 'ownerReferences']],
    },
    binding: { kind: 'create', schema: Binding, apiVersion: 'v1', bodyKind: 'Binding', change: bind },
  },
  fieldSelectors: {
    'spec.nodeName': (obj) => obj.spec?.nodeName ?? '',
    'spec.restartPolicy': (obj) => obj.spec?.restartPolicy ?? '',
    'spec.schedulerName': (obj) => obj.spec?.schedulerName ?? '',
    'spec.serviceAccountName': (obj) => obj.spec?.serviceAccountName ?? '',
    'spec.hostNetwork': (obj) => String(obj.spec?.hostNetwork === true),
    'status.phase': (obj) => obj.status?.phase ?? '',
    'status.podIP': (obj) => obj.status?.podIPs?.[0]?.ip ?? '',
    'status.nominatedNodeName': (obj) => obj.status?.nominatedNodeName ?? '',
  },
  table: [
    {
      name: 'Ready',
      type: 'string',
      description: 'The aggregate readiness state of this pod for accepting traffic.',
      cell(obj) {
        const spec = obj.spec ?? {};
        const status = obj.status ?? {};
        const sidecars = new Set((spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always').map((c) => c.name));
        const total = (spec.containers ?? []).length + sidecars.size;
        const ready = [
          ...(status.containerStatuses ?? []),
          ...(status.initContainerStatuses ?? []).filter((s) => sidecars.has(s.name)),
        ].filter((s) => s.ready === true && s.state?.running != null).length;
        return `${ready}/${total}`;
      },
    },
    { name: 'Status', type: 'string', description: 'The aggregate status of the containers in this pod.', cell: podStatusReason },
    {
      name: 'Restarts',
      type: 'string',
      description:
        'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
      cell(obj, now) {
        const status = obj.status ?? {};
        const r = restartsOf([...(status.initContainerStatuses ?? []), ...(status.containerStatuses ?? [])]);
        return r.count && r.last ? `${r.count} (${humanDuration(now - r.last)} ago)` : String(r.count);
      },
    },
    AGE_COLUMN,
    {
      name: 'IP',
      type: 'string',
      priority: 1,
      description: 'IP address assigned to the pod',
      cell: (obj) => obj.status?.podIP || NONE,
    },
    {
      name: 'Node',
      type: 'string',
      priority: 1,
      description: 'Name of the node the pod is assigned to',
      cell: (obj) => obj.spec?.nodeName || NONE,
    },
    {
      name: 'Nominated Node',
      type: 'string',
      priority: 1,
      description: 'The node the pod is nominated to run on, while it waits for preemption',
      cell: (obj) => obj.status?.nominatedNodeName || NONE,
    },
    {
      name: 'Readiness Gates',
      type: 'string',
      priority: 1,
      description: 'The readiness gates of the pod, ready out of total',
      cell(obj) {
        const gates = (obj.spec?.readinessGates ?? []).map((g) => g.conditionType ?? '');
        if (!gates.length) return NONE;
        const trueConditions = new Set((obj.status?.conditions ?? []).filter((c) => c.status === 'True').map((c) => c.type));
        return `${gates.filter((g) => trueConditions.has(g)).length}/${gates.length}`;
      },
    },
  ],
  strategy: {
    gracePeriod(obj, requested) {
      const spec = obj.spec ?? {};
      // The request's period, else the pod's own (defaulted to 30 s).
      let period = requested ?? spec.terminationGracePeriodSeconds ?? 0;
      // Never scheduled, or already finished: nothing runs that needs stopping.
      if (!spec.nodeName) period = 0;
      const phase = obj.status?.phase;
      if (phase === 'Failed' || phase === 'Succeeded') period = 0;
      if (period < 0) period = 1;
      return period;
    },
    defaults(obj) {
      defaultPodSpec(specOf(obj), { pod: true });
      if (obj.status) normalizeIPs(obj.status);
    },
    prepareForCreate,
    prepareForUpdate(obj, old, ctx) {
      dropDisabledPodSpecFields(specOf(obj), old.spec, ctx.gates);
      if (ctx.subresource === 'status') normalizeIPs(statusOf(obj));
    },
    validate(obj, ctx) {
      const errs = validatePodSpec(specOf(obj), 'spec');
      // Ephemeral containers are added only through their own subresource, never on create.
      if (ctx.operation === 'create' && (obj.spec?.ephemeralContainers ?? []).length) {
        errs.push(fieldErrors.forbidden('spec.ephemeralContainers', 'cannot be set on create'));
      }
      return [...errs, ...validateStatus(obj)];
    },
    validateUpdate(obj, old, ctx) {
      if (ctx.subresource === 'status' || ctx.subresource === 'binding') return [];
      return validateSpecUpdate(specOf(obj), old.spec ?? {});
    },
  },
});
