/** metav1.LabelSelector matching, as `LabelSelectorAsSelector` evaluates it. */
import type { LabelSelector } from '../../core/registry/types/index.ts';

/**
 * Whether `labels` satisfy the selector. An empty selector matches everything (the real
 * conversion's rule); the API server rejects empty StatefulSet selectors before we see them.
 */
export function selectorMatches(selector: LabelSelector | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  const have = labels ?? {};
  for (const [k, v] of Object.entries(selector?.matchLabels ?? {})) if (have[k] !== v) return false;
  for (const e of selector?.matchExpressions ?? []) {
    const present = Object.hasOwn(have, e.key);
    const values = e.values ?? [];
    switch (e.operator) {
      case 'In':
        if (!present || !values.includes(have[e.key])) return false;
        break;
      case 'NotIn':
        if (present && values.includes(have[e.key])) return false;
        break;
      case 'Exists':
        if (!present) return false;
        break;
      case 'DoesNotExist':
        if (present) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}
