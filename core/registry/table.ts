/**
 * Table columns of a kind (what `kubectl get` prints). A kind lists its own columns; `Name`
 * comes first unless the kind places it among them (Event: last, shown only with `-o wide`), and
 * kinds without columns get `Name` and `Created At`.
 */
import type { JsonObject } from '../util/json.ts';
import type { ObjectMeta } from './types/meta-v1.ts';

export type CellValue = string | number | boolean | null;

export interface TableColumn<T = JsonObject> {
  /** As the real platform names it (`Ready`, `Age`); clients upper-case it. */
  readonly name: string;
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  readonly format?: string;
  readonly description?: string;
  /** 0: always shown; 1: shown with `-o wide`. */
  readonly priority?: number;
  /**
   * This column is the object's name. A kind whose columns hold one has placed it where its
   * printer does; the others get NAME_COLUMN first.
   */
  readonly isName?: boolean;
  /** The cell of one object; `now` (ms) is the server clock, for ages. */
  cell(obj: T, now: number): CellValue;
}

/** The `Name` column, first in most kinds' tables; a kind that prints it elsewhere lists it (or a variant) itself. */
export const NAME_COLUMN: TableColumn<{ readonly metadata?: ObjectMeta }> = {
  name: 'Name',
  type: 'string',
  format: 'name',
  description:
    'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically.',
  isName: true,
  cell: (obj) => obj.metadata?.name ?? '',
};

/**
 * A duration the way the real platform's tables print ages (`45s`, `5m10s`, `3h`, `2d5h`, `3y`).
 */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const d = Math.floor(hours / 24) % 365;
    return d === 0 ? `${Math.floor(hours / 24 / 365)}y` : `${Math.floor(hours / 24 / 365)}y${d}d`;
  }
  return `${Math.floor(hours / 24 / 365)}y`;
}

/** The `Age` column every kind with custom columns ends with. */
/** Every kind's object has metadata, so this one column serves any kind's table. */
export const AGE_COLUMN: TableColumn<{ readonly metadata: ObjectMeta }> = {
  name: 'Age',
  type: 'string',
  description: 'CreationTimestamp is a timestamp representing the server time when this object was created.',
  cell(obj, now) {
    const created = obj.metadata.creationTimestamp;
    const ts = typeof created === 'string' ? Date.parse(created) : NaN;
    return Number.isNaN(ts) ? '<unknown>' : humanDuration(now - ts);
  },
};
