/**
 * Role, ClusterRole, RoleBinding, ClusterRoleBinding (rbac.authorization.orch.io/v1): their
 * schemas, defaults and v1.32 validation. How they authorize requests lives elsewhere.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue, nameIsPathSegment } from '../../meta/names.ts';
import { validateLabels } from '../../meta/validation.ts';
import { defineKind } from '../definition.ts';
import { AGE_COLUMN, type TableColumn } from '../table.ts';
import type { LabelSelector } from '../types/meta-v1.ts';
import { ClusterRole, ClusterRoleBinding, Role, RoleBinding, type PolicyRule, type Subject } from '../types/rbac-v1.ts';
import { semanticEqual } from '../kind-support/field-checks.ts';
import { orchGroup } from '../../auth/attributes.ts';
import { bootstrapClusterRoleBindings, bootstrapClusterRoles } from '../../auth/rbac/bootstrap-policy.ts';
import { reconcileClusterRole, reconcileClusterRoleBinding } from '../../auth/rbac/reconcile.ts';

export const RBAC_GROUP = 'rbac.authorization.orch.io';

/** A role binding of either scope: the two kinds have the same members. */
type Binding = RoleBinding | ClusterRoleBinding;

function validatePolicyRule(rule: PolicyRule, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!rule.verbs?.length) errs.push(fieldErrors.required(`${path}.verbs`, 'verbs must contain at least one value'));
  const urls = rule.nonResourceURLs ?? [];
  const apiGroups = rule.apiGroups ?? [];
  const resources = rule.resources ?? [];
  const resourceNames = rule.resourceNames ?? [];
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

function validateRules(obj: Role | ClusterRole, namespaced: boolean): FieldError[] {
  return (obj.rules ?? []).flatMap((r, i) => validatePolicyRule(r, namespaced, `rules[${i}]`));
}

/** A label selector of an aggregation rule (the operator itself is checked by the schema). */
function validateSelector(selector: LabelSelector, path: string): FieldError[] {
  const errs = validateLabels(selector.matchLabels, `${path}.matchLabels`);
  (selector.matchExpressions ?? []).forEach((expr, i) => {
    const epath = `${path}.matchExpressions[${i}]`;
    const values = expr.values ?? [];
    const op = expr.operator;
    if ((op === 'In' || op === 'NotIn') && !values.length) {
      errs.push(fieldErrors.required(`${epath}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if ((op === 'Exists' || op === 'DoesNotExist') && values.length) {
      errs.push(fieldErrors.forbidden(`${epath}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    }
    const key = expr.key;
    if (key) for (const m of isQualifiedName(key)) errs.push(fieldErrors.invalid(`${epath}.key`, key, m));
    values.forEach((v, j) => {
      for (const m of isValidLabelValue(v)) errs.push(fieldErrors.invalid(`${epath}.values[${j}]`, v, m));
    });
  });
  return errs;
}

function validateAggregationRule(obj: ClusterRole): FieldError[] {
  const rule = obj.aggregationRule;
  if (!rule) return [];
  const selectors = rule.clusterRoleSelectors ?? [];
  const errs: FieldError[] = [];
  if (!selectors.length) {
    errs.push(
      fieldErrors.required(
        'aggregationRule.clusterRoleSelectors',
        'at least one clusterRoleSelector required if aggregationRule is non-nil',
      ),
    );
  }
  selectors.forEach((s, i) => errs.push(...validateSelector(s, `aggregationRule.clusterRoleSelectors[${i}]`)));
  return errs;
}

function validateSubject(subject: Subject, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = subject.name ?? '';
  const apiGroup = subject.apiGroup ?? '';
  const kind = subject.kind ?? '';
  if (!name) errs.push(fieldErrors.required(`${path}.name`));
  switch (kind) {
    case 'ServiceAccount':
      if (name) for (const m of isDNS1123Subdomain(name)) errs.push(fieldErrors.invalid(`${path}.name`, name, m));
      if (apiGroup) errs.push(fieldErrors.notSupported(`${path}.apiGroup`, apiGroup, ['']));
      if (!namespaced && !subject.namespace) errs.push(fieldErrors.required(`${path}.namespace`));
      break;
    case 'User':
    case 'Group': {
      const what = kind === 'User' ? 'user' : 'group';
      if (!name) errs.push(fieldErrors.invalid(`${path}.name`, name, `${what} name cannot be empty`));
      if (apiGroup !== RBAC_GROUP) errs.push(fieldErrors.notSupported(`${path}.apiGroup`, apiGroup, [RBAC_GROUP]));
      break;
    }
    default:
      errs.push(fieldErrors.notSupported(`${path}.kind`, kind, ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

function validateBinding(obj: Binding, namespaced: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const ref = obj.roleRef ?? {};
  const apiGroup = ref.apiGroup ?? '';
  if (apiGroup !== RBAC_GROUP) errs.push(fieldErrors.notSupported('roleRef.apiGroup', apiGroup, [RBAC_GROUP]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  const kind = ref.kind ?? '';
  if (!kinds.includes(kind)) errs.push(fieldErrors.notSupported('roleRef.kind', kind, kinds));
  const name = ref.name ?? '';
  if (!name) errs.push(fieldErrors.required('roleRef.name'));
  else for (const m of nameIsPathSegment(name, false)) errs.push(fieldErrors.invalid('roleRef.name', name, m));
  (obj.subjects ?? []).forEach((s, i) => errs.push(...validateSubject(s, namespaced, `subjects[${i}]`)));
  return errs;
}

function roleRefUnchanged(obj: Binding, old: Binding): FieldError[] {
  return semanticEqual(obj.roleRef, old.roleRef) ? [] : [fieldErrors.invalid('roleRef', obj.roleRef ?? null, 'cannot change roleRef')];
}

/**
 * User and Group subjects (and role references) default to the RBAC group; service accounts to the
 * core group. The RBAC group named by its `k8s.io` alias (kubectl's `create rolebinding` writes it)
 * is the RBAC group: stored in the served spelling, answered in the alias to reads through the
 * alias (BINDING_GROUP_FIELDS).
 */
function defaultBinding(obj: Binding): void {
  const ref = obj.roleRef;
  if (ref && (!ref.apiGroup || orchGroup(ref.apiGroup) === RBAC_GROUP)) ref.apiGroup = RBAC_GROUP;
  for (const subject of obj.subjects ?? []) {
    if (subject.apiGroup && orchGroup(subject.apiGroup) === RBAC_GROUP) subject.apiGroup = RBAC_GROUP;
    if (!subject.apiGroup && (subject.kind === 'User' || subject.kind === 'Group')) subject.apiGroup = RBAC_GROUP;
  }
}

function subjectNames(obj: Binding, kind: string): string {
  return (obj.subjects ?? [])
    .filter((s) => s.kind === kind)
    .map((s) => (kind === 'ServiceAccount' && s.namespace ? `${s.namespace}/${s.name ?? ''}` : (s.name ?? '')))
    .join(', ');
}

function bindingColumns<T extends Binding>(what: string): TableColumn<T>[] {
  return [
    {
      name: 'Role',
      type: 'string',
      description: 'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace.',
      cell: (obj) => `${obj.roleRef?.kind ?? ''}/${obj.roleRef?.name ?? ''}`,
    },
    AGE_COLUMN,
    { name: 'Users', type: 'string', priority: 1, description: `Users in the ${what}`, cell: (obj) => subjectNames(obj, 'User') },
    { name: 'Groups', type: 'string', priority: 1, description: `Groups in the ${what}`, cell: (obj) => subjectNames(obj, 'Group') },
    {
      name: 'ServiceAccounts',
      type: 'string',
      priority: 1,
      description: `ServiceAccounts in the ${what}`,
      cell: (obj) => subjectNames(obj, 'ServiceAccount'),
    },
  ];
}

/** The fields of a binding that name the RBAC group (see KindDefinition.groupFields). */
const BINDING_GROUP_FIELDS = [
  ['roleRef', 'apiGroup'],
  ['subjects', '[]', 'apiGroup'],
] as const;

// A PUT of a missing role or binding creates it, as the real RBAC strategies allow (the create is
// still authorized and escalation-checked as one).
const rbacKind = { group: RBAC_GROUP, version: 'v1', validateName: nameIsPathSegment, allowCreateOnUpdate: true } as const;

export const roleKind = defineKind<Role>({
  ...rbacKind,
  kind: 'Role',
  resource: 'roles',
  singular: 'role',
  namespaced: true,
  schema: Role,
  strategy: { validate: (obj) => validateRules(obj, true) },
});

export const clusterRoleKind = defineKind<ClusterRole>({
  ...rbacKind,
  kind: 'ClusterRole',
  resource: 'clusterroles',
  singular: 'clusterrole',
  namespaced: false,
  schema: ClusterRole,
  strategy: { validate: (obj) => [...validateRules(obj, false), ...validateAggregationRule(obj)] },
  bootstrap: bootstrapClusterRoles,
  reconcileBootstrap: reconcileClusterRole,
});

export const roleBindingKind = defineKind<RoleBinding>({
  ...rbacKind,
  kind: 'RoleBinding',
  resource: 'rolebindings',
  singular: 'rolebinding',
  namespaced: true,
  schema: RoleBinding,
  groupFields: BINDING_GROUP_FIELDS,
  table: bindingColumns('roleBinding'),
  strategy: { defaults: defaultBinding, validate: (obj) => validateBinding(obj, true), validateUpdate: roleRefUnchanged },
});

export const clusterRoleBindingKind = defineKind<ClusterRoleBinding>({
  ...rbacKind,
  kind: 'ClusterRoleBinding',
  resource: 'clusterrolebindings',
  singular: 'clusterrolebinding',
  namespaced: false,
  schema: ClusterRoleBinding,
  groupFields: BINDING_GROUP_FIELDS,
  table: bindingColumns('clusterRoleBinding'),
  strategy: { defaults: defaultBinding, validate: (obj) => validateBinding(obj, false), validateUpdate: roleRefUnchanged },
  bootstrap: bootstrapClusterRoleBindings,
  reconcileBootstrap: reconcileClusterRoleBinding,
});
