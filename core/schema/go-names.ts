import type { Schema } from './types.ts';

/** The Go type name the real platform's JSON decoder would print for a schema (`int32`, `v1.PodSpec`). */
export function goTypeName(s: Schema): string {
  switch (s.type) {
    case 'string':
      return 'string';
    case 'integer':
      return s.format;
    case 'number':
      return 'float64';
    case 'boolean':
      return 'bool';
    case 'bytes':
      return '[]uint8';
    case 'time':
      return s.precision === 'micro' ? 'v1.MicroTime' : 'v1.Time';
    case 'int-or-string':
      return 'intstr.IntOrString';
    case 'quantity':
      return 'resource.Quantity';
    case 'raw':
      return 'runtime.RawExtension';
    case 'array':
      return `[]${goTypeName(s.items)}`;
    case 'map':
      return `map[string]${goTypeName(s.values)}`;
    case 'object':
      return goStructName(s.name, true);
  }
}

const shortNames = new Map<string, string>();

/** `io.orch.api.apps.v1.StatefulSetSpec` → `StatefulSetSpec` (or `v1.StatefulSetSpec`). */
export function goStructName(definition: string, qualified = false): string {
  if (!qualified) {
    let n = shortNames.get(definition);
    if (n === undefined) {
      n = definition.slice(definition.lastIndexOf('.') + 1);
      shortNames.set(definition, n);
    }
    return n;
  }
  const parts = definition.split('.');
  const name = parts[parts.length - 1];
  return qualified && parts.length > 1 ? `${parts[parts.length - 2]}.${name}` : name;
}
