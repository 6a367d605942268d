/**
 * ResourceClaim (resource.orch.io/v1beta1, namespaced): a request for devices, with the
 * allocation the scheduler and drivers record in its status. Served while the
 * DynamicResourceAllocation gate is on; the spec cannot change after creation.
 */
import type { FieldError } from '../../errors/field-error.ts';
import { defineKind, type StrategyContext } from '../definition.ts';
import { ResourceClaim, type DeviceClaim } from '../types/resource-v1beta1.ts';
import {
  defaultDeviceClaim,
  dropAdminAccess,
  requestNamesOf,
  validateClaimStatus,
  validateDeviceClaim,
} from '../kind-support/device-claim.ts';
import { immutable } from '../kind-support/field-checks.ts';
import { AGE_COLUMN } from '../table.ts';

export const DRA_GATE = 'DynamicResourceAllocation';
const ADMIN_ACCESS_GATE = 'DRAAdminAccess';
const DEVICE_STATUS_GATE = 'DRAResourceClaimDeviceStatus';

const devicesOf = (obj: ResourceClaim): DeviceClaim | undefined => obj.spec?.devices;

/** What `kubectl get resourceclaims` shows as State. */
function claimState(obj: ResourceClaim): string {
  const deleting = obj.metadata?.deletionTimestamp !== undefined;
  const status = obj.status ?? {};
  const states: string[] = deleting ? ['deleted'] : [];
  if (!status.allocation) {
    if (!deleting) states.push('pending');
  } else {
    states.push('allocated');
    if (status.reservedFor?.length) states.push('reserved');
  }
  return states.join(',');
}

function prepareForUpdate(obj: ResourceClaim, old: ResourceClaim, ctx: StrategyContext): void {
  if (!ctx.gates.enabled(ADMIN_ACCESS_GATE)) dropAdminAccess(devicesOf(obj), devicesOf(old));
  const status = obj.status;
  // Device status is only kept while its gate is on, or when it was already there.
  if (status && !ctx.gates.enabled(DEVICE_STATUS_GATE) && !old.status?.devices?.length) delete status.devices;
}

function validateUpdate(obj: ResourceClaim, old: ResourceClaim, ctx: StrategyContext): FieldError[] {
  if (ctx.subresource === 'status') {
    const deleting = obj.metadata?.deletionTimestamp !== undefined;
    return validateClaimStatus(obj.status ?? {}, old.status ?? {}, deleting, requestNamesOf(devicesOf(obj)));
  }
  return immutable('spec', obj.spec, old.spec);
}

export const resourceClaimKind = defineKind<ResourceClaim>({
  group: 'resource.orch.io',
  version: 'v1beta1',
  kind: 'ResourceClaim',
  resource: 'resourceclaims',
  singular: 'resourceclaim',
  namespaced: true,
  schema: ResourceClaim,
  featureGate: DRA_GATE,
  // The real storage answers DELETE with the deleted object.
  returnDeletedObject: true,
  subresources: { status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'] } },
  table: [
    {
      name: 'State',
      type: 'string',
      description: 'A summary of the current state (allocated, pending, reserved, etc.).',
      cell: claimState,
    },
    AGE_COLUMN,
  ],
  strategy: {
    defaults: (obj) => defaultDeviceClaim(devicesOf(obj)),
    prepareForCreate(obj, ctx) {
      if (!ctx.gates.enabled(ADMIN_ACCESS_GATE)) dropAdminAccess(devicesOf(obj), undefined);
    },
    prepareForUpdate,
    // A status write re-checks the spec as stored data (size limits of new data do not apply).
    validate: (obj, ctx) => validateDeviceClaim(devicesOf(obj), 'spec.devices', ctx.subresource !== ''),
    validateUpdate,
  },
});
