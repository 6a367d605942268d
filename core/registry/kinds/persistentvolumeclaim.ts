/**
 * PersistentVolumeClaim (core v1, namespaced): a request for storage. The spec is fixed once
 * created, except that a bound claim may ask for more storage (and a volume name may be set
 * once, by the binder).
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Subdomain, isQualifiedName } from '../../meta/names.ts';
import type { JsonObject, JsonValue } from '../../util/json.ts';
import type { KindDefinition } from '../definition.ts';
import { AGE_COLUMN } from '../table.ts';
import { PersistentVolumeClaim } from '../types/core-v1.ts';
import { isSet, listAt, objAt, semanticEqual, textAt } from './field-checks.ts';
import { quantityValue } from './pod-spec.ts';
import { validateLabelSelector } from './selector-checks.ts';

/** The beta annotation that still wins over `spec.storageClassName`. */
export const STORAGE_CLASS_ANNOTATION = 'volume.beta.orchestrator.io/storage-class';

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const ACCESS_MODE_SHORT: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP' };
const IMMUTABLE_SPEC = 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';

function storageRequest(spec: JsonObject): JsonValue | undefined {
  return objAt(objAt(spec.resources)?.requests)?.storage;
}

/** A claim spec's rules (also those of a StatefulSet's claim templates, where the real platform checks none). */
export function validateClaimSpec(spec: JsonObject, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const modes = listAt(spec.accessModes).map(textAt);
  if (modes.length === 0) errs.push(fieldErrors.required(`${path}.accessModes`, 'at least 1 access mode is required'));
  let oncePod = false;
  let other = false;
  for (const mode of modes) {
    if (!ACCESS_MODES.includes(mode)) errs.push(fieldErrors.notSupported(`${path}.accessModes`, mode, ACCESS_MODES));
    else if (mode === 'ReadWriteOncePod') oncePod = true;
    else other = true;
  }
  if (oncePod && other) errs.push(fieldErrors.forbidden(`${path}.accessModes`, 'may not use ReadWriteOncePod with other access modes'));
  const selector = objAt(spec.selector);
  if (selector) errs.push(...validateLabelSelector(selector, `${path}.selector`));
  const storage = storageRequest(spec);
  const storagePath = `${path}.resources[storage]`;
  if (storage === undefined) errs.push(fieldErrors.required(storagePath));
  else if (quantityValue(storage) <= 0) errs.push(fieldErrors.invalid(storagePath, storage, 'must be greater than zero'));
  const requests = objAt(objAt(spec.resources)?.requests) ?? {};
  for (const name of Object.keys(requests)) {
    if (name.includes('/')) for (const m of isQualifiedName(name)) errs.push(fieldErrors.invalid(`${path}.resources.requests[${name}]`, name, m));
  }
  const cls = textAt(spec.storageClassName);
  if (cls) for (const m of isDNS1123Subdomain(cls)) errs.push(fieldErrors.invalid(`${path}.storageClassName`, cls, m));
  for (const ref of ['dataSource', 'dataSourceRef'] as const) {
    const r = objAt(spec[ref]);
    if (!r) continue;
    if (!textAt(r.name)) errs.push(fieldErrors.required(`${path}.${ref}.name`));
    if (!textAt(r.kind)) errs.push(fieldErrors.required(`${path}.${ref}.kind`));
  }
  return errs;
}

function validateUpdate(obj: JsonObject, old: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  const spec = structuredClone(objAt(obj.spec) ?? {});
  const oldSpec = structuredClone(objAt(old.spec) ?? {});
  // The binder may set the volume name once.
  if (!textAt(oldSpec.volumeName)) {
    if (spec.volumeName === undefined) delete oldSpec.volumeName;
    else oldSpec.volumeName = spec.volumeName;
  }
  const bound = textAt(objAt(obj.status)?.phase) === 'Bound';
  const requests = objAt(objAt(spec.resources)?.requests);
  if (bound && requests) {
    const oldStorage = storageRequest(oldSpec);
    if (oldStorage === undefined) delete requests.storage;
    else requests.storage = oldStorage;
  }
  if (!semanticEqual(spec, oldSpec)) errs.push(fieldErrors.forbidden('spec', IMMUTABLE_SPEC));
  const newSize = quantityValue(storageRequest(objAt(obj.spec) ?? {}));
  const capacity = objAt(objAt(old.status)?.capacity)?.storage;
  if (newSize < quantityValue(storageRequest(objAt(old.spec) ?? {})) && capacity !== undefined && newSize <= quantityValue(capacity)) {
    errs.push(fieldErrors.forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  }
  return errs;
}

function validateStatus(obj: JsonObject): FieldError[] {
  const errs: FieldError[] = [];
  const status = objAt(obj.status) ?? {};
  for (const part of ['capacity', 'allocatedResources'] as const) {
    for (const [name, q] of Object.entries(objAt(status[part]) ?? {})) {
      if (quantityValue(q) < 0) errs.push(fieldErrors.invalid(`status.${part}[${name}]`, q, 'must be greater than or equal to 0'));
    }
  }
  return errs;
}

/** The storage class as the real platform reads it: the beta annotation first. */
function storageClassOf(obj: JsonObject): string {
  const ann = objAt(objAt(obj.metadata)?.annotations);
  if (ann && typeof ann[STORAGE_CLASS_ANNOTATION] === 'string') return ann[STORAGE_CLASS_ANNOTATION] as string;
  return textAt(objAt(obj.spec)?.storageClassName);
}

export const persistentVolumeClaimKind: KindDefinition = {
  group: '',
  version: 'v1',
  kind: 'PersistentVolumeClaim',
  resource: 'persistentvolumeclaims',
  singular: 'persistentvolumeclaim',
  shortNames: ['pvc'],
  namespaced: true,
  schema: PersistentVolumeClaim,
  subresources: {
    status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'] },
  },
  table: [
    {
      name: 'Status',
      type: 'string',
      description: 'The phase of the claim (Terminating while it is being deleted).',
      cell: (obj) => (isSet(objAt(obj.metadata)?.deletionTimestamp) ? 'Terminating' : textAt(objAt(obj.status)?.phase)),
    },
    { name: 'Volume', type: 'string', description: 'The name of the volume bound to the claim.', cell: (obj) => textAt(objAt(obj.spec)?.volumeName) },
    {
      name: 'Capacity',
      type: 'string',
      description: 'The actual resources of the underlying volume.',
      cell: (obj) => (textAt(objAt(obj.spec)?.volumeName) ? textAt(objAt(objAt(obj.status)?.capacity)?.storage) : ''),
    },
    {
      name: 'Access Modes',
      type: 'string',
      description: 'The access modes the volume was bound with.',
      cell(obj) {
        if (!textAt(objAt(obj.spec)?.volumeName)) return '';
        const modes = new Set(listAt(objAt(obj.status)?.accessModes).map(textAt));
        return Object.keys(ACCESS_MODE_SHORT).filter((m) => modes.has(m)).map((m) => ACCESS_MODE_SHORT[m]).join(',');
      },
    },
    { name: 'StorageClass', type: 'string', description: 'The storage class of the claim.', cell: storageClassOf },
    {
      name: 'VolumeAttributesClass',
      type: 'string',
      description: 'The volume attributes class of the claim.',
      cell: (obj) => textAt(objAt(obj.spec)?.volumeAttributesClassName) || '<unset>',
    },
    AGE_COLUMN,
    {
      name: 'VolumeMode',
      type: 'string',
      priority: 1,
      description: 'Whether the volume is a filesystem or a raw block device.',
      cell: (obj) => textAt(objAt(obj.spec)?.volumeMode) || '<unset>',
    },
  ],
  strategy: {
    prepareForCreate(obj) {
      obj.status = { phase: 'Pending' };
    },
    validate: (obj) => [...validateClaimSpec(objAt(obj.spec) ?? {}, 'spec'), ...validateStatus(obj)],
    validateUpdate: (obj, old, ctx) => (ctx.subresource === 'status' ? [] : validateUpdate(obj, old)),
  },
};
