/** The per-kind describers, by `group/Kind` (the core group is empty); other kinds are described generically. */
import type { Describer } from './describer.ts';
import { pod } from './pod.ts';
import { configMap, namespace, secret, serviceAccount } from './simple-kinds.ts';
import { statefulSet } from './statefulset.ts';

export type { DescribeContext, Describer } from './describer.ts';

export const DESCRIBERS: Readonly<Record<string, Describer>> = {
  '/ConfigMap': configMap,
  '/Secret': secret,
  '/Namespace': namespace,
  '/ServiceAccount': serviceAccount,
  '/Pod': pod,
  'apps/StatefulSet': statefulSet,
};

export function describerFor(apiVersion: string | undefined, kind: string | undefined): Describer | undefined {
  const group = apiVersion?.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  return DESCRIBERS[`${group}/${kind ?? ''}`];
}
