/**
 * The leader elector's rules, as client-go's leaderelection has them, on one in-process server
 * and a virtual clock: a missing lease is created by the first candidate; a held lease passes to
 * another only after going unrenewed for its duration (or at once when given up); a leader that
 * cannot renew by its deadline stops leading; and the settings `--leader-elect-*` take are
 * checked with client-go's messages.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client, inProcessTransport, LEASES, LeaderElector, type LeaderElectionConfig } from '../../../controllers/index.ts';
import { VirtualClock } from '../../../core/index.ts';
import { parseFlags } from '../../../server/flags.ts';
import { DEFAULT_LEADER_ELECTION } from '../../../server/leader-election.ts';
import { inProcess, type Target } from '../../support/targets.ts';

const TIMINGS = { leaseDurationMs: 3_000, renewDeadlineMs: 2_000, retryPeriodMs: 500 };

let server: Target;
let clock: VirtualClock;
let client: Client;
const electors: LeaderElector[] = [];

beforeEach(async () => {
  server = await inProcess();
  clock = new VirtualClock();
  client = new Client({ transport: inProcessTransport(server.api) });
});
afterEach(async () => {
  await Promise.all(electors.splice(0).map((e) => e.stop()));
  await server.close();
});

/** A candidate whose leading is recorded in `log` as `<id> started` / `<id> stopped`. */
function candidate(identity: string, log: string[], extra: Partial<LeaderElectionConfig> = {}): LeaderElector {
  const e = new LeaderElector({
    client,
    namespace: 'orch-system',
    name: 'controllers',
    identity,
    ...TIMINGS,
    clock,
    onStartedLeading: () => void log.push(`${identity} started`),
    onStoppedLeading: () => void log.push(`${identity} stopped`),
    ...extra,
  });
  electors.push(e);
  return e;
}

/** Moves the virtual clock on in small steps, letting the in-process requests answer in between. */
async function pass(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 100) {
    await clock.advance(100);
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  }
}

const lease = () => client.resource(LEASES, 'orch-system').get('controllers');

describe('LeaderElector', () => {
  it('creates the missing lease for the first candidate; the second waits while it is renewed', async () => {
    const log: string[] = [];
    const a = candidate('a', log);
    const b = candidate('b', log);
    await a.start();
    await b.start();
    expect(a.isLeader()).toBe(true);
    expect(b.isLeader()).toBe(false);
    expect((await lease()).spec).toMatchObject({ holderIdentity: 'a', leaseDurationSeconds: 3, leaseTransitions: 0 });
    await pass(10_000);
    expect(log).toEqual(['a started']);
    expect(b.leader).toBe('a');
  });

  it('passes an unrenewed lease on only after its duration, counting the transition', async () => {
    const log: string[] = [];
    const a = candidate('a', log);
    const b = candidate('b', log);
    await a.start();
    await b.start();
    // a stops renewing without giving the lease up, as a killed process would.
    await a.stop();
    await pass(2_000);
    expect(b.isLeader()).toBe(false);
    await pass(2_500);
    expect(b.isLeader()).toBe(true);
    expect((await lease()).spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
    expect(log).toEqual(['a started', 'a stopped', 'b started']);
  });

  it('hands a lease given up on stop to the next candidate at its next try', async () => {
    const log: string[] = [];
    const a = candidate('a', log, { releaseOnStop: true });
    const b = candidate('b', log);
    await a.start();
    await b.start();
    await a.stop();
    expect((await lease()).spec?.holderIdentity).toBe('');
    await pass(TIMINGS.retryPeriodMs * 1.2 + 100);
    expect(b.isLeader()).toBe(true);
  });

  it('stops leading when it cannot renew by the deadline', async () => {
    const log: string[] = [];
    const a = candidate('a', log);
    await a.start();
    // Someone else takes the lease behind its back: a's renewals now find it held by another.
    const cur = await lease();
    await client.resource(LEASES, 'orch-system').update({ ...cur, spec: { ...cur.spec, holderIdentity: 'intruder' } });
    await pass(TIMINGS.renewDeadlineMs + TIMINGS.retryPeriodMs + 100);
    expect(a.isLeader()).toBe(false);
    expect(log).toEqual(['a started', 'a stopped']);
  });

  it.each([
    {
      timings: { leaseDurationMs: 2_000, renewDeadlineMs: 2_000, retryPeriodMs: 500 },
      message: 'leaseDuration must be greater than renewDeadline',
    },
    {
      timings: { leaseDurationMs: 3_000, renewDeadlineMs: 1_000, retryPeriodMs: 900 },
      message: 'renewDeadline must be greater than retryPeriod*JitterFactor',
    },
    { timings: { ...TIMINGS, leaseDurationMs: 900, renewDeadlineMs: 800 }, message: 'leaseDuration must be at least one second' },
  ])('refuses $message', ({ timings, message }) => {
    expect(() => candidate('a', [], timings)).toThrow(message);
    electors.pop();
  });
});

describe('--leader-elect flags', () => {
  it('default to leader election on the Lease orch-system/orch-controller-manager, 15s/10s/2s', () => {
    expect(parseFlags([]).leaderElection).toEqual(DEFAULT_LEADER_ELECTION);
    expect(DEFAULT_LEADER_ELECTION).toEqual({
      leaseDurationMs: 15_000,
      renewDeadlineMs: 10_000,
      retryPeriodMs: 2_000,
      namespace: 'orch-system',
      name: 'orch-controller-manager',
    });
  });

  it.each([
    { rule: '=false turns it off', argv: ['--leader-elect=false'], want: undefined },
    { rule: 'alone means true', argv: ['--leader-elect'], want: DEFAULT_LEADER_ELECTION },
    {
      rule: 'the timings are durations',
      argv: ['--leader-elect-lease-duration=3s', '--leader-elect-renew-deadline=2s', '--leader-elect-retry-period=500ms'],
      want: { ...DEFAULT_LEADER_ELECTION, ...TIMINGS },
    },
    {
      rule: 'the Lease may be named',
      argv: ['--leader-elect-resource-namespace=ops', '--leader-elect-resource-name=mine'],
      want: { ...DEFAULT_LEADER_ELECTION, namespace: 'ops', name: 'mine' },
    },
  ])('$rule', ({ argv, want }) => {
    expect(parseFlags(argv).leaderElection).toEqual(want);
  });

  it.each([
    { argv: ['--leader-elect=maybe'], message: 'invalid argument "maybe" for "--leader-elect" flag' },
    { argv: ['--leader-elect-renew-deadline=20s'], message: 'leaseDuration must be greater than renewDeadline' },
    { argv: ['--leader-elect-retry-period=soon'], message: 'invalid argument "soon" for "--leader-elect-retry-period" flag' },
  ])('$argv fails with a clear message', ({ argv, message }) => {
    expect(() => parseFlags(argv)).toThrow(message);
  });

  it('are not checked when leader election is off', () => {
    expect(parseFlags(['--leader-elect=false', '--leader-elect-renew-deadline=20s']).leaderElection).toBeUndefined();
  });
});
