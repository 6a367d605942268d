/**
 * JSON patch and strategic merge patch on the generic registry: the patch applies to the
 * current object inside the read-modify-write loop (so a concurrent write re-applies it to the
 * newer object), and the result is decoded like a request body.
 */
import { StatusError } from '../errors/status-error.ts';
import { applyJsonPatch } from '../patch/json-patch.ts';
import { strategicMergePatch } from '../patch/strategic-merge.ts';
import { isObject, type JsonValue } from '../util/json.ts';
import { applyPatcher } from './apply-patcher.ts';
import type { Patcher, PatchInput } from './resources.ts';

function parse(body: Uint8Array): JsonValue {
  try {
    return JSON.parse(new TextDecoder().decode(body)) as JsonValue;
  } catch (err) {
    throw StatusError.badRequest(`error decoding patch: ${(err as Error).message}`);
  }
}

function patchWith(transform: (current: JsonValue, patch: JsonValue, input: PatchInput) => JsonValue, requireObject: boolean): Patcher {
  return async (input) => {
    const patch = parse(input.body);
    if (requireObject && !isObject(patch)) throw StatusError.badRequest('error decoding patch: the patch must be a JSON object');
    const reg = input.registry;
    return reg.guaranteedUpdate(
      input.namespace,
      input.name,
      input.write,
      input.subresource,
      (current) => {
        const result = transform(current!, patch, input);
        if (!isObject(result)) throw StatusError.badRequest('the patch did not produce an object');
        return reg.decodePatched(result, input.write, input.subresource);
      },
      { createIfMissing: false },
    );
  };
}

export const jsonPatcher: Patcher = patchWith((current, patch) => applyJsonPatch(current, patch), false);

export const strategicPatcher: Patcher = patchWith((current, patch, input) => strategicMergePatch(current, patch, input.registry.def.schema), true);

export const BUILTIN_PATCHERS: Readonly<Record<string, Patcher>> = {
  'application/json-patch+json': jsonPatcher,
  'application/strategic-merge-patch+json': strategicPatcher,
  'application/apply-patch+yaml': applyPatcher,
};
