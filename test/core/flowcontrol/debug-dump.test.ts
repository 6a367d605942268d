/**
 * The debug dumps of API Priority and Fairness, `/debug/api_priority_and_fairness/dump_*`: the
 * real server's columns in its order and alignment, read from the flow-control state of a server
 * where bob's one-seat level has one request running and one waiting; served only while flow
 * control is on, unlisted, and only to those RBAC lets `get` the path.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiServer, VirtualClock } from '../../../core/index.ts';
import { goDuration, rfc3339Nano, seatSeconds, table } from '../../../core/flowcontrol/index.ts';
import { as, bindRole, RBAC, securedServer } from '../../support/secured.ts';
import { FC, tinyLevelForBob } from './tiny-level.ts';

const DEBUG = '/debug/api_priority_and_fairness';
/** A read of a revision the server has not reached: it holds bob's one seat until it gives up (3 s of the server's clock). */
const SLOW = '/api/v1/namespaces/default/configmaps?resourceVersion=99999999&resourceVersionMatch=NotOlderThan';

describe('the dumps’ formats, as Go prints them', () => {
  it.each<[string, string, string]>([
    ['zero seat-seconds', seatSeconds(0), '0.00000000ss'],
    ['one seat for the estimated 3 ms', seatSeconds(3_000), '0.00300000ss'],
    ['whole and fraction', seatSeconds(2_500_001), '2.50000100ss'],
    ['no duration', goDuration(0), '0s'],
    ['microseconds', goDuration(0.25), '250µs'],
    ['milliseconds', goDuration(5), '5ms'],
    ['fractional milliseconds', goDuration(1.5), '1.5ms'],
    ['seconds', goDuration(1_500), '1.5s'],
    ['minutes', goDuration(90_000), '1m30s'],
    ['hours', goDuration(3_600_000), '1h0m0s'],
    ['a whole second, no fraction', rfc3339Nano(Date.UTC(2026, 10, 28, 10, 0, 5)), '2026-11-28T10:00:05Z'],
    ['trailing zeros dropped', rfc3339Nano(Date.UTC(2026, 10, 28, 10, 0, 5, 120)), '2026-11-28T10:00:05.12Z'],
    ['not started: Go’s zero time', rfc3339Nano(undefined), '0001-01-01T00:00:00Z'],
  ])('%s', (_, got, want) => expect(got).toBe(want));

  it('aligns cells as tabwriter does: 8 wide at least, one space of padding, the last cell free', () => {
    expect(
      table([
        ['PriorityLevelName', 'IsIdle', 'Waiting'],
        ['exempt', 'true', '0'],
        ['a', 'false', '12'],
      ]),
    ).toBe(
      'PriorityLevelName, IsIdle, Waiting\n' + //
        'exempt,            true,   0\n' +
        'a,                 false,  12\n',
    );
  });
});

let api: ApiServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** The rows of a dump, each split into its cells (which hold no commas). */
function rowsOf(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split(',').map((c) => c.trim()));
}

/** The offset each cell starts at, per line: equal down the columns when they are aligned. */
function cellStarts(text: string): number[][] {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => [0, ...[...l.matchAll(/, *(?=\S|$)/g)].map((m) => m.index! + m[0].length)]);
}

/** As Go prints a UTC time to the millisecond: the fraction's trailing zeros dropped. */
const goTime = (ms: number) => new Date(ms).toISOString().replace(/\.?0+Z$/, 'Z');

async function dump(path: string): Promise<string> {
  const res = await as(api!, 'root', 'GET', `${DEBUG}/${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const starts = cellStarts(res.text);
  for (const line of starts) expect(line).toEqual(starts[0]);
  return res.text;
}

describe('a level with a request running and one waiting', () => {
  async function busyLevel(queueWaitLimitMs = 15_000): Promise<{ clock: VirtualClock; arrived: number; release: () => Promise<void> }> {
    const clock = new VirtualClock();
    api = await tinyLevelForBob({ clock }, { queueWaitLimitMs });
    expect((await as(api, 'root', 'POST', '/api/v1/namespaces', { metadata: { name: 'a' } })).status).toBe(201);
    expect((await as(api, 'root', 'POST', '/api/v1/namespaces/a/configmaps', { metadata: { name: 'x' } })).status).toBe(201);
    const arrived = clock.now();
    const slow = as(api, 'bob', 'GET', SLOW);
    const queued = as(api, 'bob', 'GET', '/api/v1/namespaces/a/configmaps/x');
    for (let i = 0; ; i++) {
      const tiny = rowsOf((await as(api, 'root', 'GET', `${DEBUG}/dump_priority_levels`)).text).find((r) => r[0] === 'tiny');
      if (tiny?.[4] === '1') break;
      expect(i).toBeLessThan(200);
      await new Promise((r) => setTimeout(r, 10));
    }
    return {
      clock,
      arrived,
      release: async () => {
        await clock.advance(3_000);
        expect((await slow).status).toBe(504);
        expect((await queued).status).toBe(queueWaitLimitMs < 3_000 ? 429 : 200);
      },
    };
  }

  it('dump_priority_levels: a row per level, sorted, with its requests and totals', async () => {
    const { release } = await busyLevel();
    const text = await dump('dump_priority_levels');
    const rows = rowsOf(text);
    expect(rows[0]).toEqual([
      'PriorityLevelName',
      'ActiveQueues',
      'IsIdle',
      'IsQuiescing',
      'WaitingRequests',
      'ExecutingRequests',
      'DispatchedRequests',
      'RejectedRequests',
      'TimedoutRequests',
      'CancelledRequests',
    ]);
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toEqual([...names].sort());
    // The bootstrap levels, exempt included, are listed beside bob's.
    expect(names).toEqual(expect.arrayContaining(['catch-all', 'exempt', 'tiny', 'workload-low']));
    expect(rows.find((r) => r[0] === 'tiny')).toEqual(['tiny', '1', 'false', 'false', '1', '1', '1', '0', '0', '0']);
    // The dump itself runs in exempt, outside any queue.
    const exempt = rows.find((r) => r[0] === 'exempt')!;
    expect(exempt.slice(1, 6)).toEqual(['0', 'false', 'false', '0', '1']);
    const idle = rows.find((r) => r[0] === 'catch-all')!;
    expect(idle.slice(1, 6)).toEqual(['0', 'true', 'false', '0', '0']);
    await release();
    const after = rowsOf(await dump('dump_priority_levels')).find((r) => r[0] === 'tiny');
    expect(after).toEqual(['tiny', '0', 'true', 'false', '0', '0', '2', '0', '0', '0']);
  });

  it.each<[string, (clock: VirtualClock) => Promise<void>, number, string[]]>([
    [
      'a third request finds the queue full: rejected',
      async () => expect((await as(api!, 'bob', 'GET', '/api/v1/namespaces/a/configmaps')).status).toBe(429),
      15_000,
      ['tiny', '1', 'false', 'false', '1', '1', '1', '1', '0', '0'],
    ],
    [
      'the waiting request gives up: timed out',
      async (clock) => {
        await clock.advance(1_000);
        const tiny = async () => rowsOf((await as(api!, 'root', 'GET', `${DEBUG}/dump_priority_levels`)).text).find((r) => r[0] === 'tiny');
        for (let i = 0; (await tiny())?.[4] !== '0'; i++) expect(i).toBeLessThan(100);
      },
      1_000,
      ['tiny', '0', 'false', 'false', '0', '1', '1', '0', '1', '0'],
    ],
    [
      'its object is deleted while it is busy: quiescing',
      async () => expect((await as(api!, 'root', 'DELETE', `${FC}/prioritylevelconfigurations/tiny`)).status).toBe(200),
      15_000,
      ['tiny', '1', 'false', 'true', '1', '1', '1', '0', '0', '0'],
    ],
  ])('%s', async (_, event, waitLimit, row) => {
    const { clock, release } = await busyLevel(waitLimit);
    await event(clock);
    expect(rowsOf(await dump('dump_priority_levels')).find((r) => r[0] === 'tiny')).toEqual(row);
    await release();
  });

  it('dump_queues: a row per queue, with its virtual time and what waits in it', async () => {
    const { release } = await busyLevel();
    const rows = rowsOf(await dump('dump_queues'));
    expect(rows[0]).toEqual([
      'PriorityLevelName',
      'Index',
      'PendingRequests',
      'ExecutingRequests',
      'SeatsInUse',
      'NextDispatchR',
      'InitialSeatsSum',
      'MaxSeatsSum',
      'TotalWorkSum',
    ]);
    // bob's level has one queue: the running request moved its virtual time on by one seat for 3 ms.
    expect(rows.filter((r) => r[0] === 'tiny')).toEqual([['tiny', '0', '1', '1', '1', '0.00300000ss', '1', '1', '0.00300000ss']]);
    // A queuing bootstrap level has its configured queues; exempt has none.
    expect(rows.filter((r) => r[0] === 'workload-low')).toHaveLength(128);
    expect(rows.filter((r) => r[0] === 'exempt')).toHaveLength(0);
    await release();
  });

  it('dump_requests: waiting requests by their place, running ones at -1, queueless ones at -1, -1', async () => {
    const { arrived, release } = await busyLevel();
    const rows = rowsOf(await dump('dump_requests'));
    expect(rows[0]).toEqual([
      'PriorityLevelName',
      'FlowSchemaName',
      'QueueIndex',
      'RequestIndexInQueue',
      'FlowDistingsher',
      'ArriveTime',
      'InitialSeats',
      'FinalSeats',
      'AdditionalLatency',
      'StartTime',
    ]);
    const at = goTime(arrived);
    expect(rows.filter((r) => r[0] === 'tiny')).toEqual([
      ['tiny', 'bob', '0', '0', '', at, '1', '0', '0s', '0001-01-01T00:00:00Z'],
      ['tiny', 'bob', '0', '-1', '', at, '1', '0', '0s', at],
    ]);
    // root's dump request itself, exempt: no queue (and exempt's schema distinguishes no flows).
    expect(rows.filter((r) => r[0] === 'exempt')).toEqual([['exempt', 'exempt', '-1', '-1', '', at, '1', '0', '0s', at]]);
    await release();
  });

  it.each(['1', 'true', 'x'])('dump_requests?includeRequestDetails=%s adds who asks what', async (value) => {
    const { release } = await busyLevel();
    const rows = rowsOf(await dump(`dump_requests?includeRequestDetails=${value}`));
    expect(rows[0].slice(10)).toEqual(['UserName', 'Verb', 'APIPath', 'Namespace', 'Name', 'APIVersion', 'Resource', 'SubResource']);
    const tiny = rows.filter((r) => r[0] === 'tiny').map((r) => r.slice(10));
    expect(tiny).toEqual([
      ['bob', 'get', '/api/v1/namespaces/a/configmaps/x', 'a', 'x', 'v1', 'configmaps', ''],
      ['bob', 'list', '/api/v1/namespaces/default/configmaps', 'default', '', 'v1', 'configmaps', ''],
    ]);
    const exempt = rows.filter((r) => r[0] === 'exempt').map((r) => r.slice(10));
    expect(exempt).toEqual([['root', 'get', `${DEBUG}/dump_requests`, '', '', '', '', '']]);
    await release();
  });

  it('an empty includeRequestDetails adds nothing', async () => {
    const { release } = await busyLevel();
    expect(rowsOf(await dump('dump_requests?includeRequestDetails='))[0]).toHaveLength(10);
    await release();
  });
});

describe('where the dumps are served', () => {
  it.each(['dump_priority_levels', 'dump_queues', 'dump_requests'])('%s is 404 with flow control off, and unlisted', async (name) => {
    api = await securedServer({ security: { authorization: { modes: 'AlwaysAllow' }, flowControl: false } });
    expect((await as(api, 'root', 'GET', `${DEBUG}/${name}`)).status).toBe(404);
    await api.close();
    api = await securedServer({ security: { authorization: { modes: 'AlwaysAllow' }, flowControl: {} } });
    expect((await as(api, 'root', 'GET', `${DEBUG}/${name}`)).status).toBe(200);
    expect((await as(api, 'root', 'GET', '/')).body.paths.filter((p: string) => p.startsWith('/debug'))).toEqual([]);
  });

  it('an unknown dump is 404', async () => {
    api = await securedServer({ security: { authorization: { modes: 'AlwaysAllow' }, flowControl: {} } });
    expect((await as(api, 'root', 'GET', `${DEBUG}/dump_everything`)).status).toBe(404);
  });

  it.each<[string, 'root' | 'bob' | 'alice', number]>([
    ['system:masters may read them', 'root', 200],
    ['a user with no rule for the path is forbidden', 'bob', 403],
    ['a user granted get on /debug/api_priority_and_fairness/* may', 'alice', 200],
  ])('%s', async (_, who, status) => {
    api = await securedServer({ security: { flowControl: {} } });
    const role = {
      metadata: { name: 'apf-debug' },
      rules: [{ verbs: ['get'], nonResourceURLs: [`${DEBUG}/*`] }],
    };
    expect((await as(api, 'root', 'POST', `${RBAC}/clusterroles`, role)).status).toBe(201);
    expect((await as(api, 'root', 'POST', `${RBAC}/clusterrolebindings`, bindRole('alice', 'apf-debug'))).status).toBe(201);
    const res = await as(api, who, 'GET', `${DEBUG}/dump_queues`);
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body.message).toBe(`forbidden: User "bob" cannot get path "${DEBUG}/dump_queues"`);
  });
});
