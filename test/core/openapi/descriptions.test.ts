/**
 * `kubectl explain` prints what /openapi/v3 (and v2) say about each field (docs/api-rules.md,
 * "Versions and deprecation": OpenAPI). As on the real v1.32 server, every property reachable
 * from the roots below (ConfigMap, StatefulSet, Ingress, FlowSchema, ResourceClaimTemplate, with
 * ObjectMeta and its parts, and PriorityLevelConfiguration, which FlowSchemas refer to) has a
 * description, and every enumerated field publishes its values, each explained in a "Possible
 * enum values" paragraph.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inProcess, serverPerSuite } from '../../support/targets.ts';

type Json = Record<string, any>;

interface Doc {
  readonly definitions: Record<string, Json>;
  readonly prefix: string;
}

const CORE = 'io.orch.api.core.v1';
const APPS = 'io.orch.api.apps.v1';
const NET = 'io.orch.api.networking.v1';
const FLOW = 'io.orch.api.flowcontrol.v1';
const RES = 'io.orch.api.resource.v1beta1';
const META = 'io.orch.apimachinery.pkg.apis.meta.v1';

/** The roots of the walk, by the /openapi/v3 group-version that serves them. */
const ROOTS: { gv: string; root: string }[] = [
  { gv: 'api/v1', root: `${CORE}.ConfigMap` },
  { gv: 'api/v1', root: `${META}.ObjectMeta` },
  { gv: 'apis/apps/v1', root: `${APPS}.StatefulSet` },
  { gv: 'apis/networking.orch.io/v1', root: `${NET}.Ingress` },
  { gv: 'apis/flowcontrol.apiserver.orch.io/v1', root: `${FLOW}.FlowSchema` },
  { gv: 'apis/flowcontrol.apiserver.orch.io/v1', root: `${FLOW}.PriorityLevelConfiguration` },
  { gv: 'apis/resource.orch.io/v1beta1', root: `${RES}.ResourceClaimTemplate` },
];

const t = serverPerSuite(() => inProcess({ featureGates: { DynamicResourceAllocation: true } }));
let v2: Doc;
const v3 = new Map<string, Doc>();

beforeAll(async () => {
  const json = async (path: string): Promise<Json> => (await t.request(path)).json() as Promise<Json>;
  v2 = { definitions: (await json('/openapi/v2')).definitions, prefix: '#/definitions/' };
  const index = await json('/openapi/v3');
  for (const key of new Set(ROOTS.map(({ gv }) => gv))) {
    v3.set(key, { definitions: (await json(index.paths[key].serverRelativeURL)).components.schemas, prefix: '#/components/schemas/' });
  }
});

/** Both documents, each as the definitions of a group-version. */
const DOCS: { doc: string; docFor: (gv: string) => Doc }[] = [
  { doc: '/openapi/v3', docFor: (gv) => v3.get(gv)! },
  { doc: '/openapi/v2', docFor: () => v2 },
];

/** The definition a property refers to, directly or wrapped in allOf (v3 wraps a $ref that has a description). */
function refOf(prop: Json): string | undefined {
  return prop.$ref ?? prop.allOf?.[0]?.$ref;
}

interface Visit {
  readonly definition: string;
  readonly property: string;
  readonly schema: Json;
}

/** Every property reachable from a definition, through refs, list items and map values. */
function walk(doc: Doc, root: string): { definitions: Map<string, Json>; properties: Visit[] } {
  const definitions = new Map<string, Json>();
  const properties: Visit[] = [];
  const follow = (s: Json | undefined): void => {
    if (!s) return;
    const ref = refOf(s);
    if (ref) visit(ref.slice(doc.prefix.length));
    follow(s.items);
    if (typeof s.additionalProperties === 'object') follow(s.additionalProperties);
  };
  const visit = (name: string): void => {
    if (definitions.has(name)) return;
    const def = doc.definitions[name];
    if (!def) throw new Error(`dangling reference to ${name}`);
    definitions.set(name, def);
    for (const [property, schema] of Object.entries<Json>(def.properties ?? {})) {
      properties.push({ definition: name, property, schema });
      follow(schema);
    }
  };
  visit(root);
  return { definitions, properties };
}

const described = (s: Json): boolean => typeof s.description === 'string' && s.description.trim() !== '';

describe.each(DOCS)('$doc', ({ docFor }) => {
  it.each(ROOTS)('every property reachable from $gv $root has a description', ({ gv, root }) => {
    const { definitions, properties } = walk(docFor(gv), root);
    const undescribed = properties.filter((p) => !described(p.schema)).map((p) => `${p.definition}.${p.property}`);
    expect(undescribed).toEqual([]);
    const untitled = [...definitions].filter(([, def]) => !described(def)).map(([name]) => name);
    expect(untitled).toEqual([]);
  });

  it('the walk reaches the pod template, the claim templates, selectors and the parts of ObjectMeta', () => {
    const reached = new Set(ROOTS.flatMap(({ gv, root }) => [...walk(docFor(gv), root).definitions.keys()]));
    for (const name of [
      `${APPS}.StatefulSetSpec`,
      `${CORE}.PodTemplateSpec`,
      `${CORE}.PodSpec`,
      `${CORE}.Container`,
      `${CORE}.Volume`,
      `${CORE}.Probe`,
      `${CORE}.PersistentVolumeClaimSpec`,
      `${NET}.HTTPIngressPath`,
      `${FLOW}.PolicyRulesWithSubjects`,
      `${RES}.ResourceClaimSpec`,
      `${RES}.DeviceRequest`,
      `${META}.LabelSelector`,
      `${META}.OwnerReference`,
      `${META}.ManagedFieldsEntry`,
    ]) {
      expect(reached).toContain(name);
    }
  });

  it('each enum is explained: the description ends with one "Possible enum values" line per value', () => {
    for (const { gv, root } of ROOTS) {
      for (const { definition, property, schema } of walk(docFor(gv), root).properties) {
        if (!schema.enum) continue;
        const lines = (schema.description as string).split('\n');
        const at = lines.indexOf('Possible enum values:');
        expect(at, `${definition}.${property}`).toBeGreaterThan(0);
        expect(lines[at - 1], `${definition}.${property}`).toBe('');
        const listed = lines.slice(at + 1).map((l) => /^ - `"([^"]*)"` \S/.exec(l)?.[1]);
        expect(listed, `${definition}.${property}`).toEqual(schema.enum);
      }
    }
  });
});

/** Enumerated fields: the group-version, the definition, the property path (`[]` for list items), the values sorted as published. */
const ENUMS: { gv: string; definition: string; path: string; values: readonly string[] }[] = [
  { gv: 'apis/apps/v1', definition: `${APPS}.StatefulSetUpdateStrategy`, path: 'type', values: ['OnDelete', 'RollingUpdate'] },
  { gv: 'apis/apps/v1', definition: `${APPS}.StatefulSetSpec`, path: 'podManagementPolicy', values: ['OrderedReady', 'Parallel'] },
  {
    gv: 'apis/apps/v1',
    definition: `${APPS}.StatefulSetPersistentVolumeClaimRetentionPolicy`,
    path: 'whenDeleted',
    values: ['Delete', 'Retain'],
  },
  {
    gv: 'apis/apps/v1',
    definition: `${APPS}.StatefulSetPersistentVolumeClaimRetentionPolicy`,
    path: 'whenScaled',
    values: ['Delete', 'Retain'],
  },
  { gv: 'apis/apps/v1', definition: `${APPS}.StatefulSetCondition`, path: 'status', values: ['False', 'True', 'Unknown'] },
  { gv: 'apis/apps/v1', definition: `${CORE}.PodSpec`, path: 'restartPolicy', values: ['Always', 'Never', 'OnFailure'] },
  {
    gv: 'apis/apps/v1',
    definition: `${CORE}.PodSpec`,
    path: 'dnsPolicy',
    values: ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'],
  },
  { gv: 'apis/apps/v1', definition: `${CORE}.PodSpec`, path: 'preemptionPolicy', values: ['Never', 'PreemptLowerPriority'] },
  { gv: 'apis/apps/v1', definition: `${CORE}.Container`, path: 'imagePullPolicy', values: ['Always', 'IfNotPresent', 'Never'] },
  { gv: 'apis/apps/v1', definition: `${CORE}.Container`, path: 'terminationMessagePolicy', values: ['FallbackToLogsOnError', 'File'] },
  { gv: 'apis/apps/v1', definition: `${CORE}.ContainerPort`, path: 'protocol', values: ['SCTP', 'TCP', 'UDP'] },
  { gv: 'apis/apps/v1', definition: `${CORE}.HTTPGetAction`, path: 'scheme', values: ['HTTP', 'HTTPS'] },
  { gv: 'apis/apps/v1', definition: `${CORE}.VolumeMount`, path: 'mountPropagation', values: ['Bidirectional', 'HostToContainer', 'None'] },
  {
    gv: 'apis/apps/v1',
    definition: `${CORE}.HostPathVolumeSource`,
    path: 'type',
    values: ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket'],
  },
  { gv: 'apis/apps/v1', definition: `${CORE}.Toleration`, path: 'operator', values: ['Equal', 'Exists'] },
  { gv: 'apis/apps/v1', definition: `${CORE}.Toleration`, path: 'effect', values: ['NoExecute', 'NoSchedule', 'PreferNoSchedule'] },
  {
    gv: 'apis/apps/v1',
    definition: `${CORE}.NodeSelectorRequirement`,
    path: 'operator',
    values: ['DoesNotExist', 'Exists', 'Gt', 'In', 'Lt', 'NotIn'],
  },
  {
    gv: 'apis/apps/v1',
    definition: `${CORE}.TopologySpreadConstraint`,
    path: 'whenUnsatisfiable',
    values: ['DoNotSchedule', 'ScheduleAnyway'],
  },
  { gv: 'apis/apps/v1', definition: `${CORE}.SeccompProfile`, path: 'type', values: ['Localhost', 'RuntimeDefault', 'Unconfined'] },
  {
    gv: 'apis/apps/v1',
    definition: `${CORE}.PersistentVolumeClaimSpec`,
    path: 'accessModes[]',
    values: ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'],
  },
  { gv: 'apis/apps/v1', definition: `${CORE}.PersistentVolumeClaimSpec`, path: 'volumeMode', values: ['Block', 'Filesystem'] },
  { gv: 'apis/apps/v1', definition: `${CORE}.PersistentVolumeClaimStatus`, path: 'phase', values: ['Bound', 'Lost', 'Pending'] },
  {
    gv: 'apis/apps/v1',
    definition: `${META}.LabelSelectorRequirement`,
    path: 'operator',
    values: ['DoesNotExist', 'Exists', 'In', 'NotIn'],
  },
  { gv: 'apis/apps/v1', definition: `${META}.ManagedFieldsEntry`, path: 'operation', values: ['Apply', 'Update'] },
  {
    gv: 'apis/networking.orch.io/v1',
    definition: `${NET}.HTTPIngressPath`,
    path: 'pathType',
    values: ['Exact', 'ImplementationSpecific', 'Prefix'],
  },
  { gv: 'apis/networking.orch.io/v1', definition: `${NET}.IngressPortStatus`, path: 'protocol', values: ['SCTP', 'TCP', 'UDP'] },
  {
    gv: 'apis/flowcontrol.apiserver.orch.io/v1',
    definition: `${FLOW}.FlowDistinguisherMethod`,
    path: 'type',
    values: ['ByNamespace', 'ByUser'],
  },
  { gv: 'apis/flowcontrol.apiserver.orch.io/v1', definition: `${FLOW}.Subject`, path: 'kind', values: ['Group', 'ServiceAccount', 'User'] },
  {
    gv: 'apis/flowcontrol.apiserver.orch.io/v1',
    definition: `${FLOW}.FlowSchemaCondition`,
    path: 'status',
    values: ['False', 'True', 'Unknown'],
  },
  {
    gv: 'apis/flowcontrol.apiserver.orch.io/v1',
    definition: `${FLOW}.PriorityLevelConfigurationSpec`,
    path: 'type',
    values: ['Exempt', 'Limited'],
  },
  { gv: 'apis/flowcontrol.apiserver.orch.io/v1', definition: `${FLOW}.LimitResponse`, path: 'type', values: ['Queue', 'Reject'] },
  { gv: 'apis/resource.orch.io/v1beta1', definition: `${RES}.DeviceRequest`, path: 'allocationMode', values: ['All', 'ExactCount'] },
];

describe.each(DOCS)('$doc enums', ({ docFor }) => {
  it.each(ENUMS)('$gv $definition.$path is one of $values', ({ gv, definition, path, values }) => {
    const def = docFor(gv).definitions[definition];
    const prop = path.endsWith('[]') ? def.properties[path.slice(0, -2)].items : def.properties[path];
    expect(prop.enum).toEqual(values);
  });
});

it('a property that refers to a definition keeps its description beside the reference: wrapped in allOf in v3', () => {
  const spec = v3.get('apis/apps/v1')!.definitions[`${APPS}.StatefulSetSpec`].properties.updateStrategy;
  expect(spec).toEqual({
    description: expect.stringMatching(/\S/),
    allOf: [{ $ref: `#/components/schemas/${APPS}.StatefulSetUpdateStrategy` }],
  });
  expect(v2.definitions[`${APPS}.StatefulSetSpec`].properties.updateStrategy).toEqual({
    $ref: `#/definitions/${APPS}.StatefulSetUpdateStrategy`,
    description: spec.description,
  });
});
