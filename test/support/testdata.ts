/**
 * The conformance data from public suites (`test/data`, each set's README names its source and
 * licence) and the shapes of the files more than one test reads: the protobuf field tables
 * extracted from the real generated.proto files, and the merge markers extracted from the real types.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Beside this file, not the working directory: a test finds its data wherever it is run from.
export const TESTDATA = fileURLToPath(new URL('../data', import.meta.url));

export function readTestdata<T>(relative: string): T {
  return JSON.parse(readFileSync(path.join(TESTDATA, relative), 'utf8')) as T;
}

/** One field of a message in protobuf-field-numbers/*.json. */
export interface ProtoField {
  readonly name: string;
  readonly number: number;
  readonly type: string;
  readonly label?: string;
  readonly keyType?: string;
  readonly valueType?: string;
  readonly wireType?: number;
  readonly presence?: 'always' | 'ifNonNil' | 'perElement';
}
export type ProtoMessages = Record<string, { readonly fields: readonly ProtoField[] }>;

/** fields-closure.json: every message the served kinds reach, by full protobuf name. */
export const protobufClosure = (): { readonly messages: ProtoMessages } => readTestdata('protobuf-field-numbers/fields-closure.json');

/** One row of merge-markers/markers.json. */
export interface MarkerRow {
  readonly path: string;
  readonly kind: 'list' | 'map' | 'struct';
  readonly listType: string | null;
  readonly listMapKeys: string[] | null;
  readonly patchStrategy: string | null;
  readonly patchMergeKey: string | null;
  readonly mapType: string | null;
  readonly structType: string | null;
}

export const mergeMarkers = (): {
  readonly kinds: Record<string, { readonly fields: readonly MarkerRow[] }>;
  readonly definitions: Record<
    string,
    { readonly structType: string | null; readonly fields: Record<string, Omit<MarkerRow, 'path' | 'kind'>> }
  >;
} => readTestdata('merge-markers/markers.json');
