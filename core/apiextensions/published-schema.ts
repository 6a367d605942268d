/**
 * The OpenAPI schema a custom resource version publishes: its schema as written (extensions in
 * the spelling the author used), with `apiVersion` and `kind` described as the real platform
 * adds them. `metadata` becomes a reference to ObjectMeta when the documents are built.
 */
import { clone, isObject, type JsonObject } from '../util/json.ts';

const API_VERSION =
  'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values.';
const KIND =
  'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase.';

export function publishedSchema(schema: JsonObject, _name: string): JsonObject {
  const out = clone(schema);
  const props = isObject(out.properties) ? out.properties : {};
  out.type = 'object';
  out.properties = {
    apiVersion: { description: API_VERSION, type: 'string' },
    kind: { description: KIND, type: 'string' },
    metadata: { type: 'object' },
    ...Object.fromEntries(Object.entries(props).filter(([k]) => k !== 'apiVersion' && k !== 'kind' && k !== 'metadata')),
  };
  return out;
}
