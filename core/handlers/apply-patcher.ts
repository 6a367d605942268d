/**
 * Server-side apply (`application/apply-patch+yaml`, JSON being YAML): the applier's intent is
 * merged into the live object by the schema's markers, with ownership and conflicts recorded in
 * managedFields. Runs inside the read-modify-write loop and creates the object when it is missing.
 */
import { load } from 'js-yaml';
import { ApplyConflictError, applyPatch, conflictStatus, resetPathsOf } from '../apply/index.ts';
import { StatusError } from '../errors/status-error.ts';
import { decodeCbor } from '../codecs/cbor.ts';
import { apiVersionOf } from '../registry/definition.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import type { Patcher } from './resources.ts';

export function decodeApplyConfig(body: Uint8Array): JsonObject {
  let config: unknown;
  try {
    config = load(new TextDecoder().decode(body));
  } catch (err) {
    throw StatusError.badRequest(`error decoding YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!isObject(config)) throw StatusError.badRequest('the apply patch must be an object');
  return config;
}

/** An apply patcher for configurations decoded by `decode` (YAML here; CBOR plugs in its own). */
export function makeApplyPatcher(decode: (body: Uint8Array) => JsonObject): Patcher {
  return async (input) => {
    const config = decode(input.body);
    const reg = input.registry;
    const def = reg.def;
    const meta = isObject(config.metadata) ? config.metadata : {};
    if (typeof meta.name === 'string' && meta.name !== input.name) {
      throw StatusError.badRequest(`the name of the object (${meta.name}) does not match the name on the URL (${input.name})`);
    }
    if (def.namespaced && typeof meta.namespace === 'string' && meta.namespace && meta.namespace !== input.namespace) {
      throw StatusError.badRequest(`the namespace of the object (${meta.namespace}) does not match the namespace on the URL (${input.namespace})`);
    }
    const write = { ...input.write, apply: true };
    return reg.guaranteedUpdate(
      input.namespace,
      input.name,
      write,
      input.subresource,
      (current) => {
        let merged: JsonObject;
        try {
          merged = applyPatch({
            live: current,
            config,
            manager: input.write.fieldManager!,
            apiVersion: apiVersionOf(def),
            kind: def.kind,
            subresource: input.subresource,
            force: input.force,
            schema: def.schema,
            now: reg.deps.clock.now(),
            ignored: resetPathsOf(def, input.subresource),
          });
        } catch (err) {
          if (err instanceof ApplyConflictError) throw conflictStatus(reg.gr, input.name, err);
          throw err;
        }
        if (!isObject(merged.metadata)) merged.metadata = {};
        const m = merged.metadata as JsonObject;
        m.name = input.name;
        if (def.namespaced) m.namespace = input.namespace;
        return reg.decodePatched(merged, write, input.subresource, current ? 'update' : 'create');
      },
      { createIfMissing: input.subresource === '' },
    );
  };
}

export const applyPatcher: Patcher = makeApplyPatcher(decodeApplyConfig);

/** `application/apply-patch+cbor` (only with gate CBORServingAndStorage). */
export const cborApplyPatcher: Patcher = makeApplyPatcher((body) => {
  const v = decodeCbor(body);
  if (!isObject(v)) throw StatusError.badRequest('the apply patch must be an object');
  return v;
});
