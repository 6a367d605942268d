/** Namespace (core v1, cluster scoped): a scope for names, with a lifecycle (Active → Terminating → gone). */
import { fieldErrors } from '../../errors/field-error.ts';
import { isQualifiedName, nameIsDNSLabel } from '../../meta/names.ts';
import { defineKind } from '../definition.ts';
import { Namespace } from '../types/core-v1-misc.ts';
import { AGE_COLUMN } from '../table.ts';

/** The finalizer the namespace controller removes once the namespace is empty. */
export const NAMESPACE_FINALIZER = 'orchestrator';
/** Label every namespace carries with its own name. */
export const NAMESPACE_NAME_LABEL = 'orchestrator.io/metadata.name';

function specFinalizers(obj: Namespace): string[] {
  return obj.spec?.finalizers ?? [];
}

function ensureNameLabel(obj: Namespace): void {
  const meta = obj.metadata;
  const labels = meta.labels ?? {};
  if (meta.name) labels[NAMESPACE_NAME_LABEL] = meta.name;
  meta.labels = labels;
}

export const namespaceKind = defineKind<Namespace>({
  group: '',
  version: 'v1',
  kind: 'Namespace',
  resource: 'namespaces',
  singular: 'namespace',
  shortNames: ['ns'],
  namespaced: false,
  schema: Namespace,
  validateName: nameIsDNSLabel,
  // Namespaces have no deletecollection in the real platform.
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  fieldSelectors: { 'status.phase': (obj) => obj.status?.phase ?? '' },
  table: [
    {
      name: 'Status',
      type: 'string',
      description: 'The status of the namespace',
      cell: (obj) => obj.status?.phase ?? '',
    },
    AGE_COLUMN,
  ],
  subresources: {
    status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'], resets: [['spec']] },
    finalize: { kind: 'partial', paths: [['spec', 'finalizers']], verbs: ['update'], resets: [['status']] },
  },
  strategy: {
    prepareForCreate(obj) {
      obj.status = { phase: 'Active' };
      const spec = obj.spec ?? {};
      const fins = specFinalizers(obj);
      if (!fins.includes(NAMESPACE_FINALIZER)) spec.finalizers = [...fins, NAMESPACE_FINALIZER];
      obj.spec = spec;
      ensureNameLabel(obj);
    },
    prepareForUpdate(obj) {
      ensureNameLabel(obj);
    },
    validate(obj) {
      return specFinalizers(obj).flatMap((f, i) => {
        const errs = isQualifiedName(f).map((m) => fieldErrors.invalid(`spec.finalizers[${i}]`, f, m));
        if (!errs.length && !f.includes('/') && f !== NAMESPACE_FINALIZER) {
          errs.push(fieldErrors.invalid(`spec.finalizers[${i}]`, f, 'name is neither a standard finalizer name nor is it fully qualified'));
        }
        return errs;
      });
    },
    pendingFinalizers: (obj) => specFinalizers(obj).length > 0,
    beginDeletion(obj) {
      const status = obj.status ?? {};
      status.phase = 'Terminating';
      obj.status = status;
    },
  },
  bootstrap: () =>
    ['default', 'orch-system', 'orch-public', 'orch-node-lease'].map((name) => ({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name },
    })),
  // The real platform's NamespaceLifecycle admission keeps these three ("immortal namespaces");
  // the node-lease namespace, also made at start, may be deleted there and is recreated.
  undeletable: { names: ['default', 'orch-system', 'orch-public'], reason: 'this namespace may not be deleted' },
});
