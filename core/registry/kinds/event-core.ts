/**
 * Event (core v1, namespaced): the version events are stored as. Writes through it meet only the
 * legacy rules; events.orch.io/v1 (event.ts) is a stricter view of the same objects.
 */
import { nameIsPathSegment } from '../../meta/names.ts';
import { parseTime } from '../../util/time.ts';
import { defineKind } from '../definition.ts';
import { humanDuration, NAME_COLUMN, type TableColumn } from '../table.ts';
import { Event, type ObjectReference } from '../types/core-v1-misc.ts';
import { validateEventLegacy } from '../kind-support/event-validation.ts';

/** Age of a timestamp as the real printers show it (`<unknown>` when unset). */
function since(ts: string | null | undefined, now: number): string {
  const t = ts != null ? parseTime(ts) : undefined;
  return t ? humanDuration(now - t.ms) : '<unknown>';
}

function firstSeen(e: Event, now: number): string {
  return e.firstTimestamp ? since(e.firstTimestamp, now) : since(e.eventTime, now);
}

function lastSeen(e: Event, now: number): string {
  const series = e.series;
  if (series) return since(series.lastObservedTime, now);
  return e.lastTimestamp ? since(e.lastTimestamp, now) : firstSeen(e, now);
}

function occurrences(e: Event): number {
  const series = e.series;
  if (series) return series.count ?? 0;
  // Events written through events.orch.io/v1 have no count when they happened once.
  return e.count || 1;
}

function target(e: Event): string {
  const ref = e.involvedObject ?? {};
  const kind = (ref.kind ?? '').toLowerCase();
  return ref.name ? `${kind}/${ref.name}` : kind;
}

function source(e: Event): string {
  const src = e.source ?? {};
  const component = src.component || e.reportingComponent || '';
  const instance = src.host || e.reportingInstance || '';
  return instance ? `${component}, ${instance}` : component;
}

/** The real event printer's columns, on the stored (core) form. */
export const EVENT_COLUMNS: readonly TableColumn<Event>[] = [
  {
    name: 'Last Seen',
    type: 'string',
    description: 'The time at which the most recent occurrence of this event was recorded.',
    cell: lastSeen,
  },
  {
    name: 'Type',
    type: 'string',
    description: 'Type of this event (Normal, Warning), new types could be added in the future',
    cell: (e) => e.type ?? '',
  },
  {
    name: 'Reason',
    type: 'string',
    description:
      "This should be a short, machine understandable string that gives the reason for the transition into the object's current status.",
    cell: (e) => e.reason ?? '',
  },
  { name: 'Object', type: 'string', description: 'The object that this event is about.', cell: target },
  {
    name: 'Subobject',
    type: 'string',
    priority: 1,
    description:
      'If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement.',
    cell: (e) => e.involvedObject?.fieldPath ?? '',
  },
  {
    name: 'Source',
    type: 'string',
    priority: 1,
    description: 'The component reporting this event. Should be a short machine understandable string.',
    cell: source,
  },
  {
    name: 'Message',
    type: 'string',
    description: 'A human-readable description of the status of this operation.',
    cell: (e) => (e.message ?? '').trim(),
  },
  {
    name: 'First Seen',
    type: 'string',
    priority: 1,
    description: 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)',
    cell: firstSeen,
  },
  { name: 'Count', type: 'string', priority: 1, description: 'The number of times this event has occurred.', cell: occurrences },
  // The event printer puts the name last and shows it only with `-o wide`.
  { ...NAME_COLUMN, priority: 1 },
];

const involved = (e: Event, member: keyof ObjectReference): string => e.involvedObject?.[member] ?? '';

export const coreEventKind = defineKind<Event>({
  group: '',
  version: 'v1',
  kind: 'Event',
  resource: 'events',
  singular: 'event',
  shortNames: ['ev'],
  namespaced: true,
  schema: Event,
  // Core events keep the generic minimum on names; events.orch.io/v1 requires DNS subdomains.
  validateName: nameIsPathSegment,
  allowCreateOnUpdate: true,
  fieldSelectors: {
    'involvedObject.kind': (e) => involved(e, 'kind'),
    'involvedObject.namespace': (e) => involved(e, 'namespace'),
    'involvedObject.name': (e) => involved(e, 'name'),
    'involvedObject.uid': (e) => involved(e, 'uid'),
    'involvedObject.apiVersion': (e) => involved(e, 'apiVersion'),
    'involvedObject.resourceVersion': (e) => involved(e, 'resourceVersion'),
    'involvedObject.fieldPath': (e) => involved(e, 'fieldPath'),
    reason: (e) => e.reason ?? '',
    reportingComponent: (e) => e.reportingComponent ?? '',
    source: (e) => e.source?.component ?? '',
    type: (e) => e.type ?? '',
  },
  table: EVENT_COLUMNS,
  strategy: { validate: validateEventLegacy },
});
