/**
 * Role, ClusterRole, RoleBinding, ClusterRoleBinding (rbac.authorization.orch.io/v1): their
 * schemas, defaults and v1.32 validation. How they authorize requests lives elsewhere.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue, nameIsPathSegment } from '../../meta/names.ts';
import { validateLabels } from '../../meta/validation.ts';
import type { JsonObject } from '../../util/json.ts';
import type { KindDefinition } from '../definition.ts';
import { AGE_COLUMN, type TableColumn } from '../table.ts';
import { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from '../types/rbac-v1.ts';
import { listAt, objAt, semanticEqual, stringsAt, textAt } from './field-checks.ts';

export const RBAC_GROUP = 'rbac.authorization.orch.io';

function validatePolicyRule(rule: JsonObject, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!stringsAt(rule.verbs).length) errs.push(fieldErrors.required(`${path}.verbs`, 'verbs must contain at least one value'));
  const urls = stringsAt(rule.nonResourceURLs);
  const apiGroups = listAt(rule.apiGroups);
  const resources = stringsAt(rule.resources);
  const resourceNames = stringsAt(rule.resourceNames);
  if (urls.length) {
    if (namespaced) errs.push(fieldErrors.invalid(`${path}.nonResourceURLs`, urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (apiGroups.length || resources.length || resourceNames.length) {
      errs.push(fieldErrors.invalid(`${path}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (!apiGroups.length) errs.push(fieldErrors.required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (!resources.length) errs.push(fieldErrors.required(`${path}.resources`, 'resource rules must supply at least one resource'));
  if (resourceNames.length && resources.length > 1) {
    errs.push(fieldErrors.required(`${path}.resourceNames`, 'resource names cannot apply to multiple resources'));
  }
  return errs;
}

function validateRules(obj: JsonObject, namespaced: boolean): FieldError[] {
  return listAt(obj.rules).flatMap((r, i) => validatePolicyRule(objAt(r) ?? {}, namespaced, `rules[${i}]`));
}

/** A label selector of an aggregation rule (the operator itself is checked by the schema). */
function validateSelector(selector: JsonObject, path: string): FieldError[] {
  const errs = validateLabels(selector.matchLabels, `${path}.matchLabels`);
  listAt(selector.matchExpressions).forEach((e, i) => {
    const expr = objAt(e) ?? {};
    const epath = `${path}.matchExpressions[${i}]`;
    const values = stringsAt(expr.values);
    const op = textAt(expr.operator);
    if ((op === 'In' || op === 'NotIn') && !values.length) {
      errs.push(fieldErrors.required(`${epath}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if ((op === 'Exists' || op === 'DoesNotExist') && values.length) {
      errs.push(fieldErrors.forbidden(`${epath}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    }
    const key = textAt(expr.key);
    if (key) for (const m of isQualifiedName(key)) errs.push(fieldErrors.invalid(`${epath}.key`, key, m));
    values.forEach((v, j) => {
      for (const m of isValidLabelValue(v)) errs.push(fieldErrors.invalid(`${epath}.values[${j}]`, v, m));
    });
  });
  return errs;
}

function validateAggregationRule(obj: JsonObject): FieldError[] {
  const rule = objAt(obj.aggregationRule);
  if (!rule) return [];
  const selectors = listAt(rule.clusterRoleSelectors);
  const errs: FieldError[] = [];
  if (!selectors.length) {
    errs.push(fieldErrors.required('aggregationRule.clusterRoleSelectors', 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
  }
  selectors.forEach((s, i) => errs.push(...validateSelector(objAt(s) ?? {}, `aggregationRule.clusterRoleSelectors[${i}]`)));
  return errs;
}

function validateSubject(subject: JsonObject, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = textAt(subject.name);
  const apiGroup = textAt(subject.apiGroup);
  if (!name) errs.push(fieldErrors.required(`${path}.name`));
  switch (textAt(subject.kind)) {
    case 'ServiceAccount':
      if (name) for (const m of isDNS1123Subdomain(name)) errs.push(fieldErrors.invalid(`${path}.name`, name, m));
      if (apiGroup) errs.push(fieldErrors.notSupported(`${path}.apiGroup`, apiGroup, ['']));
      if (!namespaced && !textAt(subject.namespace)) errs.push(fieldErrors.required(`${path}.namespace`));
      break;
    case 'User':
    case 'Group': {
      const what = subject.kind === 'User' ? 'user' : 'group';
      if (!name) errs.push(fieldErrors.invalid(`${path}.name`, name, `${what} name cannot be empty`));
      if (apiGroup !== RBAC_GROUP) errs.push(fieldErrors.notSupported(`${path}.apiGroup`, apiGroup, [RBAC_GROUP]));
      break;
    }
    default:
      errs.push(fieldErrors.notSupported(`${path}.kind`, textAt(subject.kind), ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

function validateBinding(obj: JsonObject, namespaced: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const ref = objAt(obj.roleRef) ?? {};
  const apiGroup = textAt(ref.apiGroup);
  if (apiGroup !== RBAC_GROUP) errs.push(fieldErrors.notSupported('roleRef.apiGroup', apiGroup, [RBAC_GROUP]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  const kind = textAt(ref.kind);
  if (!kinds.includes(kind)) errs.push(fieldErrors.notSupported('roleRef.kind', kind, kinds));
  const name = textAt(ref.name);
  if (!name) errs.push(fieldErrors.required('roleRef.name'));
  else for (const m of nameIsPathSegment(name, false)) errs.push(fieldErrors.invalid('roleRef.name', name, m));
  listAt(obj.subjects).forEach((s, i) => errs.push(...validateSubject(objAt(s) ?? {}, namespaced, `subjects[${i}]`)));
  return errs;
}

function roleRefUnchanged(obj: JsonObject, old: JsonObject): FieldError[] {
  return semanticEqual(obj.roleRef, old.roleRef) ? [] : [fieldErrors.invalid('roleRef', obj.roleRef ?? null, 'cannot change roleRef')];
}

/** User and Group subjects (and role references) default to the RBAC group; service accounts to the core group. */
function defaultBinding(obj: JsonObject): void {
  const ref = objAt(obj.roleRef);
  if (ref && !textAt(ref.apiGroup)) ref.apiGroup = RBAC_GROUP;
  for (const s of listAt(obj.subjects)) {
    const subject = objAt(s);
    if (subject && !textAt(subject.apiGroup) && (subject.kind === 'User' || subject.kind === 'Group')) subject.apiGroup = RBAC_GROUP;
  }
}

function subjectNames(obj: JsonObject, kind: string): string {
  return listAt(obj.subjects)
    .map((s) => objAt(s) ?? {})
    .filter((s) => s.kind === kind)
    .map((s) => (kind === 'ServiceAccount' && textAt(s.namespace) ? `${textAt(s.namespace)}/${textAt(s.name)}` : textAt(s.name)))
    .join(', ');
}

function bindingColumns(what: string): TableColumn[] {
  return [
    {
      name: 'Role',
      type: 'string',
      description: 'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace.',
      cell: (obj) => `${textAt(objAt(obj.roleRef)?.kind)}/${textAt(objAt(obj.roleRef)?.name)}`,
    },
    AGE_COLUMN,
    { name: 'Users', type: 'string', priority: 1, description: `Users in the ${what}`, cell: (obj) => subjectNames(obj, 'User') },
    { name: 'Groups', type: 'string', priority: 1, description: `Groups in the ${what}`, cell: (obj) => subjectNames(obj, 'Group') },
    { name: 'ServiceAccounts', type: 'string', priority: 1, description: `ServiceAccounts in the ${what}`, cell: (obj) => subjectNames(obj, 'ServiceAccount') },
  ];
}

const rbacKind = { group: RBAC_GROUP, version: 'v1', validateName: nameIsPathSegment } as const;

export const roleKind: KindDefinition = {
  ...rbacKind,
  kind: 'Role',
  resource: 'roles',
  singular: 'role',
  namespaced: true,
  schema: Role,
  strategy: { validate: (obj) => validateRules(obj, true) },
};

export const clusterRoleKind: KindDefinition = {
  ...rbacKind,
  kind: 'ClusterRole',
  resource: 'clusterroles',
  singular: 'clusterrole',
  namespaced: false,
  schema: ClusterRole,
  strategy: { validate: (obj) => [...validateRules(obj, false), ...validateAggregationRule(obj)] },
};

export const roleBindingKind: KindDefinition = {
  ...rbacKind,
  kind: 'RoleBinding',
  resource: 'rolebindings',
  singular: 'rolebinding',
  namespaced: true,
  schema: RoleBinding,
  table: bindingColumns('roleBinding'),
  strategy: { defaults: defaultBinding, validate: (obj) => validateBinding(obj, true), validateUpdate: roleRefUnchanged },
};

export const clusterRoleBindingKind: KindDefinition = {
  ...rbacKind,
  kind: 'ClusterRoleBinding',
  resource: 'clusterrolebindings',
  singular: 'clusterrolebinding',
  namespaced: false,
  schema: ClusterRoleBinding,
  table: bindingColumns('clusterRoleBinding'),
  strategy: { defaults: defaultBinding, validate: (obj) => validateBinding(obj, false), validateUpdate: roleRefUnchanged },
};
