/** application/yaml (keys sorted, as the real platform's YAML writer sorts them). No watch form. */
import { constructFromEvents, dump, EVENT_ID, parseEvents, SCALAR_STYLE, YAMLException } from 'js-yaml';
import { StatusError } from '../errors/status-error.ts';
import type { JsonObject } from '../util/json.ts';
import { MAX_YAML_DEPTH, yamlDepthError, yamlTooDeep } from './depth.ts';
import { inexactNumberMessage, inexactYamlNumber } from './exact-numbers.ts';
import { asGoDecodes } from './parsed-json.ts';
import { findDuplicateKeys } from './json-duplicates.ts';
import { listItems } from './list-items.ts';
import { wellFormedStrings } from './well-formed.ts';
import { unshareAliases, yamlAliasError } from './yaml-aliases.ts';
import { yamlDuplicateKeys } from './yaml-duplicates.ts';
import type { EncodeContext, ListParts, Serializer } from './serializer.ts';

const decoder = new TextDecoder();

export function toYaml(value: unknown): string {
  return dump(value, { sortKeys: true, lineWidth: -1, noRefs: true });
}

export const yamlSerializer: Serializer = {
  mediaType: 'application/yaml',
  aliases: [],
  supports: () => true,
  encodeObject: (json: string) => toYaml(JSON.parse(json)),
  encodeValue: (value: JsonObject) => toYaml(value),
  encodeList(list: ListParts) {
    return toYaml({
      apiVersion: list.apiVersion,
      items: listItems(list.items).map((i) => JSON.parse(i) as unknown),
      kind: list.kind,
      metadata: list.metadata,
    });
  },
  encodeWatchEvent() {
    throw StatusError.notAcceptable(['application/json']);
  },
  decode(body: Uint8Array, _ctx: EncodeContext, duplicates?: string[]) {
    return parseYaml(decoder.decode(body), 'error converting YAML to JSON: ', duplicates);
  },
};

/**
 * A YAML (or JSON) text → its value, or 400 with the parser's problem after `prefix`. Nesting is
 * limited as the real platform's YAML parser limits it (10,000 levels, in its words). This parser
 * recurses per level and runs out of stack first (after a few thousand levels, depending on the
 * stack): such a document is refused as too deep too, rather than failing the server. Aliases are
 * bounded as the real decoder bounds them (core/codecs/yaml-aliases.ts).
 *
 * A key written twice keeps its last value, as the real decoder keeps it; the strict decoder's
 * report of the repeats (core/codecs/yaml-duplicates.ts) is added to `duplicates`, when given, for
 * the request's fieldValidation to ignore, warn of or refuse.
 */
export function parseYaml(text: string, prefix: string, duplicates?: string[]): unknown {
  const tooDeep = yamlDepthError(text);
  if (tooDeep) throw StatusError.badRequest(`${prefix}${tooDeep}`);
  const json = asJson(text);
  if (json !== undefined) {
    return asGoDecodes(text, json, prefix);
  }
  try {
    return wellFormedStrings(text, loadOne(text, prefix, duplicates));
  } catch (err) {
    if (err instanceof StatusError) throw err;
    if (err instanceof YAMLException && /maxDepth/.test(err.message)) {
      throw StatusError.badRequest(`${prefix}${yamlTooDeep(err.mark === undefined ? undefined : err.mark.line + 1)}`);
    }
    // The parser ran out of stack before its own limit: too deep all the same, if not by 10,000.
    if (err instanceof RangeError)
      throw StatusError.badRequest(`${prefix}yaml: exceeded max depth: nested too deeply for this server to decode`);
    throw StatusError.badRequest(`${prefix}${(err as Error).message.split('\n')[0]}`);
  }
}

/**
 * The one document of `text`, as js-yaml's `load` reads it, but with aliases bounded as the real
 * decoder bounds them (checked on the parser's events, before anything is built) and each alias
 * its own copy.
 */
function loadOne(text: string, prefix: string, duplicates: string[] | undefined): unknown {
  const events = parseEvents(text, { maxDepth: MAX_YAML_DEPTH });
  const aliasing = yamlAliasError(events, text);
  if (aliasing) throw StatusError.badRequest(`${prefix}${aliasing}`);
  for (const e of events) {
    if (e.type !== EVENT_ID.SCALAR || e.style !== SCALAR_STYLE.PLAIN || e.tagEnd > e.tagStart) continue;
    const plain = text.slice(e.valueStart, e.valueEnd);
    if (inexactYamlNumber(plain)) throw StatusError.badRequest(`${prefix}${inexactNumberMessage(plain)}`);
  }
  const documents = constructFromEvents(events, { source: text, json: true });
  if (documents.length === 0) throw new YAMLException('expected a document, but the input is empty');
  if (documents.length > 1) throw new YAMLException('expected a single document in the stream, but found more');
  const repeated = duplicates && yamlDuplicateKeys(events, text);
  if (repeated) duplicates.push(repeated);
  return events.some((e) => e.type === EVENT_ID.ALIAS) ? unshareAliases(documents[0]) : documents[0];
}

/**
 * JSON is YAML, and most YAML bodies are JSON (clients send apply configurations as JSON under the
 * YAML media type): a JSON object or array with no key written twice has the same value for both
 * parsers, and JSON.parse costs a fraction of the YAML parser. Anything else (YAML proper, a
 * duplicated key, reported by the YAML parser's lines) is left to the YAML parser.
 */
function asJson(text: string): unknown {
  let i = 0;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  if (text[i] !== '{' && text[i] !== '[') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return findDuplicateKeys(text, value).length ? undefined : value;
}
