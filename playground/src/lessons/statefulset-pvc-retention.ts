import { defineLesson, missing, NS, NS_SETUP, ok, PODS, PVCS, STATEFULSETS } from '../tutorial/lesson.ts';

const PVC = `/api/v1/namespaces/${NS}/persistentvolumeclaims`;
const TARGET = { resource: 'apps/statefulsets', namespace: NS, name: 'db' };

export default defineLesson({
  id: 'statefulset-pvc-retention',
  title: 'StatefulSet claims and their retention',
  summary: 'volumeClaimTemplates give each pod its own claim; a retention policy says when claims go.',
  text: [
    'A StatefulSet’s `volumeClaimTemplates` give each pod its own PersistentVolumeClaim, `<template>-<set>-<ordinal>`, which outlives the pod: a replacement pod gets the same data back.',
    '`persistentVolumeClaimRetentionPolicy` decides what happens to the claims: `whenScaled` (the set gets smaller) and `whenDeleted` (the set is deleted), each `Retain` (the default) or `Delete`.',
  ],
  goal: 'Scale `db` from 3 to 1 (its policy deletes the claims of removed pods), then delete the StatefulSet: `data-db-0` stays (whenDeleted: Retain).',
  steps: [
    'Patch `spec.replicas: 1`: db-2 and db-1 go, and so do their claims.',
    'DELETE the StatefulSet `db`: its pod goes, its claim `data-db-0` is retained.',
  ],
  hint: 'Scale first (the whenScaled policy deletes claims), then delete the set; its last claim is kept because whenDeleted is Retain.',
  settings: { podSimulator: { enabled: true, readyDelayMs: 0, stopDelayMs: 0 } },
  setup: [
    NS_SETUP,
    {
      method: 'POST',
      path: `/apis/apps/v1/namespaces/${NS}/statefulsets`,
      body: {
        metadata: { name: 'db' },
        spec: {
          replicas: 3,
          podManagementPolicy: 'Parallel',
          serviceName: 'db',
          persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' },
          selector: { matchLabels: { app: 'db' } },
          template: {
            metadata: { labels: { app: 'db' } },
            spec: {
              containers: [{ name: 'db', image: 'postgres:17', volumeMounts: [{ name: 'data', mountPath: '/var/lib/postgresql' }] }],
            },
          },
          volumeClaimTemplates: [
            { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
          ],
        },
      },
    },
  ],
  start: { tool: 'editor', yaml: 'spec:\n  replicas: 1\n' },
  picture: {
    kind: 'ladder',
    watch: [
      { ...STATEFULSETS, namespace: NS },
      { ...PODS, namespace: NS },
      { ...PVCS, namespace: NS },
    ],
  },
  async check(ctx) {
    const scaled = ctx.requests.some((r) => r.method === 'PATCH' && r.status === 200 && /"replicas":\s*1/.test(r.body));
    if (!scaled) return missing('db scaled to 1');
    if (await ctx.get(`/apis/apps/v1/namespaces/${NS}/statefulsets/db`)) return missing('the StatefulSet deleted');
    if (!(await ctx.get(`${PVC}/data-db-0`))) return missing('data-db-0 retained');
    if ((await ctx.get(`${PVC}/data-db-1`)) || (await ctx.get(`${PVC}/data-db-2`))) return missing('the claims of db-1 and db-2 deleted');
    return ok;
  },
  solution: [
    {
      tool: 'editor',
      say: 'Scale down: the removed pods’ claims go (whenScaled: Delete).',
      action: 'patch',
      patchType: 'merge',
      target: TARGET,
      yaml: 'spec:\n  replicas: 1\n',
    },
    {
      tool: 'wait',
      say: 'The controller removes db-2 and db-1 and their claims.',
      until: async (ctx) => !(await ctx.get(`${PVC}/data-db-1`)) && !(await ctx.get(`${PVC}/data-db-2`)),
    },
    {
      tool: 'console',
      say: 'Delete the set: data-db-0 stays (whenDeleted: Retain).',
      method: 'DELETE',
      path: `/apis/apps/v1/namespaces/${NS}/statefulsets/db`,
    },
  ],
});
