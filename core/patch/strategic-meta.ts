/**
 * What strategic merge patch needs to know about a field, read from the schema's markers only
 * (ArraySchema/MapSchema patchStrategy and patchMergeKey), the way the platform reads its Go
 * struct tags. A key the schema does not know is untyped: maps merge, lists are replaced.
 */
import { fieldIndex } from '../schema/index-fields.ts';
import type { ArraySchema, MapSchema, Schema } from '../schema/types.ts';
import { PatchError } from './patch-error.ts';

export interface PatchMeta {
  /** Schema of the value (of a list's items for list lookups); undefined when untyped. */
  readonly schema: Schema | undefined;
  /** The strategy other than retainKeys: `merge`, `replace` or `` (the default for the kind of value). */
  readonly strategy: string;
  readonly mergeKey: string;
}

const UNTYPED: PatchMeta = { schema: undefined, strategy: '', mergeKey: '' };

interface FieldLookup {
  readonly schema: Schema | undefined;
  /** Markers only count on a struct field, as Go tags exist only there (not on map values). */
  readonly markers: ArraySchema | MapSchema | undefined;
}

function lookupField(parent: Schema | undefined, key: string): FieldLookup {
  if (parent?.type === 'map') return { schema: parent.values, markers: undefined };
  if (parent?.type !== 'object') return { schema: undefined, markers: undefined };
  const schema = fieldIndex(parent).get(key)?.spec.schema;
  const markers = schema?.type === 'array' || schema?.type === 'map' ? schema : undefined;
  return { schema, markers };
}

/** Metadata for a key whose original and patch values are both JSON objects. */
export function mapMeta(parent: Schema | undefined, key: string): PatchMeta {
  const { schema, markers } = lookupField(parent, key);
  if (!schema) return UNTYPED;
  const mergeKey = markers?.type === 'array' ? (markers.patchMergeKey ?? '') : '';
  return { schema, strategy: strategyOf(markers?.patchStrategy, parent, key), mergeKey };
}

/** Metadata for a key whose original and patch values are both JSON arrays. */
export function listMeta(parent: Schema | undefined, key: string): PatchMeta {
  const { schema } = lookupField(parent, key);
  if (schema?.type !== 'array') return UNTYPED;
  return { schema: schema.items, strategy: strategyOf(schema.patchStrategy, parent, key), mergeKey: schema.patchMergeKey ?? '' };
}

/** Whether a `$`-prefixed key is a real field of the type (and so not a directive). */
export function declaresField(parent: Schema | undefined, key: string): boolean {
  return parent?.type === 'object' && fieldIndex(parent).has(key);
}

/** Whether keys of this value are known (a struct or a map), so that an unknown `$` key is a bad directive. */
export function isTyped(schema: Schema | undefined): boolean {
  return schema?.type === 'object' || schema?.type === 'map';
}

/** The strategy besides retainKeys, which only matters when patches are computed, not applied. */
function strategyOf(patchStrategy: string | undefined, parent: Schema | undefined, key: string): string {
  if (!patchStrategy) return '';
  const parts = patchStrategy.split(',');
  const others = parts.filter((p) => p !== 'retainKeys');
  if (parts.length > 2 || others.length > 1) {
    const owner = parent?.type === 'object' ? parent.name : 'map';
    throw PatchError.internalError(`unexpected patch strategy ${JSON.stringify(patchStrategy)} on ${owner}.${key}`);
  }
  return others[0] ?? '';
}

export function schemaName(schema: Schema | undefined): string {
  if (!schema) return 'an untyped value';
  return schema.type === 'object' ? schema.name : schema.type;
}
