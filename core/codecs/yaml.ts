/** application/yaml (keys sorted, as the real platform's YAML writer sorts them). No watch form. */
import { dump, load } from 'js-yaml';
import { StatusError } from '../errors/status-error.ts';
import type { JsonObject } from '../util/json.ts';
import { listItems } from './list-items.ts';
import type { EncodeContext, ListParts, Serializer } from './serializer.ts';

const decoder = new TextDecoder();

function toYaml(value: unknown): string {
  return dump(value, { sortKeys: true, lineWidth: -1, noRefs: true });
}

export const yamlSerializer: Serializer = {
  mediaType: 'application/yaml',
  aliases: [],
  supports: () => true,
  encodeObject: (json: string) => toYaml(JSON.parse(json)),
  encodeValue: (value: JsonObject) => toYaml(value),
  encodeList(list: ListParts) {
    return toYaml({ apiVersion: list.apiVersion, items: listItems(list.items).map((i) => JSON.parse(i) as unknown), kind: list.kind, metadata: list.metadata });
  },
  encodeWatchEvent() {
    throw StatusError.notAcceptable(['application/json']);
  },
  decode(body: Uint8Array, _ctx: EncodeContext) {
    try {
      return load(decoder.decode(body));
    } catch (err) {
      throw StatusError.badRequest(`error converting YAML to JSON: ${(err as Error).message.split('\n')[0]}`);
    }
  },
};
