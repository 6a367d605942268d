/**
 * Whether a CRD version's schema is structural, and the rest of what the real platform checks of
 * a schema when a CRD is written, with its paths and messages
 * (`spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be
 * empty for specified object fields`). Extensions are reported in the spelling the schema uses.
 */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { isObject, type JsonValue } from '../util/json.ts';
import {
  additionalOf,
  EXTENSION_PREFIXES,
  extension,
  extensionKey,
  isEmbedded,
  isIntOrString,
  itemsOf,
  preservesUnknown,
  propertiesOf,
  stringList,
  typeOf,
  type Extension,
  type SchemaProps,
} from './schema-props.ts';
import { compilePattern, validateCustomResource } from './validate-cr.ts';

type Level = 'root' | 'field' | 'item';

const TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

/**
 * The key of an extension as the schema writes it. An error about one that is absent (a map list
 * without keys) names it in the spelling of the extensions the node, or else the `like` nodes,
 * do write (`x-orch-list-type: map` without keys: `x-orch-list-map-keys`), and in the real
 * platform's spelling when they write none.
 */
function extKey(s: SchemaProps, name: Extension, ...like: SchemaProps[]): string {
  const written = extensionKey(s, name);
  if (written !== undefined) return written;
  for (const node of [s, ...like]) {
    for (const key of Object.keys(node)) for (const prefix of EXTENSION_PREFIXES) if (key.startsWith(prefix)) return prefix + name;
  }
  return `x-kubernetes-${name}`;
}

export function validateSchemaProps(schema: JsonValue | undefined, path: string, statusEnabled: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (!isObject(schema)) {
    errs.push(fieldErrors.required(path, 'schemas are required'));
    return errs;
  }
  if (statusEnabled) {
    const allowed = new Set(['type', 'properties', 'required', 'description']);
    const other = Object.keys(schema).find((k) => !allowed.has(k) && !k.startsWith('x-'));
    if (other !== undefined) {
      errs.push(
        fieldErrors.invalid(
          path,
          schema,
          'must only have "properties", "required" or "description" at the root if the status subresource is enabled',
        ),
      );
    }
  }
  node(schema, path, 'root', errs);
  return errs;
}

function child(path: string, name: string): string {
  return `${path}.${name}`;
}

function node(s: SchemaProps, path: string, lvl: Level, errs: FieldError[]): void {
  const type = typeOf(s);
  if (s.type !== undefined && (typeof s.type !== 'string' || (s.type !== '' && !TYPES.includes(s.type)))) {
    errs.push(fieldErrors.notSupported(child(path, 'type'), s.type, TYPES));
  }
  const props = propertiesOf(s);
  const items = itemsOf(s);
  const additional = additionalOf(s);
  const embedded = isEmbedded(s);
  const intOrString = isIntOrString(s);
  const preserve = preservesUnknown(s);

  // Every node says its type, but for the two exceptions the real platform makes.
  if (embedded && type !== 'object') {
    if (!type) errs.push(fieldErrors.required(child(path, 'type'), 'must be object if x-kubernetes-embedded-resource is true'));
    else errs.push(fieldErrors.invalid(child(path, 'type'), type, 'must be object if x-kubernetes-embedded-resource is true'));
  } else if (!type && !intOrString && !preserve) {
    const detail =
      lvl === 'root'
        ? 'must not be empty at the root'
        : lvl === 'item'
          ? 'must not be empty for specified array items'
          : 'must not be empty for specified object fields';
    errs.push(fieldErrors.required(child(path, 'type'), detail));
  }
  if (lvl === 'root' && type && type !== 'object') errs.push(fieldErrors.invalid(child(path, 'type'), type, 'must be object at the root'));
  if (type === 'array' && !items) errs.push(fieldErrors.required(child(path, 'items'), 'must be specified'));
  if (s.uniqueItems === true) {
    errs.push(
      fieldErrors.forbidden(child(path, 'uniqueItems'), 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'),
    );
  }
  if (additional !== undefined) {
    if (lvl === 'root') errs.push(fieldErrors.forbidden(child(path, 'additionalProperties'), 'must not be used at the root'));
    if (props && Object.keys(props).length && (additional === false || typeof additional === 'object')) {
      errs.push(fieldErrors.forbidden(child(path, 'additionalProperties'), 'additionalProperties and properties are mutual exclusive'));
    }
  }
  if (extension(s, 'preserve-unknown-fields') === false) {
    errs.push(fieldErrors.invalid(child(path, extKey(s, 'preserve-unknown-fields')), false, 'must be true or undefined'));
  }
  if (intOrString && preserve) {
    errs.push(
      fieldErrors.invalid(child(path, extKey(s, 'preserve-unknown-fields')), true, 'must be false if x-kubernetes-int-or-string is true'),
    );
  }
  if (intOrString && embedded) {
    errs.push(
      fieldErrors.invalid(child(path, extKey(s, 'embedded-resource')), true, 'must be false if x-kubernetes-int-or-string is true'),
    );
  }
  if (embedded && !preserve && !(props && Object.keys(props).length)) {
    errs.push(
      fieldErrors.required(
        child(path, 'properties'),
        'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields',
      ),
    );
  }
  if (typeof s.pattern === 'string' && !compilePattern(s.pattern)) {
    errs.push(fieldErrors.invalid(child(path, 'pattern'), s.pattern, 'must be a valid regular expression'));
  }
  if (lvl === 'root' || embedded) typeMetaRules(s, path, errs);
  if (lvl === 'root' && props?.metadata) metadataRules(props.metadata, child(path, 'properties[metadata]'), errs);
  markerRules(s, path, errs);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (Array.isArray(list)) list.forEach((sub, i) => isObject(sub) && nested(sub, `${path}.${key}[${i}]`, errs));
  }
  if (isObject(s.not)) nested(s.not, child(path, 'not'), errs);
  if (s.default !== undefined) defaultRules(s, path, lvl, errs);

  if (props) for (const [k, p] of Object.entries(props)) node(p, `${path}.properties[${k}]`, 'field', errs);
  if (items) node(items, child(path, 'items'), 'item', errs);
  if (typeof additional === 'object') node(additional, child(path, 'additionalProperties'), 'field', errs);
}

function typeMetaRules(s: SchemaProps, path: string, errs: FieldError[]): void {
  const props = propertiesOf(s);
  for (const k of ['kind', 'apiVersion']) {
    const p = props?.[k];
    if (p && typeOf(p) !== 'string') errs.push(fieldErrors.invalid(`${path}.properties[${k}].type`, typeOf(p), 'must be string'));
  }
  const meta = props?.metadata;
  if (meta && typeOf(meta) !== 'object')
    errs.push(fieldErrors.invalid(`${path}.properties[metadata].type`, typeOf(meta), 'must be object'));
}

/** At the root, a schema may say nothing of metadata but constrain `name` and `generateName`. */
function metadataRules(meta: SchemaProps, path: string, errs: FieldError[]): void {
  const props = propertiesOf(meta) ?? {};
  const other = Object.keys(meta).filter((k) => k !== 'type' && k !== 'properties');
  const otherProps = Object.keys(props).filter((k) => k !== 'name' && k !== 'generateName');
  if (other.length || otherProps.length) {
    errs.push(
      fieldErrors.forbidden(path, 'must not specify anything other than name and generateName, but metadata is implicitly specified'),
    );
  }
}

/** What allOf/anyOf/oneOf/not may say: value validations only, no structure. */
function nested(s: SchemaProps, path: string, errs: FieldError[]): void {
  if (s.type !== undefined) errs.push(fieldErrors.forbidden(child(path, 'type'), 'must be empty to be structural'));
  if (s.additionalProperties !== undefined)
    errs.push(fieldErrors.forbidden(child(path, 'additionalProperties'), 'must be undefined to be structural'));
  if (s.default !== undefined) errs.push(fieldErrors.forbidden(child(path, 'default'), 'must be undefined to be structural'));
  if (s.nullable === true) errs.push(fieldErrors.forbidden(child(path, 'nullable'), 'must be false to be structural'));
  for (const k of ['title', 'description'] as const) {
    if (typeof s[k] === 'string' && s[k] !== '') errs.push(fieldErrors.forbidden(child(path, k), 'must be empty to be structural'));
  }
  for (const name of ['preserve-unknown-fields', 'embedded-resource', 'int-or-string'] as const) {
    if (extension(s, name) === true) errs.push(fieldErrors.forbidden(child(path, extKey(s, name)), 'must be false to be structural'));
  }
  const props = propertiesOf(s);
  if (props) for (const [k, p] of Object.entries(props)) nested(p, `${path}.properties[${k}]`, errs);
  const items = itemsOf(s);
  if (items) nested(items, child(path, 'items'), errs);
}

function markerRules(s: SchemaProps, path: string, errs: FieldError[]): void {
  const type = typeOf(s);
  const listType = extension(s, 'list-type');
  const listKey = extKey(s, 'list-type');
  const mapType = extension(s, 'map-type');
  const keysKey = extKey(s, 'list-map-keys');
  const mapKeys = stringList(extension(s, 'list-map-keys'));
  if (listType !== undefined && listType !== 'atomic' && listType !== 'set' && listType !== 'map') {
    errs.push(fieldErrors.notSupported(child(path, listKey), listType, ['atomic', 'set', 'map']));
  }
  if (mapType !== undefined && type !== 'object') {
    if (!type) errs.push(fieldErrors.required(child(path, 'type'), 'must be object if x-kubernetes-map-type is specified'));
    else errs.push(fieldErrors.invalid(child(path, 'type'), type, 'must be object if x-kubernetes-map-type is specified'));
  }
  if (mapType !== undefined && mapType !== 'atomic' && mapType !== 'granular') {
    errs.push(fieldErrors.notSupported(child(path, extKey(s, 'map-type')), mapType, ['atomic', 'granular']));
  }
  const items = itemsOf(s);
  if (listType !== undefined && type !== 'array') {
    if (!type) errs.push(fieldErrors.required(child(path, 'type'), 'must be array if x-kubernetes-list-type is specified'));
    else errs.push(fieldErrors.invalid(child(path, 'type'), type, 'must be array if x-kubernetes-list-type is specified'));
  } else if (listType === 'set' && items) {
    if (typeOf(items) === 'array' && extension(items, 'list-type') !== undefined && extension(items, 'list-type') !== 'atomic') {
      errs.push(
        fieldErrors.invalid(
          `${path}.items.${extKey(items, 'list-type', s)}`,
          extension(items, 'list-type'),
          'must be atomic as item of a list with x-kubernetes-list-type=set',
        ),
      );
    }
    if (typeOf(items) === 'object' && extension(items, 'map-type') !== 'atomic') {
      // The real check reports the items' list type as the value, not their map type; unset, Go
      // prints it as the string "null".
      errs.push(
        fieldErrors.invalid(
          `${path}.items.${extKey(items, 'map-type', s)}`,
          extension(items, 'list-type') ?? 'null',
          'must be atomic as item of a list with x-kubernetes-list-type=set',
        ),
      );
    }
  }
  if (listType === 'map') {
    if (!mapKeys.length) errs.push(fieldErrors.required(child(path, keysKey), 'must not be empty if x-kubernetes-list-type is map'));
    if (!items) errs.push(fieldErrors.required(child(path, 'items'), 'must have a schema if x-kubernetes-list-type is map'));
    else if (typeOf(items) !== 'object') {
      errs.push(fieldErrors.invalid(`${path}.items.type`, typeOf(items), "must be object if parent array's x-kubernetes-list-type is map"));
    } else {
      const seen = new Set<string>();
      const itemProps = propertiesOf(items) ?? {};
      for (const k of mapKeys) {
        const p = itemProps[k];
        if (!p) errs.push(fieldErrors.invalid(child(path, keysKey), mapKeys, 'entries must all be names of item properties'));
        else if (typeOf(p) === 'array' || typeOf(p) === 'object') {
          errs.push(
            fieldErrors.invalid(
              `${path}.items.properties[${k}].type`,
              typeOf(p),
              "must be a scalar type if parent array's x-kubernetes-list-type is map",
            ),
          );
        }
        if (seen.has(k)) errs.push(fieldErrors.invalid(child(path, keysKey), mapKeys, 'must not contain duplicate entries'));
        seen.add(k);
      }
    }
  }
  if (mapKeys.length && listType !== 'map') {
    const detail = 'must be map if x-kubernetes-list-map-keys is non-empty';
    if (listType === undefined) errs.push(fieldErrors.required(child(path, listKey), detail));
    else errs.push(fieldErrors.invalid(child(path, listKey), listType, detail));
  }
}

/** A default must itself be a valid value of its node (and is not allowed inside metadata). */
function defaultRules(s: SchemaProps, path: string, lvl: Level, errs: FieldError[]): void {
  if (lvl === 'root') {
    errs.push(fieldErrors.forbidden(child(path, 'default'), 'must not be set at the root'));
    return;
  }
  const wrapper: SchemaProps = { type: 'object', properties: { default: s } };
  const found = validateCustomResource({ default: s.default ?? null }, wrapper);
  for (const e of found) {
    const at = child(path, e.field);
    errs.push({ ...e, field: at, ...(e.detail ? { detail: e.detail.replace(/^default\b/, at) } : {}) });
  }
}
