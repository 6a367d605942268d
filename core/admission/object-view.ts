/**
 * Admission's read-only view of other objects, from the served registries' watch cache: the
 * newest version of each object, parsed as its served version.
 */
import type { GroupResource } from '../errors/status-error.ts';
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import type { JsonObject } from '../util/json.ts';
import type { ObjectView } from './plugin.ts';

export function registryView(find: (resource: GroupResource) => ResourceRegistry | undefined): ObjectView {
  return {
    get(resource, namespace, name) {
      const reg = find(resource);
      const v = reg?.current(reg.def.namespaced ? namespace : '', name);
      return reg && v ? reg.parse(v) : undefined;
    },
    list(resource, namespace) {
      const reg = find(resource);
      if (!reg) return [];
      const out: JsonObject[] = [];
      const scope = reg.def.namespaced && namespace ? { namespace } : {};
      reg.store.scan({ ...scope, atRevision: Number.POSITIVE_INFINITY }, (item) => {
        out.push(reg.parse(item.version));
        return true;
      });
      return out;
    },
  };
}
