/** YAML as the real client prints it: keys sorted, lists not indented under their key, no folding. */
import { dump } from 'js-yaml';
import { sortedKeys } from '../objects.ts';

export function toYaml(value: unknown): string {
  return dump(sortedKeys(value), { seqNoIndent: true, lineWidth: -1, quoteStyle: 'double', sortKeys: true, noRefs: true });
}
