/**
 * The shape of one Pod Security Standards check, as the real evaluator registers them: an id, the
 * level it belongs to, and its variants by the first policy version each applies to.
 */
import type { ObjectMeta, PodSpec } from '../../registry/types/index.ts';

export type PodSecurityLevel = 'privileged' | 'baseline' | 'restricted';

/** Why a check forbade a pod: a short reason, always shown, and a detail naming what offends. */
export interface CheckResult {
  readonly forbiddenReason: string;
  readonly forbiddenDetail: string;
}

/** Switches the real evaluator reads from feature gates rather than from the policy. */
export interface CheckOptions {
  /**
   * Pods with `hostUsers: false` pass procMount, runAsNonRoot and runAsUser
   * (the UserNamespacesPodSecurityStandards gate, alpha and off in v1.32).
   */
  readonly relaxForUserNamespacePods?: boolean;
}

/** One variant of a check; `undefined` means the pod passes. */
export type CheckPodFn = (meta: ObjectMeta, spec: PodSpec, options: CheckOptions) => CheckResult | undefined;

export interface VersionedCheck {
  /** The first policy minor version (of v1) this variant applies to. */
  readonly minimumMinor: number;
  readonly checkPod: CheckPodFn;
  /** Baseline checks this restricted variant replaces at the restricted level. */
  readonly overrides?: readonly string[];
}

export interface Check {
  readonly id: string;
  readonly level: 'baseline' | 'restricted';
  /** Variants by strictly increasing minimumMinor. */
  readonly versions: readonly VersionedCheck[];
}
