/**
 * The playground worker's control surface (comlink; docs/architecture.md, "Browser"): reset,
 * snapshot export and import, the clock, the controllers and the pod simulator switches, and the
 * throughput probe the benchmark uses.
 */
import { expect } from 'chai';
import { before, describe, it } from './support/mocha.ts';
import { call, configMap, runtime, WatchReader } from './support/runtime.ts';

const CM = '/api/v1/namespaces/default/configmaps';

async function rejection(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  throw new Error('expected a rejection');
}

describe('the control surface', () => {
  before(async () => {
    await runtime();
  });

  it('export, reset and import bring the same objects back, and the revision only moves on', async () => {
    const { control } = await runtime();
    const made = await call('POST', CM, configMap('kept', { k: 'v' }));
    const snapshot = await control.exportSnapshot();
    expect(snapshot.items.map((i) => i.key)).to.include('/registry/configmaps/default/kept');

    await control.reset();
    expect((await call('GET', `${CM}/kept`)).status).to.equal(404);
    expect((await call('GET', '/api/v1/namespaces/default')).status).to.equal(200); // start-up objects return
    const afterReset = (await control.stats()).revision;
    expect(afterReset).to.be.greaterThan(snapshot.revision);

    await control.importSnapshot(snapshot);
    const back = await call('GET', `${CM}/kept`);
    expect(back.body.metadata.uid).to.equal(made.body.metadata.uid);
    expect((await control.stats()).revision).to.be.greaterThan(afterReset);
    const next = await call('POST', CM, configMap('after-import'));
    expect(Number(next.body.metadata.resourceVersion)).to.be.greaterThan(afterReset);
  });

  it('a file that is not a snapshot is refused and changes nothing', async () => {
    const { control } = await runtime();
    await call('POST', CM, configMap('untouched'));
    const message = await rejection(control.importSnapshot({ kind: 'OrchSnapshot', version: 1, revision: 1, items: [{ key: '/nope' }] }));
    expect(message).to.include('invalid snapshot: items[0].key');
    expect((await call('GET', `${CM}/untouched`)).status).to.equal(200);
  });

  it('a watch open across a reset ends, and watching on from its last version is 410 Gone', async () => {
    const { control } = await runtime();
    const list = await call('GET', CM);
    const rv = list.body.metadata.resourceVersion;
    const events = new WatchReader(await fetch(`${CM}?watch=1&resourceVersion=${rv}`));
    await control.reset();
    // Events already on their way may come first; then the stream ends (a hang would time out).
    let next = await events.next(15_000);
    while (next) next = await events.next(15_000);
    expect(next).to.equal(undefined);
    const again = new WatchReader(await fetch(`${CM}?watch=1&resourceVersion=${rv}`));
    const gone = await again.next();
    expect(gone).to.deep.include({ type: 'ERROR' });
    expect(gone!.object).to.include({ kind: 'Status', code: 410, reason: 'Expired' });
  });

  it('the clock runs at the chosen speed; a speed out of range is refused', async () => {
    const { control } = await runtime();
    expect((await control.setClockSpeed(10)).clockSpeed).to.equal(10);
    const s = await control.stats();
    expect(s.clockSpeed).to.equal(10);
    expect((await control.settings()).clockSpeed).to.equal(10);
    expect(await rejection(control.setClockSpeed(-1))).to.include('clockSpeed must be a number from 0 to 1000');
    await control.setClockSpeed(1);
  });

  it('the controllers switch starts and stops every controller of the build', async () => {
    const { control } = await runtime();
    const off = await control.setControllers(false);
    expect(off.controllers).to.equal(false);
    expect((await control.stats()).controllers.running).to.deep.equal([]);
    await control.setControllers(true);
    const { available, running } = (await control.stats()).controllers;
    expect(running).to.deep.equal(available);
  });

  it('pod simulator settings are kept and checked', async () => {
    const { control } = await runtime();
    const s = await control.setPodSimulator({ readyDelayMs: 500 });
    expect(s.podSimulator).to.deep.equal({ enabled: true, readyDelayMs: 500, stopDelayMs: 1000 });
    expect(await rejection(control.setPodSimulator({ readyDelayMs: -5 }))).to.include('readyDelayMs');
    expect(await rejection(control.setPodSimulator({ stopDelayMs: 1.5 }))).to.include('stopDelayMs');
    expect((await control.setPodSimulator({ stopDelayMs: 250 })).podSimulator.stopDelayMs).to.equal(250);
    expect((await control.settings()).podSimulator).to.deep.equal({ enabled: true, readyDelayMs: 500, stopDelayMs: 250 });
  });

  it('measures creates per second on a scratch store of either kind, leaving the real one alone', async () => {
    const { control } = await runtime();
    // The controllers write to the real store on their own (status, finalizers): quiet them, so
    // the revision can only move if the probe wrote there.
    await control.setControllers(false);
    try {
      const before = (await control.stats()).revision;
      for (const storage of ['memory', 'indexeddb'] as const) {
        const r = await control.measureCreates({ storage, creates: 40, concurrency: 8 });
        expect(r.creates).to.equal(40);
        expect(r.perSecond).to.be.greaterThan(0);
      }
      expect((await control.stats()).revision).to.equal(before);
    } finally {
      await control.setControllers(true);
    }
  });
});
