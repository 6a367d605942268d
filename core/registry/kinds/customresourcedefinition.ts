/**
 * CustomResourceDefinition (apiextensions.orch.io/v1, cluster scoped): defines a kind the server
 * then serves. Validation and the status conditions are in core/apiextensions; this file holds
 * the kind's defaults, its status bookkeeping (storedVersions) and the start of its deletion,
 * which waits for every custom resource of the kind to be deleted.
 */
import { CRD_CLEANUP_FINALIZER, setCondition, validateCRD, validateCRDUpdate, validateNames } from '../../apiextensions/index.ts';
import { defineKind } from '../definition.ts';
import { CustomResourceDefinition } from '../types/apiextensions-v1.ts';

/** The real SetDefaults: singular and listKind from the kind, conversion None. */
function defaults(crd: CustomResourceDefinition): void {
  const spec = crd.spec;
  if (!spec) return;
  const names = (spec.names ??= {});
  if (!names.singular && names.kind) names.singular = names.kind.toLowerCase();
  if (!names.listKind && names.kind) names.listKind = `${names.kind}List`;
  spec.conversion ??= { strategy: 'None' };
}

/** The storage version is always among the stored versions. */
function recordStorageVersion(crd: CustomResourceDefinition): void {
  const storage = (crd.spec?.versions ?? []).find((v) => v.storage)?.name;
  if (!storage) return;
  const status = (crd.status ??= {});
  const stored = (status.storedVersions ??= []);
  if (!stored.includes(storage)) stored.push(storage);
}

export const customResourceDefinitionKind = defineKind<CustomResourceDefinition>({
  group: 'apiextensions.orch.io',
  version: 'v1',
  kind: 'CustomResourceDefinition',
  resource: 'customresourcedefinitions',
  singular: 'customresourcedefinition',
  shortNames: ['crd', 'crds'],
  categories: ['api-extensions'],
  namespaced: false,
  schema: CustomResourceDefinition,
  generation: true,
  subresources: { status: { kind: 'partial', paths: [['status']], verbs: ['get', 'patch', 'update'] } },
  strategy: {
    defaults,
    prepareForCreate(crd) {
      crd.status = { acceptedNames: { plural: '', kind: '' } };
      recordStorageVersion(crd);
    },
    prepareForUpdate(crd, _old, ctx) {
      if (ctx.subresource === '') recordStorageVersion(crd);
    },
    validate(crd, ctx) {
      // A status write is checked for its names only, as the real status strategy does.
      if (ctx.subresource === 'status') return validateNames(crd.status?.acceptedNames, 'status.acceptedNames');
      return validateCRD(crd);
    },
    validateUpdate(crd, old, ctx) {
      return ctx.subresource === 'status' ? [] : validateCRDUpdate(crd, old);
    },
    // A definition not yet being deleted still has its custom resources to delete first.
    pendingFinalizers: (crd) => crd.metadata?.deletionTimestamp == null,
    beginDeletion(crd, ctx) {
      const meta = (crd.metadata ??= {});
      const finalizers = (meta.finalizers ??= []);
      if (!finalizers.includes(CRD_CLEANUP_FINALIZER)) finalizers.push(CRD_CLEANUP_FINALIZER);
      setCondition(
        crd,
        {
          type: 'Terminating',
          status: 'True',
          reason: 'InstanceDeletionPending',
          message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
        },
        ctx.now,
      );
    },
  },
});
