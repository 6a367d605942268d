/**
 * Defaults on read. The real platform's storage decoder fills the defaults of the schema of the
 * version an object is stored in every time it reads one, so a default added to a schema shows on
 * objects written before it, in a get, a list and a watch alike (CRD docs, "Defaulting": "when
 * reading from etcd using the storage version defaults"). A schema is compiled once to the parts
 * that can hold a default; an object with nothing missing costs one walk of those parts.
 */
import { clone, isObject, type JsonObject, type JsonValue } from '../util/json.ts';
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

/** Fills what is missing under `node` in `v`, in place; true if anything was filled. */
function fill(v: JsonValue, node: DefaultsNode): boolean {
  if (Array.isArray(v)) {
    let changed = false;
    if (node.items) for (const item of v) if (item !== null && fill(item, node.items)) changed = true;
    return changed;
  }
  if (!isObject(v)) return false;
  let changed = false;
  for (const [name, value, nullable] of node.own) {
    const cur = v[name];
    if (cur === undefined || (cur === null && !nullable)) {
      v[name] = clone(value);
      changed = true;
    }
  }
  for (const [name, below] of node.members) {
    const cur = v[name];
    if (cur !== undefined && cur !== null && fill(cur, below)) changed = true;
  }
  if (node.values) {
    for (const [name, cur] of Object.entries(v)) {
      if (!node.named.has(name) && cur !== null && fill(cur, node.values)) changed = true;
    }
  }
  return changed;
}

/**
 * The defaulting of objects of a schema: fills, in place, the defaults missing from an object
 * (at any depth, defaults inside defaults included) and says whether it filled any. Undefined
 * for a schema without defaults, whose objects never change on read.
 */
export function storedDefaulter(schema: SchemaProps): ((obj: JsonObject) => boolean) | undefined {
  const root = compile(schema, true);
  return root && ((obj) => fill(obj, root));
}
