/**
 * JSON patch and strategic merge patch on the generic registry: the patch applies to the
 * current object inside the read-modify-write loop (so a concurrent write re-applies it to the
 * newer object), and the result is decoded like a request body. Through `scale`, the patch
 * applies to the object's Scale view instead.
 */
import { jsonDepthError } from '../codecs/depth.ts';
import { StatusError } from '../errors/status-error.ts';
import { applyJsonPatch } from '../patch/json-patch.ts';
import { strategicMergePatch } from '../patch/strategic-merge.ts';
import { scaleOf, scaleWritten } from '../registry/scale.ts';
import { Scale } from '../registry/types/autoscaling-v1.ts';
import type { ObjectSchema } from '../schema/types.ts';
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { applyPatcher } from './apply-patcher.ts';
import { fieldErrors } from '../errors/field-error.ts';
import { goValue } from '../patch/go-format.ts';
import { StrictDecodingError } from '../registry/input.ts';
import { asGoDecodes } from '../codecs/parsed-json.ts';
import type { Patcher } from './resources.ts';

/** A JSON patch document (JSON patch, merge and strategic merge patch), or 400 `error decoding patch: ...`. */
export function parsePatchJson(body: Uint8Array): JsonValue {
  const text = new TextDecoder().decode(body);
  const tooDeep = jsonDepthError(text);
  if (tooDeep) throw StatusError.badRequest(`error decoding patch: ${tooDeep}`);
  let patch: JsonValue;
  try {
    patch = JSON.parse(text) as JsonValue;
  } catch (err) {
    throw StatusError.badRequest(`error decoding patch: ${(err as Error).message}`);
  }
  return asGoDecodes(text, patch, 'error decoding patch: ');
}

/**
 * The patched object decoded; a Strict field validation failure is then the real platform's 422
 * on the field `patch`, whose value is the patch as Go prints the map (strategic merge) or the
 * patched object's JSON (JSON and merge patches), followed by the decoder's text.
 */
export function decodePatchResult(decode: () => JsonObject, patchShown: () => string): JsonObject {
  try {
    return decode();
  } catch (err) {
    if (err instanceof StrictDecodingError) {
      throw StatusError.invalid({ group: '', kind: '' }, '', [fieldErrors.invalid('patch', patchShown(), err.decodingError)]);
    }
    throw err;
  }
}

function patchWith(
  transform: (current: JsonValue, patch: JsonValue, schema: ObjectSchema) => JsonValue,
  requireObject: boolean,
  shown: (patch: JsonValue, result: JsonObject) => string,
): Patcher {
  return async (input) => {
    const patch = parsePatchJson(input.body);
    if (requireObject && !isObject(patch)) throw StatusError.badRequest('error decoding patch: the patch must be a JSON object');
    const reg = input.registry;
    const scale = input.scale;
    return reg.guaranteedUpdate(
      input.namespace,
      input.name,
      input.write,
      input.subresource,
      (current) => {
        // Through `scale`, the patch is of the Scale: its replicas are what changes.
        if (scale) return scaleWritten(current!, scale, transform(scaleOf(current!, scale), patch, Scale), input.name);
        const result = transform(current!, patch, reg.def.schema);
        if (!isObject(result)) throw StatusError.badRequest('the patch did not produce an object');
        return decodePatchResult(
          () => reg.decodePatched(result, input.write, input.subresource),
          () => shown(patch, result),
        );
      },
      { createIfMissing: false },
    );
  };
}

export const jsonPatcher: Patcher = patchWith(
  (current, patch) => applyJsonPatch(current, patch),
  false,
  (_, result) => JSON.stringify(result),
);

export const strategicPatcher: Patcher = patchWith(
  (current, patch, schema) => strategicMergePatch(current, patch, schema),
  true,
  (patch) => goValue(patch),
);

export const BUILTIN_PATCHERS: Readonly<Record<string, Patcher>> = {
  'application/json-patch+json': jsonPatcher,
  'application/strategic-merge-patch+json': strategicPatcher,
  'application/apply-patch+yaml': applyPatcher,
};
