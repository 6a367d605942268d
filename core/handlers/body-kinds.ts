/**
 * The kind a request body is, by the path it is written to: the resource's own kind, or the
 * subresource's. A body is decoded as that kind in every format; protobuf above all needs it, as
 * its fields are numbers that mean something else in the parent's type (a TokenRequest read as a
 * ServiceAccount loses its spec, a Binding read as a Pod its target).
 */
import type { CreateSubresource, KindDefinition } from '../registry/definition.ts';
import { scaleKindOf } from '../registry/scale.ts';

const posted = new WeakMap<CreateSubresource, KindDefinition>();

/** The kind POSTed to a `create` subresource (a TokenRequest to `token`, a Binding to `binding`). */
export function postedKindOf(parent: KindDefinition, sub: CreateSubresource): KindDefinition {
  let def = posted.get(sub);
  if (!def) {
    const slash = sub.apiVersion.lastIndexOf('/');
    def = {
      group: slash < 0 ? '' : sub.apiVersion.slice(0, slash),
      version: sub.apiVersion.slice(slash + 1),
      kind: sub.bodyKind,
      resource: parent.resource,
      singular: parent.singular,
      namespaced: parent.namespaced,
      schema: sub.schema,
    };
    posted.set(sub, def);
  }
  return def;
}

/**
 * The kind of a body written to `subresource` of `def` ('' for the resource itself): Scale for
 * `scale`, the posted kind for `create` subresources, and the resource's own kind otherwise
 * (`status` and `finalize` take the whole object and keep their part of it).
 */
export function bodyKindOf(def: KindDefinition, subresource: string): KindDefinition {
  const sub = subresource ? def.subresources?.[subresource] : undefined;
  switch (sub?.kind) {
    case 'scale':
      return scaleKindOf(sub);
    case 'create':
      return postedKindOf(def, sub);
    default:
      return def;
  }
}
