/** `-o custom-columns=HEADER:.path,...` (and `-o custom-columns-file=FILE`): a JSONPath per column. */
import { usageError } from '../errors.ts';
import type { JsonObject } from '../objects.ts';
import { goPrint } from './go-format.ts';
import { JsonPath, relaxedJsonPath } from './jsonpath.ts';
import { TabWriter } from './tab-writer.ts';

export interface Column {
  readonly header: string;
  readonly path: JsonPath;
}

export function parseColumns(spec: string): Column[] {
  if (!spec) throw usageError('custom-columns format specified but no custom columns given');
  return spec.split(',').map((part) => {
    const colon = part.indexOf(':');
    if (colon < 0) throw usageError(`unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`);
    return { header: part.slice(0, colon), path: new JsonPath(relaxedJsonPath(part.slice(colon + 1)), true) };
  });
}

/** A columns file: a header line and a line of paths, separated by whitespace. */
export function parseColumnsFile(text: string): Column[] {
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length !== 2) throw usageError(`invalid template file: expected a header line and a path line`);
  const headers = lines[0]!.trim().split(/\s+/);
  const paths = lines[1]!.trim().split(/\s+/);
  if (headers.length !== paths.length)
    throw usageError(`number of headers (${headers.length}) does not match number of paths (${paths.length})`);
  return headers.map((h, i) => ({ header: h, path: new JsonPath(relaxedJsonPath(paths[i]!), true) }));
}

export function customColumnRows(columns: readonly Column[], objects: readonly JsonObject[], header: boolean): string[][] {
  const rows: string[][] = header ? [columns.map((c) => c.header)] : [];
  for (const obj of objects)
    rows.push(
      columns.map((c) => {
        const vals = c.path.results(obj).flat();
        if (vals.length === 0) return '<none>';
        return vals.map((v) => goPrint(v)).join(',');
      }),
    );
  return rows;
}

export function printCustomColumns(
  columns: readonly Column[],
  objects: readonly JsonObject[],
  header = true,
  writer = new TabWriter(),
): string {
  return writer.format(customColumnRows(columns, objects, header));
}
