/** The conditions of a CustomResourceDefinition's status, kept as the real apiextensions controllers keep them. */
import type { CustomResourceDefinition, CustomResourceDefinitionCondition } from '../registry/types/apiextensions-v1.ts';
import { formatTime } from '../util/time.ts';

export type CRDConditionType = 'NamesAccepted' | 'Established' | 'Terminating';

export function isCondition(c: CustomResourceDefinitionCondition, type: CRDConditionType, status: string): boolean {
  return c.type === type && c.status === status;
}

export function conditionOf(crd: CustomResourceDefinition, type: CRDConditionType): CustomResourceDefinitionCondition | undefined {
  return (crd.status?.conditions ?? []).find((c) => c.type === type);
}

export function isEstablished(crd: CustomResourceDefinition): boolean {
  return conditionOf(crd, 'Established')?.status === 'True';
}

/**
 * Sets a condition; the transition time moves only when the status changes, as the real
 * SetCRDCondition does. Returns whether anything changed.
 */
export function setCondition(
  crd: CustomResourceDefinition,
  next: { type: CRDConditionType; status: 'True' | 'False' | 'Unknown'; reason: string; message: string },
  now: number,
): boolean {
  const status = (crd.status ??= {});
  const conditions = (status.conditions ??= []);
  const i = conditions.findIndex((c) => c.type === next.type);
  const old = i >= 0 ? conditions[i] : undefined;
  if (old && old.status === next.status && old.reason === next.reason && old.message === next.message) return false;
  const c: CustomResourceDefinitionCondition = {
    type: next.type,
    status: next.status,
    lastTransitionTime: old && old.status === next.status && old.lastTransitionTime ? old.lastTransitionTime : formatTime(now),
    reason: next.reason,
    message: next.message,
  };
  if (i >= 0) conditions[i] = c;
  else conditions.push(c);
  return true;
}
