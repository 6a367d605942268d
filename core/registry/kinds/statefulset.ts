/**
 * StatefulSet (apps/v1, namespaced): pods with stable identities and storage. Validation is the
 * real v1.32 one (the template is checked for its labels and restart policy, not as a whole
 * pod), plus the explicit rules of the API's specification (docs/api-rules.md): `serviceName` is required and every volume claim
 * template is mounted by some container.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { nameIsDNSLabel } from '../../meta/names.ts';
import { validateAnnotations, validateLabels } from '../../meta/validation.ts';
import { selectorFromObject } from '../../selection/label-selector.ts';
import { defineKind, type StrategyContext } from '../definition.ts';
import { StatefulSet, type RollingUpdateStatefulSetStrategy, type StatefulSetSpec } from '../types/apps-v1.ts';
import type { LabelSelector } from '../types/meta-v1.ts';
import { semanticEqual } from '../kind-support/field-checks.ts';
import { containerImages, containerNames, defaultPodSpec, dropDisabledPodSpecFields, gateOn } from '../kind-support/pod-spec.ts';
import { validateLabelSelector } from '../kind-support/selector-checks.ts';
import { AGE_COLUMN } from '../table.ts';

const MAX_UNAVAILABLE_GATE = 'MaxUnavailableStatefulSet';
const PERCENT = /^[0-9]+%$/;
const PERCENT_MSG =
  "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";
const IMMUTABLE_SPEC =
  "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
/** The spec fields an update may change. */
const MUTABLE_SPEC = [
  'replicas',
  'ordinals',
  'template',
  'updateStrategy',
  'persistentVolumeClaimRetentionPolicy',
  'minReadySeconds',
] as const;

/**
 * The spec as decoded. The generated interface has `selector` required, but it is a pointer Go
 * writes even when nil, so a set sent without one decodes with `selector: null`, which validation
 * must report rather than trip over.
 */
type DecodedSpec = Omit<StatefulSetSpec, 'selector'> & { selector?: LabelSelector | null };

function specOf(obj: StatefulSet): StatefulSetSpec {
  // Only a guard: decoding always gives a set its spec (Go writes the struct even when empty).
  // The cast because an empty spec lacks the required selector, as a decoded one sent without it
  // does (see DecodedSpec).
  obj.spec ??= {} as StatefulSetSpec;
  return obj.spec;
}

function defaults(obj: StatefulSet, ctx: StrategyContext): void {
  const spec = specOf(obj);
  const strategy = (spec.updateStrategy ??= {});
  if (!strategy.type) {
    strategy.type = 'RollingUpdate';
    strategy.rollingUpdate ??= {};
  }
  const rolling = strategy.rollingUpdate;
  if (strategy.type === 'RollingUpdate' && rolling) {
    rolling.partition ??= 0;
    if (gateOn(ctx.gates, MAX_UNAVAILABLE_GATE)) rolling.maxUnavailable ??= 1;
  }
  const podSpec = spec.template?.spec;
  if (podSpec) defaultPodSpec(podSpec, { pod: false });
  // Claim templates get a claim's defaults, status included, as the real platform shows them.
  for (const claim of spec.volumeClaimTemplates ?? []) {
    const status = (claim.status ??= {});
    if (!status.phase) status.phase = 'Pending';
  }
}

/** Alpha fields are dropped while their gate is off, unless the stored object already has them. */
function dropDisabledFields(obj: StatefulSet, old: StatefulSet | undefined, ctx: StrategyContext): void {
  const spec = specOf(obj);
  const oldSpec = old?.spec;
  const rolling = spec.updateStrategy?.rollingUpdate;
  if (rolling && !gateOn(ctx.gates, MAX_UNAVAILABLE_GATE) && oldSpec?.updateStrategy?.rollingUpdate?.maxUnavailable == null)
    delete rolling.maxUnavailable;
  const podSpec = spec.template?.spec;
  if (podSpec) dropDisabledPodSpecFields(podSpec, oldSpec?.template?.spec, ctx.gates);
}

function intOrPercentValue(v: number | string): number {
  return typeof v === 'number' ? v : Number.parseInt(v, 10);
}

function validateRollingUpdate(rolling: RollingUpdateStatefulSetStrategy, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const max = rolling.maxUnavailable;
  if (max == null) return errs;
  const p = `${path}.maxUnavailable`;
  if (typeof max === 'string') {
    if (!PERCENT.test(max)) errs.push(fieldErrors.invalid(p, max, PERCENT_MSG));
  } else if (max < 0) {
    errs.push(fieldErrors.invalid(p, max, 'must be greater than or equal to 0'));
  }
  if (intOrPercentValue(max) === 0) errs.push(fieldErrors.invalid(p, max, 'cannot be 0'));
  if (typeof max === 'string' && PERCENT.test(max) && intOrPercentValue(max) > 100) {
    errs.push(fieldErrors.invalid(p, max, 'must not be greater than 100%'));
  }
  return errs;
}

function validateSelectorAgainstTemplate(spec: DecodedSpec): FieldError[] {
  const errs: FieldError[] = [];
  const selector = spec.selector;
  let selectorUsable = false;
  if (selector) {
    const requirements = (selector.matchExpressions ?? []).length + Object.keys(selector.matchLabels ?? {}).length;
    const selectorErrs = validateLabelSelector(selector, 'spec.selector');
    if (requirements === 0) errs.push(fieldErrors.invalid('spec.selector', selector, 'empty selector is invalid for statefulset'));
    errs.push(...selectorErrs);
    selectorUsable = selectorErrs.length === 0;
  }
  const meta = spec.template?.metadata ?? {};
  const templateLabels = meta.labels ?? {};
  if (selector && selectorUsable) {
    const sel = selectorFromObject(selector);
    if (!sel.empty && !sel.matches(templateLabels)) {
      errs.push(fieldErrors.invalid('spec.template.metadata.labels', templateLabels, '`selector` does not match template `labels`'));
    }
  }
  errs.push(...validateLabels(meta.labels, 'spec.template.labels'));
  errs.push(...validateAnnotations(meta.annotations, 'spec.template.annotations'));
  return errs;
}

/** The specification's rule: a claim template is only useful when some container mounts it by name. */
function validateClaimTemplatesMounted(spec: DecodedSpec): FieldError[] {
  const podSpec = spec.template?.spec;
  const mounted = new Set<string>();
  for (const list of ['initContainers', 'containers'] as const) {
    for (const c of podSpec?.[list] ?? []) for (const m of c.volumeMounts ?? []) mounted.add(m.name);
  }
  const errs: FieldError[] = [];
  (spec.volumeClaimTemplates ?? []).forEach((claim, i) => {
    const name = claim.metadata.name ?? '';
    const p = `spec.volumeClaimTemplates[${i}].metadata.name`;
    if (!name) errs.push(fieldErrors.required(p));
    else if (!mounted.has(name))
      errs.push(fieldErrors.invalid(p, name, 'must match the name of a volumeMount in at least one container of the template'));
  });
  return errs;
}

function validateSpec(obj: StatefulSet): FieldError[] {
  const spec: DecodedSpec = obj.spec ?? {};
  const errs: FieldError[] = [];
  const policy = spec.podManagementPolicy ?? '';
  if (!policy) errs.push(fieldErrors.required('spec.podManagementPolicy'));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') {
    errs.push(fieldErrors.invalid('spec.podManagementPolicy', policy, "must be 'OrderedReady' or 'Parallel'"));
  }
  const strategy = spec.updateStrategy ?? {};
  const rolling = strategy.rollingUpdate;
  switch (strategy.type ?? '') {
    case '':
      errs.push(fieldErrors.required('spec.updateStrategy'));
      break;
    case 'OnDelete':
      if (rolling)
        errs.push(fieldErrors.invalid('spec.updateStrategy.rollingUpdate', rolling, "only allowed for updateStrategy 'RollingUpdate'"));
      break;
    case 'RollingUpdate':
      if (rolling) errs.push(...validateRollingUpdate(rolling, 'spec.updateStrategy.rollingUpdate'));
      break;
    default:
      errs.push(fieldErrors.invalid('spec.updateStrategy', strategy, "must be 'RollingUpdate' or 'OnDelete'"));
  }
  if (!spec.serviceName) errs.push(fieldErrors.required('spec.serviceName'));
  errs.push(...validateSelectorAgainstTemplate(spec));
  const podSpec = spec.template?.spec;
  const restart = podSpec?.restartPolicy ?? '';
  if (restart !== 'Always') errs.push(fieldErrors.notSupported('spec.template.spec.restartPolicy', restart, ['Always']));
  if (podSpec?.activeDeadlineSeconds != null) {
    errs.push(fieldErrors.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in StatefulSet is not Supported'));
  }
  errs.push(...validateClaimTemplatesMounted(spec));
  return errs;
}

function validateStatus(obj: StatefulSet): FieldError[] {
  const status = obj.status ?? {};
  const errs: FieldError[] = [];
  const replicas = status.replicas ?? 0;
  const ready = status.readyReplicas ?? 0;
  const msg = 'cannot be greater than status.replicas';
  for (const f of ['readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas'] as const) {
    const v = status[f] ?? 0;
    if (v > replicas) errs.push(fieldErrors.invalid(`status.${f}`, v, msg));
  }
  const available = status.availableReplicas ?? 0;
  if (available > ready)
    errs.push(fieldErrors.invalid('status.availableReplicas', available, 'cannot be greater than status.readyReplicas'));
  return errs;
}

/** The spec without the fields an update may change: what must stay as it was. */
function fixedPart(spec: DecodedSpec | undefined): DecodedSpec {
  const fixed = { ...spec };
  for (const f of MUTABLE_SPEC) delete fixed[f];
  return fixed;
}

function validateUpdate(obj: StatefulSet, old: StatefulSet): FieldError[] {
  const errs: FieldError[] = [];
  if (!semanticEqual(fixedPart(obj.spec), fixedPart(old.spec))) errs.push(fieldErrors.forbidden('spec', IMMUTABLE_SPEC));
  const count = obj.status?.collisionCount;
  const oldCount = old.status?.collisionCount;
  if (oldCount !== undefined && (count === undefined || count < oldCount)) {
    errs.push(fieldErrors.invalid('status.collisionCount', count ?? 0, 'cannot be decremented'));
  }
  return errs;
}

export const statefulSetKind = defineKind<StatefulSet>({
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
    status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'], resets: [['spec']] },
    scale: {
      kind: 'scale',
      specReplicasPath: ['spec', 'replicas'],
      statusReplicasPath: ['status', 'replicas'],
      labelSelectorPath: ['spec', 'selector'],
    },
  },
  table: [
    {
      name: 'Ready',
      type: 'string',
      description: 'Number of the pod with ready state',
      cell: (obj) => `${obj.status?.readyReplicas ?? 0}/${obj.spec?.replicas ?? 0}`,
    },
    AGE_COLUMN,
    {
      name: 'Containers',
      type: 'string',
      priority: 1,
      description: 'Names of each container in the template.',
      cell: (obj) => containerNames(obj.spec?.template?.spec),
    },
    {
      name: 'Images',
      type: 'string',
      priority: 1,
      description: 'Images referenced by each container in the template.',
      cell: (obj) => containerImages(obj.spec?.template?.spec),
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
});
