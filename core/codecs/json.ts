/** application/json: canonical text passes through; lists are joined, not re-serialized. */
import { StatusError } from '../errors/status-error.ts';
import type { JsonObject } from '../util/json.ts';
import { jsonDepthError } from './depth.ts';
import { findDuplicateKeys } from './json-duplicates.ts';
import { listItems } from './list-items.ts';
import { asGoDecodes } from './parsed-json.ts';
import type { EncodeContext, ListParts, Serializer } from './serializer.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

function pretty(json: string): string {
  return `${JSON.stringify(JSON.parse(json), null, 2)}\n`;
}

export const jsonSerializer: Serializer = {
  mediaType: 'application/json',
  aliases: [],
  streamMediaType: 'application/json',
  supports: () => true,
  encodeObject(json: string, ctx: EncodeContext) {
    return ctx.pretty ? pretty(json) : `${json}\n`;
  },
  encodeValue(value: JsonObject, ctx: EncodeContext) {
    return ctx.pretty ? `${JSON.stringify(value, null, 2)}\n` : `${JSON.stringify(value)}\n`;
  },
  encodeList(list: ListParts, ctx: EncodeContext) {
    const head = `{"kind":${JSON.stringify(list.kind)},"apiVersion":${JSON.stringify(list.apiVersion)},"metadata":${JSON.stringify(list.metadata)},"items":[`;
    const text = `${head}${listItems(list.items).join(',')}]}`;
    return ctx.pretty ? pretty(text) : `${text}\n`;
  },
  encodeWatchEvent(type: string, objectJson: string) {
    return encoder.encode(`{"type":"${type}","object":${objectJson}}\n`);
  },
  decode(body: Uint8Array, _ctx: EncodeContext, duplicates?: string[]) {
    const text = decoder.decode(body);
    const tooDeep = jsonDepthError(text);
    if (tooDeep) throw StatusError.badRequest(`couldn't get version/kind; json parse error: ${tooDeep}`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw StatusError.badRequest(`couldn't get version/kind; json parse error: ${(err as Error).message}`);
    }
    if (duplicates) duplicates.push(...findDuplicateKeys(text, value));
    return asGoDecodes(text, value, "couldn't get version/kind; json parse error: ");
  },
};
