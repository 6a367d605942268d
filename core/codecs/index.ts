export * from './media-type.ts';
export * from './serializer.ts';
export * from './negotiate.ts';
export { jsonSerializer } from './json.ts';
export { yamlSerializer } from './yaml.ts';
export { findDuplicateKeys } from './json-duplicates.ts';
