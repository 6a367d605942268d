/**
 * The TypeScript interface of an object schema: what the field schemas of core/schema/types.ts
 * say about a value's JSON, as a type. The rules, each the one that holds for both what a client
 * sends and what the server returns:
 *
 * - strings are `string`, a union of literals only where the schema itself rejects other values
 *   (`enum`); values that are only documented (`enumValues` checked by the kind, or by nothing)
 *   stay `string`, with the values listed in the comment;
 * - integers and numbers are `number`; bytes (base64), times (RFC 3339) and quantities are
 *   `string` (the server accepts a number for a quantity, but always returns the canonical
 *   string, so readers never see one); int-or-string is `number | string`; raw JSON is the
 *   project's `JsonValue`;
 * - objects are their named interfaces, arrays `T[]`, maps `Record<string, T>`, and inline
 *   members (Go's embedded structs, flat in JSON) are `extends`;
 * - a field is optional unless the schema says `required`; the root of a kind (objectType) has a
 *   non-optional `metadata`, as the root of a list (listType) has, since the server always writes
 *   them and controllers read them without `?`;
 * - a field may also be `null` where Go writes null for an unset value (a nil pointer without
 *   omitempty, a zero Time, a nil slice or map without omitempty): the server sends it so, and
 *   accepts it as "unset".
 */

const META = 'io.orch.apimachinery.pkg.apis.meta.v1';
/** Comments wrap as the hand-written ones of the project do. */
const WIDTH = 100;

/** Schema types whose zero value Go writes as `null` (see zeroJson in core/schema/decode.ts). */
const NULL_WHEN_ZERO = new Set(['time', 'raw', 'array', 'map', 'bytes']);
/** Schema types Go writes even with omitempty (structs are never empty to it). */
const ALWAYS_WRITTEN = new Set(['time', 'raw', 'int-or-string', 'quantity']);

const quote = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));

/** The root of a kind or of a list: `kind`, `apiVersion`, then `metadata` the server always writes. */
function rootMetadata(schema) {
  const [k, v, m] = schema.fields;
  if (k?.name !== 'kind' || v?.name !== 'apiVersion' || m?.name !== 'metadata' || m.schema.type !== 'object') return undefined;
  if (m.schema.name === `${META}.ObjectMeta`) return 'object';
  if (m.schema.name === `${META}.ListMeta` && schema.fields.some((f) => f.name === 'items')) return 'list';
  return undefined;
}

/** Whether the server may write `null` for the field (decode.ts finishField, for an unset value). */
function nullable(spec) {
  if (spec.required) return false;
  const t = spec.schema.type;
  if (t === 'raw') return false; // JsonValue has null already
  if (spec.pointer) return spec.omitEmpty === false;
  if (t === 'object') return false;
  return NULL_WHEN_ZERO.has(t) && (spec.omitEmpty === false || ALWAYS_WRITTEN.has(t));
}

/**
 * @param {import('../../core/schema/types.ts').Schema} s
 * @param {(s: import('../../core/schema/types.ts').ObjectSchema) => string} nameOf
 * @param {Map<string, object | undefined>} uses the type names the expression refers to, with
 *   their schemas (undefined for JsonValue)
 */
function typeOf(s, nameOf, uses) {
  switch (s.type) {
    case 'string':
      return s.enum ? s.enum.map(quote).join(' | ') : 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'bytes':
    case 'time':
    case 'quantity':
      return 'string';
    case 'int-or-string':
      return 'number | string';
    case 'raw':
      uses.set('JsonValue', undefined);
      return 'JsonValue';
    case 'object': {
      const name = nameOf(s);
      uses.set(name, s);
      return name;
    }
    case 'array': {
      const item = typeOf(s.items, nameOf, uses);
      return item.includes(' ') ? `(${item})[]` : `${item}[]`;
    }
    case 'map':
      return `Record<string, ${typeOf(s.values, nameOf, uses)}>`;
  }
  throw new Error(`no TypeScript type for schema type ${s.type}`);
}

/**
 * Words wrapped into comment lines of at most WIDTH columns at the given indent; the lines of a
 * `- ` list item go on indented under it.
 */
function wrap(text, indent) {
  const room = WIDTH - indent.length - 3;
  const lines = [];
  for (const paragraph of text.split('\n')) {
    const hang = paragraph.startsWith('- ') ? '  ' : '';
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line.trim() && line.length + 1 + word.length > room) {
        lines.push(line);
        line = `${hang}${word}`;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

/** A JSDoc comment of the text (lines are paragraphs), on one line when it fits; none for no text. */
export function jsdoc(text, indent) {
  if (!text) return '';
  const lines = wrap(text.replace(/\*\//g, '*\\/'), indent);
  if (lines.length === 1 && indent.length + lines[0].length + 7 <= WIDTH) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)).join('\n')}\n${indent} */\n`;
}

/** The documented values of a string field, as the lines OpenAPI appends to its description. */
function valueLines(s) {
  if (s.type === 'array') return valueLines(s.items);
  if (s.type !== 'string' || !s.enumValues) return [];
  return [
    '',
    ...Object.entries(s.enumValues)
      .map(([v, meaning]) => `- \`${v}\`: ${meaning}`)
      .join('\n')
      .split('\n'),
  ];
}

/**
 * The interface declaration of one object schema, named `name`.
 * @returns {{ text: string, uses: Map<string, object | undefined> }} the source (no trailing
 *   newline) and the type names it refers to
 */
export function interfaceOf(name, schema, nameOf) {
  const uses = new Map();
  const root = rootMetadata(schema);
  const bases = [];
  const members = [];
  for (const spec of schema.fields) {
    if (spec.inline) {
      if (spec.schema.type !== 'object') throw new Error(`${schema.name}.${spec.name}: an inline member must be an object`);
      const base = nameOf(spec.schema);
      uses.set(base, spec.schema);
      bases.push(base);
      continue;
    }
    const optional = !spec.required && !(root && spec.name === 'metadata');
    const type = typeOf(spec.schema, nameOf, uses) + (nullable(spec) ? ' | null' : '');
    const doc = spec.description ? [spec.description, ...valueLines(spec.schema)].join('\n') : valueLines(spec.schema).slice(1).join('\n');
    members.push(`${jsdoc(doc, '  ')}  ${key(spec.name)}${optional ? '?' : ''}: ${type};`);
  }
  const head = `export interface ${name}${bases.length ? ` extends ${bases.join(', ')}` : ''}`;
  const body = members.length ? ` {\n${members.join('\n')}\n}` : ' {}';
  return { text: `${jsdoc(schema.description, '')}${head}${body}`, uses };
}
