/** Parsed read parameters (get, list, watch), validated the way the real platform validates them. */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { StatusError } from '../errors/status-error.ts';
import type { FieldSelector } from '../selection/field-selector.ts';
import type { LabelSelector } from '../selection/label-selector.ts';

export type ResourceVersionMatch = 'NotOlderThan' | 'Exact';

export interface ListOptions {
  /** Unset (undefined or '') means a consistent read of the latest state. */
  readonly resourceVersion?: string;
  readonly resourceVersionMatch?: string;
  readonly limit?: number;
  readonly continue?: string;
  readonly labelSelector?: LabelSelector;
  readonly fieldSelector?: FieldSelector;
}

export interface WatchOptions extends ListOptions {
  readonly allowWatchBookmarks: boolean;
  readonly sendInitialEvents?: boolean;
  /** Seconds; undefined → the server's randomized default window. */
  readonly timeoutSeconds?: number;
}

/** `resourceVersion` text → revision (0 for "" and "0"), or 400 naming the bad value. */
export function parseResourceVersion(rv: string | undefined): number {
  if (rv === undefined || rv === '' || rv === '0') return 0;
  if (!/^\d+$/.test(rv)) {
    throw StatusError.badRequest(
      `resourceVersion: Invalid value: ${JSON.stringify(rv)}: strconv.ParseUint: parsing ${JSON.stringify(rv)}: invalid syntax`,
    );
  }
  // Beyond uint64, as Go's ParseUint says (a number this large would otherwise be waited for).
  if (rv.length >= 20 && BigInt(rv) > 0xffff_ffff_ffff_ffffn) {
    throw StatusError.badRequest(
      `resourceVersion: Invalid value: ${JSON.stringify(rv)}: strconv.ParseUint: parsing ${JSON.stringify(rv)}: value out of range`,
    );
  }
  return Number(rv);
}

function invalidOptions(kind: 'ListOptions', errs: FieldError[]): StatusError {
  return StatusError.invalid({ group: 'meta.orch.io', kind }, '', errs);
}

export function validateListOptions(
  o: ListOptions,
  watchListEnabled: boolean,
  watch: boolean,
  sendInitialEvents: boolean | undefined,
): void {
  const errs: FieldError[] = [];
  const match = o.resourceVersionMatch ?? '';
  if (watch) {
    if (sendInitialEvents !== undefined) {
      if (match !== 'NotOlderThan') {
        errs.push(fieldErrors.forbidden('resourceVersionMatch', 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
      }
      if (!watchListEnabled) {
        errs.push(
          fieldErrors.forbidden(
            'sendInitialEvents',
            'sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
          ),
        );
      }
    }
    if (match) {
      if (sendInitialEvents === undefined) {
        errs.push(
          fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'),
        );
      }
      if (match !== 'NotOlderThan') errs.push(fieldErrors.notSupported('resourceVersionMatch', match, ['NotOlderThan']));
      if (o.continue)
        errs.push(fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    }
  } else {
    if (match) {
      if (!o.resourceVersion) {
        errs.push(fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
      }
      if (o.continue)
        errs.push(fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
      if (match !== 'Exact' && match !== 'NotOlderThan')
        errs.push(fieldErrors.notSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
      if (match === 'Exact' && o.resourceVersion === '0') {
        errs.push(fieldErrors.forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
      }
    }
    if (sendInitialEvents !== undefined) errs.push(fieldErrors.forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  }
  if (errs.length) throw invalidOptions('ListOptions', errs);
}
