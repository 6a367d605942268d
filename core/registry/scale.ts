/**
 * The `scale` subresource, generic over kinds: the object seen as an autoscaling/v1 Scale
 * (replicas from the kind's declared paths, the selector as label-selector text), and a Scale
 * written back as a change of the object's replica count.
 */
import { fieldErrors } from '../errors/field-error.ts';
import { StatusError } from '../errors/status-error.ts';
import { decodeObject, DecodeError } from '../schema/decode.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import { defineKind, type KindDefinition, type ScaleSubresource } from './definition.ts';
import { AGE_COLUMN, NAME_COLUMN, type TableColumn } from './table.ts';
import { getPath, metaOf, setPath, str } from './object-meta.ts';
import { Scale } from './types/autoscaling-v1.ts';

/** metav1.LabelSelector → selector text, as the real platform formats it for Scale.status.selector. */
export function formatLabelSelector(sel: unknown): string {
  if (typeof sel === 'string') return sel;
  if (!isObject(sel)) return '';
  const parts: string[] = [];
  const labels = isObject(sel.matchLabels) ? sel.matchLabels : {};
  for (const k of Object.keys(labels).sort()) parts.push(`${k}=${String(labels[k])}`);
  for (const e of Array.isArray(sel.matchExpressions) ? sel.matchExpressions : []) {
    if (!isObject(e)) continue;
    const values = Array.isArray(e.values) ? [...(e.values as string[])].sort() : [];
    switch (e.operator) {
      case 'In':
        parts.push(`${String(e.key)} in (${values.join(',')})`);
        break;
      case 'NotIn':
        parts.push(`${String(e.key)} notin (${values.join(',')})`);
        break;
      case 'Exists':
        parts.push(String(e.key));
        break;
      case 'DoesNotExist':
        parts.push(`!${String(e.key)}`);
        break;
    }
  }
  return parts.sort().join(',');
}

export function scaleOf(obj: JsonObject, sub: ScaleSubresource): JsonObject {
  const meta = metaOf(obj);
  const specReplicas = getPath(obj, sub.specReplicasPath);
  const statusReplicas = getPath(obj, sub.statusReplicasPath);
  const selector = sub.labelSelectorPath ? formatLabelSelector(getPath(obj, sub.labelSelectorPath)) : '';
  const scale = {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: meta.name,
      namespace: meta.namespace,
      uid: meta.uid,
      resourceVersion: meta.resourceVersion,
      creationTimestamp: meta.creationTimestamp,
    },
    spec: { ...(typeof specReplicas === 'number' ? { replicas: specReplicas } : {}) },
    status: { replicas: typeof statusReplicas === 'number' ? statusReplicas : 0, ...(selector ? { selector } : {}) },
  };
  return decodeObject(scale, Scale).value;
}

/** Decodes a Scale body and checks it (name, replicas ≥ 0); returns the requested replicas and RV. */
export function readScale(input: unknown, name: string): { replicas: number; resourceVersion: string } {
  if (!isObject(input)) throw StatusError.badRequest('the body of a scale request must be a Scale object');
  if (input.kind !== undefined && input.kind !== 'Scale')
    throw StatusError.badRequest(`the kind in the data (${String(input.kind)}) does not match the expected kind (Scale)`);
  let scale: JsonObject;
  try {
    scale = decodeObject(input, Scale).value;
  } catch (err) {
    if (err instanceof DecodeError) throw StatusError.badRequest(`Scale in version "v1" cannot be handled as a Scale: ${err.message}`);
    throw err;
  }
  const meta = metaOf(scale);
  if (str(meta.name) !== name)
    throw StatusError.badRequest(`the name of the object (${str(meta.name)}) does not match the name on the URL (${name})`);
  const replicas = isObject(scale.spec) && typeof scale.spec.replicas === 'number' ? scale.spec.replicas : 0;
  if (replicas < 0) {
    throw StatusError.invalid({ group: 'autoscaling', kind: 'Scale' }, name, [
      fieldErrors.invalid('spec.replicas', replicas, 'must be greater than or equal to 0'),
    ]);
  }
  return { replicas, resourceVersion: str(meta.resourceVersion) };
}

export function withReplicas(obj: JsonObject, sub: ScaleSubresource, replicas: number, resourceVersion: string): JsonObject {
  setPath(obj, sub.specReplicasPath, replicas);
  const meta = metaOf(obj);
  if (resourceVersion) meta.resourceVersion = resourceVersion;
  else delete meta.resourceVersion;
  return obj;
}

/** The object after a write of its Scale view: the requested Scale (checked) sets the replicas. */
export function scaleWritten(obj: JsonObject, sub: ScaleSubresource, scale: unknown, name: string): JsonObject {
  const requested = readScale(scale, name);
  return withReplicas(obj, sub, requested.replicas, requested.resourceVersion);
}

/**
 * The real Scale printer's columns (`kubectl get sts web --subresource=scale`); unlike most
 * printers', its Name column has no `name` format.
 */
const SCALE_COLUMNS: readonly TableColumn<Scale>[] = [
  { ...NAME_COLUMN, format: '' },
  {
    name: 'Desired',
    type: 'integer',
    description: 'The desired number of replicas of the scaled object.',
    cell: (s) => s.spec?.replicas ?? 0,
  },
  { name: 'Available', type: 'integer', description: 'The observed number of replicas.', cell: (s) => s.status?.replicas ?? 0 },
  AGE_COLUMN,
];

/** A definition of the Scale kind for codecs and tables (it is served only as a subresource). */
export const SCALE_KIND: KindDefinition = defineKind<Scale>({
  group: 'autoscaling',
  version: 'v1',
  kind: 'Scale',
  resource: 'scale',
  singular: 'scale',
  namespaced: true,
  schema: Scale,
  table: SCALE_COLUMNS,
});

const withColumns = new WeakMap<ScaleSubresource, KindDefinition>();

/** The Scale kind as `sub` serves it: with the columns it declares, if any (custom resources). */
export function scaleKindOf(sub: ScaleSubresource): KindDefinition {
  if (!sub.table) return SCALE_KIND;
  let def = withColumns.get(sub);
  if (!def) {
    def = { ...SCALE_KIND, table: sub.table };
    withColumns.set(sub, def);
  }
  return def;
}
