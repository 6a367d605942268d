/** YAML in and out of the editor (js-yaml), with parse errors worded for people. */
import { dump, load } from 'js-yaml';

export function toYaml(value: unknown): string {
  return dump(value, { noRefs: true, lineWidth: -1, sortKeys: false });
}

export function parseYaml(text: string): unknown {
  try {
    return load(text);
  } catch (err) {
    throw new Error(`the YAML does not parse: ${err instanceof Error ? err.message : String(err)}`);
  }
}
