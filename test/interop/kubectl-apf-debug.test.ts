/**
 * kubectl 1.32 against orch-apiserver: `get --raw` of the API Priority and Fairness debug dumps,
 * as on the real server (flow control is on by default): the real columns, a row per level, and
 * kubectl's own request among those running when it asks for them.
 */
import { describe, expect, it } from 'vitest';
import { kubectlPerSuite } from '../support/kubectl.ts';

const DEBUG = '/debug/api_priority_and_fairness';

/** A dump's lines, each split into its cells. */
const rowsOf = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split(',').map((c) => c.trim()));

describe('kubectl get --raw /debug/api_priority_and_fairness/...', () => {
  // orch-apiserver's --enable-priority-and-fairness (on by default) is this option.
  const { kubectl } = kubectlPerSuite({ security: { flowControl: {} } });

  it('dump_priority_levels: the real header, and the bootstrap levels sorted, exempt running this request', async () => {
    const rows = rowsOf(await kubectl('get', '--raw', `${DEBUG}/dump_priority_levels`));
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
    expect(rows.slice(1).map((r) => r[0])).toEqual([
      'catch-all',
      'exempt',
      'global-default',
      'leader-election',
      'node-high',
      'system',
      'workload-high',
      'workload-low',
    ]);
    // kubectl's request (anonymous, to the development server) runs in global-default; nothing waits.
    expect(rows.find((r) => r[0] === 'global-default')?.slice(1, 6)).toEqual(['0', 'false', 'false', '0', '1']);
    expect(rows.find((r) => r[0] === 'exempt')?.slice(1, 6)).toEqual(['0', 'true', 'false', '0', '0']);
  });

  it('dump_queues: a row per queue of each queuing level', async () => {
    const rows = rowsOf(await kubectl('get', '--raw', `${DEBUG}/dump_queues`));
    expect(rows[0].slice(0, 6)).toEqual([
      'PriorityLevelName',
      'Index',
      'PendingRequests',
      'ExecutingRequests',
      'SeatsInUse',
      'NextDispatchR',
    ]);
    expect(rows.filter((r) => r[0] === 'workload-low').map((r) => Number(r[1]))).toEqual(Array.from({ length: 128 }, (_, i) => i));
  });

  it('dump_requests?includeRequestDetails=1: kubectl’s own request, with its path', async () => {
    const rows = rowsOf(await kubectl('get', '--raw', `${DEBUG}/dump_requests?includeRequestDetails=1`));
    expect(rows[0]).toHaveLength(18);
    const own = rows.filter((r) => r[12] === `${DEBUG}/dump_requests`);
    expect(own).toHaveLength(1);
    // Running in one of global-default's queues (place -1), its flow told by its user.
    const [level, schema, queue, place, flow] = own[0];
    expect([level, schema, place]).toEqual(['global-default', 'global-default', '-1']);
    expect(Number(queue)).toBeGreaterThanOrEqual(0);
    expect([flow, own[0][10], own[0][11]]).toEqual(['system:anonymous', 'system:anonymous', 'get']);
  });
});
