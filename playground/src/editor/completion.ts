/**
 * What to offer at the cursor, from the schema of the document's kind: the fields of the mapping
 * being written (those not written yet), or the values of an enumerated field. Pure: the
 * CodeMirror glue (code-editor.ts) fetches the document and shows these.
 */
import { enumOf, fieldsOf, schemaAt, schemaFor, type Field, type OpenApiDocument } from './schema-walk.ts';
import { typeMetaAt, yamlCursor } from './yaml-path.ts';

export interface Suggestion {
  readonly label: string;
  readonly kind: 'field' | 'value';
  /** The field's type, or the enum's field. */
  readonly detail: string;
  readonly info?: string;
  /** The text that replaces the typed word. */
  readonly apply: string;
}

export interface Suggestions {
  /** Where the typed word starts: the suggestions replace the text from there to the cursor. */
  readonly from: number;
  readonly prefix: string;
  readonly options: readonly Suggestion[];
}

/** Scalars take their value on the key's line; mappings and lists on the lines below. */
function applyFor(f: Field): string {
  return f.shape === 'scalar' ? `${f.name}: ` : `${f.name}:`;
}

/** The suggestions at `offset` of `text` from `doc` (the document's group-version); undefined when there are none. */
export function suggest(text: string, offset: number, doc: OpenApiDocument): Suggestions | undefined {
  const cursor = yamlCursor(text, offset);
  const { apiVersion, kind } = typeMetaAt(text, offset);
  if (!cursor || !apiVersion || !kind) return undefined;
  const root = schemaFor(doc, apiVersion, kind);
  if (!root) return undefined;
  if (cursor.writing === 'value') {
    const field = schemaAt(doc, root, [...cursor.path, cursor.key!]);
    const values = enumOf(doc, field);
    if (!values.length) return undefined;
    const options = values.map((v): Suggestion => ({ label: v, kind: 'value', detail: cursor.key!, apply: v }));
    return { from: cursor.from, prefix: cursor.prefix, options };
  }
  const written = new Set(cursor.siblings);
  const fields = fieldsOf(doc, schemaAt(doc, root, cursor.path)).filter((f) => !written.has(f.name));
  if (!fields.length) return undefined;
  const options = fields.map(
    (f): Suggestion => ({
      label: f.name,
      kind: 'field',
      detail: f.required ? `${f.type}, required` : f.type,
      ...(f.description ? { info: f.description } : {}),
      apply: applyFor(f),
    }),
  );
  return { from: cursor.from, prefix: cursor.prefix, options };
}

/** True when the document's schema is not in `doc` (a kind the document did not know when fetched). */
export function lacksKind(text: string, offset: number, doc: OpenApiDocument): boolean {
  const { apiVersion, kind } = typeMetaAt(text, offset);
  return Boolean(apiVersion && kind && !schemaFor(doc, apiVersion, kind));
}
