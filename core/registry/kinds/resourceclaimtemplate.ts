/**
 * ResourceClaimTemplate (resource.orch.io/v1beta1, namespaced): the claim the control plane
 * creates for a Pod. Served while the DynamicResourceAllocation gate is on; immutable once
 * created; its `spec.metadata` may carry only labels and annotations.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { validateAnnotations, validateLabels } from '../../meta/validation.ts';
import { defineKind } from '../definition.ts';
import type { ObjectMeta } from '../types/meta-v1.ts';
import { ResourceClaimTemplate, type DeviceClaim } from '../types/resource-v1beta1.ts';
import { defaultDeviceClaim, dropAdminAccess, validateDeviceClaim } from '../kind-support/device-claim.ts';
import { immutable, semanticEqual } from '../kind-support/field-checks.ts';
import { DRA_GATE } from './resourceclaim.ts';
import { AGE_COLUMN } from '../table.ts';

const ADMIN_ACCESS_GATE = 'DRAAdminAccess';

/**
 * ObjectMeta members a template may not set, named as the real platform names them in errors
 * (the Go field name with a lower-case first letter, hence `uID`).
 */
const FORBIDDEN_TEMPLATE_META: readonly [json: keyof ObjectMeta, reported: string][] = [
  ['name', 'name'],
  ['generateName', 'generateName'],
  ['namespace', 'namespace'],
  ['selfLink', 'selfLink'],
  ['uid', 'uID'],
  ['resourceVersion', 'resourceVersion'],
  ['generation', 'generation'],
  ['creationTimestamp', 'creationTimestamp'],
  ['deletionTimestamp', 'deletionTimestamp'],
  ['deletionGracePeriodSeconds', 'deletionGracePeriodSeconds'],
  ['ownerReferences', 'ownerReferences'],
  ['finalizers', 'finalizers'],
  ['managedFields', 'managedFields'],
];

function validateTemplateMeta(meta: ObjectMeta, path: string): FieldError[] {
  const errs = [...validateAnnotations(meta.annotations, `${path}.annotations`), ...validateLabels(meta.labels, `${path}.labels`)];
  for (const [json, reported] of FORBIDDEN_TEMPLATE_META) {
    const v = meta[json];
    if (v != null && !semanticEqual(v, null) && v !== 0) errs.push(fieldErrors.forbidden(`${path}.${reported}`, 'cannot be set'));
  }
  return errs;
}

const devicesOf = (obj: ResourceClaimTemplate): DeviceClaim | undefined => obj.spec?.spec?.devices;

export const resourceClaimTemplateKind = defineKind<ResourceClaimTemplate>({
  group: 'resource.orch.io',
  version: 'v1beta1',
  kind: 'ResourceClaimTemplate',
  resource: 'resourceclaimtemplates',
  singular: 'resourceclaimtemplate',
  namespaced: true,
  schema: ResourceClaimTemplate,
  featureGate: DRA_GATE,
  // The real storage answers DELETE with the deleted object.
  returnDeletedObject: true,
  table: [AGE_COLUMN],
  strategy: {
    defaults: (obj) => defaultDeviceClaim(devicesOf(obj)),
    prepareForCreate(obj, ctx) {
      if (!ctx.gates.enabled(ADMIN_ACCESS_GATE)) dropAdminAccess(devicesOf(obj), undefined);
    },
    prepareForUpdate(obj, old, ctx) {
      if (!ctx.gates.enabled(ADMIN_ACCESS_GATE)) dropAdminAccess(devicesOf(obj), devicesOf(old));
    },
    validate: (obj) => [
      ...validateTemplateMeta(obj.spec?.metadata ?? {}, 'spec.metadata'),
      ...validateDeviceClaim(devicesOf(obj), 'spec.spec.devices'),
    ],
    validateUpdate: (obj, old) => immutable('spec', obj.spec, old.spec),
  },
});
