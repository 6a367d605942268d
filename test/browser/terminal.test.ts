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

/**
 * How the terminal fits its box: the columns of its rows (the length of the first row of the last
 * long line typed, which fills a row before it wraps), where its screen ends against its box, and
 * how far the page scrolls sideways.
 */
const terminalFit = new Function(`
  const panel = document.querySelector('orch-app').shadowRoot.querySelector('orch-terminal-panel');
  const rows = [...panel.querySelectorAll('.xterm-rows > div')].map((r) => r.textContent.replace(/\\u00a0/g, ' '));
  const start = rows.findLastIndex((r) => r.startsWith('$ helm x'));
  return {
    columns: start < 0 ? 0 : rows[start].trimEnd().length,
    screenRight: panel.querySelector('.xterm-screen').getBoundingClientRect().right,
    boxRight: panel.querySelector('.orch-terminal').getBoundingClientRect().right,
    pageOverflow: document.scrollingElement.scrollWidth - window.innerWidth,
  };
`) as () => { columns: number; screenRight: number; boxRight: number; pageOverflow: number };

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

  it('on a phone (375×667) its columns follow its width: a long line wraps on screen, nothing scrolls sideways', async () => {
    const long = `helm ${'x'.repeat(300)}`;
    expect((await enter(long)).code).to.equal(127);
    const wide = await tab.evaluate(terminalFit);
    await tab.viewport(375, 667);
    try {
      // The fit follows the box on the next frame after it resized.
      await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect((await enter(long)).code).to.equal(127);
      const narrow = await tab.evaluate(terminalFit);
      expect(narrow.pageOverflow, 'the page scrolls sideways').to.be.at.most(0);
      expect(narrow.screenRight, 'the terminal runs past its box').to.be.at.most(narrow.boxRight + 1);
      expect(narrow.columns, 'the typed line fills a row of the narrow terminal and wraps').to.be.within(20, wide.columns - 1);
      expect(wide.screenRight).to.be.at.most(wide.boxRight + 1);
      await tab.screenshot('terminal-phone');
    } finally {
      await tab.viewport(1280, 800);
    }
  });
});
