/**
 * Lease (coordination.orch.io/v1, namespaced): a lock a holder keeps by renewing it, which
 * leader election among API server replicas and node heartbeats are built on. A PUT may create
 * one (candidates write the lease they want whether or not it exists yet). `strategy` and
 * `preferredHolder` belong to coordinated leader election, an alpha feature in v1.32: without
 * its gate they are dropped from writes, as the real platform does.
 */
import { fieldErrors, type FieldError } from '../../errors/field-error.ts';
import { isQualifiedName } from '../../meta/names.ts';
import { defineKind, type StrategyContext } from '../definition.ts';
import { AGE_COLUMN } from '../table.ts';
import { Lease, type LeaseSpec } from '../types/coordination-v1.ts';

const GATE = 'CoordinatedLeaderElection';
const STRATEGIES = ['OldestEmulationVersion'];

/**
 * A strategy is one the platform defines, or a domain-qualified one of someone else's. The real
 * validator names the field one `strategy` deeper than it is; the path is kept as clients see it.
 */
function validateStrategy(strategy: string): FieldError[] {
  const path = 'spec.strategy.strategy';
  if (!strategy.includes('/')) return STRATEGIES.includes(strategy) ? [] : [fieldErrors.notSupported(path, strategy, STRATEGIES)];
  return isQualifiedName(strategy).map((m) => fieldErrors.invalid(path, strategy, m));
}

function validate(obj: Lease): FieldError[] {
  const spec: LeaseSpec = obj.spec ?? {};
  const errs: FieldError[] = [];
  if (spec.leaseDurationSeconds != null && spec.leaseDurationSeconds <= 0)
    errs.push(fieldErrors.invalid('spec.leaseDurationSeconds', spec.leaseDurationSeconds, 'must be greater than 0'));
  if (spec.leaseTransitions != null && spec.leaseTransitions < 0)
    errs.push(fieldErrors.invalid('spec.leaseTransitions', spec.leaseTransitions, 'must be greater than or equal to 0'));
  if (spec.strategy != null) errs.push(...validateStrategy(spec.strategy));
  if (spec.preferredHolder && !spec.strategy)
    errs.push(fieldErrors.forbidden('spec.preferredHolder', 'may only be specified if `strategy` is defined'));
  return errs;
}

/** Drops the coordinated-election fields a write sets while the gate is off, unless the stored lease has them. */
function dropDisabled(obj: Lease, old: Lease | undefined, ctx: StrategyContext): void {
  if (ctx.gates.enabled(GATE) || !obj.spec) return;
  if (old?.spec?.strategy == null) delete obj.spec.strategy;
  if (old?.spec?.preferredHolder == null) delete obj.spec.preferredHolder;
}

export const leaseKind = defineKind<Lease>({
  group: 'coordination.orch.io',
  version: 'v1',
  kind: 'Lease',
  resource: 'leases',
  singular: 'lease',
  namespaced: true,
  schema: Lease,
  allowCreateOnUpdate: true,
  table: [
    {
      name: 'Holder',
      type: 'string',
      description: 'The identity of the current holder of the lease.',
      cell: (obj) => obj.spec?.holderIdentity ?? '',
    },
    AGE_COLUMN,
  ],
  strategy: {
    prepareForCreate: (obj, ctx) => dropDisabled(obj, undefined, ctx),
    prepareForUpdate: (obj, old, ctx) => dropDisabled(obj, old, ctx),
    // The registry runs validate on updates too, which is all ValidateLeaseUpdate adds to the meta checks.
    validate,
  },
});
