/**
 * The server's Table (`Accept: application/json;as=Table;v=v1;g=meta.orch.io`) printed as the
 * real client prints it: upper-case headers, priority-0 columns unless `-o wide`, a NAMESPACE
 * column first with `-A`, `kind/name` names when several types print, LABELS and `-L` columns.
 */
import type { JsonObject } from '../objects.ts';
import { goPrint } from './go-format.ts';
import { TabWriter } from './tab-writer.ts';

export interface TableColumn {
  readonly name: string;
  readonly type?: string;
  readonly format?: string;
  readonly priority?: number;
}

export interface TableRow {
  readonly cells: unknown[];
  readonly object?: JsonObject;
}

export interface Table {
  readonly columnDefinitions?: TableColumn[];
  readonly rows?: TableRow[] | null;
}

export interface TableOptions {
  readonly wide?: boolean;
  readonly withNamespace?: boolean;
  /** `configmap`, `statefulset.apps`: the name column is prefixed `kind/` with it. */
  readonly kindPrefix?: string;
  readonly showLabels?: boolean;
  readonly labelColumns?: readonly string[];
  readonly noHeaders?: boolean;
}

export function tableRows(table: Table, opts: TableOptions, includeHeader: boolean): string[][] {
  const cols = table.columnDefinitions ?? [];
  const shown = cols.map((c, i) => ({ c, i })).filter(({ c }) => opts.wide || !c.priority);
  const nameCol = cols.findIndex((c) => c.format === 'name');
  const rows: string[][] = [];
  if (includeHeader && !opts.noHeaders) {
    const header = shown.map(({ c }) => c.name.toUpperCase());
    if (opts.withNamespace) header.unshift('NAMESPACE');
    for (const l of opts.labelColumns ?? []) header.push(labelHeader(l));
    if (opts.showLabels) header.push('LABELS');
    rows.push(header);
  }
  for (const row of table.rows ?? []) {
    const meta = row.object?.metadata ?? {};
    const cells = shown.map(({ i }) => {
      let text = cellText(row.cells[i]);
      if (i === nameCol && opts.kindPrefix) text = `${opts.kindPrefix}/${text}`;
      return text;
    });
    if (opts.withNamespace) cells.unshift(meta.namespace ?? '');
    const labels = meta.labels ?? {};
    for (const l of opts.labelColumns ?? []) cells.push(labels[l] ?? '');
    if (opts.showLabels) {
      const keys = Object.keys(labels).sort();
      cells.push(keys.length ? keys.map((k) => `${k}=${labels[k]}`).join(',') : '<none>');
    }
    rows.push(cells);
  }
  return rows;
}

export function printTable(table: Table, opts: TableOptions, writer = new TabWriter()): string {
  return writer.format(tableRows(table, opts, true));
}

function cellText(cell: unknown): string {
  const text = goPrint(cell);
  const cut = text.search(/[\f\n\r]/);
  return cut >= 0 ? `${text.slice(0, cut)}...` : text;
}

/** `-L app.orchestrator.io/name` heads its column `NAME`, as the real client does. */
function labelHeader(label: string): string {
  const parts = label.split('/');
  return parts[parts.length - 1]!.toUpperCase();
}
