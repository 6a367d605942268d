/**
 * On one event loop a request runs to its answer without a pause, so seats freed the moment an
 * answer is made would let the requests read in one turn run in the order they were read. A
 * host that gives flow control its next turn (orch-apiserver: setImmediate) has seats held until
 * then, and fair queuing picks who runs next: another user is served before a flood queued
 * ahead of it, as APF promises.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiServer } from '../../../core/index.ts';
import { as, type TestUser } from '../../support/secured.ts';
import { oneSeatLevel } from './tiny-level.ts';

const LIST = '/api/v1/namespaces/default/configmaps';

let api: ApiServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** Lets every pending promise job run (the requests reach their queues or their answers). */
const settle = () => new Promise((r) => setTimeout(r, 5));

/** A server whose users bob and alice share a level of one seat, each user a flow of its own. */
function sharedLevel(nextTurn: (run: () => void) => void): Promise<ApiServer> {
  const level = {
    name: 'shared',
    schema: 'people',
    users: ['bob', 'alice'],
    queuing: { queues: 16, handSize: 1, queueLengthLimit: 10 },
    byUser: true,
  };
  return oneSeatLevel(level, {}, { nextTurn });
}

describe("seats held until the host's next turn", () => {
  it('a user who asks after a flood is queued is served next, not after the flood', async () => {
    const turns: (() => void)[] = [];
    api = await sharedLevel((run) => turns.push(run));
    await settle();
    turns.splice(0).forEach((run) => run()); // the set-up's own seats
    const answered: string[] = [];
    const ask = (who: TestUser & string, n: number) =>
      as(api!, who, 'GET', LIST).then((r) => {
        expect(r.status).toBe(200);
        answered.push(`${who}${n}`);
      });
    const all = [1, 2, 3, 4, 5].map((n) => ask('bob', n));
    await settle();
    all.push(ask('alice', 1));
    await settle();
    // bob1 took the one seat and is answered; its seat is still held, so the rest wait in queues.
    expect(answered).toEqual(['bob1']);
    while (answered.length < 6) {
      expect(turns.length).toBeGreaterThan(0);
      turns.splice(0).forEach((run) => run());
      await settle();
    }
    await Promise.all(all);
    // Fair queuing: alice's flow has used nothing, bob's has used a seat, so alice goes first.
    expect(answered).toEqual(['bob1', 'alice1', 'bob2', 'bob3', 'bob4', 'bob5']);
  });

  it('each turn frees the seats of the requests answered in it, so one request runs per turn on one seat', async () => {
    const turns: (() => void)[] = [];
    api = await sharedLevel((run) => turns.push(run));
    await settle();
    turns.splice(0).forEach((run) => run());
    let answered = 0;
    const all = [1, 2, 3].map(() => as(api!, 'bob', 'GET', LIST).then(() => answered++));
    await settle();
    expect(answered).toBe(1);
    turns.splice(0).forEach((run) => run());
    await settle();
    expect(answered).toBe(2);
    turns.splice(0).forEach((run) => run());
    await settle();
    expect(answered).toBe(3);
    await Promise.all(all);
  });
});
