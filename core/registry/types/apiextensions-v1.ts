/**
 * apiextensions.orch.io/v1: CustomResourceDefinition. Field order is the Go struct order of
 * v1.32; protobuf numbers as the real generated.proto. A schema (`openAPIV3Schema`) is kept as
 * the JSON it was written in (its extensions may be spelled `x-orch-*` or `x-kubernetes-*`, and
 * OpenAPI publishes it in that spelling); `core/apiextensions` reads and checks it.
 * The interfaces beside the schema values are written by `node scripts/gen-types.mjs`.
 */
import { bool, bytes, enumOf, field, int32, list, raw, str, struct, time } from '../../schema/build.ts';
import { CONDITION_STATUS_VALUES } from './meta-v1.ts';
import { listType, objectType } from './object.ts';
import type { ListMeta, ObjectMeta } from './meta-v1.ts';
import type { JsonValue } from '../../util/json.ts';

const P = 'io.orch.api.apiextensions.v1';

const atomicStrings = list(str(), { listType: 'atomic' });

export const CustomResourceDefinitionNames = struct(
  `${P}.CustomResourceDefinitionNames`,
  {
    plural: field(1, str(), {
      omitEmpty: false,
      description: 'The plural name of the resource, used in URLs (/apis/<group>/<version>/.../<plural>); lower case. Required.',
    }),
    singular: field(2, str(), { description: 'The singular name of the resource, lower case; defaults to the lower-cased kind.' }),
    shortNames: field(3, atomicStrings, { description: 'Short names clients accept for the resource, such as `kubectl get <shortname>`.' }),
    kind: field(4, str(), {
      omitEmpty: false,
      description: 'The CamelCase kind of the objects, as their `kind` field says. Required.',
    }),
    listKind: field(5, str(), { description: 'The kind of lists of the objects; defaults to `<kind>List`.' }),
    categories: field(6, atomicStrings, {
      description: 'Groups of resources the resource belongs to, such as `all`, for `kubectl get <category>`.',
    }),
  },
  { description: 'The names a custom resource is served under.' },
);

/** The names a custom resource is served under. */
export interface CustomResourceDefinitionNames {
  /**
   * The plural name of the resource, used in URLs (/apis/<group>/<version>/.../<plural>); lower
   * case. Required.
   */
  plural?: string;
  /** The singular name of the resource, lower case; defaults to the lower-cased kind. */
  singular?: string;
  /** Short names clients accept for the resource, such as `kubectl get <shortname>`. */
  shortNames?: string[];
  /** The CamelCase kind of the objects, as their `kind` field says. Required. */
  kind?: string;
  /** The kind of lists of the objects; defaults to `<kind>List`. */
  listKind?: string;
  /** Groups of resources the resource belongs to, such as `all`, for `kubectl get <category>`. */
  categories?: string[];
}

export const CustomResourceColumnDefinition = struct(
  `${P}.CustomResourceColumnDefinition`,
  {
    name: field(1, str(), { omitEmpty: false, description: 'The column header. Required.' }),
    type: field(2, str(), {
      omitEmpty: false,
      description: 'The OpenAPI type of the column: integer, number, string, boolean or date. Required.',
    }),
    format: field(3, str(), { description: 'An optional OpenAPI format of the column (such as int32 or date-time).' }),
    description: field(4, str(), { description: 'What the column shows, in words.' }),
    priority: field(5, int32(), {
      description: 'How important the column is: 0 is shown always, higher numbers only in wide views (`-o wide`).',
    }),
    jsonPath: field(6, str(), {
      omitEmpty: false,
      description: 'A JSONPath evaluated against each object to produce the column value. Required.',
    }),
  },
  { description: 'A column of the table view of a custom resource.' },
);

/** A column of the table view of a custom resource. */
export interface CustomResourceColumnDefinition {
  /** The column header. Required. */
  name?: string;
  /** The OpenAPI type of the column: integer, number, string, boolean or date. Required. */
  type?: string;
  /** An optional OpenAPI format of the column (such as int32 or date-time). */
  format?: string;
  /** What the column shows, in words. */
  description?: string;
  /**
   * How important the column is: 0 is shown always, higher numbers only in wide views (`-o wide`).
   */
  priority?: number;
  /** A JSONPath evaluated against each object to produce the column value. Required. */
  jsonPath?: string;
}

export const SelectableField = struct(
  `${P}.SelectableField`,
  {
    jsonPath: field(1, str(), {
      omitEmpty: false,
      description: 'A simple JSONPath to a string, integer or boolean field, which field selectors may then select on. Required.',
    }),
  },
  { description: 'A field of a custom resource that field selectors may select on.' },
);

/** A field of a custom resource that field selectors may select on. */
export interface SelectableField {
  /**
   * A simple JSONPath to a string, integer or boolean field, which field selectors may then select
   * on. Required.
   */
  jsonPath?: string;
}

export const CustomResourceSubresourceScale = struct(
  `${P}.CustomResourceSubresourceScale`,
  {
    specReplicasPath: field(1, str(), {
      omitEmpty: false,
      description: 'The JSONPath under `.spec` of the desired replica count (an integer), such as `.spec.replicas`. Required.',
    }),
    statusReplicasPath: field(2, str(), {
      omitEmpty: false,
      description: 'The JSONPath under `.status` of the observed replica count, such as `.status.replicas`. Required.',
    }),
    labelSelectorPath: field(3, str(), {
      pointer: true,
      description: 'The JSONPath under `.spec` or `.status` of the label selector (in text form) the scale subresource reports.',
    }),
  },
  { description: 'Serves a scale subresource (autoscaling/v1 Scale) reading and writing the replica counts at these paths.' },
);

/**
 * Serves a scale subresource (autoscaling/v1 Scale) reading and writing the replica counts at these
 * paths.
 */
export interface CustomResourceSubresourceScale {
  /**
   * The JSONPath under `.spec` of the desired replica count (an integer), such as `.spec.replicas`.
   * Required.
   */
  specReplicasPath?: string;
  /**
   * The JSONPath under `.status` of the observed replica count, such as `.status.replicas`.
   * Required.
   */
  statusReplicasPath?: string;
  /**
   * The JSONPath under `.spec` or `.status` of the label selector (in text form) the scale
   * subresource reports.
   */
  labelSelectorPath?: string;
}

export const CustomResourceSubresources = struct(
  `${P}.CustomResourceSubresources`,
  {
    // An empty object in the real API (CustomResourceSubresourceStatus): kept as sent.
    status: field(1, raw(), {
      pointer: true,
      description:
        'Serves the status subresource (an empty object): writes to the main resource leave `status` alone, writes to /status change only `status`.',
    }),
    scale: field(2, CustomResourceSubresourceScale, { pointer: true, description: 'Serves the scale subresource.' }),
  },
  { description: 'The subresources a version of a custom resource serves.' },
);

/** The subresources a version of a custom resource serves. */
export interface CustomResourceSubresources {
  /**
   * Serves the status subresource (an empty object): writes to the main resource leave `status`
   * alone, writes to /status change only `status`.
   */
  status?: JsonValue;
  /** Serves the scale subresource. */
  scale?: CustomResourceSubresourceScale;
}

export const CustomResourceValidation = struct(
  `${P}.CustomResourceValidation`,
  {
    openAPIV3Schema: field(1, raw(), {
      description: 'The OpenAPI v3 schema of the objects: validation, pruning and defaulting follow it. It must be structural.',
    }),
  },
  { description: 'The schema of a version of a custom resource.' },
);

/** The schema of a version of a custom resource. */
export interface CustomResourceValidation {
  /**
   * The OpenAPI v3 schema of the objects: validation, pruning and defaulting follow it. It must be
   * structural.
   */
  openAPIV3Schema?: JsonValue;
}

export const CustomResourceDefinitionVersion = struct(
  `${P}.CustomResourceDefinitionVersion`,
  {
    name: field(1, str(), {
      omitEmpty: false,
      description: 'The version name, such as v1 or v2beta1, served at /apis/<group>/<version>/.... Required.',
    }),
    served: field(2, bool(), { omitEmpty: false, description: 'Whether this version is served by the REST API.' }),
    storage: field(3, bool(), { omitEmpty: false, description: 'Whether objects are stored in this version. Exactly one version is.' }),
    deprecated: field(7, bool(), {
      description: 'Whether this version is deprecated: requests to it get a warning header.',
    }),
    deprecationWarning: field(8, str(), {
      pointer: true,
      description: 'The warning sent to clients of a deprecated version, instead of the default one.',
    }),
    schema: field(4, CustomResourceValidation, { pointer: true, description: 'The schema of this version. Required.' }),
    subresources: field(5, CustomResourceSubresources, { pointer: true, description: 'The subresources this version serves.' }),
    additionalPrinterColumns: field(6, list(CustomResourceColumnDefinition, { listType: 'atomic' }), {
      description: 'The columns of the table view of this version; without them the table shows the name and the age.',
    }),
    selectableFields: field(9, list(SelectableField, { listType: 'atomic' }), {
      description: 'Fields beyond metadata.name and metadata.namespace that field selectors may select on (at most 8).',
    }),
  },
  { description: 'One version of a custom resource.' },
);

/** One version of a custom resource. */
export interface CustomResourceDefinitionVersion {
  /** The version name, such as v1 or v2beta1, served at /apis/<group>/<version>/.... Required. */
  name?: string;
  /** Whether this version is served by the REST API. */
  served?: boolean;
  /** Whether objects are stored in this version. Exactly one version is. */
  storage?: boolean;
  /** Whether this version is deprecated: requests to it get a warning header. */
  deprecated?: boolean;
  /** The warning sent to clients of a deprecated version, instead of the default one. */
  deprecationWarning?: string;
  /** The schema of this version. Required. */
  schema?: CustomResourceValidation;
  /** The subresources this version serves. */
  subresources?: CustomResourceSubresources;
  /**
   * The columns of the table view of this version; without them the table shows the name and the
   * age.
   */
  additionalPrinterColumns?: CustomResourceColumnDefinition[];
  /**
   * Fields beyond metadata.name and metadata.namespace that field selectors may select on (at most
   * 8).
   */
  selectableFields?: SelectableField[];
}

export const ServiceReference = struct(
  `${P}.ServiceReference`,
  {
    namespace: field(1, str(), { omitEmpty: false, description: 'The namespace of the service. Required.' }),
    name: field(2, str(), { omitEmpty: false, description: 'The name of the service. Required.' }),
    path: field(3, str(), { pointer: true, description: 'The URL path the webhook is reached at on the service.' }),
    port: field(4, int32(), { pointer: true, default: 443, description: 'The port of the service; defaults to 443.' }),
  },
  { description: 'A service that serves a conversion webhook.' },
);

/** A service that serves a conversion webhook. */
export interface ServiceReference {
  /** The namespace of the service. Required. */
  namespace?: string;
  /** The name of the service. Required. */
  name?: string;
  /** The URL path the webhook is reached at on the service. */
  path?: string;
  /** The port of the service; defaults to 443. */
  port?: number;
}

export const WebhookClientConfig = struct(
  `${P}.WebhookClientConfig`,
  {
    url: field(3, str(), { pointer: true, description: 'The https URL of the webhook; exactly one of url and service is set.' }),
    service: field(1, ServiceReference, {
      pointer: true,
      description: 'The service of the webhook; exactly one of url and service is set.',
    }),
    caBundle: field(2, bytes(), { description: 'PEM-encoded certificate authorities that sign the webhook server certificate.' }),
  },
  { description: 'How to reach a conversion webhook.' },
);

/** How to reach a conversion webhook. */
export interface WebhookClientConfig {
  /** The https URL of the webhook; exactly one of url and service is set. */
  url?: string;
  /** The service of the webhook; exactly one of url and service is set. */
  service?: ServiceReference;
  /** PEM-encoded certificate authorities that sign the webhook server certificate. */
  caBundle?: string;
}

export const WebhookConversion = struct(
  `${P}.WebhookConversion`,
  {
    clientConfig: field(2, WebhookClientConfig, { pointer: true, description: 'How to reach the webhook.' }),
    conversionReviewVersions: field(3, atomicStrings, {
      omitEmpty: false,
      description: 'The ConversionReview versions the webhook accepts, in order of preference. Required.',
    }),
  },
  { description: 'Conversion between versions by a webhook.' },
);

/** Conversion between versions by a webhook. */
export interface WebhookConversion {
  /** How to reach the webhook. */
  clientConfig?: WebhookClientConfig;
  /** The ConversionReview versions the webhook accepts, in order of preference. Required. */
  conversionReviewVersions?: string[] | null;
}

export const CustomResourceConversion = struct(
  `${P}.CustomResourceConversion`,
  {
    strategy: field(
      1,
      enumOf({ None: 'only apiVersion changes between versions', Webhook: 'a webhook converts objects' }, { checkedBy: 'kind' }),
      {
        omitEmpty: false,
        description: 'How objects are converted between versions. Required.',
      },
    ),
    webhook: field(2, WebhookConversion, { pointer: true, description: 'The webhook, when the strategy is Webhook.' }),
  },
  { description: 'How objects of a custom resource are converted between its versions.' },
);

/** How objects of a custom resource are converted between its versions. */
export interface CustomResourceConversion {
  /**
   * How objects are converted between versions. Required.
   *
   * - `None`: only apiVersion changes between versions
   * - `Webhook`: a webhook converts objects
   */
  strategy?: string;
  /** The webhook, when the strategy is Webhook. */
  webhook?: WebhookConversion;
}

export const CustomResourceDefinitionSpec = struct(
  `${P}.CustomResourceDefinitionSpec`,
  {
    group: field(1, str(), {
      omitEmpty: false,
      description: 'The API group of the resource, served at /apis/<group>/...; a DNS subdomain with at least one dot. Required.',
    }),
    names: field(3, CustomResourceDefinitionNames, { description: 'The names of the resource.' }),
    scope: field(4, enumOf({ Cluster: 'objects have no namespace', Namespaced: 'objects live in namespaces' }, { checkedBy: 'kind' }), {
      omitEmpty: false,
      description: 'Whether objects are cluster scoped or namespaced. Required.',
    }),
    versions: field(7, list(CustomResourceDefinitionVersion, { listType: 'atomic' }), {
      description: 'The versions of the resource, in order of preference for discovery. Required.',
    }),
    conversion: field(9, CustomResourceConversion, { pointer: true, description: 'How objects are converted between versions.' }),
    preserveUnknownFields: field(10, bool(), {
      description: 'Must be false: unknown fields are pruned unless the schema keeps them (x-orch-preserve-unknown-fields).',
    }),
  },
  { description: 'What a custom resource is: its group, names, scope and versions.' },
);

/** What a custom resource is: its group, names, scope and versions. */
export interface CustomResourceDefinitionSpec {
  /**
   * The API group of the resource, served at /apis/<group>/...; a DNS subdomain with at least one
   * dot. Required.
   */
  group?: string;
  /** The names of the resource. */
  names?: CustomResourceDefinitionNames;
  /**
   * Whether objects are cluster scoped or namespaced. Required.
   *
   * - `Cluster`: objects have no namespace
   * - `Namespaced`: objects live in namespaces
   */
  scope?: string;
  /** The versions of the resource, in order of preference for discovery. Required. */
  versions?: CustomResourceDefinitionVersion[];
  /** How objects are converted between versions. */
  conversion?: CustomResourceConversion;
  /**
   * Must be false: unknown fields are pruned unless the schema keeps them
   * (x-orch-preserve-unknown-fields).
   */
  preserveUnknownFields?: boolean;
}

export const CustomResourceDefinitionCondition = struct(
  `${P}.CustomResourceDefinitionCondition`,
  {
    type: field(1, str(), { omitEmpty: false, description: 'The type of the condition: NamesAccepted, Established or Terminating.' }),
    status: field(2, enumOf(CONDITION_STATUS_VALUES, { checkedBy: 'kind' }), {
      omitEmpty: false,
      description: 'Whether the condition holds: True, False or Unknown.',
    }),
    lastTransitionTime: field(3, time(), { description: 'When the condition last changed from one status to another.' }),
    reason: field(4, str(), { description: 'A one-word CamelCase reason for the last transition.' }),
    message: field(5, str(), { description: 'A human readable explanation of the last transition.' }),
  },
  { description: 'One condition of a CustomResourceDefinition.' },
);

/** One condition of a CustomResourceDefinition. */
export interface CustomResourceDefinitionCondition {
  /** The type of the condition: NamesAccepted, Established or Terminating. */
  type?: string;
  /**
   * Whether the condition holds: True, False or Unknown.
   *
   * - `True`: the condition holds.
   * - `False`: the condition does not hold.
   * - `Unknown`: whether the condition holds cannot be told.
   */
  status?: string;
  /** When the condition last changed from one status to another. */
  lastTransitionTime?: string | null;
  /** A one-word CamelCase reason for the last transition. */
  reason?: string;
  /** A human readable explanation of the last transition. */
  message?: string;
}

export const CustomResourceDefinitionStatus = struct(
  `${P}.CustomResourceDefinitionStatus`,
  {
    conditions: field(1, list(CustomResourceDefinitionCondition, { listType: 'map', listMapKeys: ['type'] }), {
      description: 'The observed state of the definition: NamesAccepted, Established, Terminating.',
    }),
    acceptedNames: field(2, CustomResourceDefinitionNames, {
      description: 'The names actually served; they may differ from spec.names while those conflict with another definition.',
    }),
    storedVersions: field(3, atomicStrings, {
      description: 'Every version objects have ever been stored in; a version may leave spec.versions only once it is gone from here.',
    }),
  },
  { description: 'The observed state of a CustomResourceDefinition.' },
);

/** The observed state of a CustomResourceDefinition. */
export interface CustomResourceDefinitionStatus {
  /** The observed state of the definition: NamesAccepted, Established, Terminating. */
  conditions?: CustomResourceDefinitionCondition[];
  /**
   * The names actually served; they may differ from spec.names while those conflict with another
   * definition.
   */
  acceptedNames?: CustomResourceDefinitionNames;
  /**
   * Every version objects have ever been stored in; a version may leave spec.versions only once it
   * is gone from here.
   */
  storedVersions?: string[];
}

export const CustomResourceDefinition = objectType(
  `${P}.CustomResourceDefinition`,
  {
    spec: field(2, CustomResourceDefinitionSpec, { description: 'What the resource is.' }),
    status: field(3, CustomResourceDefinitionStatus, { description: 'The observed state of the definition.' }),
  },
  { description: 'A resource served by the API server whose kind is defined by this object rather than built in.' },
);

/**
 * A resource served by the API server whose kind is defined by this object rather than built in.
 */
export interface CustomResourceDefinition {
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
  /** What the resource is. */
  spec?: CustomResourceDefinitionSpec;
  /** The observed state of the definition. */
  status?: CustomResourceDefinitionStatus;
}

export const CustomResourceDefinitionList = listType(CustomResourceDefinition);

/** A list of CustomResourceDefinition objects. */
export interface CustomResourceDefinitionList {
  /** The kind of the list, CustomResourceDefinitionList. */
  kind?: string;
  /**
   * The version of the schema the object is written in: <group>/<version>, or just <version> (such
   * as v1) for the core group. The server converts objects between the versions it serves.
   */
  apiVersion?: string;
  /** Standard list metadata: the version of the collection and the token of the next page. */
  metadata: ListMeta;
  /** The CustomResourceDefinition objects. Required. */
  items: CustomResourceDefinition[];
}
