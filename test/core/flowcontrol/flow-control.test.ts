/**
 * API Priority and Fairness on a server: classification by FlowSchemas (headers name the schema
 * and level), a flood rejected with 429 while exempt and other levels keep being served, the
 * metrics of it, and a write's seats held after its answer while its resource has watchers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../../core/index.ts';
import { as, securedServer } from '../../support/secured.ts';
import { FC, tinyLevelForBob } from './tiny-level.ts';

/** A read of a revision the server has not reached: it waits (holding its seat) until it gives up. */
const SLOW = '/api/v1/namespaces/default/configmaps?resourceVersion=99999999&resourceVersionMatch=NotOlderThan';

let api: ApiServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function uidOf(path: string): Promise<string> {
  return (await as(api!, 'root', 'GET', path)).body.metadata.uid;
}

describe('flow control', () => {
  it.each([
    ['a system:masters user', 'root', 'exempt', 'exempt'],
    ['an authenticated user', 'alice', 'global-default', 'global-default'],
    ['an anonymous user', 'anonymous', 'global-default', 'global-default'],
  ] as const)('classifies %s to %s', async (_what, who, schema, level) => {
    api = await securedServer({
      security: {
        authentication: { tokens: (await import('../../support/secured.ts')).TOKENS },
        authorization: { modes: 'AlwaysAllow' },
        flowControl: {},
      },
    });
    const res = await as(api, who, 'GET', '/api/v1/namespaces/default/configmaps');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-kubernetes-pf-flowschema-uid')).toBe(await uidOf(`${FC}/flowschemas/${schema}`));
    expect(res.headers.get('x-kubernetes-pf-prioritylevel-uid')).toBe(await uidOf(`${FC}/prioritylevelconfigurations/${level}`));
  });

  it('rejects a flood with 429 while the exempt level and other levels are served', async () => {
    api = await tinyLevelForBob();
    const flood = [as(api, 'bob', 'GET', SLOW), as(api, 'bob', 'GET', SLOW)];
    await new Promise((r) => setTimeout(r, 50));
    const rejected = await as(api, 'bob', 'GET', '/api/v1/namespaces/default/configmaps');
    expect(rejected.status).toBe(429);
    expect(rejected.headers.get('retry-after')).toBe('1');
    expect(rejected.body).toMatchObject({
      kind: 'Status',
      reason: 'TooManyRequests',
      message: 'Too many requests, please try again later.',
      code: 429,
    });
    expect(rejected.headers.get('x-kubernetes-pf-flowschema-uid')).toBe(await uidOf(`${FC}/flowschemas/bob`));

    expect((await as(api, 'root', 'GET', '/api/v1/namespaces/default/configmaps')).status).toBe(200);
    expect((await as(api, 'alice', 'GET', '/api/v1/namespaces/default/configmaps')).status).toBe(200);

    const metrics = (await as(api, 'root', 'GET', '/metrics')).text;
    expect(metrics).toContain(
      'apiserver_flowcontrol_rejected_requests_total{flow_schema="bob",priority_level="tiny",reason="queue-full"} 1',
    );
    expect(metrics).toMatch(/apiserver_flowcontrol_current_inqueue_requests\{flow_schema="bob",priority_level="tiny"\} 1/);
    // The level's seats: nominal 1 (one share of 2 seats among many), lending none, borrowing none.
    expect(metrics).toContain('apiserver_flowcontrol_nominal_limit_seats{priority_level="tiny"} 1');
    expect(metrics).toContain('apiserver_flowcontrol_lower_limit_seats{priority_level="tiny"} 1');
    expect(metrics).toContain('apiserver_flowcontrol_upper_limit_seats{priority_level="tiny"} 1');
    expect(metrics).toContain('apiserver_flowcontrol_current_limit_seats{priority_level="tiny"} 1');
    // The real filter counts a dropped request in the request total and as a termination.
    expect(metrics).toContain(
      'apiserver_request_total{code="429",component="apiserver",dry_run="",group="",resource="configmaps",scope="namespace",subresource="",verb="LIST",version="v1"} 1',
    );
    expect(metrics).toContain(
      'apiserver_request_terminations_total{code="429",component="apiserver",group="",resource="configmaps",scope="namespace",subresource="",verb="LIST",version="v1"} 1',
    );
    const done = await Promise.all(flood);
    expect(done.map((d) => d.status)).toEqual([504, 504]);
  }, 15_000);

  it('holds a write’s seat after its answer while its resource is watched, for the time its events take', async () => {
    api = await tinyLevelForBob();
    // 200 watchers of configmaps (root's, exempt): 20 seats' worth of events, narrowed to the
    // level's one seat for 20 × 5 ms.
    const stop = new AbortController();
    const watches = await Promise.all(
      Array.from({ length: 200 }, () =>
        api!.fetch(
          new Request('http://orch/api/v1/namespaces/default/configmaps?watch=true', {
            headers: { authorization: 'Bearer root-token' },
            signal: stop.signal,
          }),
        ),
      ),
    );
    expect(watches.every((w) => w.status === 200)).toBe(true);
    const created = await as(api, 'bob', 'POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'told' } });
    expect(created.status).toBe(201);
    const answered = performance.now();
    // bob's next request waits in the queue until the write's seat is free: never sooner.
    expect((await as(api, 'bob', 'GET', '/api/v1/namespaces/default/configmaps/told')).status).toBe(200);
    expect(performance.now() - answered).toBeGreaterThanOrEqual(90);
    stop.abort();
  }, 15_000);
});
