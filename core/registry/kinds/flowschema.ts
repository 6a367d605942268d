/**
 * FlowSchema (flowcontrol.apiserver.orch.io/v1, cluster scoped): which requests belong to which
 * priority level. Validation follows the real platform's v1.32 rules and messages.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../meta/names.ts';
import { decodeValue } from '../../schema/decode.ts';
import { defineKind } from '../definition.ts';
import {
  FlowSchema,
  FlowSchemaSpec,
  MATCHING_PRECEDENCE_MAX,
  type NonResourcePolicyRule,
  type PolicyRulesWithSubjects,
  type ResourcePolicyRule,
  type Subject,
} from '../types/flowcontrol-v1.ts';
import { apfObjects, MANDATORY_FLOW_SCHEMAS, SUGGESTED_FLOW_SCHEMAS } from '../kind-support/apf-bootstrap.ts';
import { validateConditionTypes } from '../kind-support/condition-checks.ts';
import { semanticEqual } from '../kind-support/field-checks.ts';
import { AGE_COLUMN } from '../table.ts';

/** Verbs a rule may name (besides `*`), sorted as the real platform lists them. */
const SUPPORTED_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'proxy', 'update', 'watch'];
const NAMESPACE_INTRO = "each member of this list must be '*' or a DNS-1123 label; ";
/** The specification's rule for `resources`: a lower-case plural name, optionally `/subresource`. */
const RESOURCE_NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?(\/[a-z0-9]([-a-z0-9]*[a-z0-9])?)?$/;
/** The condition a controller keeps on a schema whose priority level does not exist. */
export const DANGLING_CONDITION = 'Dangling';

function validateVerbs(verbs: string[], path: string): FieldError[] {
  if (!verbs.length) return [fieldErrors.required(path, 'verbs must contain at least one value')];
  if (verbs.includes('*')) {
    return verbs.length > 1 ? [fieldErrors.invalid(path, verbs, "if '*' is present, must not specify other verbs")] : [];
  }
  return verbs.every((v) => SUPPORTED_VERBS.includes(v)) ? [] : [fieldErrors.notSupported(path, verbs, SUPPORTED_VERBS)];
}

/** `*` may stand only alone in a list of names. */
function wildcardAlone(values: string[], path: string, what: string): FieldError[] {
  return values.length > 1 && values.includes('*')
    ? [fieldErrors.invalid(path, values, `if '*' is present, must not specify other ${what}`)]
    : [];
}

/** A non-resource URL: a path from `/`, no blanks or `//`, and `*` only as a whole last segment. */
export function nonResourceURLProblem(url: string): string | undefined {
  if (url === '') return 'must not be empty';
  if (url === '/') return undefined;
  if (!url.startsWith('/')) return 'must start with slash';
  if (url.includes(' ')) return 'must not contain white-space';
  if (url.includes('//')) return 'must not contain double slash';
  const wildcards = url.split('*').length - 1;
  if (wildcards > 1 || (wildcards === 1 && !url.endsWith('/*'))) return 'wildcard can only do suffix matching';
  return undefined;
}

function validateNonResourceRule(rule: NonResourcePolicyRule, path: string): FieldError[] {
  const errs = validateVerbs(rule.verbs ?? [], `${path}.verbs`);
  const urls = rule.nonResourceURLs ?? [];
  if (!urls.length) {
    errs.push(fieldErrors.required(`${path}.nonResourceURLs`, 'nonResourceURLs must contain at least one value'));
  } else if (urls.includes('*')) {
    errs.push(...wildcardAlone(urls, `${path}.nonResourceURLs`, 'non-resource URLs'));
  } else {
    urls.forEach((url, i) => {
      const problem = nonResourceURLProblem(url);
      if (problem) errs.push(fieldErrors.invalid(`${path}.nonResourceURLs[${i}]`, url, problem));
    });
  }
  return errs;
}

function validateResourceRule(rule: ResourcePolicyRule, path: string): FieldError[] {
  const errs = validateVerbs(rule.verbs ?? [], `${path}.verbs`);
  const apiGroups = rule.apiGroups ?? [];
  if (!apiGroups.length) errs.push(fieldErrors.required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  else errs.push(...wildcardAlone(apiGroups, `${path}.apiGroups`, 'api groups'));
  const resources = rule.resources ?? [];
  if (!resources.length) {
    errs.push(fieldErrors.required(`${path}.resources`, 'resource rules must supply at least one resource'));
  } else if (resources.includes('*')) {
    errs.push(...wildcardAlone(resources, `${path}.resources`, 'resources'));
  } else {
    resources.forEach((r, i) => {
      if (!RESOURCE_NAME.test(r)) {
        errs.push(
          fieldErrors.invalid(
            `${path}.resources[${i}]`,
            r,
            "must be a lower-case plural resource name, optionally followed by '/' and a subresource (e.g. 'nodes/status')",
          ),
        );
      }
    });
  }
  const namespaces = rule.namespaces ?? [];
  if (!namespaces.length && rule.clusterScope !== true) {
    errs.push(fieldErrors.required(`${path}.namespaces`, 'resource rules that are not cluster scoped must supply at least one namespace'));
  } else if (namespaces.includes('*')) {
    errs.push(...wildcardAlone(namespaces, `${path}.namespaces`, 'namespaces'));
  } else {
    namespaces.forEach((ns, i) => {
      for (const m of isDNS1123Label(ns)) errs.push(fieldErrors.invalid(`${path}.namespaces[${i}]`, ns, NAMESPACE_INTRO + m));
    });
  }
  return errs;
}

/** The member each subject kind names, in the order the real platform reports stray members. */
const MEMBER_OF_KIND: Readonly<Record<string, 'serviceAccount' | 'user' | 'group'>> = {
  ServiceAccount: 'serviceAccount',
  User: 'user',
  Group: 'group',
};

function validateSubject(subject: Subject, path: string): FieldError[] {
  // The schema's enum check runs beside this one, so the kind may be any string here.
  const kind: string = subject.kind ?? '';
  const member = MEMBER_OF_KIND[kind];
  if (!member) return []; // an unknown kind is reported by the schema's enum
  const errs: FieldError[] = [];
  const value = subject[member];
  if (!value) {
    errs.push(fieldErrors.required(`${path}.${member}`, `${member} is required when subject kind is '${kind}'`));
  } else {
    const name = value.name ?? '';
    if (!name) errs.push(fieldErrors.required(`${path}.${member}.name`));
    if (kind === 'ServiceAccount') {
      if (name && name !== '*')
        for (const m of isDNS1123Subdomain(name)) errs.push(fieldErrors.invalid(`${path}.serviceAccount.name`, name, m));
      // `value` is `subject.serviceAccount` here; the namespace is read through the member that has one.
      const ns = subject.serviceAccount?.namespace ?? '';
      if (!ns) errs.push(fieldErrors.required(`${path}.serviceAccount.namespace`, 'must specify namespace for service account'));
      else for (const m of isDNS1123Label(ns)) errs.push(fieldErrors.invalid(`${path}.serviceAccount.namespace`, ns, m));
    }
  }
  for (const [otherKind, other] of Object.entries(MEMBER_OF_KIND)) {
    if (other !== member && subject[other] != null) {
      errs.push(fieldErrors.forbidden(`${path}.${other}`, `${other} is forbidden when subject kind is not '${otherKind}'`));
    }
  }
  return errs;
}

function validateRule(rule: PolicyRulesWithSubjects, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const subjects = rule.subjects ?? [];
  if (!subjects.length) errs.push(fieldErrors.required(`${path}.subjects`, 'subjects must contain at least one value'));
  subjects.forEach((s, i) => errs.push(...validateSubject(s, `${path}.subjects[${i}]`)));
  const resourceRules = rule.resourceRules ?? [];
  const nonResourceRules = rule.nonResourceRules ?? [];
  if (!resourceRules.length && !nonResourceRules.length) {
    errs.push(fieldErrors.required(path, 'at least one of resourceRules and nonResourceRules has to be non-empty'));
  }
  resourceRules.forEach((r, i) => errs.push(...validateResourceRule(r, `${path}.resourceRules[${i}]`)));
  nonResourceRules.forEach((r, i) => errs.push(...validateNonResourceRule(r, `${path}.nonResourceRules[${i}]`)));
  return errs;
}

/** Partial: a missing spec is checked as `{}` (the decoder always writes one; the rules do not count on it). */
function validateSpec(name: string, spec: Partial<FlowSchemaSpec>): FieldError[] {
  const errs: FieldError[] = [];
  const precedence = spec.matchingPrecedence ?? 0;
  if (precedence <= 0) errs.push(fieldErrors.invalid('spec.matchingPrecedence', precedence, 'must be a positive value'));
  if (precedence > MATCHING_PRECEDENCE_MAX) {
    errs.push(fieldErrors.invalid('spec.matchingPrecedence', precedence, `must not be greater than ${MATCHING_PRECEDENCE_MAX}`));
  }
  if (precedence === 1 && name !== 'exempt') {
    errs.push(fieldErrors.invalid('spec.matchingPrecedence', precedence, "only the schema named 'exempt' may have matchingPrecedence 1"));
  }
  const level = spec.priorityLevelConfiguration?.name ?? '';
  if (!level) errs.push(fieldErrors.required('spec.priorityLevelConfiguration.name', 'must reference a priority level'));
  else for (const m of isDNS1123Subdomain(level)) errs.push(fieldErrors.invalid('spec.priorityLevelConfiguration.name', level, m));
  (spec.rules ?? []).forEach((r, i) => errs.push(...validateRule(r, `spec.rules[${i}]`)));
  const fixed = MANDATORY_FLOW_SCHEMAS[name];
  if (fixed && !semanticEqual(spec, decodeValue(fixed, FlowSchemaSpec, { defaults: true }))) {
    errs.push(fieldErrors.invalid('spec', spec, `spec of '${name}' must equal the fixed value`));
  }
  return errs;
}

function validateFlowSchema(obj: FlowSchema): FieldError[] {
  const name = obj.metadata?.name ?? '';
  return [
    ...validateSpec(name, obj.spec ?? {}),
    ...validateConditionTypes(obj.status?.conditions, 'status.conditions', 'must not be empty'),
  ];
}

export const flowSchemaKind = defineKind<FlowSchema>({
  group: 'flowcontrol.apiserver.orch.io',
  version: 'v1',
  kind: 'FlowSchema',
  resource: 'flowschemas',
  singular: 'flowschema',
  namespaced: false,
  schema: FlowSchema,
  generation: true,
  subresources: { status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'] } },
  table: [
    {
      name: 'PriorityLevel',
      type: 'string',
      description: '`name` is the name of the priority level configuration being referenced Required.',
      cell: (obj) => obj.spec?.priorityLevelConfiguration?.name ?? '',
    },
    {
      name: 'MatchingPrecedence',
      type: 'string',
      description: 'The FlowSchema among those matching a request with the numerically lowest `matchingPrecedence` is chosen.',
      cell: (obj) => obj.spec?.matchingPrecedence ?? 0,
    },
    {
      name: 'DistinguisherMethod',
      type: 'string',
      description: '`distinguisherMethod` defines how to compute the flow distinguisher for requests that match this schema.',
      cell: (obj) => obj.spec?.distinguisherMethod?.type || '<none>',
    },
    AGE_COLUMN,
    {
      name: 'MissingPL',
      type: 'string',
      description: 'references a broken or non-existent PriorityLevelConfiguration',
      cell(obj) {
        const dangling = obj.status?.conditions?.find((c) => c.type === DANGLING_CONDITION);
        return dangling ? (dangling.status ?? '') : '?';
      },
    },
  ],
  strategy: { validate: validateFlowSchema },
  bootstrap: () => apfObjects('FlowSchema', [MANDATORY_FLOW_SCHEMAS, SUGGESTED_FLOW_SCHEMAS]),
});
