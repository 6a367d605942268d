/**
 * resource.orch.io/v1beta1 (dynamic resource allocation): ResourceClaim and
 * ResourceClaimTemplate as Kubernetes v1.32 has them (fields added later, such as
 * `firstAvailable`, `tolerations` or `distinctAttribute`, are left out).
 * The interfaces beside the schema values are written by `node scripts/gen-types.mjs`.
 */
import { bool, enumOf, field, int64, list, raw, str, struct } from '../../schema/build.ts';
import { NodeSelector } from './core-v1.ts';
import { Condition, ObjectMeta } from './meta-v1.ts';
import { listType, objectType } from './object.ts';
import type { JsonValue } from '../../util/json.ts';
import type { ListMeta } from './meta-v1.ts';

const P = 'io.orch.api.resource.v1beta1';

/** The shared metav1.Condition (one definition, so OpenAPI has one schema of that name). */
export { Condition };

// ---------------------------------------------------------------------------- spec

export const CELDeviceSelector = struct(
  `${P}.CELDeviceSelector`,
  {
    expression: field(1, str(), {
      omitEmpty: false,
      description:
        'A CEL expression that must be true for a device to be chosen. It sees the device as device: its driver, attributes and capacity (such as device.driver == "gpu.example.com"). Required.',
    }),
  },
  { description: 'A condition on devices, written in CEL.' },
);

/** A condition on devices, written in CEL. */
export interface CELDeviceSelector {
  /**
   * A CEL expression that must be true for a device to be chosen. It sees the device as device: its
   * driver, attributes and capacity (such as device.driver == "gpu.example.com"). Required.
   */
  expression?: string;
}

export const DeviceSelector = struct(
  `${P}.DeviceSelector`,
  { cel: field(1, CELDeviceSelector, { pointer: true, description: 'A CEL expression the device must satisfy.' }) },
  { description: 'A condition a device must meet: exactly one member is set.' },
);

/** A condition a device must meet: exactly one member is set. */
export interface DeviceSelector {
  /** A CEL expression the device must satisfy. */
  cel?: CELDeviceSelector;
}

export const DeviceRequest = struct(
  `${P}.DeviceRequest`,
  {
    name: field(1, str(), {
      omitEmpty: false,
      description: 'The name of the request, a DNS label unique in the claim; containers and constraints refer to it. Required.',
    }),
    deviceClassName: field(2, str(), {
      omitEmpty: false,
      description: 'The DeviceClass the devices must belong to; its selectors and configuration apply too. Required.',
    }),
    selectors: field(3, list(DeviceSelector, { listType: 'atomic' }), {
      description: 'Conditions every device must meet, besides those of its class.',
    }),
    allocationMode: field(
      4,
      enumOf({
        All: 'asks for every matching device of the pool (of one node, when the devices are local); allocation fails while any of them is taken.',
        ExactCount: 'asks for exactly count devices.',
      }),
      { default: 'ExactCount', description: 'How many devices the request is for (default ExactCount).' },
    ),
    count: field(5, int64(), { description: 'How many devices, when allocationMode is ExactCount (default 1).' }),
    adminAccess: field(6, bool(), {
      pointer: true,
      description:
        'Ask for the devices with administrative access, even while others use them; only in namespaces labelled for it. Alpha, with feature DRAAdminAccess.',
    }),
  },
  { description: 'A request for one or more devices of one class.' },
);

/** A request for one or more devices of one class. */
export interface DeviceRequest {
  /**
   * The name of the request, a DNS label unique in the claim; containers and constraints refer to
   * it. Required.
   */
  name?: string;
  /**
   * The DeviceClass the devices must belong to; its selectors and configuration apply too.
   * Required.
   */
  deviceClassName?: string;
  /** Conditions every device must meet, besides those of its class. */
  selectors?: DeviceSelector[];
  /**
   * How many devices the request is for (default ExactCount).
   *
   * - `All`: asks for every matching device of the pool (of one node, when the devices are local);
   *   allocation fails while any of them is taken.
   * - `ExactCount`: asks for exactly count devices.
   */
  allocationMode?: 'All' | 'ExactCount';
  /** How many devices, when allocationMode is ExactCount (default 1). */
  count?: number;
  /**
   * Ask for the devices with administrative access, even while others use them; only in namespaces
   * labelled for it. Alpha, with feature DRAAdminAccess.
   */
  adminAccess?: boolean;
}

export const DeviceConstraint = struct(
  `${P}.DeviceConstraint`,
  {
    requests: field(1, list(str(), { listType: 'atomic' }), {
      description: 'The requests the constraint is about (default: all requests of the claim).',
    }),
    matchAttribute: field(2, str(), {
      pointer: true,
      description:
        'A fully qualified attribute (such as example.com/model) that every device chosen for those requests must have, with the same value; devices without it cannot be chosen.',
    }),
  },
  { description: 'A condition the devices of several requests must meet together.' },
);

/** A condition the devices of several requests must meet together. */
export interface DeviceConstraint {
  /** The requests the constraint is about (default: all requests of the claim). */
  requests?: string[];
  /**
   * A fully qualified attribute (such as example.com/model) that every device chosen for those
   * requests must have, with the same value; devices without it cannot be chosen.
   */
  matchAttribute?: string;
}

export const OpaqueDeviceConfiguration = struct(
  `${P}.OpaqueDeviceConfiguration`,
  {
    driver: field(1, str(), {
      omitEmpty: false,
      description: 'The driver the configuration is for; only that driver gets it, and the others ignore it. Required.',
    }),
    parameters: field(2, raw(), {
      omitEmpty: false,
      description:
        'The configuration, in a format the driver defines: any JSON, usually an object with a kind and apiVersion of its own. Required.',
    }),
  },
  { description: 'Configuration of devices in the format of one driver.' },
);

/** Configuration of devices in the format of one driver. */
export interface OpaqueDeviceConfiguration {
  /**
   * The driver the configuration is for; only that driver gets it, and the others ignore it.
   * Required.
   */
  driver?: string;
  /**
   * The configuration, in a format the driver defines: any JSON, usually an object with a kind and
   * apiVersion of its own. Required.
   */
  parameters?: JsonValue;
}

export const DeviceConfiguration = struct(
  `${P}.DeviceConfiguration`,
  { opaque: field(1, OpaqueDeviceConfiguration, { pointer: true, description: 'Configuration in the format of one driver.' }) },
  { description: 'Configuration of devices: exactly one member is set.' },
);

/** Configuration of devices: exactly one member is set. */
export interface DeviceConfiguration {
  /** Configuration in the format of one driver. */
  opaque?: OpaqueDeviceConfiguration;
}

export const DeviceClaimConfiguration = struct(
  `${P}.DeviceClaimConfiguration`,
  {
    requests: field(1, list(str(), { listType: 'atomic' }), {
      description: 'The requests the configuration is for (default: all requests of the claim).',
    }),
    deviceConfiguration: field(2, DeviceConfiguration, { inline: true }),
  },
  { description: 'Configuration for the devices of some requests of a claim.' },
);

/** Configuration for the devices of some requests of a claim. */
export interface DeviceClaimConfiguration extends DeviceConfiguration {
  /** The requests the configuration is for (default: all requests of the claim). */
  requests?: string[];
}

export const DeviceClaim = struct(
  `${P}.DeviceClaim`,
  {
    requests: field(1, list(DeviceRequest, { listType: 'atomic' }), {
      omitEmpty: false,
      description: 'The requests, each for devices of one class. Required.',
    }),
    constraints: field(2, list(DeviceConstraint, { listType: 'atomic' }), {
      description: 'Conditions the devices of several requests must meet together.',
    }),
    config: field(3, list(DeviceClaimConfiguration, { listType: 'atomic' }), {
      description: 'Configuration for the devices of some requests, handed to their drivers.',
    }),
  },
  { description: 'The devices a claim asks for.' },
);

/** The devices a claim asks for. */
export interface DeviceClaim {
  /** The requests, each for devices of one class. Required. */
  requests?: DeviceRequest[] | null;
  /** Conditions the devices of several requests must meet together. */
  constraints?: DeviceConstraint[];
  /** Configuration for the devices of some requests, handed to their drivers. */
  config?: DeviceClaimConfiguration[];
}

export const ResourceClaimSpec = struct(
  `${P}.ResourceClaimSpec`,
  { devices: field(1, DeviceClaim, { omitEmpty: false, description: 'The devices asked for.' }) },
  { description: 'What a ResourceClaim asks for.' },
);

/** What a ResourceClaim asks for. */
export interface ResourceClaimSpec {
  /** The devices asked for. */
  devices?: DeviceClaim;
}

// ---------------------------------------------------------------------------- status

export const ResourceClaimConsumerReference = struct(
  `${P}.ResourceClaimConsumerReference`,
  {
    apiGroup: field(1, str(), { description: 'The API group of the consumer; empty for the core group.' }),
    resource: field(3, str(), { omitEmpty: false, description: 'The resource of the consumer, such as pods. Required.' }),
    name: field(4, str(), { omitEmpty: false, description: 'The name of the consumer. Required.' }),
    uid: field(5, str(), { omitEmpty: false, description: 'The UID of the consumer. Required.' }),
  },
  { description: 'An object in the namespace of a claim that uses it, such as a pod.' },
);

/** An object in the namespace of a claim that uses it, such as a pod. */
export interface ResourceClaimConsumerReference {
  /** The API group of the consumer; empty for the core group. */
  apiGroup?: string;
  /** The resource of the consumer, such as pods. Required. */
  resource?: string;
  /** The name of the consumer. Required. */
  name?: string;
  /** The UID of the consumer. Required. */
  uid?: string;
}

export const DeviceRequestAllocationResult = struct(
  `${P}.DeviceRequestAllocationResult`,
  {
    request: field(1, str(), { omitEmpty: false, description: 'The request the device was allocated for. Required.' }),
    driver: field(2, str(), { omitEmpty: false, description: 'The driver of the device. Required.' }),
    pool: field(3, str(), { omitEmpty: false, description: 'The pool of the device, among those of the driver. Required.' }),
    device: field(4, str(), { omitEmpty: false, description: 'The name of the device in its pool. Required.' }),
    // Go writes `null` for an unset value (no omitempty on this pointer).
    adminAccess: field(5, bool(), {
      pointer: true,
      omitEmpty: false,
      description: 'Whether the device was allocated with administrative access.',
    }),
  },
  { description: 'A device allocated for a request.' },
);

/** A device allocated for a request. */
export interface DeviceRequestAllocationResult {
  /** The request the device was allocated for. Required. */
  request?: string;
  /** The driver of the device. Required. */
  driver?: string;
  /** The pool of the device, among those of the driver. Required. */
  pool?: string;
  /** The name of the device in its pool. Required. */
  device?: string;
  /** Whether the device was allocated with administrative access. */
  adminAccess?: boolean | null;
}

export const DeviceAllocationConfiguration = struct(
  `${P}.DeviceAllocationConfiguration`,
  {
    source: field(1, enumOf({ FromClaim: 'came from the claim.', FromClass: 'came from the DeviceClass of a request.' }), {
      omitEmpty: false,
      description: 'Where the configuration came from. Required.',
    }),
    requests: field(2, list(str(), { listType: 'atomic' }), { description: 'The requests the configuration is for (default: all).' }),
    deviceConfiguration: field(3, DeviceConfiguration, { inline: true }),
  },
  { description: 'Configuration that applies to allocated devices.' },
);

/** Configuration that applies to allocated devices. */
export interface DeviceAllocationConfiguration extends DeviceConfiguration {
  /**
   * Where the configuration came from. Required.
   *
   * - `FromClaim`: came from the claim.
   * - `FromClass`: came from the DeviceClass of a request.
   */
  source?: 'FromClaim' | 'FromClass';
  /** The requests the configuration is for (default: all). */
  requests?: string[];
}

export const DeviceAllocationResult = struct(
  `${P}.DeviceAllocationResult`,
  {
    results: field(1, list(DeviceRequestAllocationResult, { listType: 'atomic' }), {
      description: 'The allocated devices, one entry per device and request.',
    }),
    config: field(2, list(DeviceAllocationConfiguration, { listType: 'atomic' }), {
      description: 'The configuration of the allocated devices, from their classes and from the claim, in the order the drivers apply it.',
    }),
  },
  { description: 'The devices allocated for a claim.' },
);

/** The devices allocated for a claim. */
export interface DeviceAllocationResult {
  /** The allocated devices, one entry per device and request. */
  results?: DeviceRequestAllocationResult[];
  /**
   * The configuration of the allocated devices, from their classes and from the claim, in the order
   * the drivers apply it.
   */
  config?: DeviceAllocationConfiguration[];
}

export const AllocationResult = struct(
  `${P}.AllocationResult`,
  {
    devices: field(1, DeviceAllocationResult, { description: 'The allocated devices.' }),
    nodeSelector: field(3, NodeSelector, {
      pointer: true,
      description: 'The nodes from which the allocated devices can be used; unset: every node.',
    }),
  },
  { description: 'Where and how a claim is allocated.' },
);

/** Where and how a claim is allocated. */
export interface AllocationResult {
  /** The allocated devices. */
  devices?: DeviceAllocationResult;
  /** The nodes from which the allocated devices can be used; unset: every node. */
  nodeSelector?: NodeSelector;
}

export const NetworkDeviceData = struct(
  `${P}.NetworkDeviceData`,
  {
    interfaceName: field(1, str(), { description: 'The name of the network interface of the device in the pod.' }),
    ips: field(2, list(str(), { listType: 'atomic' }), { description: 'The IPs of the device, with their prefix length (CIDR form).' }),
    hardwareAddress: field(3, str(), { description: 'The hardware (MAC) address of the device.' }),
  },
  { description: 'Network data of an allocated device, as its driver reports it.' },
);

/** Network data of an allocated device, as its driver reports it. */
export interface NetworkDeviceData {
  /** The name of the network interface of the device in the pod. */
  interfaceName?: string;
  /** The IPs of the device, with their prefix length (CIDR form). */
  ips?: string[];
  /** The hardware (MAC) address of the device. */
  hardwareAddress?: string;
}

export const AllocatedDeviceStatus = struct(
  `${P}.AllocatedDeviceStatus`,
  {
    driver: field(1, str(), { omitEmpty: false, description: 'The driver of the device. Required.' }),
    pool: field(2, str(), { omitEmpty: false, description: 'The pool of the device. Required.' }),
    device: field(3, str(), { omitEmpty: false, description: 'The name of the device in its pool. Required.' }),
    conditions: field(4, list(Condition, { listType: 'map', listMapKeys: ['type'] }), {
      omitEmpty: false,
      description: 'The conditions of the device, such as Ready.',
    }),
    // A plain RawExtension in v1.32: Go writes `null` when it is unset.
    data: field(5, raw(), { description: 'Further data from the driver, in a format of its own.' }),
    networkData: field(6, NetworkDeviceData, { pointer: true, description: 'Network data of the device.' }),
  },
  { description: 'What the driver of an allocated device reports about it.' },
);

/** What the driver of an allocated device reports about it. */
export interface AllocatedDeviceStatus {
  /** The driver of the device. Required. */
  driver?: string;
  /** The pool of the device. Required. */
  pool?: string;
  /** The name of the device in its pool. Required. */
  device?: string;
  /** The conditions of the device, such as Ready. */
  conditions?: Condition[] | null;
  /** Further data from the driver, in a format of its own. */
  data?: JsonValue;
  /** Network data of the device. */
  networkData?: NetworkDeviceData;
}

export const ResourceClaimStatus = struct(
  `${P}.ResourceClaimStatus`,
  {
    allocation: field(1, AllocationResult, { pointer: true, description: 'The allocation, once the claim is allocated.' }),
    reservedFor: field(
      2,
      list(ResourceClaimConsumerReference, { listType: 'map', listMapKeys: ['uid'], patchStrategy: 'merge', patchMergeKey: 'uid' }),
      {
        description:
          'The consumers (pods) the claim is reserved for, at most 256; only they may use it, and it stays allocated while any is listed.',
      },
    ),
    devices: field(4, list(AllocatedDeviceStatus, { listType: 'map', listMapKeys: ['driver', 'device', 'pool'] }), {
      description: 'The state of the allocated devices, as their drivers report it. Alpha, with feature DRAResourceClaimDeviceStatus.',
    }),
  },
  { description: 'The observed state of a ResourceClaim: whether it is allocated, and to whom it is reserved.' },
);

/** The observed state of a ResourceClaim: whether it is allocated, and to whom it is reserved. */
export interface ResourceClaimStatus {
  /** The allocation, once the claim is allocated. */
  allocation?: AllocationResult;
  /**
   * The consumers (pods) the claim is reserved for, at most 256; only they may use it, and it stays
   * allocated while any is listed.
   */
  reservedFor?: ResourceClaimConsumerReference[];
  /**
   * The state of the allocated devices, as their drivers report it. Alpha, with feature
   * DRAResourceClaimDeviceStatus.
   */
  devices?: AllocatedDeviceStatus[];
}

export const ResourceClaim = objectType(
  `${P}.ResourceClaim`,
  {
    spec: field(2, ResourceClaimSpec, { required: true, description: 'What the claim asks for. Required; immutable.' }),
    status: field(3, ResourceClaimStatus, { description: 'The allocation of the claim and who uses it.' }),
  },
  {
    description:
      'A request for devices, such as accelerators, that pods can use: the scheduler allocates devices that meet it, and the pods that reference it share them. Needs feature DynamicResourceAllocation.',
  },
);

/**
 * A request for devices, such as accelerators, that pods can use: the scheduler allocates devices
 * that meet it, and the pods that reference it share them. Needs feature DynamicResourceAllocation.
 */
export interface ResourceClaim {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /** What the claim asks for. Required; immutable. */
  spec: ResourceClaimSpec;
  /** The allocation of the claim and who uses it. */
  status?: ResourceClaimStatus;
}

export const ResourceClaimList = listType(ResourceClaim);

/** A list of ResourceClaim objects. */
export interface ResourceClaimList {
  /** The kind of the list, ResourceClaimList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The ResourceClaim objects. Required. */
  items: ResourceClaim[];
}

// ---------------------------------------------------------------------------- template

export const ResourceClaimTemplateSpec = struct(
  `${P}.ResourceClaimTemplateSpec`,
  {
    metadata: field(1, ObjectMeta, {
      description: 'Labels and annotations copied to each claim made from the template; other fields are rejected by validation.',
    }),
    spec: field(2, ResourceClaimSpec, {
      required: true,
      description: 'The specification of the claims, copied into each unchanged. Required.',
    }),
  },
  { description: 'The ResourceClaim a template makes.' },
);

/** The ResourceClaim a template makes. */
export interface ResourceClaimTemplateSpec {
  /**
   * Labels and annotations copied to each claim made from the template; other fields are rejected
   * by validation.
   */
  metadata?: ObjectMeta;
  /** The specification of the claims, copied into each unchanged. Required. */
  spec: ResourceClaimSpec;
}

export const ResourceClaimTemplate = objectType(
  `${P}.ResourceClaimTemplate`,
  {
    spec: field(2, ResourceClaimTemplateSpec, {
      required: true,
      description:
        'The claim to make. Required and immutable: the control plane makes a claim for a pod when it needs one, and never updates that claim afterwards.',
    }),
  },
  {
    description:
      'A template of ResourceClaims: a claim is made from it for each pod that names it, and deleted with the pod. Needs feature DynamicResourceAllocation.',
  },
);

/**
 * A template of ResourceClaims: a claim is made from it for each pod that names it, and deleted
 * with the pod. Needs feature DynamicResourceAllocation.
 */
export interface ResourceClaimTemplate {
  /**
   * The kind of the object, in CamelCase (such as StatefulSet). The server can tell it from the
   * endpoint; it cannot be updated.
   */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /**
   * Standard object metadata: name, namespace, labels, annotations, and what the system records.
   */
  metadata: ObjectMeta;
  /**
   * The claim to make. Required and immutable: the control plane makes a claim for a pod when it
   * needs one, and never updates that claim afterwards.
   */
  spec: ResourceClaimTemplateSpec;
}

export const ResourceClaimTemplateList = listType(ResourceClaimTemplate);

/** A list of ResourceClaimTemplate objects. */
export interface ResourceClaimTemplateList {
  /** The kind of the list, ResourceClaimTemplateList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The ResourceClaimTemplate objects. Required. */
  items: ResourceClaimTemplate[];
}
