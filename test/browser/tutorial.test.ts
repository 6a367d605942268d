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
    await tab.fill(`${LESSON} orch-yaml-editor [aria-label=YAML]`, 'data:\n  message: hello\n');
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

/** The lesson's parts, by walking the shadow roots (for measuring, which selectors cannot). */
const IN_LESSON = `(() => {
  const app = document.querySelector('orch-app')?.shadowRoot;
  return app?.querySelector('orch-tutorial')?.shadowRoot?.querySelector('orch-lesson')?.shadowRoot;
})()`;

describe('the tutorial: custom resources, users and orchctl, by hand', () => {
  let tab: Tab;
  before(async () => {
    tab = await openPlayground();
  });
  after(async () => {
    await tab?.close();
  });

  const website = (name: string, replicas: number) =>
    JSON.stringify({
      apiVersion: 'example.com/v1',
      kind: 'Website',
      metadata: { name },
      spec: { host: `${name}.example.com`, replicas, tier: 'small' },
    });

  it('custom-resources: a valid Website without the rule refusing one first stays red; the refused one turns it green', async function () {
    this.timeout(60_000);
    await openLesson(tab, 'custom-resources');
    await tab.waitFor(RED);
    // The editor starts with the CRD.
    await tab.click(`${LESSON} orch-yaml-editor [data-action=create]`);
    await tab.waitFor(`${LESSON} orch-yaml-editor .result[data-status="201"]`);
    await tab.waitFor(`${LESSON} orch-picture-schema [data-established=true]`);
    await tab.click(`${LESSON} [data-tool=console]`);
    await tab.fill(`${LESSON} orch-request-console textarea[name=body]`, website('blog', 3));
    await tab.click(`${LESSON} orch-request-console [data-action=send]`);
    await tab.waitFor(`${LESSON} orch-request-console .status-line[data-status="201"]`);
    await tab.waitFor(`${LESSON} .hint`);
    expect(await tab.text(`${LESSON} .goal .missing`)).to.include('a create the rule refuses');
    // Now one the rule refuses: its message comes back with 422, and the picture marks the rule.
    await tab.fill(`${LESSON} orch-request-console textarea[name=body]`, website('big', 5));
    await tab.click(`${LESSON} orch-request-console [data-action=send]`);
    await tab.waitFor(`${LESSON} orch-request-console .status-line[data-status="422"]`);
    await tab.waitFor(GREEN);
    await tab.waitFor(`${LESSON} orch-picture-schema .rule[data-failed=true]`);
    expect(await tab.text(`${LESSON} orch-picture-schema .rule[data-failed=true]`)).to.include('a small website has at most 3 replicas');
    await tab.screenshot('lesson-custom-resources-refused');
  });

  it('the lesson’s request log survives a reload: the goal stays met and the picture still shows the refused create', async function () {
    this.timeout(60_000);
    await tab.reload();
    await tab.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
    await tab.waitFor(READY, { state: 'attached', timeout: 20_000 });
    // The check needs the 422 the learner got before the reload: only the saved log has it.
    await tab.waitFor(GREEN);
    await tab.waitFor(`${LESSON} orch-picture-schema .rule[data-failed=true]`);
    // Reset forgets it with the rest of the lesson.
    await tab.click(`${LESSON} [data-action=reset]`);
    await tab.waitFor(READY, { state: 'attached', timeout: 20_000 });
    await tab.waitFor(RED);
    await tab.reload();
    await tab.waitFor(READY, { state: 'attached', timeout: 20_000 });
    await tab.waitFor(RED);
    expect(await tab.text(`${LESSON} .goal .missing`)).to.include('the CRD websites.example.com');
  });

  it('rbac-users: alice gets a real 403; bound to cluster-admin she may delete too, so it stays red', async function () {
    this.timeout(60_000);
    await openLesson(tab, 'rbac-users');
    await tab.waitFor(RED);
    await tab.select(`${LESSON} orch-user-switcher select`, '1');
    // The header's switcher follows the lesson's.
    await tab.waitFor('orch-app header orch-user-switcher option:checked', { state: 'attached', text: 'alice' });
    await tab.click(`${LESSON} orch-request-console [data-action=send]`);
    await tab.waitFor(`${LESSON} orch-request-console .status-line[data-status="403"]`);
    expect(await tab.text(`${LESSON} orch-request-console pre.body`)).to.match(
      /User \\?"alice\\?" cannot list resource \\?"configmaps\\?"/,
    );
    await tab.waitFor(`${LESSON} orch-picture-rbac [data-verdict=denied]`);
    expect(await tab.text(`${LESSON} orch-picture-rbac [data-verdict]`)).to.include('no RoleBinding in tutorial names alice');
    // Her group system:authenticated is bound cluster-wide, to system roles that allow no ConfigMaps.
    await tab.waitFor(
      `${LESSON} orch-picture-rbac [data-binding-kind=ClusterRoleBinding][data-binding="system:basic-user"][data-subject-matches=true]`,
    );
    expect(await tab.text(`${LESSON} orch-picture-rbac [data-verdict]`)).to.include('ClusterRole system:basic-user');

    await tab.select(`${LESSON} orch-user-switcher select`, '0');
    await tab.click(`${LESSON} [data-tool=editor]`);
    await tab.fill(
      `${LESSON} orch-yaml-editor [aria-label=YAML]`,
      'apiVersion: rbac.authorization.orch.io/v1\nkind: RoleBinding\nmetadata:\n  name: alice-admin\n  namespace: tutorial\nsubjects:\n- kind: User\n  name: alice\n  apiGroup: rbac.authorization.orch.io\nroleRef:\n  kind: ClusterRole\n  name: cluster-admin\n  apiGroup: rbac.authorization.orch.io\n',
    );
    await tab.click(`${LESSON} orch-yaml-editor [data-action=create]`);
    await tab.waitFor(`${LESSON} orch-yaml-editor .result[data-status="201"]`);
    await tab.select(`${LESSON} orch-user-switcher select`, '1');
    await tab.click(`${LESSON} [data-tool=console]`);
    await tab.click(`${LESSON} orch-request-console [data-action=send]`);
    await tab.waitFor(`${LESSON} orch-request-console .status-line[data-status="200"]`);
    await tab.waitFor(`${LESSON} orch-picture-rbac [data-verdict=allowed]`);
    expect(await tab.text(`${LESSON} orch-picture-rbac [data-verdict]`)).to.include('ClusterRole cluster-admin');
    await tab.waitFor(RED);
    await tab.waitFor(`${LESSON} .hint`);
    expect(await tab.text(`${LESSON} .goal .missing`)).to.include('not to delete them');
    await tab.screenshot('lesson-rbac-users-too-much');
  });

  it('orchctl: typed into the terminal, one merge patch doing everything stays red', async function () {
    this.timeout(60_000);
    await openLesson(tab, 'orchctl');
    await tab.waitFor(`${LESSON} orch-terminal-panel .xterm`);
    const input = `${LESSON} orch-terminal-panel .xterm-helper-textarea`;
    // Keys typed while a command runs are not read: each line waits for the one before to print.
    for (const [line, printed] of [
      ['orchctl create configmap app -n tutorial --from-literal=mode=dev', 'configmap/app created'],
      [
        `orchctl patch configmap app -n tutorial --type=merge -p '{"metadata":{"labels":{"tier":"backend"}},"data":{"mode":"prod","replicas":"3"}}'`,
        'configmap/app patched',
      ],
    ] as const) {
      await tab.type(input, line);
      await tab.press(input, 'Enter');
      await tab.waitFor(`${LESSON} orch-terminal-panel .xterm-rows`, { text: printed });
    }
    await tab.waitFor(`${LESSON} .goal .missing`, { text: 'a --type=strategic patch' }).catch(async (err: unknown) => {
      throw new Error(`${String(err)}\n${await whatTheLessonSaw(tab)}\nterminal:\n${await tab.text(`${LESSON} orch-terminal-panel`)}`);
    });
    await tab.waitFor(`${LESSON} .hint`);
    expect(await tab.count(RED)).to.equal(1);
    expect(await tab.text(`${LESSON} orch-terminal-panel`)).to.include('configmap/app patched');
    await tab.screenshot('lesson-orchctl-one-merge-patch');
  });

  it('on a phone (390×844) the lesson, its goal and its tools fit the width and work', async function () {
    this.timeout(60_000);
    await tab.viewport(390, 844);
    await tab.evaluate(() => {
      location.hash = '#/';
    });
    await tab.waitFor('orch-welcome a[data-action=start]');
    const pageOverflow = () => tab.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(await pageOverflow(), 'the welcome page scrolls sideways').to.be.at.most(0);
    await openLesson(tab, 'rbac-users');
    expect(await pageOverflow(), 'the lesson scrolls sideways').to.be.at.most(0);
    // Every control of the lesson lies within the screen's width.
    const outside = await tab.evaluate(
      new Function(`
        const root = ${IN_LESSON};
        const within = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.left >= -1 && r.right <= window.innerWidth + 1; };
        const deep = (node, sel) => [...node.querySelectorAll(sel), ...[...node.querySelectorAll('*')].flatMap((e) => e.shadowRoot ? deep(e.shadowRoot, sel) : [])];
        return deep(root, 'button:not([hidden]), select, a, .goal, textarea, input').filter((el) => el.offsetParent !== null && !within(el)).map((el) => el.outerHTML.slice(0, 80));
      `) as () => string[],
    );
    expect(outside).to.deep.equal([]);
    await tab.screenshot('tutorial-phone');
    await tab.click(`${LESSON} [data-action=show-me]`);
    await tab.waitFor(GREEN, { timeout: 20_000 });
    await tab.waitFor(`${LESSON} a[data-action=next]`);
    // The terminal (80 columns) scrolls inside its box, not the page.
    await openLesson(tab, 'orchctl');
    await tab.waitFor(`${LESSON} orch-terminal-panel .xterm`);
    const wide = await tab.evaluate(
      new Function(`
        const deep = (node) => [...node.querySelectorAll('*')].flatMap((e) => [e, ...(e.shadowRoot ? deep(e.shadowRoot) : [])]);
        return deep(document).filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => e.tagName + '.' + e.className).slice(0, 8);
      `) as () => string[],
    );
    expect(await pageOverflow(), `the terminal lesson scrolls sideways: ${wide.join(', ')}`).to.be.at.most(0);
    await tab.viewport(1280, 800);
  });
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
