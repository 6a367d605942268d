/**
 * PodSecurity (validating): the Pod Security Standards, per namespace, by its labels (`policy.ts`).
 *
 * - A pod, created or changed where it matters (`isSignificantPodUpdate`), is refused (403) when it
 *   violates the enforce level; otherwise a violation of the warn level is a `Warning`. A violation
 *   of the audit level is an audit annotation either way. Subresources that cannot change the
 *   pod's security (status, binding, exec, …) are not checked; others (ephemeral containers) are.
 * - A workload's pod template is never refused (mutating admission may still change the pods it
 *   makes): it gets the warn level's warning and the audit level's annotation.
 * - A namespace's labels must parse (422 otherwise, on update only when the errors changed); a
 *   stricter enforce level warns about the pods already there (`namespace-warnings.ts`).
 *
 * The checks themselves are `checks.ts`'s, handed in.
 */
import type { FieldError } from '../../errors/field-error.ts';
import { errorString } from '../../errors/field-error.ts';
import { StatusError } from '../../errors/status-error.ts';
import type { Namespace, ObjectMeta, Pod, PodSpec } from '../../registry/types/index.ts';
import type { AdmissionAttributes, AdmissionPlugin } from '../plugin.ts';
import { existingPodWarnings } from './namespace-warnings.ts';
import { POD, POD_TEMPLATES, isSignificantPodUpdate, templateOf, type PodParts } from './pod-specs.ts';
import {
  compareLevels,
  fullyPrivileged,
  LABEL_PREFIX,
  levelVersionText,
  policyFromLabels,
  sameLevelVersion,
  type Level,
  type LevelVersion,
  type Policy,
} from './policy.ts';

/** The Pod Security Standards checks (`checks.ts`). */
export interface PodSecurityChecks {
  /** Every failed check of `level` at `version`, in the real evaluator's order. */
  checkPod(level: Level, version: string, meta: ObjectMeta, spec: PodSpec): readonly CheckResult[];
  /** `reason (detail), reason (detail)`. */
  formatViolations(results: readonly CheckResult[]): string;
}

interface CheckResult {
  readonly forbiddenReason: string;
  readonly forbiddenDetail: string;
}

const NAMESPACES = { group: '', resource: 'namespaces' };
const PODS = { group: '', resource: 'pods' };
const NAMESPACE = { group: '', kind: 'Namespace' };

/** Pod subresources that change nothing the checks read. */
const IGNORED_POD_SUBRESOURCES = new Set(['exec', 'attach', 'binding', 'eviction', 'log', 'portforward', 'proxy', 'status']);

/** Audit annotation keys, as the real plugin's `pod-security.kubernetes.io/…` in orch's spelling. */
const ANNOTATION = {
  enforcePolicy: `${LABEL_PREFIX}enforce-policy`,
  auditViolations: `${LABEL_PREFIX}audit-violations`,
  error: `${LABEL_PREFIX}error`,
};

export function podSecurity(checks: PodSecurityChecks): AdmissionPlugin {
  return {
    name: 'PodSecurity',
    kinds: [NAMESPACE, POD, ...POD_TEMPLATES.map(({ group, kind }) => ({ group, kind }))],
    operations: ['CREATE', 'UPDATE'],
    validate(a) {
      if (a.kind.group === NAMESPACE.group && a.kind.kind === NAMESPACE.kind) validateNamespace(a, checks);
      else if (a.kind.group === POD.group && a.kind.kind === POD.kind) validatePod(a, checks);
      else validateTemplate(a, checks);
    },
  };
}

function validateNamespace(a: AdmissionAttributes, checks: PodSecurityChecks): void {
  if (a.subresource) return;
  const ns = a.object as unknown as Namespace;
  const { policy, errors } = policyFromLabels(ns.metadata?.labels);
  if (a.operation === 'CREATE' || !a.oldObject) {
    if (errors.length) throw StatusError.invalid(NAMESPACE, a.name, errors);
    return;
  }
  const before = policyFromLabels((a.oldObject as unknown as Namespace).metadata?.labels);
  if (errors.length && (!before.errors.length || JSON.stringify(errors) !== JSON.stringify(before.errors))) {
    throw StatusError.invalid(NAMESPACE, a.name, errors);
  }
  const now = policy.enforce;
  const then = before.policy.enforce;
  // Only a stricter enforce level can make running pods violate it.
  if (sameLevelVersion(now, then) || now.level === 'privileged') return;
  if (now.version === then.version && compareLevels(now.level, then.level) < 1) return;
  const pods = a.objects.list(PODS, a.name) as unknown as Pod[];
  for (const w of existingPodWarnings(a.name, pods, now, checks)) a.warn(w);
}

function validatePod(a: AdmissionAttributes, checks: PodSecurityChecks): void {
  if (IGNORED_POD_SUBRESOURCES.has(a.subresource)) return;
  const { policy, errors } = namespacePolicy(a);
  if (!errors.length && fullyPrivileged(policy)) return;
  const pod = partsOf(a.object as unknown as Pod);
  if (a.operation === 'UPDATE' && a.oldObject && !isSignificantPodUpdate(pod, partsOf(a.oldObject as unknown as Pod))) return;
  evaluate(a, policy, errors, pod, true, checks);
}

function validateTemplate(a: AdmissionAttributes, checks: PodSecurityChecks): void {
  if (a.subresource) return;
  const { policy, errors } = namespacePolicy(a);
  if (!errors.length && policy.warn.level === 'privileged' && policy.audit.level === 'privileged') return;
  const template = templateOf(a.kind, a.object);
  if (!template) return;
  evaluate(a, policy, errors, template, false, checks);
}

/**
 * The policy of the written object's namespace. A namespace that is not there (or not served)
 * has no labels: writes into a missing namespace are refused before admission asks.
 */
function namespacePolicy(a: AdmissionAttributes): ReturnType<typeof policyFromLabels> {
  const ns = a.objects.get(NAMESPACES, '', a.namespace) as unknown as Namespace | undefined;
  return policyFromLabels(ns?.metadata?.labels);
}

function partsOf(pod: Pod): PodParts {
  return { meta: pod.metadata ?? {}, spec: pod.spec ?? {} };
}

/** Checks the pod at each mode's level, each level and version once; refuses last, after the audit annotations are made. */
function evaluate(
  a: AdmissionAttributes,
  policy: Policy,
  errors: readonly FieldError[],
  pod: PodParts,
  enforce: boolean,
  checks: PodSecurityChecks,
): void {
  const results = new Map<string, readonly CheckResult[]>();
  const check = (lv: LevelVersion) => {
    const key = levelVersionText(lv);
    let r = results.get(key);
    if (!r) {
      r = lv.level === 'privileged' ? [] : checks.checkPod(lv.level, lv.version, pod.meta, pod.spec);
      results.set(key, r);
    }
    return r;
  };
  if (errors.length) a.annotate(ANNOTATION.error, `Failed to parse policy: ${aggregate(errors)}`);
  let refusal: StatusError | undefined;
  if (enforce) {
    a.annotate(ANNOTATION.enforcePolicy, levelVersionText(policy.enforce));
    const failed = check(policy.enforce);
    if (failed.length) {
      const message = `violates PodSecurity "${levelVersionText(policy.enforce)}": ${checks.formatViolations(failed)}`;
      refusal = StatusError.forbidden(a.resource, a.name, message);
    }
  }
  const audited = check(policy.audit);
  if (audited.length) {
    a.annotate(
      ANNOTATION.auditViolations,
      `would violate PodSecurity "${levelVersionText(policy.audit)}": ${checks.formatViolations(audited)}`,
    );
  }
  if (refusal) throw refusal;
  const warned = check(policy.warn);
  if (warned.length) a.warn(`would violate PodSecurity "${levelVersionText(policy.warn)}": ${checks.formatViolations(warned)}`);
}

/** Several errors as one, the way the real platform joins them (`[a, b]`). */
function aggregate(errors: readonly FieldError[]): string {
  const texts = [...new Set(errors.map(errorString))];
  return texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`;
}
