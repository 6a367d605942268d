/**
 * Server-side apply (`application/apply-patch+yaml`, JSON being YAML): the applier's intent is
 * merged into the live object by the schema's markers, with ownership and conflicts recorded in
 * managedFields. Runs inside the read-modify-write loop and creates the object when it is missing.
 */
import { ApplyConflictError, applyPatch, conflictStatus, resetPathsOf } from '../apply/index.ts';
import { SCALE_API_VERSION, toParentManaged, toScaleManaged } from '../apply/scale-fields.ts';
import { StatusError } from '../errors/status-error.ts';
import { decodeCbor } from '../codecs/cbor.ts';
import { MAX_OBJECT_DEPTH, nestedDeeperThan } from '../codecs/depth.ts';
import { parseYaml } from '../codecs/yaml.ts';
import { strictDecodingWarnings } from '../codecs/yaml-duplicates.ts';
import { apiVersionOf, type ScaleSubresource } from '../registry/definition.ts';
import { spellsAsOrch } from '../registry/input.ts';
import { metaOf } from '../registry/object-meta.ts';
import type { WriteOptions } from '../registry/resource-registry.ts';
import { scaleOf, scaleWritten } from '../registry/scale.ts';
import { Scale } from '../registry/types/autoscaling-v1.ts';
import { isObject, type JsonObject } from '../util/json.ts';
import type { Patcher, PatchInput } from './resources.ts';

export function decodeApplyConfig(body: Uint8Array, duplicates?: string[]): JsonObject {
  const config = parseYaml(new TextDecoder().decode(body), 'error decoding YAML: ', duplicates);
  if (!isObject(config)) throw StatusError.badRequest('the apply patch must be an object');
  return config;
}

/** An apply patcher for configurations decoded by `decode` (YAML here; CBOR plugs in its own). */
export function makeApplyPatcher(decode: (body: Uint8Array, duplicates: string[]) => JsonObject): Patcher {
  return async (input) => {
    // Keys written twice keep their last value; they are reported once the apply has worked.
    const duplicates: string[] = [];
    const config = decode(input.body, duplicates);
    // Apply walks the configuration against the live object before decoding the result.
    if (nestedDeeperThan(config, MAX_OBJECT_DEPTH))
      throw StatusError.badRequest(`the apply configuration nests more than ${MAX_OBJECT_DEPTH} levels deep`);
    const reg = input.registry;
    const def = reg.def;
    // client-go's apply configurations write the real platform's spelling of the group
    // (`rbac.authorization.k8s.io/v1`); it names the served group, as in a create.
    if (spellsAsOrch(config.apiVersion, apiVersionOf(def))) config.apiVersion = apiVersionOf(def);
    const meta = isObject(config.metadata) ? config.metadata : {};
    if (typeof meta.name === 'string' && meta.name !== input.name) {
      throw StatusError.badRequest(`the name of the object (${meta.name}) does not match the name on the URL (${input.name})`);
    }
    if (def.namespaced && typeof meta.namespace === 'string' && meta.namespace && meta.namespace !== input.namespace) {
      throw StatusError.badRequest(
        `the namespace of the object (${meta.namespace}) does not match the namespace on the URL (${input.namespace})`,
      );
    }
    if (input.scale) return applyScale(input, input.scale, config, duplicates);
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
        reportRepeatedKeys(input.write, duplicates);
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

/**
 * Apply of a Scale to `scale`: the configuration is applied to the Scale view, whose managers are
 * the parent's owners of the replicas; the applied replicas and the Scale's ownership then go back
 * to the parent (its entry for this applier names `subresource: scale`).
 */
function applyScale(
  input: PatchInput,
  sub: ScaleSubresource,
  config: JsonObject,
  duplicates: readonly string[],
): Promise<{ json: string; created: boolean }> {
  const reg = input.registry;
  const mapping = { apiVersion: apiVersionOf(reg.def), replicasPath: sub.specReplicasPath };
  return reg.guaranteedUpdate(
    input.namespace,
    input.name,
    { ...input.write, apply: true },
    input.subresource,
    (current) => {
      const parentManaged = metaOf(current!).managedFields;
      const live = scaleOf(current!, sub);
      metaOf(live).managedFields = toScaleManaged(parentManaged, mapping);
      let applied: JsonObject;
      try {
        applied = applyPatch({
          live,
          config,
          manager: input.write.fieldManager!,
          apiVersion: SCALE_API_VERSION,
          kind: 'Scale',
          subresource: input.subresource,
          force: input.force,
          schema: Scale,
          now: reg.deps.clock.now(),
        });
      } catch (err) {
        if (err instanceof ApplyConflictError) throw conflictStatus(reg.gr, input.name, err);
        throw err;
      }
      reportRepeatedKeys(input.write, duplicates);
      const next = scaleWritten(current!, sub, applied, input.name);
      const entries = toParentManaged(parentManaged, metaOf(applied).managedFields, mapping);
      if (entries.length) metaOf(next).managedFields = entries;
      else delete metaOf(next).managedFields;
      return next;
    },
    { createIfMissing: false },
  );
}

/**
 * The configuration's repeated keys, checked after the apply as the real apply handler checks them:
 * fieldValidation Strict refuses them (400), Warn adds a warning a repeat, Ignore says nothing.
 */
function reportRepeatedKeys(write: WriteOptions, duplicates: readonly string[]): void {
  if (!duplicates.length || write.fieldValidation === 'Ignore') return;
  if (write.fieldValidation === 'Strict') {
    throw StatusError.badRequest(`error strict decoding YAML: error converting YAML to JSON: ${duplicates.join(', ')}`);
  }
  write.warnings.push(...duplicates.flatMap(strictDecodingWarnings));
}

export const applyPatcher: Patcher = makeApplyPatcher(decodeApplyConfig);

/** `application/apply-patch+cbor` (only with gate CBORServingAndStorage). */
export const cborApplyPatcher: Patcher = makeApplyPatcher((body) => {
  const v = decodeCbor(body);
  if (!isObject(v)) throw StatusError.badRequest('the apply patch must be an object');
  return v;
});
