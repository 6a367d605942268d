/**
 * The watch tracker: which open watches a write is charged for, as the real tracker counts them
 * (watches of the whole resource, of the write's namespace, of its one object; a create names no
 * object; a pod watch selecting a node is not counted), the name a watch is tracked by, and
 * counts going back down as watches end.
 */
import { describe, expect, it } from 'vitest';
import { estimateWork, WatchTracker, watchedName } from '../../../core/flowcontrol/index.ts';
import { parseFieldSelector } from '../../../core/selection/field-selector.ts';

/** A watch: [group, resource, namespace, name, field selector]. */
type Watch = readonly [string, string, string, string, string?];
/** A write: [group, resource, namespace, name ('' for a create)]. */
type Write = readonly [string, string, string, string];

function exactOf(selector: string | undefined) {
  return selector === undefined ? undefined : parseFieldSelector(selector).exact;
}

function tracking(watches: readonly Watch[]): { tracker: WatchTracker; forget: (() => void)[] } {
  const tracker = new WatchTracker();
  const forget = watches.map(([g, r, ns, name, fs]) => tracker.register(g, r, ns, name, exactOf(fs)));
  return { tracker, forget };
}

const all: Watch = ['', 'configmaps', '', ''];
const inA: Watch = ['', 'configmaps', 'a', ''];
const inB: Watch = ['', 'configmaps', 'b', ''];
const xInA: Watch = ['', 'configmaps', 'a', 'x'];
const yInA: Watch = ['', 'configmaps', 'a', 'y'];
const xInB: Watch = ['', 'configmaps', 'b', 'x'];

describe('the watches a write is charged for', () => {
  it.each<[string, Watch[], Write, number]>([
    ['nothing watched', [], ['', 'configmaps', 'a', ''], 0],
    ['a create in a: the resource’s and a’s watches', [all, inA, inB, xInA], ['', 'configmaps', 'a', ''], 2],
    ['a create in b: the resource’s and b’s watches', [all, inA, inA, inB], ['', 'configmaps', 'b', ''], 2],
    ['a create in c: only the resource’s watches', [all, all, inA, inB], ['', 'configmaps', 'c', ''], 2],
    ['an update of x in a: the watches of x in a too', [all, inA, xInA, xInA, yInA, xInB], ['', 'configmaps', 'a', 'x'], 4],
    ['an update of y in a: not those of x', [all, inA, xInA, xInA, yInA], ['', 'configmaps', 'a', 'y'], 3],
    ['a create (no name) in a: no watch of one object', [xInA, yInA], ['', 'configmaps', 'a', ''], 0],
    ['a write of another resource: none', [all, inA, xInA], ['', 'secrets', 'a', 'x'], 0],
    ['a write of the same resource in another group: none', [all, inA], ['apps.example', 'configmaps', 'a', ''], 0],
    [
      'a cluster-scoped write: the resource’s watches and its object’s',
      [
        ['', 'nodes', '', ''],
        ['', 'nodes', '', 'n1'],
        ['', 'nodes', '', 'n2'],
      ],
      ['', 'nodes', '', 'n1'],
      2,
    ],
    // The real resolver puts a namespace's name both as its namespace and its name.
    [
      'an update of namespace a: the watches of path /namespaces/a',
      [
        ['', 'namespaces', 'a', 'a'],
        ['', 'namespaces', '', 'a'],
        ['', 'namespaces', '', ''],
      ],
      ['', 'namespaces', 'a', 'a'],
      2,
    ],
    [
      'pod watches selecting a node: not counted',
      [
        ['', 'pods', '', '', 'spec.nodeName=n1'],
        ['', 'pods', 'a', '', 'spec.nodeName==n1,status.phase=Running'],
      ],
      ['', 'pods', 'a', ''],
      0,
    ],
    [
      'pod watches selecting no node, or not by node: counted',
      [
        ['', 'pods', '', '', 'spec.nodeName='],
        ['', 'pods', 'a', '', 'status.phase=Running'],
        ['', 'pods', 'a', '', 'spec.nodeName!=n1'],
        ['', 'pods', 'a', ''],
      ],
      ['', 'pods', 'a', ''],
      4,
    ],
    ['a node selector only matters for pods', [['', 'configmaps', 'a', '', 'spec.nodeName=n1']], ['', 'configmaps', 'a', ''], 1],
  ])('%s', (_what, watches, [g, r, ns, name], count) => {
    expect(tracking(watches).tracker.interested(g, r, ns, name)).toBe(count);
  });

  it('goes back down as watches end, each forgotten once however often it is told', () => {
    const { tracker, forget } = tracking([all, inA, xInA, xInA]);
    expect(tracker.interested('', 'configmaps', 'a', 'x')).toBe(4);
    forget[2]();
    forget[2]();
    expect(tracker.interested('', 'configmaps', 'a', 'x')).toBe(3);
    forget[1]();
    expect(tracker.interested('', 'configmaps', 'a', 'x')).toBe(2);
    forget[0]();
    forget[3]();
    expect(tracker.interested('', 'configmaps', 'a', 'x')).toBe(0);
    // Forgotten entries leave nothing behind: the same watches counted afresh.
    const again = tracker.register('', 'configmaps', 'a', 'x');
    expect(tracker.interested('', 'configmaps', 'a', 'x')).toBe(1);
    again();
    expect(tracker.interested('', 'configmaps', 'a', 'x')).toBe(0);
  });

  it('forgetting a pod watch it did not count changes nothing', () => {
    const { tracker, forget } = tracking([
      ['', 'pods', 'a', ''],
      ['', 'pods', 'a', '', 'spec.nodeName=n1'],
    ]);
    forget[1]();
    expect(tracker.interested('', 'pods', 'a', '')).toBe(1);
  });

  it('is what a write’s work estimate is charged by: its group, resource, namespace and path name', () => {
    const tracker = tracking(Array.from({ length: 20 }, () => xInA)).tracker;
    const write = (verb: string, name: string) =>
      estimateWork(
        {
          isResourceRequest: true,
          user: { name: 'u', groups: [] },
          verb,
          namespace: 'a',
          apiGroup: '',
          apiVersion: 'v1',
          resource: 'configmaps',
          subresource: '',
          name,
        },
        new URLSearchParams(),
        () => 0,
        (g, r, ns, n) => tracker.interested(g, r, ns, n),
        0,
      ).finalSeats;
    expect(write('update', 'x')).toBe(2);
    expect(write('update', 'y')).toBe(0);
    expect(write('create', '')).toBe(0);
  });
});

describe('the name a watch is tracked by', () => {
  it.each<[string, string, boolean, string | undefined, string]>([
    ['a watch of the collection', '', false, undefined, ''],
    ['the path’s name', 'x', false, undefined, 'x'],
    ['the path’s name, by the /watch/ prefix', 'x', true, undefined, 'x'],
    ['a field selector’s metadata.name', '', false, 'metadata.name=x', 'x'],
    ['a field selector’s metadata.name among other terms', '', false, 'status.phase=Running,metadata.name==x', 'x'],
    ['none by the /watch/ prefix: the verb is known before the query is read', '', true, 'metadata.name=x', ''],
    ['none for a selector that excludes a name', '', false, 'metadata.name!=x', ''],
    ['none for a selector of other fields', '', false, 'metadata.namespace=a', ''],
    ['none for a name that is no path segment (..)', '', false, 'metadata.name=..', ''],
    ['none for a name that is no path segment (.)', '', false, 'metadata.name=.', ''],
    ['none for a name that is no path segment (/)', '', false, 'metadata.name=a/b', ''],
    ['none for a name that is no path segment (%)', '', false, 'metadata.name=a%b', ''],
  ])('%s', (_what, pathName, viaPrefix, selector, name) => {
    expect(watchedName(pathName, viaPrefix, exactOf(selector))).toBe(name);
  });
});
