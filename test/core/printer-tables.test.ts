/**
 * Tables (`Accept: application/json;as=Table`) that follow a printer other than the usual
 * `Name … Age`: Events print their name last and only with `-o wide` (both versions, one printer),
 * a built-in kind's `scale` subresource prints the Scale printer's `Name Desired Available Age`,
 * a custom resource's prints the resource's own columns read from the Scale, and a `status`
 * subresource prints its parent's table, as the real platform's subresource storage converts
 * with its parent's converter (docs/api-rules.md, "Tables").
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statefulSet, pod } from '../support/builders.ts';
import { clockedServerPerTest } from '../support/clocked-server.ts';
import { call, serverPerSuite } from '../support/targets.ts';
import { installCRD, WIDGETS, widget } from './apiextensions/crd-support.ts';

const TABLE = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const NS = '/api/v1/namespaces/default';
const SS = '/apis/apps/v1/namespaces/default/statefulsets';

/** A column definition as [name, type, format, priority]. */
type Column = readonly [string, string, string, number];

const EVENT_COLUMNS: readonly Column[] = [
  ['Last Seen', 'string', '', 0],
  ['Type', 'string', '', 0],
  ['Reason', 'string', '', 0],
  ['Object', 'string', '', 0],
  ['Subobject', 'string', '', 1],
  ['Source', 'string', '', 1],
  ['Message', 'string', '', 0],
  ['First Seen', 'string', '', 1],
  ['Count', 'string', '', 1],
  ['Name', 'string', 'name', 1],
];

// The event was recorded when the server started; the table is read 90 s later.
const EVENT_CELLS = ['90s', 'Normal', 'Tested', 'configmap/target', '', 'tester', 'hello', '90s', 1, 'ev1'];

const POD_COLUMNS: readonly Column[] = [
  ['Name', 'string', 'name', 0],
  ['Ready', 'string', '', 0],
  ['Status', 'string', '', 0],
  ['Restarts', 'string', '', 0],
  ['Age', 'string', '', 0],
  ['IP', 'string', '', 1],
  ['Node', 'string', '', 1],
  ['Nominated Node', 'string', '', 1],
  ['Readiness Gates', 'string', '', 1],
];

interface Row {
  readonly what: string;
  readonly path: string;
  readonly columns: readonly Column[];
  /** The cells of the first row, or the first few of them. */
  readonly cells: readonly unknown[];
}

const ROWS: readonly Row[] = [
  { what: 'core/v1 events', path: `${NS}/events`, columns: EVENT_COLUMNS, cells: EVENT_CELLS },
  {
    what: 'events.orch.io/v1 events',
    path: '/apis/events.orch.io/v1/namespaces/default/events',
    columns: EVENT_COLUMNS,
    cells: EVENT_CELLS,
  },
  { what: 'one core/v1 event', path: `${NS}/events/ev1`, columns: EVENT_COLUMNS, cells: EVENT_CELLS },
  {
    what: 'statefulsets/scale',
    path: `${SS}/web/scale`,
    columns: [
      ['Name', 'string', '', 0],
      ['Desired', 'integer', '', 0],
      ['Available', 'integer', '', 0],
      ['Age', 'string', '', 0],
    ],
    cells: ['web', 3, 0, '90s'],
  },
  {
    what: 'statefulsets/status (the StatefulSet table)',
    path: `${SS}/web/status`,
    columns: [
      ['Name', 'string', 'name', 0],
      ['Ready', 'string', '', 0],
      ['Age', 'string', '', 0],
      ['Containers', 'string', '', 1],
      ['Images', 'string', '', 1],
    ],
    cells: ['web', '0/3', '90s', 'app', 'nginx:1.27'],
  },
  { what: 'pods/status (the Pod table)', path: `${NS}/pods/p/status`, columns: POD_COLUMNS, cells: ['p', '0/1', 'Pending', '0', '90s'] },
];

describe('tables after their printers', () => {
  const t = clockedServerPerTest();

  beforeEach(async () => {
    const created = [
      await t.req('POST', `${NS}/configmaps`, { metadata: { name: 'target' } }),
      await t.req('POST', `${NS}/events`, {
        metadata: { name: 'ev1' },
        involvedObject: { kind: 'ConfigMap', name: 'target', namespace: 'default' },
        reason: 'Tested',
        message: 'hello',
        type: 'Normal',
        source: { component: 'tester' },
        firstTimestamp: new Date(t.clock.now()).toISOString().replace(/\.\d+Z$/, 'Z'),
        lastTimestamp: new Date(t.clock.now()).toISOString().replace(/\.\d+Z$/, 'Z'),
      }),
      await t.req('POST', SS, statefulSet('web', { replicas: 3 })),
      await t.req('POST', `${NS}/pods`, pod('p')),
    ];
    expect(created.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    await t.clock.advance(90_000);
  });

  it.each(ROWS)('$what', async ({ path, columns, cells }) => {
    const r = await t.req('GET', path, undefined, TABLE);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.kind).toBe('Table');
    expect(r.body.columnDefinitions.map((c: any) => [c.name, c.type, c.format, c.priority])).toEqual(columns);
    expect(r.body.rows).toHaveLength(1);
    expect(r.body.rows[0].cells.slice(0, cells.length)).toEqual(cells);
    expect(r.body.rows[0].cells).toHaveLength(columns.length);
  });

  it('a scale table carries the Scale as its row object (metadata only by default)', async () => {
    const r = await t.req('GET', `${SS}/web/scale`, undefined, TABLE);
    expect(r.body.rows[0].object).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'web', namespace: 'default' } });
  });
});

describe('a custom resource’s scale prints the resource’s columns, read from the Scale', () => {
  const t = serverPerSuite();
  beforeAll(async () => {
    await installCRD(t);
    expect((await call(t, 'POST', WIDGETS, widget('w', { color: 'blue', replicas: 2 }))).status).toBe(201);
  });

  it('Name, Replicas (.spec.replicas is the Scale’s too), Color (none on a Scale), Age', async () => {
    const r = await call(t, 'GET', `${WIDGETS}/w/scale`, undefined, TABLE);
    expect(r.status, r.text).toBe(200);
    expect(r.body.columnDefinitions.map((c: any) => [c.name, c.type, c.format, c.priority])).toEqual([
      ['Name', 'string', 'name', 0],
      ['Replicas', 'integer', '', 0],
      ['Color', 'string', '', 1],
      ['Age', 'date', '', 0],
    ]);
    const [name, replicas, color, age] = r.body.rows[0].cells;
    expect([name, replicas, color]).toEqual(['w', 2, null]);
    expect(age).toMatch(/^\d+s$/);
  });
});
