/**
 * The Pod Security Standards checks (baseline and restricted) as the real v1.32 evaluator runs
 * them: which ones apply to a policy level and version, their exact messages, and the aggregate
 * text the PodSecurity admission puts in its denials and warnings.
 */
import { StatusError } from '../../errors/index.ts';
import type { ObjectMeta, PodSpec } from '../../registry/types/index.ts';
import type { CheckOptions, CheckResult, PodSecurityLevel } from './check.ts';
import { checksAt, MAX_MINOR } from './registry.ts';

export type { CheckOptions, CheckResult, PodSecurityLevel } from './check.ts';

/** The policy version `latest` stands for: the newest any check knows, v1.32. */
export const LATEST_POLICY_VERSION = `v1.${MAX_MINOR}`;

const VERSION = /^v1\.([0-9]|[1-9][0-9]*)$/;

/**
 * The minor version of a policy version (`latest`, `v1.0`, `v1.25`, …), `latest` as the newest
 * the checks know; undefined for anything else (`v1.01`, `v2.0`, `1.25`).
 */
export function parsePolicyVersion(version: string): number | undefined {
  if (version === 'latest') return MAX_MINOR;
  const m = VERSION.exec(version);
  if (!m) return undefined;
  const minor = Number(m[1]);
  // Go's Atoi fails past int64; any version that large is far beyond latest anyway, but is refused as the real parser does.
  return Number.isSafeInteger(minor) ? minor : undefined;
}

const LEVELS: ReadonlySet<string> = new Set(['privileged', 'baseline', 'restricted']);

/** Every failed check of `level` at `version` ('latest' or 'v1.NN'), in the real evaluator's order. */
export function checkPod(
  level: PodSecurityLevel,
  version: string,
  meta: ObjectMeta,
  spec: PodSpec,
  options: CheckOptions = {},
): CheckResult[] {
  if (!LEVELS.has(level))
    throw StatusError.badRequest(`unknown pod security level ${JSON.stringify(level)}: must be one of privileged, baseline, restricted`);
  const minor = parsePolicyVersion(version);
  if (minor === undefined)
    throw StatusError.badRequest(`invalid pod security version ${JSON.stringify(version)}: must be "latest" or "v1.x"`);
  if (level === 'privileged') return [];
  const results: CheckResult[] = [];
  for (const check of checksAt(level, minor)) {
    const result = check(meta, spec, options);
    // A failure without a reason still counts, under the placeholder the real aggregate uses.
    if (result) results.push(result.forbiddenReason ? result : { ...result, forbiddenReason: 'unknown forbidden reason' });
  }
  return results;
}

/** The real aggregate text: `allowPrivilegeEscalation != false (container "c" must set ...), unrestricted capabilities (...)`. */
export function formatViolations(results: readonly CheckResult[]): string {
  return results
    .map((r) => {
      const reason = r.forbiddenReason || 'unknown forbidden reason';
      return r.forbiddenDetail ? `${reason} (${r.forbiddenDetail})` : reason;
    })
    .join(', ');
}
