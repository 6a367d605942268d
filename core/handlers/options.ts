/** Query and body options of write and delete requests, validated as the real platform does (422). */
import { fieldErrors, type FieldError } from '../errors/field-error.ts';
import { StatusError } from '../errors/status-error.ts';
import { parseBool } from '../features/feature-gates.ts';
import type { FieldValidation } from '../registry/input.ts';
import type { DeleteOptions } from '../registry/resource-registry.ts';
import { DeleteOptions as DELETE_OPTIONS } from '../registry/types/meta-v1.ts';
import { DecodeError, decodeObject } from '../schema/decode.ts';
import { parseFieldSelector, type FieldSelector } from '../selection/field-selector.ts';
import { parseLabelSelector, SelectorParseError, type LabelSelector } from '../selection/label-selector.ts';
import { queryBool } from '../http/query-bool.ts';
import { isObject, type JsonObject } from '../util/json.ts';

type OptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions' | 'DeleteOptions';

function invalid(kind: OptionsKind, errs: FieldError[]): StatusError {
  return StatusError.invalid({ group: 'meta.orch.io', kind }, '', errs);
}

function validateDryRun(values: readonly string[], errs: FieldError[]): boolean {
  if (values.length > 1 || (values.length === 1 && values[0] !== 'All')) {
    errs.push(fieldErrors.notSupported('dryRun', values, ['All']));
  }
  return values.length === 1 && values[0] === 'All';
}

export interface WriteParams {
  readonly dryRun: boolean;
  readonly fieldManager?: string;
  readonly fieldValidation: FieldValidation;
  readonly force: boolean;
}

const FIELD_VALIDATIONS: readonly string[] = ['Ignore', 'Warn', 'Strict'];

export function parseWriteParams(
  query: URLSearchParams,
  kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions',
  applyPatch = false,
): WriteParams {
  const errs: FieldError[] = [];
  const dryRun = validateDryRun(query.getAll('dryRun'), errs);
  const fm = query.get('fieldManager') ?? undefined;
  if (fm !== undefined) {
    if (new TextEncoder().encode(fm).length > 128) errs.push(fieldErrors.tooLong('fieldManager', 128));
    // eslint-disable-next-line no-control-regex
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this check looks for
    if (/[\u0000-\u001f\u007f]/.test(fm)) errs.push(fieldErrors.invalid('fieldManager', fm, 'must only contain printable characters'));
  }
  const fv = query.get('fieldValidation') ?? '';
  if (fv !== '' && !FIELD_VALIDATIONS.includes(fv))
    errs.push(fieldErrors.notSupported('fieldValidation', fv, ['', 'Ignore', 'Strict', 'Warn']));
  const forceText = query.get('force');
  const force = forceText !== null && queryBool(forceText);
  if (kind === 'PatchOptions') {
    if (applyPatch && !fm) errs.push(fieldErrors.required('fieldManager', 'is required for apply patch'));
    if (!applyPatch && forceText !== null) errs.push(fieldErrors.forbidden('force', 'may not be specified for non-apply patch'));
  }
  if (errs.length) throw invalid(kind, errs);
  return { dryRun, ...(fm ? { fieldManager: fm } : {}), fieldValidation: (fv || 'Warn') as FieldValidation, force };
}

export interface DeleteParams extends DeleteOptions {
  readonly dryRun: boolean;
}

/**
 * The body decoded as the typed DeleteOptions: a field of the wrong type fails the request before
 * anything is deleted (taken as absent, `"dryRun": "All"` would delete for real). The real
 * platform fails it too, with the decoder's error as a 500; a client's mistake is a 400 here.
 * Its apiVersion is not checked: DeleteOptions decodes from any group version there.
 */
function typedDeleteOptions(body: JsonObject): JsonObject {
  try {
    return decodeObject(body, DELETE_OPTIONS).value;
  } catch (err) {
    if (err instanceof DecodeError) throw StatusError.badRequest(err.message);
    throw err;
  }
}

/** DeleteOptions from the body when there is one, else from the query, then validated. */
export function parseDeleteParams(query: URLSearchParams, body: unknown, allowUnsafeDelete: boolean): DeleteParams {
  const errs: FieldError[] = [];
  let dryRunValues: string[];
  let propagationPolicy: string | undefined;
  let orphanDependents: boolean | undefined;
  let gracePeriodSeconds: number | undefined;
  let preconditions: { uid?: string; resourceVersion?: string } | undefined;
  let unsafe: boolean | undefined;
  if (body !== undefined) {
    if (!isObject(body)) throw StatusError.badRequest('the body of a delete request must be a DeleteOptions object');
    if (body.kind !== undefined && body.kind !== 'DeleteOptions') {
      throw StatusError.badRequest(`decoded object cannot be converted to DeleteOptions: kind ${JSON.stringify(body.kind)}`);
    }
    const opts = typedDeleteOptions(body);
    dryRunValues = Array.isArray(opts.dryRun) ? opts.dryRun.map(String) : [];
    propagationPolicy = typeof opts.propagationPolicy === 'string' ? opts.propagationPolicy : undefined;
    orphanDependents = typeof opts.orphanDependents === 'boolean' ? opts.orphanDependents : undefined;
    gracePeriodSeconds = typeof opts.gracePeriodSeconds === 'number' ? opts.gracePeriodSeconds : undefined;
    if (isObject(opts.preconditions)) {
      preconditions = {
        ...(typeof opts.preconditions.uid === 'string' ? { uid: opts.preconditions.uid } : {}),
        ...(typeof opts.preconditions.resourceVersion === 'string' ? { resourceVersion: opts.preconditions.resourceVersion } : {}),
      };
    }
    unsafe =
      typeof opts.ignoreStoreReadErrorWithClusterBreakingPotential === 'boolean'
        ? opts.ignoreStoreReadErrorWithClusterBreakingPotential
        : undefined;
  } else {
    dryRunValues = query.getAll('dryRun');
    propagationPolicy = query.get('propagationPolicy') ?? undefined;
    const od = query.get('orphanDependents');
    orphanDependents = od === null ? undefined : queryBool(od);
    const gp = query.get('gracePeriodSeconds');
    if (gp !== null) {
      if (!/^-?\d+$/.test(gp)) throw StatusError.badRequest(`gracePeriodSeconds: invalid value ${JSON.stringify(gp)}: must be an integer`);
      gracePeriodSeconds = Number(gp);
    }
    const u = query.get('ignoreStoreReadErrorWithClusterBreakingPotential');
    unsafe = u === null ? undefined : queryBool(u);
  }
  const dryRun = validateDryRun(dryRunValues, errs);
  if (propagationPolicy !== undefined && !['Foreground', 'Background', 'Orphan'].includes(propagationPolicy)) {
    errs.push(fieldErrors.notSupported('propagationPolicy', propagationPolicy, ['Foreground', 'Background', 'Orphan']));
  }
  if (propagationPolicy !== undefined && orphanDependents !== undefined) {
    errs.push(fieldErrors.invalid('propagationPolicy', propagationPolicy, 'orphanDependents and deletionPropagation cannot be both set'));
  }
  if (unsafe) {
    if (!allowUnsafeDelete) {
      errs.push(
        fieldErrors.forbidden(
          'ignoreStoreReadErrorWithClusterBreakingPotential',
          'not supported unless the AllowUnsafeMalformedObjectDeletion feature gate is enabled',
        ),
      );
    }
    const mustBeUnset: [string, unknown][] = [
      ['dryRun', dryRunValues.length ? dryRunValues : undefined],
      ['gracePeriodSeconds', gracePeriodSeconds],
      ['orphanDependents', orphanDependents],
      ['preconditions', preconditions],
      ['propagationPolicy', propagationPolicy],
    ];
    for (const [name, v] of mustBeUnset) {
      if (v !== undefined)
        errs.push(fieldErrors.invalid(name, v, 'must not be specified when ignoreStoreReadErrorWithClusterBreakingPotential is enabled'));
    }
  }
  if (errs.length) throw invalid('DeleteOptions', errs);
  return {
    dryRun,
    ...(propagationPolicy ? { propagationPolicy: propagationPolicy as DeleteOptions['propagationPolicy'] } : {}),
    ...(orphanDependents !== undefined ? { orphanDependents } : {}),
    ...(gracePeriodSeconds !== undefined ? { gracePeriodSeconds } : {}),
    ...(preconditions ? { preconditions } : {}),
    ...(unsafe ? { ignoreStoreReadErrorWithClusterBreakingPotential: true } : {}),
  };
}

export interface SelectorParams {
  readonly labelSelector?: LabelSelector;
  readonly fieldSelector?: FieldSelector;
}

export function parseSelectors(query: URLSearchParams): SelectorParams {
  try {
    const ls = query.get('labelSelector');
    const fs = query.get('fieldSelector');
    return {
      ...(ls ? { labelSelector: parseLabelSelector(ls) } : {}),
      ...(fs ? { fieldSelector: parseFieldSelector(fs) } : {}),
    };
  } catch (err) {
    if (err instanceof SelectorParseError) throw StatusError.badRequest(err.message);
    throw err;
  }
}

export function parseIntParam(query: URLSearchParams, name: string): number | undefined {
  const v = query.get(name);
  if (v === null || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw StatusError.badRequest(`${name}: invalid value ${JSON.stringify(v)}: must be an integer`);
  return Number(v);
}

/**
 * Whether an answer is indented, by the real platform's rule: `?pretty=` when given a value (one
 * that is not a boolean means no, never an error), else yes for browsers and command-line HTTP
 * tools (a User-Agent starting `curl`, `Wget` or `Mozilla/5.0`). An Accept entry's `pretty=1`
 * asks too (see respond.ts).
 */
export function isPrettyPrint(query: URLSearchParams, userAgent: string | null): boolean {
  const v = query.get('pretty');
  if (v) return parseBool(v) === true;
  return userAgent !== null && (userAgent.startsWith('curl') || userAgent.startsWith('Wget') || userAgent.startsWith('Mozilla/5.0'));
}

export function parseBoolParam(query: URLSearchParams, name: string): boolean | undefined {
  const v = query.get(name);
  return v === null ? undefined : queryBool(v);
}
