/**
 * Seats in API Priority and Fairness: how many a request takes (a LIST by the objects it goes
 * through, a write by the watchers its event goes to, as the real work estimator reckons it), how
 * a level runs wide requests and holds a write's final seats after its answer, how the server's
 * seats are divided (nominal, lendable, borrowable) and shared out again by demand.
 */
import { describe, expect, it } from 'vitest';
import type { Attributes } from '../../../core/auth/attributes.ts';
import {
  allocate,
  EVENT_ADDITIONAL_DURATION_MS,
  estimateSeats,
  estimateWork,
  FlowControl,
  type Grant,
  levelMaxSeats,
  type LevelConfig,
  mutatingWork,
  PriorityLevel,
  WATCHES_PER_SEAT,
  type WorkEstimate,
} from '../../../core/flowcontrol/index.ts';
import { SUGGESTED_PRIORITY_LEVELS, MANDATORY_PRIORITY_LEVELS } from '../../../core/registry/kind-support/apf-bootstrap.ts';
import type { FlowSchema, PriorityLevelConfiguration } from '../../../core/registry/types/flowcontrol-v1.ts';
import { SimClock } from './sim.ts';

const USER = { name: 'u', groups: ['system:authenticated'] };
function req(verb: string, resource = 'configmaps', subresource = ''): Attributes {
  return {
    isResourceRequest: true,
    user: USER,
    verb,
    namespace: 'ns',
    apiGroup: '',
    apiVersion: 'v1',
    resource,
    subresource,
    name: '',
  };
}

describe('a request’s seats', () => {
  const count = (_g: string, r: string) => (r === 'configmaps' ? 2_500 : r === 'few' ? 30 : undefined);
  it.each([
    ['a GET', 'get', '', 1],
    ['a create', 'create', '', 1],
    ['a LIST from the watch cache, by every stored object', 'list', '', 10],
    ['a LIST of few objects', 'list', '', 1, 'few'],
    ['a LIST of a kind whose count is unknown', 'list', '', 1, 'unknown'],
    ['a page read from storage (continue): twice the page', 'list', 'limit=250&continue=abc', 5],
    ['a page with an exact version: twice the page', 'list', 'limit=300&resourceVersion=12', 6],
    ['a filtered page from storage: the stored ones and the page', 'list', 'limit=100&continue=x&labelSelector=a%3Db', 10],
    ['a page from the cache still goes through every object', 'list', 'limit=10', 10],
    ['options that cannot be read: the maximum', 'list', 'limit=ten', 10],
    ['a WATCH', 'watch', '', 1],
    ['a WATCH with its initial events, like a LIST', 'watch', 'sendInitialEvents=true&resourceVersionMatch=NotOlderThan', 10],
  ])('%s: %i', (_what, verb, query, seats, resource = 'configmaps') => {
    expect(estimateSeats(req(verb, resource), new URLSearchParams(query), count, 0)).toBe(seats);
  });

  it.each([
    [49, 6, 8],
    [245, 6, 37],
    [13, 0, 0],
    [2, 8, 1],
  ])('a level of %i nominal seats and hands of %i takes at most %i per request', (nominal, hand, max) => {
    expect(levelMaxSeats(nominal, hand)).toBe(max);
  });

  it('never more than the level allows', () => {
    expect(estimateSeats(req('list'), new URLSearchParams(), () => 100_000, 3)).toBe(3);
  });
});

describe('a write’s work', () => {
  const thenHolds = (finalSeats: number, additionalLatencyMs: number): WorkEstimate => ({
    initialSeats: 1,
    finalSeats,
    additionalLatencyMs,
  });
  const ms = EVENT_ADDITIONAL_DURATION_MS;
  it.each<[string, Attributes, number, number, WorkEstimate]>([
    ['no watchers: one seat, nothing after', req('create'), 0, 0, thenHolds(0, 0)],
    ['fewer watchers than one seat stands for: nothing after', req('update'), WATCHES_PER_SEAT - 1, 0, thenHolds(0, 0)],
    ['10 watchers: one seat after, for one event’s time', req('patch'), 10, 0, thenHolds(1, ms)],
    ['15 watchers: two seats after (one per 10, rounded up), for one event’s time', req('delete'), 15, 0, thenHolds(2, ms)],
    ['a status write counts the watchers of its resource', req('update', 'configmaps', 'status'), 15, 0, thenHolds(2, ms)],
    [
      '200 watchers at a level of 3 seats a request: 3 seats, held longer for the same seat-time',
      req('create'),
      200,
      3,
      thenHolds(3, (20 * ms) / 3),
    ],
    ['200 watchers at a level with no maximum: 10 seats at most', req('create'), 200, 0, thenHolds(10, 2 * ms)],
    ['issuing a ServiceAccount token sends no event', req('create', 'serviceaccounts', 'token'), 200, 0, thenHolds(0, 0)],
  ])('%s', (_what, a, watchers, maxSeats, work) => {
    const got = mutatingWork(a, watchers, maxSeats);
    expect(got.initialSeats).toBe(work.initialSeats);
    expect(got.finalSeats).toBe(work.finalSeats);
    expect(got.additionalLatencyMs).toBeCloseTo(work.additionalLatencyMs, 9);
  });

  it.each([
    ['a create', 'create', 2],
    ['a delete', 'delete', 2],
    ['a deletecollection (not estimated as a write)', 'deletecollection', 0],
    ['a GET', 'get', 0],
  ])('%s with 15 watchers of its resource: %i final seats', (_what, verb, finalSeats) => {
    const watchers = (g: string, r: string) => (g === '' && r === 'configmaps' ? 15 : 0);
    expect(estimateWork(req(verb), new URLSearchParams(), () => 10, watchers, 0).finalSeats).toBe(finalSeats);
  });
});

const level = (over: Partial<LevelConfig> = {}, clock = new SimClock()) =>
  new PriorityLevel(
    { name: 'l', uid: 'u', exempt: false, seats: 4, queues: 1, handSize: 1, queueLengthLimit: 10, ...over },
    60_000,
    () => clock.now(),
    clock,
  );

describe('a level running wide requests', () => {
  it('runs a wide request when its seats are free, and queues one that does not fit', async () => {
    const l = level();
    const first = l.acquire('f', () => undefined, 3) as Grant;
    expect(first.work.initialSeats).toBe(3);
    const wide = l.acquire('f', () => undefined, 3);
    expect(wide).toBeInstanceOf(Promise);
    // A narrow one behind the wide head waits too: the head holds the line.
    const narrow = l.acquire('f', () => undefined, 1);
    expect(narrow).toBeInstanceOf(Promise);
    first.finish();
    expect(await wide).toMatchObject({ work: { initialSeats: 3 } });
    expect(await narrow).toMatchObject({ work: { initialSeats: 1 } });
    expect(l.executing).toBe(4);
  });

  it('runs a request wider than the level alone, once nothing else runs', async () => {
    const l = level({ seats: 2 });
    const one = l.acquire('f', () => undefined, 1) as Grant;
    const huge = l.acquire('f', () => undefined, 5);
    expect(huge).toBeInstanceOf(Promise);
    one.finish();
    expect(await huge).toMatchObject({ work: { initialSeats: 5 } });
    expect(l.executing).toBe(5);
    expect(l.acquire('f', () => undefined, 1)).toBeInstanceOf(Promise);
  });
});

describe('a write’s final seats', () => {
  it('stay held for the additional latency after its answer, then go to the next request', async () => {
    const clock = new SimClock();
    const l = level({ seats: 2 }, clock);
    const write = l.acquire('f', () => undefined, { initialSeats: 1, finalSeats: 2, additionalLatencyMs: 5 }) as Grant;
    // It holds the wider of its phases throughout.
    expect(l.executing).toBe(2);
    write.finish();
    expect([l.running, l.executing]).toEqual([0, 2]);
    let ran = false;
    void (l.acquire('f', () => undefined) as Promise<Grant | false>).then(() => {
      ran = true;
    });
    await clock.run(4);
    expect(ran).toBe(false);
    await clock.run(1);
    expect(ran).toBe(true);
    expect(l.executing).toBe(1);
  });

  it('wider than the level are narrowed to its seats and held proportionally longer', async () => {
    const clock = new SimClock();
    const l = level({ seats: 2 }, clock);
    const write = l.acquire('f', () => undefined, { initialSeats: 1, finalSeats: 4, additionalLatencyMs: 5 });
    const g = (await write) as Grant;
    expect(g.work).toEqual({ initialSeats: 1, finalSeats: 2, additionalLatencyMs: 10 });
    g.finish();
    await clock.run(9);
    expect(l.executing).toBe(2);
    await clock.run(1);
    expect(l.executing).toBe(0);
  });
});

describe('sharing seats between levels', () => {
  it.each([
    [
      'the fair fraction scales every target',
      10,
      [
        { lower: 1, upper: 10, target: 2 },
        { lower: 1, upper: 10, target: 3 },
      ],
      [4, 6],
    ],
    [
      'a level at its upper bound stops there',
      10,
      [
        { lower: 0, upper: 2, target: 5 },
        { lower: 0, upper: 20, target: 5 },
      ],
      [2, 8],
    ],
    [
      'lower bounds above the total win',
      3,
      [
        { lower: 2, upper: 5, target: 2 },
        { lower: 2, upper: 5, target: 2 },
      ],
      [2, 2],
    ],
    [
      'upper bounds below the total win',
      30,
      [
        { lower: 0, upper: 5, target: 1 },
        { lower: 0, upper: 7, target: 1 },
      ],
      [5, 7],
    ],
    [
      'no demand keeps a lending level at its floor',
      10,
      [
        { lower: 0, upper: 20, target: 0 },
        { lower: 4, upper: 20, target: 4 },
      ],
      [0, 10],
    ],
  ])('%s', (_what, total, items, expected) => {
    const got = allocate(total, items);
    got.forEach((g, i) => expect(g).toBeCloseTo(expected[i], 6));
  });
});

function plc(name: string, spec: PriorityLevelConfiguration['spec']): PriorityLevelConfiguration {
  return { metadata: { name, uid: `uid-${name}` }, spec };
}

function schema(name: string, user: string, levelName: string, precedence: number): FlowSchema {
  return {
    metadata: { name, uid: `uid-${name}` },
    spec: {
      priorityLevelConfiguration: { name: levelName },
      matchingPrecedence: precedence,
      rules: [
        {
          subjects: [{ kind: 'User', user: { name: user } }],
          resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true }],
        },
      ],
    },
  };
}

function control(
  levels: PriorityLevelConfiguration[],
  schemas: FlowSchema[],
  clock: { t: number } | SimClock,
  seats = 600,
  watchCount: (group: string, resource: string) => number | undefined = () => undefined,
) {
  const noop = () => undefined;
  return new FlowControl(
    { flowSchemas: () => schemas, priorityLevels: () => levels, onChange: noop, objectCount: () => 2_000, watchCount },
    { inQueue: noop, executing: noop, rejected: noop, dispatched: noop, nominalSeats: noop },
    {
      maxRequestsInflight: seats,
      maxMutatingRequestsInflight: 0,
      ...(clock instanceof SimClock ? { now: () => clock.now(), timers: clock } : { now: () => clock.t }),
    },
  );
}

describe('the seats of each level', () => {
  it('divides the default levels as the real server does', () => {
    const levels = Object.entries({ ...MANDATORY_PRIORITY_LEVELS, ...SUGGESTED_PRIORITY_LEVELS }).map(([n, s]) => plc(n, s));
    const limits = control(levels, [], { t: 0 }).limits();
    const nominal = Object.fromEntries([...limits].map(([n, l]) => [n, l.nominal]));
    expect(nominal).toEqual({
      exempt: 0,
      'catch-all': 13,
      system: 74,
      'node-high': 98,
      'leader-election': 25,
      'workload-high': 98,
      'workload-low': 245,
      'global-default': 49,
    });
    // What each may not lend, and may borrow up to (unset: the server's seats).
    expect(limits.get('workload-low')).toMatchObject({ min: 245 - 221, max: 245 + 600 });
    expect(limits.get('catch-all')).toMatchObject({ min: 13, max: 13 + 600 });
    // With nobody asking, the seats the levels could lend go to those that cannot.
    expect([...limits.values()].reduce((s, l) => s + l.current, 0)).toBeGreaterThanOrEqual(600);
    expect(limits.get('catch-all')!.current).toBeGreaterThan(13);
  });

  it('lends a busy level the seats an idle one can lend, within its borrowing limit', async () => {
    const limited = (lendable: number, borrowing?: number): PriorityLevelConfiguration['spec'] => ({
      type: 'Limited',
      limited: {
        nominalConcurrencyShares: 50,
        lendablePercent: lendable,
        ...(borrowing !== undefined ? { borrowingLimitPercent: borrowing } : {}),
        limitResponse: { type: 'Queue', queuing: { queues: 1, handSize: 1, queueLengthLimit: 100 } },
      },
    });
    const run = async (borrowing: number | undefined) => {
      const clock = { t: 0 };
      const fc = control(
        [plc('busy', limited(50, borrowing)), plc('idle', limited(50))],
        [schema('busy', 'b', 'busy', 1), schema('idle', 'i', 'idle', 2)],
        clock,
        20,
      );
      // Nobody asks yet: each has its nominal 10.
      expect([fc.limits().get('busy')!.current, fc.limits().get('idle')!.current]).toEqual([10, 10]);
      // busy asks for 30 seats for a period (10 running, 20 waiting); idle asks for none.
      for (let i = 0; i < 30; i++) void fc.admit({ ...req('get'), user: { name: 'b', groups: [] } });
      clock.t += 10_000;
      fc.adjustLimits();
      return [fc.limits().get('busy')!.current, fc.limits().get('idle')!.current];
    };
    // idle lends what it may (50% of 10); busy may borrow without limit, or only 20% of its own.
    expect(await run(undefined)).toEqual([15, 5]);
    expect(await run(20)).toEqual([12, 8]);
  });

  it('admits a LIST with the seats its estimate gives', async () => {
    const spec: PriorityLevelConfiguration['spec'] = {
      type: 'Limited',
      limited: { nominalConcurrencyShares: 1, limitResponse: { type: 'Queue', queuing: { queues: 1, handSize: 1, queueLengthLimit: 5 } } },
    };
    const fc = control([plc('only', spec)], [schema('all', 'u', 'only', 1)], { t: 0 }, 100);
    const listing = await fc.admit(req('list'), new URLSearchParams());
    const getting = await fc.admit(req('get'));
    expect(listing).toMatchObject({ admitted: true, seats: 10 });
    expect(getting).toMatchObject({ admitted: true, seats: 1 });
  });

  it('admits a write by the watchers of its resource, and keeps its final seats after it is done', async () => {
    const spec: PriorityLevelConfiguration['spec'] = {
      type: 'Limited',
      limited: { nominalConcurrencyShares: 1, limitResponse: { type: 'Queue', queuing: { queues: 1, handSize: 1, queueLengthLimit: 5 } } },
    };
    const clock = new SimClock();
    // 2 seats, at most 1 a request (15% of 2, rounded up): 15 watchers' 2 seats become 1 for twice as long.
    const fc = control([plc('only', spec)], [schema('all', 'u', 'only', 1)], clock, 2, (_g, r) => (r === 'configmaps' ? 15 : undefined));
    const write = await fc.admit(req('create'));
    expect(write).toMatchObject({ admitted: true, seats: 1, work: { initialSeats: 1, finalSeats: 1, additionalLatencyMs: 10 } });
    const unwatched = await fc.admit(req('create', 'secrets'));
    expect(unwatched).toMatchObject({ admitted: true, work: { finalSeats: 0 } });
    if (unwatched?.admitted) unwatched.done();
    if (write?.admitted) write.done();
    // One seat lingers for the write's events, the other is free for a GET; a third waits for the first.
    const gets = [fc.admit(req('get')), fc.admit(req('get'))];
    let second = false;
    void gets[1].then(() => {
      second = true;
    });
    expect(await gets[0]).toMatchObject({ admitted: true });
    await clock.run(9);
    expect(second).toBe(false);
    await clock.run(1);
    expect(second).toBe(true);
  });
});
