/**
 * Support of the CustomResourceDefinition tests: a Widget definition to vary, and installing one
 * and waiting until the server serves it (as envtest and `kubectl wait --for condition=established` do).
 */
import { expect } from 'vitest';
import { call, type Target } from '../../support/targets.ts';

export const CRDS = '/apis/apiextensions.orch.io/v1/customresourcedefinitions';
export const WIDGETS = '/apis/example.com/v1/namespaces/default/widgets';

/** A namespaced Widget kind: spec (replicas defaulted, color enum, a map list, an atomic list, a set) and status. */
export function widgetCRD(): any {
  return {
    apiVersion: 'apiextensions.orch.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget', shortNames: ['wd'], categories: ['all'] },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: {
            status: {},
            scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' },
          },
          additionalPrinterColumns: [
            { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
            { name: 'Color', type: 'string', jsonPath: '.spec.color', priority: 1 },
            { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
          ],
          selectableFields: [{ jsonPath: '.spec.color' }],
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  required: ['color'],
                  properties: {
                    replicas: { type: 'integer', minimum: 0, default: 1 },
                    color: { type: 'string', enum: ['red', 'blue'] },
                    name: { type: 'string', maxLength: 5, pattern: '^[a-z]+$' },
                    when: { type: 'string', format: 'date-time' },
                    port: { 'x-kubernetes-int-or-string': true },
                    note: { type: 'string', nullable: true },
                    ports: {
                      type: 'array',
                      'x-kubernetes-list-type': 'map',
                      'x-kubernetes-list-map-keys': ['name'],
                      items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } },
                    },
                    args: { type: 'array', items: { type: 'string' } },
                    tags: { type: 'array', 'x-orch-list-type': 'set', items: { type: 'string' } },
                    labels: { type: 'object', additionalProperties: { type: 'string' } },
                    free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  },
                },
                status: { type: 'object', properties: { replicas: { type: 'integer' }, selector: { type: 'string' } } },
              },
            },
          },
        },
      ],
    },
  };
}

export function widget(name: string, spec: Record<string, unknown> = { color: 'red' }, kind = 'Widget'): any {
  return { apiVersion: 'example.com/v1', kind, metadata: { name }, spec };
}

/** Polls (a few event-loop turns at a time) until `check` holds; the server's own work runs meanwhile. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 2000; i++) {
    const v = await read();
    if (check(v)) return v;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`never happened: ${what}`);
}

export const conditionOf = (crd: any, type: string): any => (crd?.status?.conditions ?? []).find((c: any) => c.type === type);

/** Creates the definition and waits until it is Established; answers the stored definition. */
export async function installCRD(t: Target, crd: any = widgetCRD()): Promise<any> {
  const res = await call(t, 'POST', CRDS, crd);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const got = await eventually(
    () => call(t, 'GET', `${CRDS}/${crd.metadata.name}`),
    (r) => conditionOf(r.body, 'Established')?.status === 'True',
    `${crd.metadata.name} Established`,
  );
  return got.body;
}

/** Deletes the definition and waits until it is gone. */
export async function removeCRD(t: Target, name: string): Promise<void> {
  const res = await call(t, 'DELETE', `${CRDS}/${name}`);
  expect([200, 404]).toContain(res.status);
  await eventually(
    () => call(t, 'GET', `${CRDS}/${name}`),
    (r) => r.status === 404,
    `${name} deleted`,
  );
}
