/**
 * Issue "front door": `kubectl explain` prints what /openapi/v3 (and v2) say about each field.
 * As on the real v1.32 server, every property reachable from the seed kinds (with ObjectMeta and
 * its parts, and PriorityLevelConfiguration, which FlowSchemas refer to) has a description, and
 * every enumerated field publishes its values, each explained in a "Possible enum values" paragraph.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess, type Target } from '../../support/targets.ts';

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
const ROOTS: readonly [string, string][] = [
  ['api/v1', `${CORE}.ConfigMap`],
  ['api/v1', `${META}.ObjectMeta`],
  ['apis/apps/v1', `${APPS}.StatefulSet`],
  ['apis/networking.orch.io/v1', `${NET}.Ingress`],
  ['apis/flowcontrol.apiserver.orch.io/v1', `${FLOW}.FlowSchema`],
  ['apis/flowcontrol.apiserver.orch.io/v1', `${FLOW}.PriorityLevelConfiguration`],
  ['apis/resource.orch.io/v1beta1', `${RES}.ResourceClaimTemplate`],
];

let t: Target;
let v2: Doc;
const v3 = new Map<string, Doc>();

beforeAll(async () => {
  t = await inProcess({ featureGates: { DynamicResourceAllocation: true } });
  const json = async (path: string): Promise<Json> => (await t.request(path)).json() as Promise<Json>;
  v2 = { definitions: (await json('/openapi/v2')).definitions, prefix: '#/definitions/' };
  const index = await json('/openapi/v3');
  for (const key of new Set(ROOTS.map(([gv]) => gv))) {
    v3.set(key, { definitions: (await json(index.paths[key].serverRelativeURL)).components.schemas, prefix: '#/components/schemas/' });
  }
});
afterAll(async () => {
  await t.close();
});

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

describe.each([
  ['/openapi/v3', (gv: string) => v3.get(gv)!],
  ['/openapi/v2', () => v2],
])('%s', (_doc, docFor) => {
  it.each(ROOTS)('every property reachable from %s %s has a description', (gv, root) => {
    const { definitions, properties } = walk(docFor(gv), root);
    const undescribed = properties.filter((p) => !described(p.schema)).map((p) => `${p.definition}.${p.property}`);
    expect(undescribed).toEqual([]);
    const untitled = [...definitions].filter(([, def]) => !described(def)).map(([name]) => name);
    expect(untitled).toEqual([]);
  });

  it('the walk reaches the pod template, the claim templates, selectors and the parts of ObjectMeta', () => {
    const reached = new Set(ROOTS.flatMap(([gv, root]) => [...walk(docFor(gv), root).definitions.keys()]));
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
    for (const [gv, root] of ROOTS) {
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

/** [group-version, definition, property path (`[]` for list items), the values, sorted as published]. */
const ENUMS: readonly [string, string, string, readonly string[]][] = [
  ['apis/apps/v1', `${APPS}.StatefulSetUpdateStrategy`, 'type', ['OnDelete', 'RollingUpdate']],
  ['apis/apps/v1', `${APPS}.StatefulSetSpec`, 'podManagementPolicy', ['OrderedReady', 'Parallel']],
  ['apis/apps/v1', `${APPS}.StatefulSetPersistentVolumeClaimRetentionPolicy`, 'whenDeleted', ['Delete', 'Retain']],
  ['apis/apps/v1', `${APPS}.StatefulSetPersistentVolumeClaimRetentionPolicy`, 'whenScaled', ['Delete', 'Retain']],
  ['apis/apps/v1', `${APPS}.StatefulSetCondition`, 'status', ['False', 'True', 'Unknown']],
  ['apis/apps/v1', `${CORE}.PodSpec`, 'restartPolicy', ['Always', 'Never', 'OnFailure']],
  ['apis/apps/v1', `${CORE}.PodSpec`, 'dnsPolicy', ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None']],
  ['apis/apps/v1', `${CORE}.PodSpec`, 'preemptionPolicy', ['Never', 'PreemptLowerPriority']],
  ['apis/apps/v1', `${CORE}.Container`, 'imagePullPolicy', ['Always', 'IfNotPresent', 'Never']],
  ['apis/apps/v1', `${CORE}.Container`, 'terminationMessagePolicy', ['FallbackToLogsOnError', 'File']],
  ['apis/apps/v1', `${CORE}.ContainerPort`, 'protocol', ['SCTP', 'TCP', 'UDP']],
  ['apis/apps/v1', `${CORE}.HTTPGetAction`, 'scheme', ['HTTP', 'HTTPS']],
  ['apis/apps/v1', `${CORE}.VolumeMount`, 'mountPropagation', ['Bidirectional', 'HostToContainer', 'None']],
  ['apis/apps/v1', `${CORE}.HostPathVolumeSource`, 'type', ['', 'BlockDevice', 'CharDevice', 'Directory', 'DirectoryOrCreate', 'File', 'FileOrCreate', 'Socket']],
  ['apis/apps/v1', `${CORE}.Toleration`, 'operator', ['Equal', 'Exists']],
  ['apis/apps/v1', `${CORE}.Toleration`, 'effect', ['NoExecute', 'NoSchedule', 'PreferNoSchedule']],
  ['apis/apps/v1', `${CORE}.NodeSelectorRequirement`, 'operator', ['DoesNotExist', 'Exists', 'Gt', 'In', 'Lt', 'NotIn']],
  ['apis/apps/v1', `${CORE}.TopologySpreadConstraint`, 'whenUnsatisfiable', ['DoNotSchedule', 'ScheduleAnyway']],
  ['apis/apps/v1', `${CORE}.SeccompProfile`, 'type', ['Localhost', 'RuntimeDefault', 'Unconfined']],
  ['apis/apps/v1', `${CORE}.PersistentVolumeClaimSpec`, 'accessModes[]', ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod']],
  ['apis/apps/v1', `${CORE}.PersistentVolumeClaimSpec`, 'volumeMode', ['Block', 'Filesystem']],
  ['apis/apps/v1', `${CORE}.PersistentVolumeClaimStatus`, 'phase', ['Bound', 'Lost', 'Pending']],
  ['apis/apps/v1', `${META}.LabelSelectorRequirement`, 'operator', ['DoesNotExist', 'Exists', 'In', 'NotIn']],
  ['apis/apps/v1', `${META}.ManagedFieldsEntry`, 'operation', ['Apply', 'Update']],
  ['apis/networking.orch.io/v1', `${NET}.HTTPIngressPath`, 'pathType', ['Exact', 'ImplementationSpecific', 'Prefix']],
  ['apis/networking.orch.io/v1', `${NET}.IngressPortStatus`, 'protocol', ['SCTP', 'TCP', 'UDP']],
  ['apis/flowcontrol.apiserver.orch.io/v1', `${FLOW}.FlowDistinguisherMethod`, 'type', ['ByNamespace', 'ByUser']],
  ['apis/flowcontrol.apiserver.orch.io/v1', `${FLOW}.Subject`, 'kind', ['Group', 'ServiceAccount', 'User']],
  ['apis/flowcontrol.apiserver.orch.io/v1', `${FLOW}.FlowSchemaCondition`, 'status', ['False', 'True', 'Unknown']],
  ['apis/flowcontrol.apiserver.orch.io/v1', `${FLOW}.PriorityLevelConfigurationSpec`, 'type', ['Exempt', 'Limited']],
  ['apis/flowcontrol.apiserver.orch.io/v1', `${FLOW}.LimitResponse`, 'type', ['Queue', 'Reject']],
  ['apis/resource.orch.io/v1beta1', `${RES}.DeviceRequest`, 'allocationMode', ['All', 'ExactCount']],
];

describe.each([
  ['/openapi/v3', (gv: string) => v3.get(gv)!],
  ['/openapi/v2', () => v2],
])('%s enums', (_doc, docFor) => {
  it.each(ENUMS)('%s %s.%s is one of %j', (gv, definition, path, values) => {
    const def = docFor(gv).definitions[definition];
    const prop = path.endsWith('[]') ? def.properties[path.slice(0, -2)].items : def.properties[path];
    expect(prop.enum).toEqual(values);
  });
});

it('a property that refers to a definition keeps its description beside the reference: wrapped in allOf in v3', () => {
  const spec = v3.get('apis/apps/v1')!.definitions[`${APPS}.StatefulSetSpec`].properties.updateStrategy;
  expect(spec).toEqual({ description: expect.stringMatching(/\S/), allOf: [{ $ref: `#/components/schemas/${APPS}.StatefulSetUpdateStrategy` }] });
  expect(v2.definitions[`${APPS}.StatefulSetSpec`].properties.updateStrategy).toEqual({
    $ref: `#/definitions/${APPS}.StatefulSetUpdateStrategy`,
    description: spec.description,
  });
});
