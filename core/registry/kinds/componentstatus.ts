/**
 * ComponentStatus (core v1, cluster scoped, read-only): the health of the control plane's parts.
 * Deprecated since v1.19 but still served, so requests for it carry the deprecation Warning and
 * count in `apiserver_requested_deprecated_apis`, as in the real platform.
 */
import { defineKind } from '../definition.ts';
import { ComponentStatus, type ComponentCondition } from '../types/core-v1-misc.ts';

/** The `Healthy` condition, the one the table reports. */
function condition(obj: ComponentStatus): ComponentCondition | undefined {
  return (obj.conditions ?? []).find((c) => c.type === 'Healthy');
}

export const componentStatusKind = defineKind<ComponentStatus>({
  group: '',
  version: 'v1',
  kind: 'ComponentStatus',
  resource: 'componentstatuses',
  singular: 'componentstatus',
  shortNames: ['cs'],
  namespaced: false,
  schema: ComponentStatus,
  verbs: ['get', 'list'],
  deprecated: { deprecatedIn: '1.19' },
  table: [
    {
      name: 'Status',
      type: 'string',
      description: 'Status of the component conditions',
      cell: (o) => (condition(o)?.status === 'True' ? 'Healthy' : 'Unhealthy'),
    },
    { name: 'Message', type: 'string', description: 'Message of the component conditions', cell: (o) => condition(o)?.message ?? '' },
    { name: 'Error', type: 'string', description: 'Error of the component conditions', cell: (o) => condition(o)?.error ?? '' },
  ],
  bootstrap: () =>
    ['controller-manager', 'scheduler', 'etcd-0'].map((name) => ({
      apiVersion: 'v1',
      kind: 'ComponentStatus',
      metadata: { name },
      conditions: [{ type: 'Healthy', status: 'True', message: 'ok' }],
    })),
});
