/**
 * resource.orch.io/v1beta1 (dynamic resource allocation): ResourceClaim and
 * ResourceClaimTemplate as Kubernetes v1.32 has them (fields added later, such as
 * `firstAvailable`, `tolerations` or `distinctAttribute`, are left out).
 */
import { bool, enumOf, field, int64, list, raw, str, struct, time } from '../../schema/build.ts';
import { NodeSelector } from './core-v1.ts';
import { Condition, ObjectMeta } from './meta-v1.ts';
import { objectType } from './object.ts';

const P = 'io.orch.api.resource.v1beta1';

/** The shared metav1.Condition (one definition, so OpenAPI has one schema of that name). */
export { Condition };

// ---------------------------------------------------------------------------- spec

export const CELDeviceSelector = struct(`${P}.CELDeviceSelector`, {
  expression: field(1, str(), { omitEmpty: false }),
});

export const DeviceSelector = struct(`${P}.DeviceSelector`, {
  cel: field(1, CELDeviceSelector, { pointer: true }),
});

export const DeviceRequest = struct(`${P}.DeviceRequest`, {
  name: field(1, str(), { omitEmpty: false }),
  deviceClassName: field(2, str(), { omitEmpty: false }),
  selectors: field(3, list(DeviceSelector, { listType: 'atomic' })),
  allocationMode: field(4, enumOf('All', 'ExactCount'), { default: 'ExactCount' }),
  count: field(5, int64()),
  adminAccess: field(6, bool(), { pointer: true }),
});

export const DeviceConstraint = struct(`${P}.DeviceConstraint`, {
  requests: field(1, list(str(), { listType: 'atomic' })),
  matchAttribute: field(2, str(), { pointer: true }),
});

export const OpaqueDeviceConfiguration = struct(`${P}.OpaqueDeviceConfiguration`, {
  driver: field(1, str(), { omitEmpty: false }),
  parameters: field(2, raw(), { omitEmpty: false }),
});

export const DeviceConfiguration = struct(`${P}.DeviceConfiguration`, {
  opaque: field(1, OpaqueDeviceConfiguration, { pointer: true }),
});

export const DeviceClaimConfiguration = struct(`${P}.DeviceClaimConfiguration`, {
  requests: field(1, list(str(), { listType: 'atomic' })),
  deviceConfiguration: field(2, DeviceConfiguration, { inline: true }),
});

export const DeviceClaim = struct(`${P}.DeviceClaim`, {
  requests: field(1, list(DeviceRequest, { listType: 'atomic' }), { omitEmpty: false }),
  constraints: field(2, list(DeviceConstraint, { listType: 'atomic' })),
  config: field(3, list(DeviceClaimConfiguration, { listType: 'atomic' })),
});

export const ResourceClaimSpec = struct(`${P}.ResourceClaimSpec`, {
  devices: field(1, DeviceClaim, { omitEmpty: false }),
});

// ---------------------------------------------------------------------------- status

export const ResourceClaimConsumerReference = struct(`${P}.ResourceClaimConsumerReference`, {
  apiGroup: field(1, str()),
  resource: field(3, str(), { omitEmpty: false }),
  name: field(4, str(), { omitEmpty: false }),
  uid: field(5, str(), { omitEmpty: false }),
});

export const DeviceRequestAllocationResult = struct(`${P}.DeviceRequestAllocationResult`, {
  request: field(1, str(), { omitEmpty: false }),
  driver: field(2, str(), { omitEmpty: false }),
  pool: field(3, str(), { omitEmpty: false }),
  device: field(4, str(), { omitEmpty: false }),
  // Go writes `null` for an unset value (no omitempty on this pointer).
  adminAccess: field(5, bool(), { pointer: true, omitEmpty: false }),
});

export const DeviceAllocationConfiguration = struct(`${P}.DeviceAllocationConfiguration`, {
  source: field(1, enumOf('FromClaim', 'FromClass'), { omitEmpty: false }),
  requests: field(2, list(str(), { listType: 'atomic' })),
  deviceConfiguration: field(3, DeviceConfiguration, { inline: true }),
});

export const DeviceAllocationResult = struct(`${P}.DeviceAllocationResult`, {
  results: field(1, list(DeviceRequestAllocationResult, { listType: 'atomic' })),
  config: field(2, list(DeviceAllocationConfiguration, { listType: 'atomic' })),
});

export const AllocationResult = struct(`${P}.AllocationResult`, {
  devices: field(1, DeviceAllocationResult),
  nodeSelector: field(3, NodeSelector, { pointer: true }),
});

export const NetworkDeviceData = struct(`${P}.NetworkDeviceData`, {
  interfaceName: field(1, str()),
  ips: field(2, list(str(), { listType: 'atomic' })),
  hardwareAddress: field(3, str()),
});

export const AllocatedDeviceStatus = struct(`${P}.AllocatedDeviceStatus`, {
  driver: field(1, str(), { omitEmpty: false }),
  pool: field(2, str(), { omitEmpty: false }),
  device: field(3, str(), { omitEmpty: false }),
  conditions: field(4, list(Condition, { listType: 'map', listMapKeys: ['type'] }), { omitEmpty: false }),
  // A plain RawExtension in v1.32: Go writes `null` when it is unset.
  data: field(5, raw()),
  networkData: field(6, NetworkDeviceData, { pointer: true }),
});

export const ResourceClaimStatus = struct(`${P}.ResourceClaimStatus`, {
  allocation: field(1, AllocationResult, { pointer: true }),
  reservedFor: field(
    2,
    list(ResourceClaimConsumerReference, { listType: 'map', listMapKeys: ['uid'], patchStrategy: 'merge', patchMergeKey: 'uid' }),
  ),
  devices: field(4, list(AllocatedDeviceStatus, { listType: 'map', listMapKeys: ['driver', 'device', 'pool'] })),
});

export const ResourceClaimSchema = objectType(`${P}.ResourceClaim`, {
  spec: field(2, ResourceClaimSpec, { required: true }),
  status: field(3, ResourceClaimStatus),
});

// ---------------------------------------------------------------------------- template

export const ResourceClaimTemplateSpec = struct(`${P}.ResourceClaimTemplateSpec`, {
  metadata: field(1, ObjectMeta),
  spec: field(2, ResourceClaimSpec, { required: true }),
});

export const ResourceClaimTemplateSchema = objectType(`${P}.ResourceClaimTemplate`, {
  spec: field(2, ResourceClaimTemplateSpec, { required: true }),
});
