/**
 * The playground terminal (driven by playwright-core): commands typed key by key into xterm.js
 * run orchctl against the in-tab server. What the terminal shows is what orchctl prints (created,
 * a table, patched, the real client's error text), each command ends with its exit code, and the
 * server holds what the commands made.
 */
import { expect } from 'chai';
import { describe, it } from './support/mocha.ts';
import type { Tab } from './support/pages.ts';
import { usePlayground } from './support/playground.ts';

const PANEL = 'orch-terminal-panel';
const INPUT = `${PANEL} .xterm-helper-textarea`;

interface Finished {
  readonly line: string;
  readonly code: number;
}

/** Records the terminal's `orch-command` events (one per finished command line) in the page. */
function recordCommands(): void {
  const w = window as unknown as { orchCommands?: { line: string; code: number }[] };
  if (w.orchCommands) return;
  const seen: { line: string; code: number }[] = [];
  w.orchCommands = seen;
  document.addEventListener('orch-command', (e) => seen.push((e as CustomEvent<{ line: string; code: number }>).detail));
}

/** Resolves with the n-th finished command (1-based) once there is one. */
function nthCommand(n: number): Promise<{ line: string; code: number }> {
  const w = window as unknown as { orchCommands: { line: string; code: number }[] };
  return new Promise((resolve) => {
    const check = () => {
      const done = w.orchCommands[n - 1];
      if (done) resolve(done);
      else setTimeout(check, 20);
    };
    check();
  });
}

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const r = await fetch(path);
  return { status: r.status, body: await r.json() };
}

describe('the playground terminal', () => {
  let tab: Tab;
  let typed = 0;
  const view = usePlayground((opened) => {
    tab = opened;
  });

  /** Types a line and Enter as a learner would; answers the finished command. */
  async function enter(line: string): Promise<Finished> {
    await tab.type(INPUT, line);
    await tab.press(INPUT, 'Enter');
    typed++;
    return tab.evaluate(nthCommand, typed);
  }

  /** The screen's text (xterm's rows; non-breaking spaces read as spaces). */
  async function screen(): Promise<string> {
    return (await tab.text(`${PANEL} .xterm-rows`)).replace(/\u00a0/g, ' ');
  }

  it('opens with its greeting and a prompt', async () => {
    await view('terminal');
    await tab.waitFor(`${PANEL} .xterm`);
    await tab.evaluate(recordCommands);
    expect(await screen()).to.include('orchctl against the in-tab server');
  });

  it('create configmap: printed as created, and the server holds it', async () => {
    expect(await enter('orchctl create configmap x --from-literal=a=b')).to.deep.equal({
      line: 'orchctl create configmap x --from-literal=a=b',
      code: 0,
    });
    expect(await screen()).to.include('configmap/x created');
    const cm = await tab.evaluate(getJson, '/api/v1/namespaces/default/configmaps/x');
    expect(cm.status).to.equal(200);
    expect((cm.body as { data: Record<string, string> }).data).to.deep.equal({ a: 'b' });
  });

  it('get configmaps: the server table, with the new configmap in it', async () => {
    expect((await enter('orchctl get configmaps')).code).to.equal(0);
    const text = await screen();
    expect(text).to.match(/NAME +DATA +AGE/);
    expect(text).to.match(/\bx +1 +\d+s/);
  });

  it('patch: printed as patched, and the change is on the server', async () => {
    const line = `orchctl patch configmap x -p '{"data":{"c":"d"}}'`;
    expect(await enter(line)).to.deep.equal({ line, code: 0 });
    expect(await screen()).to.include('configmap/x patched');
    const cm = await tab.evaluate(getJson, '/api/v1/namespaces/default/configmaps/x');
    expect((cm.body as { data: Record<string, string> }).data).to.deep.equal({ a: 'b', c: 'd' });
  });

  it('errors: the real client text and a non-zero exit, and nothing changes', async () => {
    expect((await enter('orchctl get configmap nope')).code).to.equal(1);
    expect(await screen()).to.include('Error from server (NotFound): configmaps "nope" not found');
    expect((await enter(`orchctl patch configmap x --type=bad -p '{}'`)).code).to.equal(1);
    expect(await screen()).to.include('error: --type must be one of [json merge strategic], not "bad"');
    expect((await enter('helm install x')).code).to.equal(127);
    expect(await screen()).to.include('helm: command not found');
    const cm = await tab.evaluate(getJson, '/api/v1/namespaces/default/configmaps/x');
    expect((cm.body as { data: Record<string, string> }).data).to.deep.equal({ a: 'b', c: 'd' });
    const missing = await tab.evaluate(getJson, '/api/v1/namespaces/default/configmaps/nope');
    expect(missing.status).to.equal(404);
    await tab.screenshot('terminal');
  });
});
