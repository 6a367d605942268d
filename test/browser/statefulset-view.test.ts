/**
 * The playground's StatefulSet view, driven by playwright-core: a StatefulSet of 3 replicas
 * (OrderedReady, the default) created in the playground's YAML editor; the StatefulSet view shows
 * web-0, web-1 and web-2 appear and become ready in order, as the worker's StatefulSet controller
 * and pod simulator make them. The order is read from what the page showed: a MutationObserver in
 * the page records every distinct state of the view's ordinal slots, and the assertions run on that
 * record. The pod simulator's ready delay is set in the runtime panel, short enough to be quick and
 * long enough that each pod is seen not ready before it is ready.
 */
import { expect } from 'chai';
import { describe, it } from './support/mocha.ts';
import { exampleStatefulSet } from '../../playground/src/statefulsets.ts';
import type { Tab } from './support/pages.ts';
import { usePlayground } from './support/playground.ts';

/** Clock time a pod takes to become ready: long enough to be seen not ready under load, short enough to be quick. */
const READY_DELAY_MS = 1500;
const SET = 'orch-statefulset-view [data-statefulset=web]';
const ORDINALS = [0, 1, 2];

const STATEFULSET_YAML = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
  namespace: default
spec:
  replicas: 3
  serviceName: web
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`;

/** One ordinal slot as the view showed it. */
interface ShownSlot {
  readonly ordinal: number;
  readonly pod: string | null;
  readonly phase: string | null;
  readonly ready: boolean;
  readonly revision: string | null;
  readonly waitsFor: string | null;
}

/**
 * Runs in the page: records each distinct state of the view's slots for set `name` (from now
 * on, into `window.__slotStates`). Self-contained: it travels to the page as source text.
 */
function recordSlots(name: string): boolean {
  const view = document.querySelector('orch-app')?.shadowRoot?.querySelector('orch-statefulset-view');
  const root = view?.shadowRoot;
  if (!root) return false;
  const states: ShownSlot[][] = [];
  let last = '';
  const snap = () => {
    const slots = [...root.querySelectorAll<HTMLElement>(`[data-statefulset="${name}"] [data-ordinal]`)].map((el) => ({
      ordinal: Number(el.dataset.ordinal),
      pod: el.dataset.pod ?? null,
      phase: el.dataset.phase ?? null,
      ready: el.dataset.ready === 'true',
      revision: el.dataset.revision || null,
      waitsFor: el.querySelector<HTMLElement>('[data-waits-for]')?.dataset.waitsFor ?? null,
    }));
    const key = JSON.stringify(slots);
    if (key === last) return;
    last = key;
    states.push(slots);
  };
  snap();
  const w = window as unknown as { __slotObserver?: MutationObserver; __slotStates?: ShownSlot[][] };
  w.__slotObserver?.disconnect();
  w.__slotObserver = new MutationObserver(snap);
  w.__slotObserver.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  w.__slotStates = states;
  return true;
}

function recordedSlots(): ShownSlot[][] {
  return (window as unknown as { __slotStates?: ShownSlot[][] }).__slotStates ?? [];
}

async function fetchJson(path: string): Promise<any> {
  return (await fetch(path)).json();
}

const slotOf = (state: readonly ShownSlot[], ordinal: number) => state.find((s) => s.ordinal === ordinal);
/** Index of the first recorded state where `test` holds for the slot of `ordinal` (-1: never). */
const firstState = (states: readonly ShownSlot[][], ordinal: number, test: (s: ShownSlot) => boolean) =>
  states.findIndex((st) => {
    const s = slotOf(st, ordinal);
    return s !== undefined && test(s);
  });

describe('the StatefulSet view', () => {
  let tab: Tab;
  const view = usePlayground((opened) => {
    tab = opened;
  });

  it('the pod ready delay is set in the runtime panel', async () => {
    await tab.fill('orch-runtime-panel input[name=readyDelay]', String(READY_DELAY_MS));
    await tab.press('orch-runtime-panel input[name=readyDelay]', 'Enter');
    await tab.waitFor('orch-runtime-panel [role=status]', { text: 'pod ready delay set' });
    const settings = await tab.evaluate(async () =>
      (window as unknown as { orch: { control: { settings(): Promise<unknown> } } }).orch.control.settings(),
    );
    expect(settings).to.deep.include({
      controllers: true,
      podSimulator: { enabled: true, readyDelayMs: READY_DELAY_MS, stopDelayMs: 1000 },
    });
  });

  it('a StatefulSet of 3 created in the YAML editor: web-0, web-1, web-2 appear and become ready in order', async () => {
    // The sandbox's views are made when the sandbox is first shown; then they stay, recording while hidden.
    await view('statefulsets');
    expect(await tab.evaluate(recordSlots, 'web')).to.equal(true);

    await view('editor');
    await tab.fill('orch-yaml-editor [aria-label=YAML]', STATEFULSET_YAML);
    await tab.click('orch-yaml-editor [data-action=create]');
    await tab.waitFor('orch-yaml-editor .result[data-status="201"]');

    await view('statefulsets');
    for (const i of ORDINALS)
      await tab.waitFor(`${SET} [data-ordinal="${i}"][data-pod=web-${i}][data-phase=Running][data-ready=true]`, { timeout: 20_000 });
    await tab.screenshot('statefulsets');

    const states = await tab.evaluate(recordedSlots);
    const record = JSON.stringify(states);
    const last = states.at(-1)!;
    expect(
      last.map((s) => [s.ordinal, s.pod, s.phase, s.ready]),
      record,
    ).to.deep.equal(ORDINALS.map((i) => [i, `web-${i}`, 'Running', true]));

    // Never shown: a pod while a lower ordinal has none or is not ready.
    for (const [n, state] of states.entries()) {
      for (const s of state) {
        if (!s.pod) continue;
        const lower = state.filter((x) => x.ordinal < s.ordinal);
        expect(
          lower.every((x) => x.pod && x.ready),
          `state ${n} shows ${s.pod} before every lower ordinal is ready: ${record}`,
        ).to.equal(true);
      }
    }
    for (const i of ORDINALS) {
      const appears = firstState(states, i, (s) => s.pod !== null);
      const ready = firstState(states, i, (s) => s.ready);
      expect(appears, `web-${i} never shown: ${record}`).to.be.greaterThan(-1);
      // Observably in order: each pod is shown not ready first, and ready only after the one before it.
      expect(ready, `web-${i} shown ready at once: ${record}`).to.be.greaterThan(appears);
      if (i > 0) {
        expect(appears, `web-${i} shown before web-${i - 1} was ready: ${record}`).to.be.at.least(
          firstState(states, i - 1, (s) => s.ready),
        );
      }
    }
    // While web-0 started, the empty slots said what they wait for.
    const starting = states.find((st) => slotOf(st, 0)?.pod && !slotOf(st, 0)?.ready && !slotOf(st, 1)?.pod);
    expect(starting, `web-0 never shown alone and not ready: ${record}`).to.not.equal(undefined);
    expect([slotOf(starting!, 1)?.waitsFor, slotOf(starting!, 2)?.waitsFor]).to.deep.equal(['web-0', 'web-0']);
  });

  it("shows the set's status as the controller wrote it, and the revision each pod runs", async () => {
    const field = (name: string) => tab.text(`${SET} td[data-field="${name}"]`);
    // The controller writes the counts after the pods change: wait for its last write to show.
    await tab.waitFor(`${SET} td[data-field=readyReplicas]`, { text: '3' });
    const sts = await tab.evaluate(fetchJson, '/apis/apps/v1/namespaces/default/statefulsets/web');
    expect(await field('spec.replicas')).to.equal('3');
    for (const f of ['replicas', 'readyReplicas', 'availableReplicas', 'currentReplicas', 'updatedReplicas']) {
      expect(await field(f), f).to.equal(String(sts.status[f]));
    }
    expect(sts.status.currentRevision).to.be.a('string').and.not.equal('');
    expect(await field('currentRevision')).to.equal(sts.status.currentRevision);
    expect(await field('updateRevision')).to.equal(sts.status.updateRevision);

    const pods = await tab.evaluate(fetchJson, '/api/v1/namespaces/default/pods');
    for (const i of ORDINALS) {
      const pod = pods.items.find((p: any) => p.metadata.name === `web-${i}`);
      const revision = pod.metadata.labels['controller-revision-hash'];
      expect(revision, `web-${i}`).to.equal(sts.status.updateRevision);
      expect(await tab.count(`${SET} [data-ordinal="${i}"][data-revision="${revision}"]`), `web-${i}`).to.equal(1);
      expect(await tab.text(`${SET} [data-ordinal="${i}"]`)).to.include(revision.slice('web-'.length));
    }
  });

  it('rolling out a new revision replaces the pods one at a time, highest ordinal first', async () => {
    const before = await tab.evaluate(fetchJson, '/apis/apps/v1/namespaces/default/statefulsets/web');
    expect(await tab.evaluate(recordSlots, 'web')).to.equal(true);
    await tab.click(`${SET} [data-action=roll]`);
    await tab.waitFor(`${SET} [data-rolling]`);
    await tab.screenshot('statefulsets-rollout');

    // Done when the page shows no rollout and every pod ready at a revision other than the old one.
    await tab.waitFor(`${SET} [data-rolling]`, { state: 'detached', timeout: 20_000 });
    const after = await tab.evaluate(fetchJson, '/apis/apps/v1/namespaces/default/statefulsets/web');
    const next = after.status.updateRevision as string;
    expect(next).to.not.equal(before.status.updateRevision);
    for (const i of ORDINALS) await tab.waitFor(`${SET} [data-ordinal="${i}"][data-revision="${next}"][data-ready=true]`);

    const states = await tab.evaluate(recordedSlots);
    const record = JSON.stringify(states);
    const updatedAt = ORDINALS.map((i) => firstState(states, i, (s) => s.revision === next));
    expect(
      updatedAt.every((n) => n >= 0),
      record,
    ).to.equal(true);
    expect(
      [...ORDINALS].sort((a, b) => updatedAt[a] - updatedAt[b]),
      record,
    ).to.deep.equal([2, 1, 0]);
    for (const [n, state] of states.entries()) {
      const down = state.filter((s) => !s.pod || !s.ready);
      expect(down.length, `state ${n} has more than one pod down: ${record}`).to.be.at.most(1);
    }
  });

  it('an API error shows in the view as the Status the server sent', async () => {
    await tab.click('orch-statefulset-view [data-action=create-example]');
    await tab.waitFor('orch-statefulset-view orch-status[data-source=action] [data-code="409"]');
    const shown = await tab.text('orch-statefulset-view orch-status[data-source=action] .status');
    // The same request straight to the API: the page shows that Status, not its own words.
    const sent = await tab.evaluate(async (body) => {
      const r = await fetch('/apis/apps/v1/namespaces/default/statefulsets', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return r.json();
    }, exampleStatefulSet('default'));
    expect(sent).to.deep.include({ kind: 'Status', code: 409, reason: 'AlreadyExists' });
    expect(shown).to.include(`409 ${sent.reason}`);
    expect(shown).to.include(sent.message);
  });
});
