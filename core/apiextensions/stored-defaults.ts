/**
 * Defaults on read. The real platform's storage decoder fills the defaults of the schema of the
 * version an object is stored in every time it reads one, so a default added to a schema shows on
 * objects written before it, in a get, a list and a watch alike (CRD docs, "Defaulting": "when
 * reading from etcd using the storage version defaults"). A schema is compiled once to the parts
 * that can hold a default; an object with nothing missing costs one walk of those parts, and one
 * that misses some is decoded by the schema's codec with its defaults, the rule writes use.
 */
import { isObject, type JsonObject, type JsonValue } from '../util/json.ts';
import { additionalSchemaOf, isEmbedded, itemsOf, propertiesOf, type SchemaProps } from './schema-props.ts';

/** The parts of one schema node under which a default may be missing. */
interface DefaultsNode {
  /** Members with a default of their own: name, default, and whether null is a value there. */
  readonly own: readonly (readonly [string, JsonValue, boolean])[];
  /** Members whose value may miss defaults deeper down. */
  readonly members: readonly (readonly [string, DefaultsNode])[];
  /** The schema of an array's items, when they hold defaults. */
  readonly items?: DefaultsNode;
  /** The schema of a map's values (`additionalProperties`), when they hold defaults. */
  readonly values?: DefaultsNode;
  /** Names with a schema of their own: a map's values are the other members. */
  readonly named: ReadonlySet<string>;
}

/**
 * At a resource's root (the object, an embedded resource) `apiVersion`, `kind` and `metadata` are
 * the envelope's, which the codec never defaults either.
 */
const ENVELOPE: ReadonlySet<string> = new Set(['apiVersion', 'kind', 'metadata']);

function compile(s: SchemaProps, resourceRoot: boolean): DefaultsNode | undefined {
  const own: [string, JsonValue, boolean][] = [];
  const members: [string, DefaultsNode][] = [];
  const props = propertiesOf(s) ?? {};
  for (const [name, child] of Object.entries(props)) {
    if (resourceRoot && ENVELOPE.has(name)) continue;
    if (child.default !== undefined) own.push([name, child.default, child.nullable === true]);
    const below = compile(child, isEmbedded(child));
    if (below) members.push([name, below]);
  }
  const itemSchema = itemsOf(s);
  const items = itemSchema ? compile(itemSchema, isEmbedded(itemSchema)) : undefined;
  const valueSchema = additionalSchemaOf(s);
  const values = valueSchema ? compile(valueSchema, isEmbedded(valueSchema)) : undefined;
  if (!own.length && !members.length && !items && !values) return undefined;
  return { own, members, ...(items ? { items } : {}), ...(values ? { values } : {}), named: new Set(Object.keys(props)) };
}

/** Whether a default is missing under `node` in `v` (the codec fills it, by the same rule). */
function missing(v: JsonValue, node: DefaultsNode): boolean {
  if (Array.isArray(v)) return node.items !== undefined && v.some((item) => item !== null && missing(item, node.items!));
  if (!isObject(v)) return false;
  for (const [name, , nullable] of node.own) {
    const cur = v[name];
    if (cur === undefined || (cur === null && !nullable)) return true;
  }
  for (const [name, below] of node.members) {
    const cur = v[name];
    if (cur !== undefined && cur !== null && missing(cur, below)) return true;
  }
  if (node.values) {
    for (const [name, cur] of Object.entries(v)) if (!node.named.has(name) && cur !== null && missing(cur, node.values)) return true;
  }
  return false;
}

/**
 * Whether an object of a schema misses a default (at any depth), so that reading it must fill
 * it: the schema's defaulting codec does, with the rule writes use. Undefined for a schema
 * without defaults, whose objects never change on read. A schema is compiled once; an object
 * missing nothing costs one walk of the parts that can hold a default.
 */
export function missingDefaults(schema: SchemaProps): ((obj: JsonObject) => boolean) | undefined {
  const root = compile(schema, true);
  return root && ((obj) => missing(obj, root));
}
