/**
 * Type checks of an apply configuration against the schema, worded as the real platform's
 * structured-merge checks word them (`.spec.replicas: expected numeric (int or float), got
 * string`, `.spec.foo: field not declared in schema`, `.spec.ports: duplicate entries for key
 * [containerPort=80,protocol="TCP"]`). The configuration is checked as sent, before any merge.
 */
import { fieldOf } from '../schema/index-fields.ts';
import type { Schema } from '../schema/types.ts';
import { isObject, type JsonValue } from '../util/json.ts';
import { elementString, elementToken, fieldElement, indexElement, pathString, type PathElement } from './path.ts';
import { itemElement, nodeOf } from './schema-node.ts';

/** Problems found, each `<path>: <message>`; empty when the configuration fits the schema. */
export function validateConfig(value: JsonValue, schema: Schema): string[] {
  const errs: string[] = [];
  walk(value, schema, [], errs);
  return errs;
}

/** The real platform's text for a list of problems. */
export function validationErrorText(errs: readonly string[]): string {
  return errs.length === 1 ? errs[0] : ['errors:', ...errs.map((e) => `  ${e}`)].join('\n');
}

function report(errs: string[], path: PathElement[], message: string): void {
  errs.push(path.length ? `${pathString(path)}: ${message}` : message);
}

function walk(v: JsonValue, schema: Schema, path: PathElement[], errs: string[]): void {
  if (v === null) return;
  switch (schema.type) {
    case 'object':
      if (!isObject(v)) return report(errs, path, `expected map, got ${goPointerValue(v)}`);
      for (const key of Object.keys(v)) {
        const f = fieldOf(schema, key)?.schema ?? schema.unknownFields;
        if (!f) report(errs, [...path, fieldElement(key)], 'field not declared in schema');
        else walk(v[key], f, [...path, fieldElement(key)], errs);
      }
      return;
    case 'map':
      if (!isObject(v)) return report(errs, path, `expected map, got ${goPointerValue(v)}`);
      for (const key of Object.keys(v)) walk(v[key], schema.values, [...path, fieldElement(key)], errs);
      return;
    case 'array': {
      if (!Array.isArray(v)) return report(errs, path, `expected list, got ${goPointerValue(v)}`);
      const node = nodeOf(schema, v);
      if (node.kind !== 'set' && node.kind !== 'keyed') {
        v.forEach((item, i) => walk(item, schema.items, [...path, indexElement(i)], errs));
        return;
      }
      const seen = new Set<string>();
      v.forEach((item, i) => {
        const pe = itemElement(node, item);
        if (typeof pe === 'string') return report(errs, path, `element ${i}: ${pe}`);
        const token = elementToken(pe);
        if (seen.has(token)) report(errs, path, `duplicate entries for key ${elementString(pe)}`);
        seen.add(token);
        walk(item, schema.items, [...path, pe], errs);
      });
      return;
    }
    case 'raw':
      return;
    case 'string':
    case 'bytes':
      if (typeof v !== 'string') report(errs, path, `expected string, got &value.valueUnstructured{Value:${goSharpValue(v)}}`);
      return;
    case 'integer':
    case 'number':
      if (typeof v !== 'number') report(errs, path, `expected numeric (int or float), got ${goTypeName(v)}`);
      return;
    case 'boolean':
      if (typeof v !== 'boolean') report(errs, path, `expected boolean, got ${goPointerValue(v)}`);
      return;
    default:
      // Times, quantities and int-or-strings are "any scalar" to the merge.
      if (isObject(v) || Array.isArray(v)) report(errs, path, `expected any scalar, got ${goPointerValue(v)}`);
  }
}

/** Go's `%T` of a decoded JSON value. */
function goTypeName(v: JsonValue): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

/** Go's `%v` of a decoded JSON value. */
function goValue(v: JsonValue): string {
  if (v === null) return '<nil>';
  if (Array.isArray(v)) return `[${v.map(goValue).join(' ')}]`;
  if (isObject(v)) {
    return `map[${Object.keys(v)
      .sort()
      .map((k) => `${k}:${goValue(v[k])}`)
      .join(' ')}]`;
  }
  return String(v);
}

/** Go's `%v` of the merge library's value wrapper (a pointer to a one-field struct). */
function goPointerValue(v: JsonValue): string {
  return `&{${goValue(v)}}`;
}

/** Go's `%#v` of a decoded JSON value. */
function goSharpValue(v: JsonValue): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null) return 'interface {}(nil)';
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSharpValue).join(', ')}}`;
  if (isObject(v)) {
    return `map[string]interface {}{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${goSharpValue(v[k])}`)
      .join(', ')}}`;
  }
  return String(v);
}
