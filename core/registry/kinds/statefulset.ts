/**
 * StatefulSet (apps/v1, namespaced): pods with stable identities and storage. Validation is the
 * real v1.32 one (the template is checked for its labels and restart policy, not as a whole
 * pod), plus the seed's explicit rules: `serviceName` is required and every volume claim
 * template is mounted by some container.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { nameIsDNSLabel } from '../../meta/names.ts';
import { validateAnnotations, validateLabels } from '../../meta/validation.ts';
import { selectorFromObject } from '../../selection/label-selector.ts';
import { isObject, type JsonObject, type JsonValue } from '../../util/json.ts';
import type { KindDefinition, StrategyContext } from '../definition.ts';
import { AGE_COLUMN } from '../table.ts';
import { StatefulSet } from '../types/apps-v1.ts';
import { isSet, listAt, numberAt, objAt, semanticEqual, textAt } from './field-checks.ts';
import { containerImages, containerNames, defaultPodSpec, dropDisabledPodSpecFields, gateOn } from './pod-spec.ts';
import { validateLabelSelector } from './selector-checks.ts';

const MAX_UNAVAILABLE_GATE = 'MaxUnavailableStatefulSet';
const PERCENT = /^[0-9]+%$/;
const PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";
const IMMUTABLE_SPEC =
  "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
/** The spec fields an update may change. */
const MUTABLE_SPEC = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

function specOf(obj: JsonObject): JsonObject {
  if (!isObject(obj.spec)) obj.spec = {};
  return obj.spec as JsonObject;
}

function defaults(obj: JsonObject, ctx: StrategyContext): void {
  const spec = specOf(obj);
  const strategy = objAt(spec.updateStrategy) ?? {};
  spec.updateStrategy = strategy;
  if (!textAt(strategy.type)) {
    strategy.type = 'RollingUpdate';
    if (!isSet(strategy.rollingUpdate)) strategy.rollingUpdate = {};
  }
  const rolling = objAt(strategy.rollingUpdate);
  if (strategy.type === 'RollingUpdate' && rolling) {
    if (!isSet(rolling.partition)) rolling.partition = 0;
    if (gateOn(ctx.gates, MAX_UNAVAILABLE_GATE) && !isSet(rolling.maxUnavailable)) rolling.maxUnavailable = 1;
  }
  const template = objAt(spec.template);
  const podSpec = objAt(template?.spec);
  if (podSpec) defaultPodSpec(podSpec, { pod: false });
  // Claim templates get a claim's defaults, status included, as the real platform shows them.
  for (const claim of listAt(spec.volumeClaimTemplates)) {
    if (!isObject(claim)) continue;
    const status = objAt(claim.status) ?? {};
    if (!textAt(status.phase)) status.phase = 'Pending';
    claim.status = status;
  }
}

/** Alpha fields are dropped while their gate is off, unless the stored object already has them. */
function dropDisabledFields(obj: JsonObject, old: JsonObject | undefined, ctx: StrategyContext): void {
  const spec = specOf(obj);
  const oldSpec = old ? objAt(old.spec) : undefined;
  const rolling = objAt(objAt(spec.updateStrategy)?.rollingUpdate);
  const oldRolling = objAt(objAt(oldSpec?.updateStrategy)?.rollingUpdate);
  if (rolling && !gateOn(ctx.gates, MAX_UNAVAILABLE_GATE) && !isSet(oldRolling?.maxUnavailable)) delete rolling.maxUnavailable;
  const podSpec = objAt(objAt(spec.template)?.spec);
  if (podSpec) dropDisabledPodSpecFields(podSpec, objAt(objAt(oldSpec?.template)?.spec), ctx.gates);
}

function intOrPercentValue(v: JsonValue): number {
  return typeof v === 'number' ? v : Number.parseInt(String(v), 10);
}

function validateRollingUpdate(rolling: JsonObject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const max = rolling.maxUnavailable;
  if (!isSet(max)) return errs;
  const p = `${path}.maxUnavailable`;
  if (typeof max === 'string') {
    if (!PERCENT.test(max)) errs.push(fieldErrors.invalid(p, max, PERCENT_MSG));
  } else if (typeof max === 'number' && max < 0) {
    errs.push(fieldErrors.invalid(p, max, 'must be greater than or equal to 0'));
  }
  if (intOrPercentValue(max) === 0) errs.push(fieldErrors.invalid(p, max, 'cannot be 0'));
  if (typeof max === 'string' && PERCENT.test(max) && intOrPercentValue(max) > 100) {
    errs.push(fieldErrors.invalid(p, max, 'must not be greater than 100%'));
  }
  return errs;
}

function validateSelectorAgainstTemplate(spec: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  const selector = objAt(spec.selector);
  let selectorUsable = false;
  if (selector) {
    const requirements = listAt(selector.matchExpressions).length + Object.keys(objAt(selector.matchLabels) ?? {}).length;
    const selectorErrs = validateLabelSelector(selector, 'spec.selector');
    if (requirements === 0) errs.push(fieldErrors.invalid('spec.selector', selector, 'empty selector is invalid for statefulset'));
    errs.push(...selectorErrs);
    selectorUsable = selectorErrs.length === 0;
  }
  const template = objAt(spec.template) ?? {};
  const meta = objAt(template.metadata) ?? {};
  const templateLabels = (objAt(meta.labels) ?? {}) as Record<string, string>;
  if (selector && selectorUsable) {
    const sel = selectorFromObject(selector as Parameters<typeof selectorFromObject>[0]);
    if (!sel.empty && !sel.matches(templateLabels)) {
      errs.push(fieldErrors.invalid('spec.template.metadata.labels', templateLabels, '`selector` does not match template `labels`'));
    }
  }
  errs.push(...validateLabels(meta.labels, 'spec.template.labels'));
  errs.push(...validateAnnotations(meta.annotations, 'spec.template.annotations'));
  return errs;
}

/** The seed's rule: a claim template is only useful when some container mounts it by name. */
function validateClaimTemplatesMounted(spec: JsonObject): FieldError[] {
  const podSpec = objAt(objAt(spec.template)?.spec) ?? {};
  const mounted = new Set<string>();
  for (const list of ['initContainers', 'containers'] as const) {
    for (const c of listAt(podSpec[list])) {
      if (isObject(c)) for (const m of listAt(c.volumeMounts)) if (isObject(m)) mounted.add(textAt(m.name));
    }
  }
  const errs: FieldError[] = [];
  listAt(spec.volumeClaimTemplates).forEach((claim, i) => {
    const name = textAt(objAt(objAt(claim)?.metadata)?.name);
    const p = `spec.volumeClaimTemplates[${i}].metadata.name`;
    if (!name) errs.push(fieldErrors.required(p));
    else if (!mounted.has(name)) errs.push(fieldErrors.invalid(p, name, 'must match the name of a volumeMount in at least one container of the template'));
  });
  return errs;
}

function validateSpec(obj: JsonObject): FieldError[] {
  const spec = objAt(obj.spec) ?? {};
  const errs: FieldError[] = [];
  const policy = textAt(spec.podManagementPolicy);
  if (!policy) errs.push(fieldErrors.required('spec.podManagementPolicy'));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') {
    errs.push(fieldErrors.invalid('spec.podManagementPolicy', policy, "must be 'OrderedReady' or 'Parallel'"));
  }
  const strategy = objAt(spec.updateStrategy) ?? {};
  const rolling = objAt(strategy.rollingUpdate);
  switch (textAt(strategy.type)) {
    case '':
      errs.push(fieldErrors.required('spec.updateStrategy'));
      break;
    case 'OnDelete':
      if (rolling) errs.push(fieldErrors.invalid('spec.updateStrategy.rollingUpdate', rolling, "only allowed for updateStrategy 'RollingUpdate'"));
      break;
    case 'RollingUpdate':
      if (rolling) errs.push(...validateRollingUpdate(rolling, 'spec.updateStrategy.rollingUpdate'));
      break;
    default:
      errs.push(fieldErrors.invalid('spec.updateStrategy', strategy, "must be 'RollingUpdate' or 'OnDelete'"));
  }
  if (!textAt(spec.serviceName)) errs.push(fieldErrors.required('spec.serviceName'));
  errs.push(...validateSelectorAgainstTemplate(spec));
  const podSpec = objAt(objAt(spec.template)?.spec) ?? {};
  const restart = textAt(podSpec.restartPolicy);
  if (restart !== 'Always') errs.push(fieldErrors.notSupported('spec.template.spec.restartPolicy', restart, ['Always']));
  if (isSet(podSpec.activeDeadlineSeconds)) {
    errs.push(fieldErrors.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
  errs.push(...validateClaimTemplatesMounted(spec));
  return errs;
}

function validateStatus(obj: JsonObject): FieldError[] {
  const status = objAt(obj.status) ?? {};
  const errs: FieldError[] = [];
  const replicas = numberAt(status.replicas) ?? 0;
  const ready = numberAt(status.readyReplicas) ?? 0;
  const msg = 'cannot be greater than status.replicas';
  for (const f of ['readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'] as const) {
    const v = numberAt(status[f]) ?? 0;
    if (v > replicas) errs.push(fieldErrors.invalid(`status.${f}`, v, msg));
  }
  const available = numberAt(status.availableReplicas) ?? 0;
  if (available > ready) errs.push(fieldErrors.invalid('status.availableReplicas', available, 'cannot be greater than status.readyReplicas'));
  return errs;
}

function validateUpdate(obj: JsonObject, old: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  const spec = { ...(objAt(obj.spec) ?? {}) };
  const oldSpec = objAt(old.spec) ?? {};
  for (const f of MUTABLE_SPEC) {
    if (oldSpec[f] === undefined) delete spec[f];
    else spec[f] = oldSpec[f];
  }
  if (!semanticEqual(spec, oldSpec)) errs.push(fieldErrors.forbidden('spec', IMMUTABLE_SPEC));
  const count = numberAt(objAt(obj.status)?.collisionCount);
  const oldCount = numberAt(objAt(old.status)?.collisionCount);
  if (oldCount !== undefined && (count === undefined || count < oldCount)) {
    errs.push(fieldErrors.invalid('status.collisionCount', count ?? 0, 'cannot be decremented'));
  }
  return errs;
}

export const statefulSetKind: KindDefinition = {
  group: 'apps',
  version: 'v1',
  kind: 'StatefulSet',
  resource: 'statefulsets',
  singular: 'statefulset',
  shortNames: ['sts'],
  categories: ['all'],
  namespaced: true,
  schema: StatefulSet,
  validateName: nameIsDNSLabel,
  generation: true,
  subresources: {
    status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'] },
    scale: { kind: 'scale', specReplicasPath: ['spec', 'replicas'], statusReplicasPath: ['status', 'replicas'], labelSelectorPath: ['spec', 'selector'] },
  },
  table: [
    {
      name: 'Ready',
      type: 'string',
      description: 'Number of the pod with ready state',
      cell: (obj) => `${numberAt(objAt(obj.status)?.readyReplicas) ?? 0}/${numberAt(objAt(obj.spec)?.replicas) ?? 0}`,
    },
    AGE_COLUMN,
    {
      name: 'Containers',
      type: 'string',
      priority: 1,
      description: 'Names of each container in the template.',
      cell: (obj) => containerNames(objAt(objAt(obj.spec)?.template)?.spec),
    },
    {
      name: 'Images',
      type: 'string',
      priority: 1,
      description: 'Images referenced by each container in the template.',
      cell: (obj) => containerImages(objAt(objAt(obj.spec)?.template)?.spec),
    },
  ],
  strategy: {
    defaults,
    prepareForCreate(obj, ctx) {
      obj.status = {};
      dropDisabledFields(obj, undefined, ctx);
    },
    prepareForUpdate(obj, old, ctx) {
      dropDisabledFields(obj, old, ctx);
    },
    validate: (obj) => [...validateSpec(obj), ...validateStatus(obj)],
    validateUpdate,
  },
};
