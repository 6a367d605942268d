/**
 * Event validation on the stored (core/v1) form, as the real platform validates its internal
 * Event whatever version was written: the "legacy" rules apply to every write, the strict ones
 * to writes through events.orch.io/v1. Field paths are therefore the core names
 * (`reportingController`, `message`, `source`, `involvedObject.namespace`) for both versions.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isDNS1123Subdomain, isQualifiedName } from '../../meta/names.ts';
import type { Event } from '../types/core-v1-misc.ts';
import { immutable, semanticEqual } from './field-checks.ts';

const REPORTING_INSTANCE_MAX = 128;
const ACTION_MAX = 128;
const REASON_MAX = 128;
const NOTE_MAX = 1024;
/** Events about cluster-scoped objects live in one of these namespaces. */
const CLUSTER_EVENT_NAMESPACES = ['default', 'orch-system'];

const byteLength = (s: string): number => new TextEncoder().encode(s).length;

function atMost(value: string, max: number, path: string): FieldError[] {
  return byteLength(value) > max ? [fieldErrors.invalid(path, '', `can have at most ${max} characters`)] : [];
}

/** Rules every Event write meets, whichever version wrote it. */
export function validateEventLegacy(event: Event): FieldError[] {
  const errs: FieldError[] = [];
  const namespace = event.metadata?.namespace ?? '';
  const involvedNamespace = event.involvedObject?.namespace ?? '';
  const mismatch = () => fieldErrors.invalid('involvedObject.namespace', involvedNamespace, 'does not match event.namespace');
  if (event.eventTime == null) {
    // An old-style event: it lives in the namespace of its object ("default" for cluster objects).
    if (!involvedNamespace) {
      if (namespace !== '' && namespace !== 'default') errs.push(mismatch());
    } else if (namespace !== involvedNamespace) {
      errs.push(mismatch());
    }
  } else {
    if (!involvedNamespace && !CLUSTER_EVENT_NAMESPACES.includes(namespace)) errs.push(mismatch());
    const controller = event.reportingComponent ?? '';
    if (!controller) errs.push(fieldErrors.required('reportingController'));
    for (const m of isQualifiedName(controller)) errs.push(fieldErrors.invalid('reportingController', controller, m));
    const instance = event.reportingInstance ?? '';
    if (!instance) errs.push(fieldErrors.required('reportingInstance'));
    errs.push(...atMost(instance, REPORTING_INSTANCE_MAX, 'reportingInstance'));
    const action = event.action ?? '';
    if (!action) errs.push(fieldErrors.required('action'));
    errs.push(...atMost(action, ACTION_MAX, 'action'));
    const reason = event.reason ?? '';
    if (!reason) errs.push(fieldErrors.required('reason'));
    errs.push(...atMost(reason, REASON_MAX, 'reason'));
    errs.push(...atMost(event.message ?? '', NOTE_MAX, 'message'));
  }
  for (const m of isDNS1123Subdomain(namespace)) errs.push(fieldErrors.invalid('namespace', namespace, m));
  return errs;
}

function validateSeries(event: Event): FieldError[] {
  const series = event.series;
  if (!series) return [];
  const errs: FieldError[] = [];
  if ((series.count ?? 0) < 2) errs.push(fieldErrors.invalid('series.count', '', 'should be at least 2'));
  if (series.lastObservedTime == null) errs.push(fieldErrors.required('series.lastObservedTime'));
  return errs;
}

const needsUnset = (path: string): FieldError => fieldErrors.invalid(path, '', 'needs to be unset');

/** A create through events.orch.io/v1: the new-style members are required, the old ones refused. */
export function validateEventCreateStrict(event: Event): FieldError[] {
  const errs = [...validateEventLegacy(event), ...validateSeries(event)];
  if (event.eventTime == null) errs.push(fieldErrors.required('eventTime'));
  const type = event.type ?? '';
  if (type !== 'Normal' && type !== 'Warning') errs.push(fieldErrors.invalid('type', '', `has invalid value: ${type}`));
  if (event.firstTimestamp != null) errs.push(needsUnset('firstTimestamp'));
  if (event.lastTimestamp != null) errs.push(needsUnset('lastTimestamp'));
  if ((event.count ?? 0) !== 0) errs.push(needsUnset('count'));
  const source = event.source;
  if (source?.component || source?.host) errs.push(needsUnset('source'));
  return errs;
}

/** [core member, reported path] of what an events.orch.io/v1 update may not change. */
const IMMUTABLE_ON_UPDATE: readonly (readonly [keyof Event, string])[] = [
  ['involvedObject', 'involvedObject'],
  ['reason', 'reason'],
  ['message', 'message'],
  ['source', 'source'],
  ['firstTimestamp', 'firstTimestamp'],
  ['lastTimestamp', 'lastTimestamp'],
  ['count', 'count'],
  // The real platform checks `reason` twice, and so reports a change of it twice.
  ['reason', 'reason'],
  ['type', 'type'],
  ['eventTime', 'eventTime'],
  ['action', 'action'],
  ['related', 'related'],
  ['reportingComponent', 'reportingController'],
  ['reportingInstance', 'reportingInstance'],
];

/** An update through events.orch.io/v1: only the series (and metadata) may move. */
export function validateEventUpdateStrict(event: Event, old: Event): FieldError[] {
  const errs: FieldError[] = [];
  if (!semanticEqual(event.series, old.series)) errs.push(...validateSeries(event));
  for (const [member, path] of IMMUTABLE_ON_UPDATE) errs.push(...immutable(path, event[member], old[member]));
  return errs;
}
