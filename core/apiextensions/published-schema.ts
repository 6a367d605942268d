/**
 * The OpenAPI schema a custom resource version publishes: its schema as written (extensions in
 * the spelling the author used), with `apiVersion` and `kind` described as the real platform
 * adds them, and each int-or-string node given the two types it may hold. `metadata` becomes a
 * reference to ObjectMeta when the documents are built.
 */
import { clone, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { additionalSchemaOf, isIntOrString, itemsOf, propertiesOf } from './schema-props.ts';

const API_VERSION =
  'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values.';
const KIND =
  'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase.';

export function publishedSchema(schema: JsonObject, _name: string): JsonObject {
  const out = clone(schema);
  unfoldIntOrString(out);
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

const INT_OR_STRING = (): JsonObject[] => [{ type: 'integer' }, { type: 'string' }];

/** Exactly `[{type: integer}, {type: string}]`, the alternatives an author may already have written. */
function isIntOrStringPair(v: JsonValue | undefined): boolean {
  if (!Array.isArray(v) || v.length !== 2) return false;
  return INT_OR_STRING().every((want, i) => {
    const got = v[i];
    return isObject(got) && Object.keys(got).length === 1 && got.type === want.type;
  });
}

const nonEmptyList = (v: JsonValue | undefined): v is JsonValue[] => Array.isArray(v) && v.length > 0;

/**
 * A schema node without a type says nothing of its values to clients; the real platform publishes
 * an int-or-string node with `anyOf: [{type: integer}, {type: string}]` (in front of its `allOf`
 * when it has an `anyOf` of its own), unless the author wrote that already. In place, down through
 * properties, items and additionalProperties (the extension is not allowed inside `allOf` & co.).
 */
function unfoldIntOrString(s: JsonObject): void {
  if (isIntOrString(s)) {
    const first = nonEmptyList(s.allOf) ? s.allOf[0] : undefined;
    const written = isIntOrStringPair(s.anyOf) || (isObject(first) && isIntOrStringPair(first.anyOf));
    if (!written) {
      if (!nonEmptyList(s.anyOf)) s.anyOf = INT_OR_STRING();
      else s.allOf = [{ anyOf: INT_OR_STRING() }, ...(nonEmptyList(s.allOf) ? s.allOf : [])];
    }
  }
  for (const p of Object.values(propertiesOf(s) ?? {})) unfoldIntOrString(p);
  const items = itemsOf(s);
  if (items) unfoldIntOrString(items);
  const additional = additionalSchemaOf(s);
  if (additional) unfoldIntOrString(additional);
}
