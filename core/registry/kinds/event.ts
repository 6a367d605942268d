/**
 * Event (events.orch.io/v1, namespaced): the newer view of core/v1 Events, stored as them.
 * Writes through this version meet the strict rules: new-style members required, the
 * `deprecated*` ones refused on create, and only the series may change on update.
 */
import { defineKind } from '../definition.ts';
import type { ObjectReference } from '../types/core-v1-misc.ts';
import { Event } from '../types/events-v1.ts';
import { coreEventOf, eventFromCore, eventToCore } from '../kind-support/event-conversion.ts';
import { coreEventKind, EVENT_COLUMNS } from './event-core.ts';
import { validateEventCreateStrict, validateEventUpdateStrict } from '../kind-support/event-validation.ts';

const regarding = (e: Event, member: keyof ObjectReference): string => e.regarding?.[member] ?? '';

export const eventsV1EventKind = defineKind<Event>({
  group: 'events.orch.io',
  version: 'v1',
  kind: 'Event',
  resource: 'events',
  singular: 'event',
  shortNames: ['ev'],
  namespaced: true,
  schema: Event,
  allowCreateOnUpdate: true,
  storageResource: 'events',
  storedAs: { def: coreEventKind, toStorage: eventToCore, fromStorage: eventFromCore },
  fieldSelectors: {
    'regarding.kind': (e) => regarding(e, 'kind'),
    'regarding.namespace': (e) => regarding(e, 'namespace'),
    'regarding.name': (e) => regarding(e, 'name'),
    'regarding.uid': (e) => regarding(e, 'uid'),
    'regarding.apiVersion': (e) => regarding(e, 'apiVersion'),
    'regarding.resourceVersion': (e) => regarding(e, 'resourceVersion'),
    'regarding.fieldPath': (e) => regarding(e, 'fieldPath'),
    reason: (e) => e.reason ?? '',
    reportingController: (e) => e.reportingController ?? '',
    type: (e) => e.type ?? '',
  },
  // The real platform prints both versions with the same (core) printer.
  table: EVENT_COLUMNS.map((c) => ({ ...c, cell: (obj: Event, now: number) => c.cell(coreEventOf(obj), now) })),
  strategy: {
    // Both run on the stored form so that the causes name the core members, as the real ones do.
    // The create rules (new-style members required, old ones refused) hold on create only.
    validate: (obj, ctx) => (ctx.operation === 'create' ? validateEventCreateStrict(coreEventOf(obj)) : []),
    validateUpdate: (obj, old) => validateEventUpdateStrict(coreEventOf(obj), coreEventOf(old)),
  },
});
