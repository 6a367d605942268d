/**
 * ResourceClaim (resource.orch.io/v1beta1, namespaced): a request for devices, with the
 * allocation the scheduler and drivers record in its status. Served while the
 * DynamicResourceAllocation gate is on; the spec cannot change after creation.
 */
import type { FieldError } from '../../errors/field-error.ts';
import type { JsonObject } from '../../util/json.ts';
import type { KindDefinition, StrategyContext } from '../definition.ts';
import { AGE_COLUMN } from '../table.ts';
import { ResourceClaim } from '../types/resource-v1beta1.ts';
import { defaultDeviceClaim, dropAdminAccess, requestNamesOf, validateClaimStatus, validateDeviceClaim } from './device-claim.ts';
import { immutable, listAt, objAt } from './field-checks.ts';

export const DRA_GATE = 'DynamicResourceAllocation';
const ADMIN_ACCESS_GATE = 'DRAAdminAccess';
const DEVICE_STATUS_GATE = 'DRAResourceClaimDeviceStatus';

const devicesOf = (obj: JsonObject): JsonObject | undefined => objAt(objAt(obj.spec)?.devices);
const statusOf = (obj: JsonObject): JsonObject => objAt(obj.status) ?? {};

/** What `kubectl get resourceclaims` shows as State. */
function claimState(obj: JsonObject): string {
  const deleting = objAt(obj.metadata)?.deletionTimestamp !== undefined;
  const status = statusOf(obj);
  const states: string[] = deleting ? ['deleted'] : [];
  if (!objAt(status.allocation)) {
    if (!deleting) states.push('pending');
  } else {
    states.push('allocated');
    if (listAt(status.reservedFor).length) states.push('reserved');
  }
  return states.join(',');
}

function prepareForUpdate(obj: JsonObject, old: JsonObject, ctx: StrategyContext): void {
  if (!ctx.gates.enabled(ADMIN_ACCESS_GATE)) dropAdminAccess(devicesOf(obj), devicesOf(old));
  const status = objAt(obj.status);
  // Device status is only kept while its gate is on, or when it was already there.
  if (status && !ctx.gates.enabled(DEVICE_STATUS_GATE) && !listAt(statusOf(old).devices).length) delete status.devices;
}

function validateUpdate(obj: JsonObject, old: JsonObject, ctx: StrategyContext): FieldError[] {
  if (ctx.subresource === 'status') {
    const deleting = objAt(obj.metadata)?.deletionTimestamp !== undefined;
    return validateClaimStatus(statusOf(obj), statusOf(old), deleting, requestNamesOf(devicesOf(obj)));
  }
  return immutable('spec', obj.spec, old.spec);
}

export const resourceClaimKind: KindDefinition = {
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
};
