/**
 * The Table columns of a custom resource version: its `additionalPrinterColumns`, or the one `Age`
 * column the real platform serves when it lists none. Each cell is taken as the real table
 * convertor takes it: the first value the JSONPath finds, turned into the column's type or left
 * empty (null) when it is not of that type.
 */
import { AGE_COLUMN, type CellValue, humanDuration, type TableColumn } from '../registry/table.ts';
import type { CustomResourceColumnDefinition, CustomResourceDefinitionVersion } from '../registry/types/apiextensions-v1.ts';
import { goJson } from '../util/go-json.ts';
import type { JsonObject, JsonValue } from '../util/json.ts';
import { evaluate } from './jsonpath.ts';

type ColumnType = TableColumn['type'];

/** Served when a version lists no columns (the definition itself is left as written). */
const DEFAULT_COLUMNS: readonly CustomResourceColumnDefinition[] = [
  { name: 'Age', type: 'date', description: AGE_COLUMN.description, jsonPath: '.metadata.creationTimestamp' },
];

export function printerColumns(version: CustomResourceDefinitionVersion): TableColumn[] {
  const defined = version.additionalPrinterColumns?.length ? version.additionalPrinterColumns : DEFAULT_COLUMNS;
  return defined.map((c) => {
    const type = (c.type ?? 'string') as ColumnType;
    const path = c.jsonPath ?? '';
    return {
      name: c.name ?? '',
      type,
      ...(c.format ? { format: c.format } : {}),
      description: c.description || `Custom resource definition column (in JSONPath format): ${path}`,
      priority: c.priority ?? 0,
      cell(obj: JsonObject, now: number): CellValue {
        // A path may select several values (`[*]`); like the real convertor, the cell shows the first.
        const values = evaluate(obj, path);
        return values.length ? cellOf(values[0], type, now) : null;
      },
    };
  });
}

/** One found value as a cell of a column of `type`; `now` (ms) is the server clock, for dates. */
export function cellOf(v: JsonValue, type: ColumnType, now: number): CellValue {
  // The real convertor prints a string column's value with its JSONPath printer, whatever its type.
  if (type === 'string') return printed(v);
  switch (type) {
    case 'integer':
      return typeof v === 'number' ? Math.trunc(v) : null;
    case 'number':
      return typeof v === 'number' ? v : null;
    case 'boolean':
      return typeof v === 'boolean' ? v : null;
    case 'date': {
      if (typeof v !== 'string') return null;
      // An empty (or JSON null's) time is the zero time: unknown, not invalid.
      if (v === '' || v === 'null') return '<unknown>';
      const ts = parseRFC3339(v);
      return ts === undefined ? '<invalid>' : humanDuration(now - ts);
    }
    default:
      return null;
  }
}

/** A value as the JSONPath printer writes it: objects and lists as Go's JSON, scalars as Go's `%v`. */
function printed(v: JsonValue): string {
  if (v === null) return '<no value>';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return goNumber(v);
  return goJson(v);
}

const INT64_LIMIT = 2 ** 63;

/**
 * A decoded JSON number as Go's `%v` prints it: integers (int64) in full, other numbers (float64)
 * in the shortest form, with an exponent below 1e-4 and from 1e6 up (`1.2345675e+06`).
 */
export function goNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < INT64_LIMIT) return n.toFixed(0);
  const [mantissa, e] = n.toExponential().split('e');
  const exp = Number(e);
  if (exp >= -4 && exp < 6) return String(n);
  return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

/** Days in each month of a common year; February gains one in leap years. */
const DAYS_IN = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const LAYOUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * Epoch milliseconds of an RFC 3339 time as Go's `time.Parse(time.RFC3339, …)` reads it (upper-case
 * `T` and `Z` only, one- or two-digit hour, day checked against its month, a fraction after `.` or
 * `,`), or undefined when Go refuses it.
 */
export function parseRFC3339(s: string): number | undefined {
  const m = LAYOUT.exec(s);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day < 1 || day > DAYS_IN[month - 1] + (month === 2 && leap ? 1 : 0)) return undefined;
  let offset = 0;
  if (m[8]) {
    const [oh, om] = [Number(m[9]), Number(m[10])];
    // Go's parser lets offsets reach 24 hours and 60 minutes ("as some people do write").
    if (oh > 24 || om > 60) return undefined;
    offset = (m[8] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  const millis = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, millis);
  return utc.getTime() - offset;
}
