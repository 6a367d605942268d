/**
 * IngressClass (networking.orch.io/v1, cluster scoped): which controller implements a class
 * of Ingresses, with an optional reference to its parameters. The controller is fixed once set.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Label, isDNS1123Subdomain } from '../../meta/names.ts';
import { defineKind } from '../definition.ts';
import { IngressClass, type IngressClassParametersReference } from '../types/networking-v1.ts';
import { immutable } from '../kind-support/field-checks.ts';
import { AGE_COLUMN } from '../table.ts';

/** Marks the class used for Ingresses that name none (DefaultIngressClass admission, `core/admission`). */
export const DEFAULT_CLASS_ANNOTATION = 'ingressclass.orchestrator.io/is-default-class';
/**
 * The annotation in the real platform's spelling, which ingress controllers' manifests and charts
 * write: accepted too, as the `k8s.io` group aliases are.
 */
export const DEFAULT_CLASS_ANNOTATION_ALIAS = 'ingressclass.kubernetes.io/is-default-class';

/** Whether a class is marked as the default: `"true"` exactly, in either spelling. */
export function isDefaultIngressClass(obj: { readonly metadata?: { readonly annotations?: Record<string, string> } }): boolean {
  const a = obj.metadata?.annotations ?? {};
  return a[DEFAULT_CLASS_ANNOTATION] === 'true' || a[DEFAULT_CLASS_ANNOTATION_ALIAS] === 'true';
}

const MAX_CONTROLLER_LENGTH = 250;
const HTTP_PATH = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;
const SCOPES = ['Cluster', 'Namespace'];

/** `example.com/controller`: a DNS subdomain, a slash, and an HTTP path. */
function validateController(controller: string, path: string): FieldError[] {
  if (!controller) return [fieldErrors.required(path)];
  if (controller.length > MAX_CONTROLLER_LENGTH) return [fieldErrors.tooLong(path, MAX_CONTROLLER_LENGTH)];
  const slash = controller.indexOf('/');
  if (slash <= 0 || slash === controller.length - 1) {
    return [fieldErrors.invalid(path, controller, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  }
  const host = controller.slice(0, slash);
  const rest = controller.slice(slash + 1);
  const errs = isDNS1123Subdomain(host).map((m) => fieldErrors.invalid(path, host, m));
  if (!HTTP_PATH.test(rest)) {
    errs.push(fieldErrors.invalid(path, rest, "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')"));
  }
  return errs;
}

function pathSegmentName(v: string): string[] {
  if (v === '.' || v === '..') return [`may not be '${v}'`];
  return ['/', '%'].filter((c) => v.includes(c)).map((c) => `may not contain '${c}'`);
}

function validateParameters(params: IngressClassParametersReference, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (params.apiGroup != null) {
    for (const m of isDNS1123Subdomain(params.apiGroup)) errs.push(fieldErrors.invalid(`${path}.apiGroup`, params.apiGroup, m));
  }
  for (const f of ['kind', 'name'] as const) {
    const v = params[f] ?? '';
    if (!v) errs.push(fieldErrors.required(`${path}.${f}`));
    else for (const m of pathSegmentName(v)) errs.push(fieldErrors.invalid(`${path}.${f}`, v, m));
  }
  if (params.scope == null) return [...errs, fieldErrors.required(`${path}.scope`)];
  const scope = params.scope;
  if (!SCOPES.includes(scope)) {
    errs.push(fieldErrors.notSupported(`${path}.scope`, scope, SCOPES));
  } else if (scope === 'Namespace') {
    if (params.namespace == null) errs.push(fieldErrors.required(`${path}.namespace`, "`parameters.scope` is set to 'Namespace'"));
    else for (const m of isDNS1123Label(params.namespace)) errs.push(fieldErrors.invalid(`${path}.namespace`, params.namespace, m));
  } else if (params.namespace != null) {
    errs.push(fieldErrors.forbidden(`${path}.namespace`, "`parameters.scope` is set to 'Cluster'"));
  }
  return errs;
}

function validate(obj: IngressClass): FieldError[] {
  const spec = obj.spec ?? {};
  const errs = validateController(spec.controller ?? '', 'spec.controller');
  if (spec.parameters) errs.push(...validateParameters(spec.parameters, 'spec.parameters'));
  return errs;
}

export const ingressClassKind = defineKind<IngressClass>({
  group: 'networking.orch.io',
  version: 'v1',
  kind: 'IngressClass',
  resource: 'ingressclasses',
  singular: 'ingressclass',
  namespaced: false,
  schema: IngressClass,
  generation: true,
  table: [
    {
      name: 'Controller',
      type: 'string',
      description: 'Controller that implements the ingresses of this class.',
      cell: (obj) => obj.spec?.controller ?? '',
    },
    {
      name: 'Parameters',
      type: 'string',
      description: 'A reference to the parameters of the controller.',
      cell(obj) {
        const p = obj.spec?.parameters;
        if (!p) return '<none>';
        const kind = p.apiGroup != null ? `${p.kind ?? ''}.${p.apiGroup}` : (p.kind ?? '');
        return `${kind}/${p.name ?? ''}`;
      },
    },
    AGE_COLUMN,
  ],
  strategy: {
    validate,
    validateUpdate: (obj, old) => immutable('spec.controller', obj.spec?.controller, old.spec?.controller),
  },
});
