/**
 * What kubectl 1.32 prints from the server's tables where the printer is not `NAME … AGE`:
 * `get events` (name last, only with `-o wide`) and `get --subresource=scale` (the Scale
 * printer's `NAME DESIRED AVAILABLE AGE`) (docs/api-rules.md, "Tables").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const EVENT = `apiVersion: v1
kind: Event
metadata: {name: ev1}
involvedObject: {kind: ConfigMap, name: ev-target, namespace: default}
reason: Tested
message: hello
type: Normal
source: {component: tester}
`;

const WEB = `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: web
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx}]
`;

/** kubectl's columns, split on the runs of spaces between them. */
const cellsOf = (line: string) => line.trim().split(/ {2,}/);

describe('kubectl 1.32 get, printed from the server’s tables', () => {
  const cluster = kubectlPerSuite({ host: '127.0.0.1' });
  const k = cluster.kubectl;

  beforeAll(async () => {
    await k('create', 'configmap', 'ev-target');
    await k('create', '-f', k.file('event.yaml', EVENT));
    await k('create', '-f', k.file('web.yaml', WEB));
  });

  it('get events: LAST SEEN TYPE REASON OBJECT MESSAGE, no name', async () => {
    const [header, row, ...rest] = (await k('get', 'events', '--field-selector', 'reason=Tested')).trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(cellsOf(header)).toEqual(['LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE']);
    // The event has no timestamps: the real printer's <unknown>.
    expect(cellsOf(row)).toEqual(['<unknown>', 'Normal', 'Tested', 'configmap/ev-target', 'hello']);
  });

  it('get events -o wide: the priority-1 columns too, NAME last', async () => {
    const [header, row] = (await k('get', 'events', '--field-selector', 'reason=Tested', '-o', 'wide')).trimEnd().split('\n');
    expect(cellsOf(header)).toEqual([
      'LAST SEEN',
      'TYPE',
      'REASON',
      'OBJECT',
      'SUBOBJECT',
      'SOURCE',
      'MESSAGE',
      'FIRST SEEN',
      'COUNT',
      'NAME',
    ]);
    // SUBOBJECT is empty, so its cell is not seen between OBJECT and SOURCE.
    expect(cellsOf(row)).toEqual(['<unknown>', 'Normal', 'Tested', 'configmap/ev-target', 'tester', 'hello', '<unknown>', '1', 'ev1']);
  });

  it('get statefulset --subresource=scale: NAME DESIRED AVAILABLE AGE', async () => {
    const [header, row, ...rest] = (await k('get', 'statefulset', 'web', '--subresource=scale')).trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(cellsOf(header)).toEqual(['NAME', 'DESIRED', 'AVAILABLE', 'AGE']);
    const cells = cellsOf(row);
    expect(cells.slice(0, 3)).toEqual(['web', '2', '0']);
    expect(cells[3]).toMatch(/^\d+s$/);
  });
});
