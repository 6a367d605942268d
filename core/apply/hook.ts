/** The registry's managed-fields hook: ownership bookkeeping on every write that is not an apply. */
import { apiVersionOf, type KindDefinition } from '../registry/definition.ts';
import type { ManagedFieldsHook } from '../registry/resource-registry.ts';
import { jsonFields } from '../schema/index-fields.ts';
import type { ObjectSchema } from '../schema/types.ts';
import { recordUpdate } from './record-update.ts';

/** Type fields are never owned anyway; listing them as reset would only add noise. */
const TYPE_FIELDS = new Set(['apiVersion', 'kind']);

/** Every field of `schema` not on (or under) one of `own`, as paths. */
function complement(schema: ObjectSchema, own: readonly (readonly string[])[], prefix: string[]): string[][] {
  const out: string[][] = [];
  for (const { spec } of jsonFields(schema)) {
    if (prefix.length === 0 && TYPE_FIELDS.has(spec.name)) continue;
    const here = own.filter((p) => p[0] === spec.name);
    if (!here.length) out.push([...prefix, spec.name]);
    else if (!here.some((p) => p.length === 1) && spec.schema.type === 'object') {
      out.push(
        ...complement(
          spec.schema,
          here.map((p) => p.slice(1)),
          [...prefix, spec.name],
        ),
      );
    }
  }
  return out;
}

/**
 * Paths a write through `subresource` cannot change, which its writer therefore never owns: on
 * the main resource, what the partial subresources (status, finalize) own; on a partial
 * subresource, everything but its own paths (metadata included, since the registry keeps the
 * stored metadata on subresource writes).
 */
export function resetPathsOf(def: KindDefinition, subresource: string): readonly (readonly string[])[] {
  let bySubresource = resetPaths.get(def);
  if (!bySubresource) resetPaths.set(def, (bySubresource = new Map()));
  let paths = bySubresource.get(subresource);
  if (!paths) bySubresource.set(subresource, (paths = computeResetPaths(def, subresource)));
  return paths;
}

/** Per kind and subresource, made once: every write asks, and the answer depends on the kind only. */
const resetPaths = new WeakMap<KindDefinition, Map<string, readonly (readonly string[])[]>>();

function computeResetPaths(def: KindDefinition, subresource: string): string[][] {
  const partials = Object.entries(def.subresources ?? {}).flatMap(([name, s]) =>
    s.kind === 'partial' ? [{ name, paths: s.paths, resets: s.resets }] : [],
  );
  if (!subresource) return partials.flatMap((p) => p.paths.map((path) => [...path]));
  const own = partials.find((p) => p.name === subresource);
  if (own?.resets) return own.resets.map((path) => [...path]);
  return own ? complement(def.schema, own.paths, []) : [];
}

export const managedFieldsHook: ManagedFieldsHook = {
  update(newObj, oldObj, manager, subresource, def, now) {
    recordUpdate({
      live: oldObj,
      next: newObj,
      manager,
      apiVersion: apiVersionOf(def),
      subresource,
      schema: def.schema,
      now,
      ignored: resetPathsOf(def, subresource),
    });
  },
};
