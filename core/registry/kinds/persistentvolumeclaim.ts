/**
 * PersistentVolumeClaim (core v1, namespaced): a request for storage. The spec is fixed once
 * created, except that a bound claim may ask for more storage (and a volume name may be set
 * once, by the binder).
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Subdomain, isQualifiedName } from '../../meta/names.ts';
import { defineKind } from '../definition.ts';
import { PersistentVolumeClaim, type PersistentVolumeClaimSpec } from '../types/core-v1.ts';
import { semanticEqual } from '../kind-support/field-checks.ts';
import { quantityValue } from '../kind-support/pod-spec.ts';
import { validateLabelSelector } from '../kind-support/selector-checks.ts';
import { AGE_COLUMN } from '../table.ts';

/** The beta annotation that still wins over `spec.storageClassName`. */
export const STORAGE_CLASS_ANNOTATION = 'volume.beta.orchestrator.io/storage-class';

const ACCESS_MODES = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const ACCESS_MODE_SHORT: Record<string, string> = {
  ReadWriteOnce: 'RWO',
  ReadOnlyMany: 'ROX',
  ReadWriteMany: 'RWX',
  ReadWriteOncePod: 'RWOP',
};
const IMMUTABLE_SPEC = 'spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims';

function storageRequest(spec: PersistentVolumeClaimSpec): string | undefined {
  return spec.resources?.requests?.storage;
}

/** A claim spec's rules (also those of a StatefulSet's claim templates, where the real platform checks none). */
export function validateClaimSpec(spec: PersistentVolumeClaimSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const modes = spec.accessModes ?? [];
  if (modes.length === 0) errs.push(fieldErrors.required(`${path}.accessModes`, 'at least 1 access mode is required'));
  let oncePod = false;
  let other = false;
  for (const mode of modes) {
    if (!ACCESS_MODES.includes(mode)) errs.push(fieldErrors.notSupported(`${path}.accessModes`, mode, ACCESS_MODES));
    else if (mode === 'ReadWriteOncePod') oncePod = true;
    else other = true;
  }
  if (oncePod && other) errs.push(fieldErrors.forbidden(`${path}.accessModes`, 'may not use ReadWriteOncePod with other access modes'));
  if (spec.selector) errs.push(...validateLabelSelector(spec.selector, `${path}.selector`));
  const storage = storageRequest(spec);
  const storagePath = `${path}.resources[storage]`;
  if (storage === undefined) errs.push(fieldErrors.required(storagePath));
  else if (quantityValue(storage) <= 0) errs.push(fieldErrors.invalid(storagePath, storage, 'must be greater than zero'));
  for (const name of Object.keys(spec.resources?.requests ?? {})) {
    if (name.includes('/'))
      for (const m of isQualifiedName(name)) errs.push(fieldErrors.invalid(`${path}.resources.requests[${name}]`, name, m));
  }
  const cls = spec.storageClassName ?? '';
  if (cls) for (const m of isDNS1123Subdomain(cls)) errs.push(fieldErrors.invalid(`${path}.storageClassName`, cls, m));
  for (const ref of ['dataSource', 'dataSourceRef'] as const) {
    const r = spec[ref];
    if (!r) continue;
    if (!r.name) errs.push(fieldErrors.required(`${path}.${ref}.name`));
    if (!r.kind) errs.push(fieldErrors.required(`${path}.${ref}.kind`));
  }
  return errs;
}

function validateUpdate(obj: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  const errs: FieldError[] = [];
  const spec = structuredClone(obj.spec ?? {});
  const oldSpec = structuredClone(old.spec ?? {});
  // The binder may set the volume name once.
  if (!oldSpec.volumeName) {
    if (spec.volumeName === undefined) delete oldSpec.volumeName;
    else oldSpec.volumeName = spec.volumeName;
  }
  const bound = obj.status?.phase === 'Bound';
  const requests = spec.resources?.requests;
  if (bound && requests) {
    const oldStorage = storageRequest(oldSpec);
    if (oldStorage === undefined) delete requests.storage;
    else requests.storage = oldStorage;
  }
  if (!semanticEqual(spec, oldSpec)) errs.push(fieldErrors.forbidden('spec', IMMUTABLE_SPEC));
  const newSize = quantityValue(storageRequest(obj.spec ?? {}));
  const capacity = old.status?.capacity?.storage;
  if (newSize < quantityValue(storageRequest(old.spec ?? {})) && capacity !== undefined && newSize <= quantityValue(capacity)) {
    errs.push(fieldErrors.forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  }
  return errs;
}

function validateStatus(obj: PersistentVolumeClaim): FieldError[] {
  const errs: FieldError[] = [];
  const status = obj.status ?? {};
  for (const part of ['capacity', 'allocatedResources'] as const) {
    for (const [name, q] of Object.entries(status[part] ?? {})) {
      if (quantityValue(q) < 0) errs.push(fieldErrors.invalid(`status.${part}[${name}]`, q, 'must be greater than or equal to 0'));
    }
  }
  return errs;
}

/** The storage class as the real platform reads it: the beta annotation first. */
function storageClassOf(obj: PersistentVolumeClaim): string {
  return obj.metadata.annotations?.[STORAGE_CLASS_ANNOTATION] ?? obj.spec?.storageClassName ?? '';
}

export const persistentVolumeClaimKind = defineKind<PersistentVolumeClaim>({
  group: '',
  version: 'v1',
  kind: 'PersistentVolumeClaim',
  resource: 'persistentvolumeclaims',
  singular: 'persistentvolumeclaim',
  shortNames: ['pvc'],
  namespaced: true,
  schema: PersistentVolumeClaim,
  subresources: {
    status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'], resets: [['spec']] },
  },
  table: [
    {
      name: 'Status',
      type: 'string',
      description: 'The phase of the claim (Terminating while it is being deleted).',
      cell: (obj) => (obj.metadata.deletionTimestamp != null ? 'Terminating' : (obj.status?.phase ?? '')),
    },
    {
      name: 'Volume',
      type: 'string',
      description: 'The name of the volume bound to the claim.',
      cell: (obj) => obj.spec?.volumeName ?? '',
    },
    {
      name: 'Capacity',
      type: 'string',
      description: 'The actual resources of the underlying volume.',
      cell: (obj) => (obj.spec?.volumeName ? (obj.status?.capacity?.storage ?? '') : ''),
    },
    {
      name: 'Access Modes',
      type: 'string',
      description: 'The access modes the volume was bound with.',
      cell(obj) {
        if (!obj.spec?.volumeName) return '';
        const modes = new Set(obj.status?.accessModes);
        return Object.keys(ACCESS_MODE_SHORT)
          .filter((m) => modes.has(m))
          .map((m) => ACCESS_MODE_SHORT[m])
          .join(',');
      },
    },
    { name: 'StorageClass', type: 'string', description: 'The storage class of the claim.', cell: storageClassOf },
    {
      name: 'VolumeAttributesClass',
      type: 'string',
      description: 'The volume attributes class of the claim.',
      cell: (obj) => obj.spec?.volumeAttributesClassName || '<unset>',
    },
    AGE_COLUMN,
    {
      name: 'VolumeMode',
      type: 'string',
      priority: 1,
      description: 'Whether the volume is a filesystem or a raw block device.',
      cell: (obj) => obj.spec?.volumeMode || '<unset>',
    },
  ],
  strategy: {
    prepareForCreate(obj) {
      obj.status = { phase: 'Pending' };
    },
    validate: (obj) => [...validateClaimSpec(obj.spec ?? {}, 'spec'), ...validateStatus(obj)],
    validateUpdate: (obj, old, ctx) => (ctx.subresource === 'status' ? [] : validateUpdate(obj, old)),
  },
});
