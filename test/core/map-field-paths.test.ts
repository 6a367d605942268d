/**
 * Problems in map-valued fields are reported where the real validation reports them: a bad label
 * key or value (labels, nodeSelector, a Service selector, a selector's matchLabels) at the map's
 * own path with the offending key or value in the message; annotation keys at the map's path;
 * ConfigMap and Secret keys at `data[key]` / `binaryData[key]`.
 */
import { describe, expect, it } from 'vitest';
import { pod, statefulSet } from '../support/builders.ts';
import { call, serverPerSuite } from '../support/targets.ts';

const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const QUALIFIED_NAME =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const CONFIG_KEY = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";

const NS = '/api/v1/namespaces/default';

interface Row {
  readonly what: string;
  readonly path: string;
  readonly body: unknown;
  readonly field: string;
  /** The cause's message: `Invalid value: "<value>": <detail>`. */
  readonly value: string;
  readonly detail: string;
}

const ROWS: readonly Row[] = [
  {
    what: 'a label value',
    path: `${NS}/configmaps`,
    body: { metadata: { name: 'x', labels: { good: 'b c' } } },
    field: 'metadata.labels',
    value: 'b c',
    detail: LABEL_VALUE,
  },
  {
    what: 'a label key',
    path: `${NS}/configmaps`,
    body: { metadata: { name: 'x', labels: { 'a b': 'c' } } },
    field: 'metadata.labels',
    value: 'a b',
    detail: QUALIFIED_NAME,
  },
  {
    what: 'a label value too long',
    path: `${NS}/configmaps`,
    body: { metadata: { name: 'x', labels: { k: 'v'.repeat(64) } } },
    field: 'metadata.labels',
    value: 'v'.repeat(64),
    detail: 'must be no more than 63 characters',
  },
  {
    what: 'an annotation key',
    path: `${NS}/configmaps`,
    body: { metadata: { name: 'x', annotations: { 'a b': 'c' } } },
    field: 'metadata.annotations',
    value: 'a b',
    detail: QUALIFIED_NAME,
  },
  {
    what: 'a Pod nodeSelector value',
    path: `${NS}/pods`,
    body: pod('p', { spec: { nodeSelector: { disk: 'ssd fast' } } }),
    field: 'spec.nodeSelector',
    value: 'ssd fast',
    detail: LABEL_VALUE,
  },
  {
    what: 'a Pod nodeSelector key',
    path: `${NS}/pods`,
    body: pod('p', { spec: { nodeSelector: { '-disk': 'ssd' } } }),
    field: 'spec.nodeSelector',
    value: '-disk',
    detail: QUALIFIED_NAME,
  },
  {
    what: 'a Service selector value',
    path: `${NS}/services`,
    body: { metadata: { name: 's' }, spec: { selector: { app: 'we b' }, ports: [{ port: 80 }] } },
    field: 'spec.selector',
    value: 'we b',
    detail: LABEL_VALUE,
  },
  {
    what: 'a StatefulSet matchLabels value',
    path: '/apis/apps/v1/namespaces/default/statefulsets',
    body: statefulSet('s', { selectorLabels: { app: 'we b' } }),
    field: 'spec.selector.matchLabels',
    value: 'we b',
    detail: LABEL_VALUE,
  },
  {
    what: 'a StatefulSet template label value',
    path: '/apis/apps/v1/namespaces/default/statefulsets',
    body: statefulSet('s', { selectorLabels: { app: 'web' }, templateLabels: { app: 'web', tier: 'fr ont' } }),
    field: 'spec.template.labels',
    value: 'fr ont',
    detail: LABEL_VALUE,
  },
  {
    what: 'a ConfigMap data key',
    path: `${NS}/configmaps`,
    body: { metadata: { name: 'x' }, data: { 'a b': 'v' } },
    field: 'data[a b]',
    value: 'a b',
    detail: CONFIG_KEY,
  },
  {
    what: 'a ConfigMap binaryData key',
    path: `${NS}/configmaps`,
    body: { metadata: { name: 'x' }, binaryData: { 'a b': 'dg==' } },
    field: 'binaryData[a b]',
    value: 'a b',
    detail: CONFIG_KEY,
  },
  {
    what: 'a Secret data key',
    path: `${NS}/secrets`,
    body: { metadata: { name: 'x' }, data: { 'a b': 'dg==' } },
    field: 'data[a b]',
    value: 'a b',
    detail: CONFIG_KEY,
  },
];

const t = serverPerSuite();

describe('where a bad key or value of a map is reported', () => {
  it.each(ROWS)('$what → $field', async (row) => {
    const r = await call(t, 'POST', row.path, row.body);
    expect(r.status).toBe(422);
    const cause = (r.body.details.causes as { field: string; message: string }[]).find((c) =>
      c.message.startsWith(`Invalid value: ${JSON.stringify(row.value)}: `),
    );
    expect(cause).toMatchObject({ reason: 'FieldValueInvalid', field: row.field });
    expect(cause!.message).toContain(row.detail);
    expect(r.body.message).toContain(`${row.field}: Invalid value: ${JSON.stringify(row.value)}: `);
  });
});

describe('the size of annotations', () => {
  it.each([
    { name: 'at the limit (in bytes: two-byte characters count twice)', n: 131_071, status: 201 },
    { name: 'a byte past it', n: 131_072, status: 422 },
  ])('$name', async ({ n, status }) => {
    // `ab` + 2n bytes of value: 262,144 bytes at n = 131,071.
    const r = await call(t, 'POST', `${NS}/configmaps`, { metadata: { name: `size-${n}`, annotations: { ab: 'é'.repeat(n) } } });
    expect(r.status).toBe(status);
    if (status === 422) {
      expect(r.body.details.causes).toEqual([
        { reason: 'FieldValueTooLong', message: 'Too long: may not be more than 262144 bytes', field: 'metadata.annotations' },
      ]);
    }
  });
});
