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
import { deepEqual, isObject, type JsonObject, type JsonValue } from '../../util/json.ts';
import type { KindDefinition, StrategyContext } from '../definition.ts';
import { AGE_COLUMN, humanDuration } from '../table.ts';
import { StatusError } from '../../errors/status-error.ts';
import { formatTime } from '../../util/time.ts';
import { Binding } from '../types/core-v1-misc.ts';
import { Pod } from '../types/core-v1.ts';
import { isSet, listAt, numberAt, objAt, semanticEqual, textAt } from './field-checks.ts';
import { isIP } from './network-checks.ts';
import { defaultPodSpec, dropDisabledPodSpecFields, validatePodSpec } from './pod-spec.ts';

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

function specOf(obj: JsonObject): JsonObject {
  if (!isObject(obj.spec)) obj.spec = {};
  return obj.spec as JsonObject;
}

function statusOf(obj: JsonObject): JsonObject {
  if (!isObject(obj.status)) obj.status = {};
  return obj.status as JsonObject;
}

/** The v1 conversion keeps `podIP`/`hostIP` equal to the first of `podIPs`/`hostIPs`. */
function normalizeIPs(status: JsonObject): void {
  for (const [one, many] of [['podIP', 'podIPs'], ['hostIP', 'hostIPs']] as const) {
    const list = listAt(status[many]).filter(isObject);
    if (list.length) status[one] = textAt(list[0].ip);
    else if (textAt(status[one])) status[many] = [{ ip: textAt(status[one]) }];
  }
}

/** Default admission of the real API server for pods (Priority, DefaultTolerationSeconds, ServiceAccount). */
function admit(spec: JsonObject): void {
  if (!textAt(spec.priorityClassName)) {
    if (!isSet(spec.priority)) spec.priority = 0;
    if (!isSet(spec.preemptionPolicy)) spec.preemptionPolicy = 'PreemptLowerPriority';
  }
  const tolerations = listAt(spec.tolerations).filter(isObject);
  const tolerates = (key: string) =>
    tolerations.some((t) => (!textAt(t.key) && t.operator === 'Exists') || (textAt(t.key) === key && (!textAt(t.effect) || t.effect === 'NoExecute')));
  for (const key of DEFAULT_TOLERATIONS) {
    if (!tolerates(key)) tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
  }
  spec.tolerations = tolerations;
  if (!textAt(spec.serviceAccountName)) {
    spec.serviceAccountName = 'default';
    spec.serviceAccount = 'default';
  }
}

const QOS_RESOURCES = ['cpu', 'memory'];

/** The pod's QoS class from its containers' requests and limits (after defaulting). */
export function qosClass(spec: JsonObject): string {
  const containers = [...listAt(spec.initContainers), ...listAt(spec.containers)].filter(isObject);
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const res = objAt(c.resources) ?? {};
    const limits = objAt(res.limits) ?? {};
    const requests = objAt(res.requests) ?? {};
    for (const r of QOS_RESOURCES) {
      if (isSet(limits[r]) || isSet(requests[r])) any = true;
      if (!isSet(limits[r]) || (isSet(requests[r]) && requests[r] !== limits[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

function prepareForCreate(obj: JsonObject, ctx: StrategyContext): void {
  const spec = specOf(obj);
  dropDisabledPodSpecFields(spec, undefined, ctx.gates);
  admit(spec);
  const status: JsonObject = { phase: 'Pending', qosClass: qosClass(spec) };
  if (listAt(spec.schedulingGates).length) {
    status.conditions = [
      { type: 'PodScheduled', status: 'False', reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates' },
    ];
  }
  obj.status = status;
}

/** The spec with the fields an update may change taken from the stored pod, for comparison. */
function mungedSpec(spec: JsonObject, old: JsonObject): JsonObject {
  const out = structuredClone(spec);
  for (const list of ['containers', 'initContainers'] as const) {
    const olds = listAt(old[list]);
    listAt(out[list]).forEach((c, i) => {
      if (isObject(c) && isObject(olds[i])) c.image = (olds[i] as JsonObject).image ?? '';
    });
  }
  out.activeDeadlineSeconds = old.activeDeadlineSeconds ?? null;
  out.tolerations = old.tolerations ?? null;
  out.schedulingGates = old.schedulingGates ?? null;
  if ((numberAt(old.terminationGracePeriodSeconds) ?? 0) < 0 && out.terminationGracePeriodSeconds === 1) {
    out.terminationGracePeriodSeconds = old.terminationGracePeriodSeconds;
  }
  return out;
}

/** A short account of what changed between two specs (the real message carries a Go diff). */
function specDiff(before: JsonObject, after: JsonObject): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => !semanticEqual(before[k], after[k]))
    .map((k) => `- ${k}: ${JSON.stringify(before[k] ?? null)}\n+ ${k}: ${JSON.stringify(after[k] ?? null)}`)
    .join('\n');
}

function validateSpecUpdate(spec: JsonObject, old: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  for (const list of ['containers', 'initContainers'] as const) {
    if (listAt(spec[list]).length !== listAt(old[list]).length) {
      return [fieldErrors.forbidden(`spec.${list}`, 'pod updates may not add or remove containers')];
    }
  }
  const oldTolerations = listAt(old.tolerations);
  const newTolerations = listAt(spec.tolerations);
  const sameButSeconds = (a: JsonValue, b: JsonValue) => {
    const x = { ...(objAt(a) ?? {}) };
    const y = { ...(objAt(b) ?? {}) };
    delete x.tolerationSeconds;
    delete y.tolerationSeconds;
    return deepEqual(x, y);
  };
  if (!oldTolerations.every((t) => newTolerations.some((n) => sameButSeconds(t, n)))) {
    errs.push(fieldErrors.forbidden('spec.tolerations', 'existing toleration can not be modified except its tolerationSeconds'));
  }
  const oldGates = new Set(listAt(old.schedulingGates).map((g) => textAt(objAt(g)?.name)));
  for (const g of listAt(spec.schedulingGates)) {
    const name = textAt(objAt(g)?.name);
    if (!oldGates.has(name)) errs.push(fieldErrors.forbidden('spec.schedulingGates', `only deletion is allowed, but found new scheduling gate '${name}'`));
  }
  const deadline = numberAt(spec.activeDeadlineSeconds);
  const oldDeadline = numberAt(old.activeDeadlineSeconds);
  if (deadline !== undefined && oldDeadline !== undefined && oldDeadline < deadline) {
    errs.push(fieldErrors.invalid('spec.activeDeadlineSeconds', deadline, 'must be less than or equal to previous value'));
  } else if (deadline === undefined && oldDeadline !== undefined) {
    errs.push(fieldErrors.invalid('spec.activeDeadlineSeconds', null, 'must not update from a positive integer to nil value'));
  }
  const munged = mungedSpec(spec, old);
  if (!semanticEqual(munged, old)) {
    errs.push(fieldErrors.forbidden('spec', `pod updates may not change fields other than ${UPDATABLE_SPEC_FIELDS.join(',')}\n${specDiff(old, munged)}`));
  }
  return errs;
}

function validateStatus(obj: JsonObject): FieldError[] {
  const status = objAt(obj.status) ?? {};
  const errs: FieldError[] = [];
  const nominated = textAt(status.nominatedNodeName);
  if (nominated) for (const m of isDNS1123Subdomain(nominated)) errs.push(fieldErrors.invalid('status.nominatedNodeName', nominated, m));
  for (const list of ['podIPs', 'hostIPs'] as const) {
    const seen = new Set<string>();
    listAt(status[list]).forEach((entry, i) => {
      const ip = textAt(objAt(entry)?.ip);
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

function restartsOf(statuses: JsonValue | undefined): Restarts {
  const out: Restarts = { count: 0, last: 0 };
  for (const s of listAt(statuses).filter(isObject)) {
    out.count += numberAt(s.restartCount) ?? 0;
    const finished = textAt(objAt(objAt(s.lastState)?.terminated)?.finishedAt);
    const t = finished ? Date.parse(finished) : 0;
    if (t > out.last) out.last = t;
  }
  return out;
}

/** The `Status` cell: the phase, or the reason a container (or init container) gives. */
export function podStatusReason(obj: JsonObject): string {
  const status = objAt(obj.status) ?? {};
  const spec = objAt(obj.spec) ?? {};
  let reason = textAt(status.reason) || textAt(status.phase);
  for (const c of listAt(status.conditions).filter(isObject)) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }
  const inits = listAt(status.initContainerStatuses).filter(isObject);
  let initializing = false;
  inits.forEach((s, i) => {
    if (initializing) return;
    const state = objAt(s.state) ?? {};
    const terminated = objAt(state.terminated);
    const waiting = objAt(state.waiting);
    if (terminated && numberAt(terminated.exitCode) === 0) return;
    if (s.started === true && listAt(spec.initContainers).some((c) => objAt(c)?.name === s.name && objAt(c)?.restartPolicy === 'Always')) return;
    initializing = true;
    if (terminated) reason = textAt(terminated.reason) ? `Init:${textAt(terminated.reason)}` : `Init:ExitCode:${numberAt(terminated.exitCode) ?? 0}`;
    else if (waiting && textAt(waiting.reason) && waiting.reason !== 'PodInitializing') reason = `Init:${textAt(waiting.reason)}`;
    else reason = `Init:${i}/${listAt(spec.initContainers).length}`;
  });
  if (!initializing) {
    let hasRunning = false;
    for (const s of [...listAt(status.containerStatuses)].reverse().filter(isObject)) {
      const state = objAt(s.state) ?? {};
      const waiting = objAt(state.waiting);
      const terminated = objAt(state.terminated);
      if (waiting && textAt(waiting.reason)) reason = textAt(waiting.reason);
      else if (terminated && textAt(terminated.reason)) reason = textAt(terminated.reason);
      else if (terminated) reason = isSet(terminated.signal) ? `Signal:${numberAt(terminated.signal)}` : `ExitCode:${numberAt(terminated.exitCode) ?? 0}`;
      else if (s.ready === true && isSet(state.running)) hasRunning = true;
    }
    if (reason === 'Completed' && hasRunning) {
      const ready = listAt(status.conditions).some((c) => objAt(c)?.type === 'Ready' && objAt(c)?.status === 'True');
      reason = ready ? 'Running' : 'NotReady';
    }
  }
  if (isSet(objAt(obj.metadata)?.deletionTimestamp)) reason = status.reason === 'NodeLost' ? 'Unknown' : 'Terminating';
  return reason;
}

const NONE = '<none>';

/**
 * Binding a pod to a node, as the scheduler does: once only, not while the pod is being deleted,
 * target a Node; sets spec.nodeName, the PodScheduled condition and the binding's annotations.
 */
function bind(pod: JsonObject, binding: JsonObject, ctx: StrategyContext): void {
  const meta = (pod.metadata ?? {}) as JsonObject;
  const name = textAt(meta.name);
  const gr = { group: '', resource: 'pods/binding' };
  const target = objAt(binding.target) ?? {};
  const kind = textAt(target.kind);
  const errs: FieldError[] = [];
  if (kind !== '' && kind !== 'Node') errs.push(fieldErrors.notSupported('target.kind', kind, ['Node', '']));
  if (!textAt(target.name)) errs.push(fieldErrors.required('target.name'));
  if (errs.length) throw StatusError.invalid({ group: '', kind: 'Binding' }, name, errs);
  if (meta.deletionTimestamp !== undefined) throw StatusError.conflict(gr, name, `pod ${name} is being deleted, cannot be assigned to a host`);
  const spec = specOf(pod);
  if (textAt(spec.nodeName)) throw StatusError.conflict(gr, name, `pod ${name} is already assigned to node ${JSON.stringify(textAt(spec.nodeName))}`);
  spec.nodeName = textAt(target.name);
  const annotations = objAt(objAt(binding.metadata)?.annotations);
  if (annotations && Object.keys(annotations).length) meta.annotations = { ...(objAt(meta.annotations) ?? {}), ...annotations };
  const status = statusOf(pod);
  const conditions = listAt(status.conditions).filter((c) => textAt(objAt(c)?.type) !== 'PodScheduled');
  conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: formatTime(ctx.now) });
  status.conditions = conditions;
}

export const podKind: KindDefinition = {
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
    status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'] },
    binding: { kind: 'create', schema: Binding, apiVersion: 'v1', bodyKind: 'Binding', change: bind },
  },
  fieldSelectors: {
    'spec.nodeName': (obj) => textAt(objAt(obj.spec)?.nodeName),
    'spec.restartPolicy': (obj) => textAt(objAt(obj.spec)?.restartPolicy),
    'spec.schedulerName': (obj) => textAt(objAt(obj.spec)?.schedulerName),
    'spec.serviceAccountName': (obj) => textAt(objAt(obj.spec)?.serviceAccountName),
    'spec.hostNetwork': (obj) => String(objAt(obj.spec)?.hostNetwork === true),
    'status.phase': (obj) => textAt(objAt(obj.status)?.phase),
    'status.podIP': (obj) => textAt(objAt(listAt(objAt(obj.status)?.podIPs)[0])?.ip),
    'status.nominatedNodeName': (obj) => textAt(objAt(obj.status)?.nominatedNodeName),
  },
  table: [
    {
      name: 'Ready',
      type: 'string',
      description: 'The aggregate readiness state of this pod for accepting traffic.',
      cell(obj) {
        const spec = objAt(obj.spec) ?? {};
        const status = objAt(obj.status) ?? {};
        const sidecars = new Set(
          listAt(spec.initContainers).filter((c) => objAt(c)?.restartPolicy === 'Always').map((c) => textAt(objAt(c)?.name)),
        );
        const total = listAt(spec.containers).length + sidecars.size;
        const ready = [
          ...listAt(status.containerStatuses),
          ...listAt(status.initContainerStatuses).filter((s) => sidecars.has(textAt(objAt(s)?.name))),
        ].filter((s) => objAt(s)?.ready === true && isSet(objAt(objAt(s)?.state)?.running)).length;
        return `${ready}/${total}`;
      },
    },
    { name: 'Status', type: 'string', description: 'The aggregate status of the containers in this pod.', cell: podStatusReason },
    {
      name: 'Restarts',
      type: 'string',
      description: 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
      cell(obj, now) {
        const status = objAt(obj.status) ?? {};
        const r = restartsOf([...listAt(status.initContainerStatuses), ...listAt(status.containerStatuses)]);
        return r.count && r.last ? `${r.count} (${humanDuration(now - r.last)} ago)` : String(r.count);
      },
    },
    AGE_COLUMN,
    {
      name: 'IP',
      type: 'string',
      priority: 1,
      description: 'IP address assigned to the pod',
      cell: (obj) => textAt(objAt(obj.status)?.podIP) || NONE,
    },
    {
      name: 'Node',
      type: 'string',
      priority: 1,
      description: 'Name of the node the pod is assigned to',
      cell: (obj) => textAt(objAt(obj.spec)?.nodeName) || NONE,
    },
    {
      name: 'Nominated Node',
      type: 'string',
      priority: 1,
      description: 'The node the pod is nominated to run on, while it waits for preemption',
      cell: (obj) => textAt(objAt(obj.status)?.nominatedNodeName) || NONE,
    },
    {
      name: 'Readiness Gates',
      type: 'string',
      priority: 1,
      description: 'The readiness gates of the pod, ready out of total',
      cell(obj) {
        const gates = listAt(objAt(obj.spec)?.readinessGates).map((g) => textAt(objAt(g)?.conditionType));
        if (!gates.length) return NONE;
        const trueConditions = new Set(
          listAt(objAt(obj.status)?.conditions).filter((c) => objAt(c)?.status === 'True').map((c) => textAt(objAt(c)?.type)),
        );
        return `${gates.filter((g) => trueConditions.has(g)).length}/${gates.length}`;
      },
    },
  ],
  strategy: {
    gracePeriod(obj, requested) {
      const spec = objAt(obj.spec) ?? {};
      // The request's period, else the pod's own (defaulted to 30 s).
      let period = requested ?? numberAt(spec.terminationGracePeriodSeconds) ?? 0;
      // Never scheduled, or already finished: nothing runs that needs stopping.
      if (!textAt(spec.nodeName)) period = 0;
      const phase = textAt(objAt(obj.status)?.phase);
      if (phase === 'Failed' || phase === 'Succeeded') period = 0;
      if (period < 0) period = 1;
      return period;
    },
    defaults(obj) {
      defaultPodSpec(specOf(obj), { pod: true });
      if (isObject(obj.status)) normalizeIPs(obj.status);
    },
    prepareForCreate,
    prepareForUpdate(obj, old, ctx) {
      dropDisabledPodSpecFields(specOf(obj), objAt(old.spec), ctx.gates);
      if (ctx.subresource === 'status') normalizeIPs(statusOf(obj));
    },
    validate(obj, ctx) {
      const errs = validatePodSpec(specOf(obj), 'spec');
      // Ephemeral containers are added only through their own subresource, never on create.
      if (ctx.operation === 'create' && listAt(objAt(obj.spec)?.ephemeralContainers).length) {
        errs.push(fieldErrors.forbidden('spec.ephemeralContainers', 'cannot be set on create'));
      }
      return [...errs, ...validateStatus(obj)];
    },
    validateUpdate(obj, old, ctx) {
      if (ctx.subresource === 'status' || ctx.subresource === 'binding') return [];
      return validateSpecUpdate(specOf(obj), objAt(old.spec) ?? {});
    },
  },
};
