/**
 * PriorityLevelConfiguration (flowcontrol.apiserver.orch.io/v1, cluster scoped): how much of the
 * server's concurrency a priority level gets and what happens to requests beyond it.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { decodeValue } from '../../schema/decode.ts';
import type { JsonObject } from '../../util/json.ts';
import { defineKind } from '../definition.ts';
import {
  PriorityLevelConfiguration,
  PriorityLevelConfigurationSpec,
  type LimitedPriorityLevelConfiguration,
  type QueuingConfiguration,
} from '../types/flowcontrol-v1.ts';
import { apfObjects, MANDATORY_PRIORITY_LEVELS, SUGGESTED_PRIORITY_LEVELS } from '../kind-support/apf-bootstrap.ts';
import { validateConditionTypes } from '../kind-support/condition-checks.ts';
import { semanticEqual } from '../kind-support/field-checks.ts';
import { AGE_COLUMN } from '../table.ts';

const MAX_QUEUES = 10_000_000;
/** Shuffle sharding hashes a flow into at most this many bits. */
const MAX_HASH_BITS = 60;

function requiredEntropyBits(deckSize: number, handSize: number): number {
  return Math.ceil(Math.log2(deckSize) * handSize);
}

function validatePercent(v: number | undefined, path: string): FieldError[] {
  return v !== undefined && (v < 0 || v > 100) ? [fieldErrors.invalid(path, v, 'must be between 0 and 100, inclusive')] : [];
}

function validateShares(v: number | null | undefined, path: string): FieldError[] {
  return v != null && v < 0 ? [fieldErrors.invalid(path, v, 'must be a non-negative integer')] : [];
}

function validateQueuing(q: QueuingConfiguration, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const queues = q.queues ?? 0;
  const handSize = q.handSize ?? 0;
  const limit = q.queueLengthLimit ?? 0;
  if (limit <= 0) errs.push(fieldErrors.invalid(`${path}.queueLengthLimit`, limit, 'must be positive'));
  if (queues <= 0) errs.push(fieldErrors.invalid(`${path}.queues`, queues, 'must be positive'));
  else if (queues > MAX_QUEUES) errs.push(fieldErrors.invalid(`${path}.queues`, queues, `must not be greater than ${MAX_QUEUES}`));
  if (handSize <= 0) {
    errs.push(fieldErrors.invalid(`${path}.handSize`, handSize, 'must be positive'));
  } else if (handSize > queues) {
    errs.push(fieldErrors.invalid(`${path}.handSize`, handSize, `should not be greater than queues (${queues})`));
  } else if (requiredEntropyBits(queues, handSize) > MAX_HASH_BITS) {
    errs.push(
      fieldErrors.invalid(
        `${path}.handSize`,
        handSize,
        `required entropy bits of deckSize ${queues} and handSize ${handSize} should not be greater than ${MAX_HASH_BITS}`,
      ),
    );
  }
  return errs;
}

function validateLimited(limited: LimitedPriorityLevelConfiguration, path: string): FieldError[] {
  const errs = validateShares(limited.nominalConcurrencyShares, `${path}.nominalConcurrencyShares`);
  const response = limited.limitResponse ?? {};
  const queuing = response.queuing;
  const rpath = `${path}.limitResponse`;
  if (response.type === 'Reject' && queuing) {
    errs.push(fieldErrors.forbidden(`${rpath}.queuing`, 'must be nil if limited.limitResponse.type is not Limited'));
  } else if (response.type === 'Queue') {
    if (!queuing) errs.push(fieldErrors.required(`${rpath}.queuing`, 'must not be empty if limited.limitResponse.type is Limited'));
    else errs.push(...validateQueuing(queuing, `${rpath}.queuing`));
  }
  errs.push(...validatePercent(limited.lendablePercent, `${path}.lendablePercent`));
  const borrowing = limited.borrowingLimitPercent;
  if (borrowing !== undefined && borrowing < 0) {
    errs.push(fieldErrors.invalid(`${path}.borrowingLimitPercent`, borrowing, 'if specified, must be a non-negative integer'));
  }
  return errs;
}

function validateSpec(name: string, spec: PriorityLevelConfigurationSpec): FieldError[] {
  const errs: FieldError[] = [];
  // The schema's enum check runs beside this one, so the type may be any string here.
  const type: string = spec.type ?? '';
  if ((name === 'exempt') !== (type === 'Exempt')) {
    errs.push(fieldErrors.invalid('spec.type', type, "type must be 'Exempt' if and only if name is 'exempt'"));
  }
  const limited = spec.limited;
  const exempt = spec.exempt;
  if (type === 'Exempt') {
    if (limited != null) errs.push(fieldErrors.forbidden('spec.limited', 'must be nil if the type is not Limited'));
    if (exempt) {
      errs.push(...validateShares(exempt.nominalConcurrencyShares, 'spec.exempt.nominalConcurrencyShares'));
      errs.push(...validatePercent(exempt.lendablePercent, 'spec.exempt.lendablePercent'));
    }
  } else if (type === 'Limited') {
    if (exempt != null) errs.push(fieldErrors.forbidden('spec.exempt', 'must be nil if the type is Limited'));
    if (!limited) errs.push(fieldErrors.required('spec.limited', 'must not be empty when type is Limited'));
    else errs.push(...validateLimited(limited, 'spec.limited'));
  }
  errs.push(...validateMandatory(name, spec));
  return errs;
}

/** The mandatory levels keep their fixed spec; only `exempt`'s own `spec.exempt` may be tuned. */
function validateMandatory(name: string, spec: PriorityLevelConfigurationSpec): FieldError[] {
  const fixed = MANDATORY_PRIORITY_LEVELS[name];
  if (!fixed) return [];
  // Compared as JSON: the fixed spec with the schema's defaults, as a decoded spec has them.
  const want = decodeValue(fixed, PriorityLevelConfigurationSpec, { defaults: true }) as JsonObject;
  if (name === 'exempt') {
    const have = { ...spec, exempt: want.exempt ?? null };
    return semanticEqual(have, want)
      ? []
      : [fieldErrors.invalid('spec', spec, `spec of '${name}' except the 'spec.exempt' field must equal the fixed value`)];
  }
  return semanticEqual(spec, want) ? [] : [fieldErrors.invalid('spec', spec, `spec of '${name}' must equal the fixed value`)];
}

function validatePriorityLevel(obj: PriorityLevelConfiguration): FieldError[] {
  return [
    ...validateSpec(obj.metadata?.name ?? '', obj.spec ?? {}),
    ...validateConditionTypes(obj.status?.conditions, 'status.conditions', 'must not be empty'),
  ];
}

/** A cell of the `limited` part, `<none>` for exempt levels as the real printer shows. */
function limitedCell(
  obj: PriorityLevelConfiguration,
  read: (limited: LimitedPriorityLevelConfiguration) => number | null | undefined,
): string | number {
  const limited = obj.spec?.limited;
  const v = limited ? read(limited) : undefined;
  return typeof v === 'number' ? v : '<none>';
}

const queuingOf = (limited: LimitedPriorityLevelConfiguration): QueuingConfiguration | undefined => limited.limitResponse?.queuing;

export const priorityLevelConfigurationKind = defineKind<PriorityLevelConfiguration>({
  group: 'flowcontrol.apiserver.orch.io',
  version: 'v1',
  kind: 'PriorityLevelConfiguration',
  resource: 'prioritylevelconfigurations',
  singular: 'prioritylevelconfiguration',
  namespaced: false,
  schema: PriorityLevelConfiguration,
  generation: true,
  subresources: { status: { kind: 'partial', paths: [['status']], verbs: ['get', 'update', 'patch'] } },
  table: [
    {
      name: 'Type',
      type: 'string',
      description: '`type` indicates whether this priority level is subject to limitation on request execution.',
      cell: (obj) => obj.spec?.type ?? '',
    },
    {
      name: 'NominalConcurrencyShares',
      type: 'string',
      description:
        '`nominalConcurrencyShares` (NCS) contributes to the computation of the NominalConcurrencyLimit (NominalCL) of this level.',
      cell: (obj) => limitedCell(obj, (l) => l.nominalConcurrencyShares),
    },
    {
      name: 'Queues',
      type: 'string',
      description: '`queues` is the number of queues for this priority level.',
      cell: (obj) => limitedCell(obj, (l) => queuingOf(l)?.queues),
    },
    {
      name: 'HandSize',
      type: 'string',
      description: '`handSize` is a small positive number that configures the shuffle sharding of requests into queues.',
      cell: (obj) => limitedCell(obj, (l) => queuingOf(l)?.handSize),
    },
    {
      name: 'QueueLengthLimit',
      type: 'string',
      description:
        '`queueLengthLimit` is the maximum number of requests allowed to be waiting in a given queue of this priority level at a time.',
      cell: (obj) => limitedCell(obj, (l) => queuingOf(l)?.queueLengthLimit),
    },
    AGE_COLUMN,
  ],
  strategy: { validate: validatePriorityLevel },
  bootstrap: () => apfObjects('PriorityLevelConfiguration', [MANDATORY_PRIORITY_LEVELS, SUGGESTED_PRIORITY_LEVELS]),
});
