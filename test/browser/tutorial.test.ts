/**
 * The tutorial in the playground (driven by playwright-core): the welcome page starts lesson 1;
 * a wrong attempt stays red with a hint; a lesson solved by hand through the tools turns green;
 * reset brings the starting state back; progress survives a reload; every lesson is solved by
 * its scripted solver ("Show me", which fills the tools and presses their buttons) and its check
 * turns green, with a screenshot of its picture; and a lesson is completed offline.
 */
import { expect } from 'chai';
import { LESSONS } from '../../playground/src/lessons/index.ts';
import { after, before, describe, it } from './support/mocha.ts';
import { freshContext, openPlayground, servePlayground, type Context, type PlaygroundServer, type Tab } from './support/pages.ts';

const LESSON = 'orch-lesson';
const READY = `${LESSON}[phase=ready]`;
const GREEN = `${LESSON} .goal[data-check=done]`;
const RED = `${LESSON} .goal[data-check=pending]`;

async function openLesson(tab: Tab, id: string): Promise<void> {
  await tab.evaluate((hash) => {
    location.hash = hash;
  }, `#/lessons/${id}`);
  await tab.waitFor(`${LESSON} h2#lesson-title`, { text: LESSONS.find((l) => l.id === id)?.title ?? id });
  await tab.waitFor(READY, { state: 'attached', timeout: 20_000 });
}

/** What the lesson shows and the requests it logged: the message of a lesson that stayed red. */
async function whatTheLessonSaw(tab: Tab): Promise<string> {
  const goal = await tab.text(`${LESSON} .goal`);
  const errors = (await tab.count(`${LESSON} orch-status`)) ? await tab.text(`${LESSON} orch-status`) : 'no error';
  const requests = await tab.evaluate(() => {
    const app = document.querySelector('orch-app')?.shadowRoot;
    const view = app?.querySelector('orch-tutorial')?.shadowRoot?.querySelector('orch-lesson') as unknown as {
      requests: { method: string; path: string; status: number }[];
    };
    return view.requests.map((r) => `${r.method} ${r.path} ${r.status}`).join('\n');
  });
  return `${goal}\n${errors}\nrequests:\n${requests}`;
}

describe('the tutorial', () => {
  let tab: Tab;
  before(async () => {
    tab = await openPlayground();
  });
  after(async () => {
    await tab?.close();
  });

  it('opens on the welcome page, whose button starts lesson 1', async () => {
    await tab.waitFor('orch-welcome a[data-action=start]', { text: 'Start lesson 1' });
    expect(await tab.count('orch-welcome li[data-lesson]')).to.equal(LESSONS.length);
    await tab.screenshot('tutorial-welcome');
    await tab.click('orch-welcome a[data-action=start]');
    await tab.waitFor(READY, { state: 'attached', timeout: 20_000 });
    expect(await tab.evaluate(() => location.hash)).to.equal(`#/lessons/${LESSONS[0]?.id}`);
    await tab.waitFor(RED);
  });

  it('a wrong attempt stays red and shows the hint', async () => {
    await tab.click(`${LESSON} [data-tool=editor]`);
    // The editor starts with data.message: hi, which is not the goal.
    await tab.click(`${LESSON} orch-yaml-editor [data-action=create]`);
    await tab.waitFor(`${LESSON} orch-yaml-editor .result[data-status="201"]`);
    await tab.waitFor(`${LESSON} .hint`);
    expect(await tab.count(RED)).to.equal(1);
    expect(await tab.text(`${LESSON} .goal .missing`)).to.include('greeting with data.message: hello');
  });

  it('solved by hand through the tools, the check turns green', async () => {
    await tab.fill(`${LESSON} orch-yaml-editor textarea`, 'data:\n  message: hello\n');
    await tab.select(`${LESSON} orch-yaml-editor select[name=patchType]`, 'merge');
    await tab.click(`${LESSON} orch-yaml-editor [data-action=patch]`);
    await tab.waitFor(`${LESSON} orch-yaml-editor .result[data-status="200"]`);
    await tab.click(`${LESSON} [data-tool=console]`);
    await tab.fill(`${LESSON} orch-request-console input[name=path]`, '/api/v1/namespaces/tutorial/configmaps/nobody');
    await tab.click(`${LESSON} orch-request-console [data-action=send]`);
    await tab.waitFor(`${LESSON} orch-request-console .status-line[data-status="404"]`);
    await tab.waitFor(RED);
    await tab.select(`${LESSON} orch-request-console select[name=method]`, 'DELETE');
    await tab.fill(`${LESSON} orch-request-console input[name=path]`, '/api/v1/namespaces/tutorial/configmaps/old-note');
    await tab.click(`${LESSON} orch-request-console [data-action=send]`);
    await tab.waitFor(GREEN);
    expect(await tab.count(`${LESSON} .hint`)).to.equal(0);
    await tab.waitFor(`${LESSON} a[data-action=next]`);
  });

  it('reset restores the starting state in the in-tab server', async () => {
    await tab.click(`${LESSON} [data-action=reset]`);
    await tab.waitFor(READY, { state: 'attached', timeout: 20_000 });
    await tab.waitFor(RED);
    const state = await tab.evaluate(async () => ({
      greeting: (await fetch('/api/v1/namespaces/tutorial/configmaps/greeting')).status,
      oldNote: (await fetch('/api/v1/namespaces/tutorial/configmaps/old-note')).status,
    }));
    expect(state).to.deep.equal({ greeting: 404, oldNote: 200 });
    expect(await tab.count(`${LESSON} .hint`)).to.equal(0);
  });

  it('progress survives a reload', async () => {
    await tab.reload();
    await tab.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
    // The reload carries on in the lesson: its state is not started again.
    await tab.waitFor(READY, { state: 'attached', timeout: 20_000 });
    await tab.evaluate(() => {
      location.hash = '#/';
    });
    await tab.waitFor(`orch-welcome li[data-lesson=${LESSONS[0]?.id}][data-done=true]`);
    await tab.waitFor('orch-welcome a[data-action=start]', { text: 'Carry on' });
  });

  it('the sandbox keeps the tools free at #/sandbox', async () => {
    await tab.click('nav button[data-view=console]');
    await tab.waitFor('orch-app orch-request-console:not([hidden])');
    expect(await tab.evaluate(() => location.hash)).to.equal('#/sandbox/console');
    expect(await tab.count('orch-tutorial orch-welcome')).to.equal(0);
    await tab.click('nav a[data-view=lessons]');
    await tab.waitFor('orch-welcome');
  });

  for (const [i, lesson] of LESSONS.entries()) {
    it(`lesson ${i + 1}, ${lesson.id}: the scripted solver solves it through the tools and the check turns green`, async function () {
      this.timeout(60_000);
      await openLesson(tab, lesson.id);
      await tab.waitFor(RED);
      await tab.click(`${LESSON} [data-action=show-me]`);
      await tab.waitFor(GREEN, { timeout: 18_000 }).catch(async (err: unknown) => {
        throw new Error(`${String(err)}\n${await whatTheLessonSaw(tab)}`);
      });
      await tab.waitFor(READY, { state: 'attached', timeout: 20_000 });
      expect(await tab.count(`${LESSON} orch-status`), 'the solver reported no error').to.equal(0);
      await tab.screenshot(`lesson-${lesson.id}`);
    });
  }
});

describe('the tutorial offline', () => {
  let server: PlaygroundServer | undefined;
  let context: Context | undefined;
  after(async () => {
    await context?.close();
    await server?.stop().catch(() => undefined);
  });

  it('a lesson is completed with the network off, and its progress is kept', async function () {
    this.timeout(60_000);
    server = await servePlayground();
    context = await freshContext();
    const tab = await context.open(`${server.origin}/`);
    await tab.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
    await tab.waitFor('header orch-offline-status[state=ready]');

    await context.setOffline(true);
    await server.stop();
    server = undefined;
    await tab.reload();
    await tab.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
    await openLesson(tab, 'selectors');
    await tab.click(`${LESSON} [data-action=show-me]`);
    await tab.waitFor(GREEN, { timeout: 30_000 });
    await tab.evaluate(() => {
      location.hash = '#/';
    });
    await tab.waitFor('orch-welcome li[data-lesson=selectors][data-done=true]');
  });
});
