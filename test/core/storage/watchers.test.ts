/**
 * A backend's live watchers, found by the resource part of a written key: each write reaches
 * exactly the watchers whose prefix it is under (the whole registry, its resource, a namespace
 * of it), never those of another resource, however alike the names, and an ended watch nothing.
 */
import { describe, expect, it } from 'vitest';
import { type BackendEvent, MemoryBackend, resourcePartOf, WatcherSet } from '../../../core/storage/index.ts';

const event = (key: string): BackendEvent => ({ type: 'delete', key, kv: undefined, prevKv: undefined, revision: 1 });

const PREFIXES = [
  '/registry/',
  '/registry/config',
  '/registry/configmaps/',
  '/registry/configmaps/ns/',
  '/registry/configmaps2/',
  '/registry/secrets/',
];

describe('watchers by resource', () => {
  it.each([
    ['/registry/configmaps/ns/a', ['/registry/', '/registry/config', '/registry/configmaps/', '/registry/configmaps/ns/']],
    ['/registry/configmaps/other/a', ['/registry/', '/registry/config', '/registry/configmaps/']],
    ['/registry/configmaps2/ns/a', ['/registry/', '/registry/config', '/registry/configmaps2/']],
    ['/registry/secrets/ns/a', ['/registry/', '/registry/secrets/']],
    ['/registry/namespaces/default', ['/registry/']],
    ['/elsewhere', []],
  ])('a write of %s reaches %j', (key, expected) => {
    const set = new WatcherSet();
    const reached: string[] = [];
    for (const p of PREFIXES) set.add(p, () => reached.push(p));
    set.emit(event(key));
    expect(reached.sort()).toEqual([...expected].sort());
  });

  it('finds each write’s resource in a run of writes alternating between resources of alike names', () => {
    const set = new WatcherSet();
    const reached: string[] = [];
    for (const r of ['configmaps', 'configmaps2', 'secrets']) set.add(`/registry/${r}/`, (e) => reached.push(`${r} ${e.key}`));
    const keys = [
      '/registry/configmaps/ns/a',
      '/registry/configmaps2/ns/b',
      '/registry/configmaps/ns/c',
      '/registry/secrets/x',
      '/registry/nodes/n',
    ];
    for (const k of keys) set.emit(event(k));
    expect(reached).toEqual([
      'configmaps /registry/configmaps/ns/a',
      'configmaps2 /registry/configmaps2/ns/b',
      'configmaps /registry/configmaps/ns/c',
      'secrets /registry/secrets/x',
    ]);
  });

  it('forgets an ended watch, keeping the others of its resource', () => {
    const set = new WatcherSet();
    const reached: string[] = [];
    const stopA = set.add('/registry/configmaps/', () => reached.push('a'));
    set.add('/registry/configmaps/', () => reached.push('b'));
    const stopBroad = set.add('/registry/', () => reached.push('all'));
    expect(set.size).toBe(3);
    stopA();
    stopBroad();
    set.emit(event('/registry/configmaps/ns/x'));
    expect(reached).toEqual(['b']);
    expect(set.size).toBe(1);
  });

  it.each([
    ['/registry/configmaps/ns/a', '/registry/configmaps/'],
    ['/registry/configmaps/', '/registry/configmaps/'],
    ['/registry/', undefined],
    ['/registry/config', undefined],
  ])('the resource part of %s is %s', (key, part) => {
    expect(resourcePartOf(key)).toBe(part);
  });

  it('the memory backend delivers each write to its own resource’s watch only', async () => {
    const b = new MemoryBackend();
    const seen = new Map<string, string[]>();
    for (const r of ['configmaps', 'secrets', 'pods']) {
      seen.set(r, []);
      b.watch(`/registry/${r}/`, 0, (e) => seen.get(r)!.push(e.key));
    }
    await b.create('/registry/secrets/ns/s', () => '{}');
    await b.create('/registry/configmaps/ns/c', () => '{}');
    expect(Object.fromEntries(seen)).toEqual({
      configmaps: ['/registry/configmaps/ns/c'],
      secrets: ['/registry/secrets/ns/s'],
      pods: [],
    });
  });
});
