/**
 * ControllerRevision (apps/v1, namespaced): an immutable snapshot of state a controller keeps
 * to roll back to. `data` is arbitrary JSON and may not change; `revision` may (controllers
 * renumber a revision they reuse).
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { defineKind } from '../definition.ts';
import { ControllerRevision } from '../types/apps-v1.ts';
import { immutable } from '../kind-support/field-checks.ts';
import { AGE_COLUMN } from '../table.ts';

function validate(obj: ControllerRevision): FieldError[] {
  return obj.data === undefined || obj.data === null ? [fieldErrors.required('data', 'data is mandatory')] : [];
}

/** `statefulset.apps/web`: the controlling owner, as the real printer names it. */
function controllerOf(obj: ControllerRevision): string {
  const owner = (obj.metadata.ownerReferences ?? []).find((r) => r.controller === true);
  if (!owner) return '<none>';
  const apiVersion = owner.apiVersion;
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = owner.kind.toLowerCase();
  return `${group ? `${kind}.${group}` : kind}/${owner.name}`;
}

export const controllerRevisionKind = defineKind<ControllerRevision>({
  group: 'apps',
  version: 'v1',
  kind: 'ControllerRevision',
  resource: 'controllerrevisions',
  singular: 'controllerrevision',
  namespaced: true,
  schema: ControllerRevision,
  table: [
    { name: 'Controller', type: 'string', description: 'Controller of the object', cell: controllerOf },
    {
      name: 'Revision',
      type: 'number',
      description: 'Revision indicates the revision of the state represented by Data.',
      cell: (obj) => obj.revision ?? 0,
    },
    AGE_COLUMN,
  ],
  strategy: {
    validate,
    validateUpdate: (obj, old) => immutable('data', obj.data, old.data),
  },
});
