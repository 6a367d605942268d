/**
 * Browser tests (`npx web-test-runner`, part of `npm test`): test/browser/**\/*.test.ts run in
 * headless Chromium driven by playwright-core, each test file in its own browser context (its
 * own IndexedDB, Service Worker and SharedWorker). Before the run the playground is built
 * (`playground/dist`, with the API worker and the Service Worker), so a fresh clone needs no
 * manual step. Tests drive extra pages and contexts (reloads, a second tab, crashes, offline,
 * the playground UI) through the `pw:*` server commands below. After the run the counts go to
 * test-results/browser.json, which scripts/test.js reads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer } from 'vite';
import { buildPlayground, servePlayground } from './scripts/playground-server.js';
import { launchChromium } from './scripts/chromium.js';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter, summaryReporter } from '@web/test-runner';

const ROOT = process.cwd();
const RESULTS = resolve(ROOT, 'test-results');
const SCREENSHOTS = join(RESULTS, 'screenshots');

await buildPlayground();

/** A web-test-runner browser launcher on playwright-core: one fresh context per test file. */
class PlaywrightChromium {
  name = 'Chromium';
  type = 'playwright';
  /** @type {Map<string, import('playwright-core').Page>} */
  pages = new Map();
  /** @type {Promise<import('playwright-core').Browser> | undefined} */
  browser = undefined;

  launch() {
    this.browser ??= launchChromium();
    return this.browser;
  }

  async startSession(sessionId, url) {
    const browser = await this.launch();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    this.pages.set(sessionId, page);
    await page.goto(url);
  }

  isActive(sessionId) {
    return this.pages.has(sessionId);
  }

  getBrowserUrl(sessionId) {
    return this.pages.get(sessionId)?.url();
  }

  async stopSession(sessionId) {
    const page = this.pages.get(sessionId);
    this.pages.delete(sessionId);
    await pageControl.release(sessionId);
    await page?.context().close();
    return {};
  }

  async startDebugSession() {
    throw new Error('debug sessions are not supported by this launcher');
  }

  async stop() {
    await pageControl.release();
    if (this.browser) await (await this.browser).close();
  }
}

const launcher = new PlaywrightChromium();

/**
 * Pages, contexts and static servers the tests open through `pw:*` commands, per test session,
 * so they are closed when the session ends whatever the test did.
 */
const pageControl = {
  seq: 0,
  /** @type {Map<string, { session: string, page?: import('playwright-core').Page, context?: import('playwright-core').BrowserContext, server?: { close(): Promise<void> } }>} */
  handles: new Map(),

  add(session, value) {
    const id = `h${++this.seq}`;
    this.handles.set(id, { session, ...value });
    return id;
  },

  get(id, what) {
    const h = this.handles.get(id);
    if (!h?.[what]) throw new Error(`no ${what} with handle ${id}`);
    return h[what];
  },

  async release(session) {
    for (const [id, h] of [...this.handles]) {
      if (session !== undefined && h.session !== session) continue;
      this.handles.delete(id);
      await h.server?.close();
      await h.context?.close().catch(() => undefined);
    }
  },

  async run(command, p, session) {
    const own = launcher.pages.get(session.id);
    const origin = own ? new URL(own.url()).origin : undefined;
    switch (command) {
      case 'pw:context': {
        const context = await (await launcher.launch()).newContext({ viewport: { width: 1280, height: 800 } });
        return this.add(session.id, { context });
      }
      case 'pw:open': {
        const context = p.context ? this.get(p.context, 'context') : own.context();
        const page = await context.newPage();
        page.on('pageerror', (err) => console.error(`[page ${p.url}] ${err.message}`));
        const id = this.add(session.id, { page });
        await page.goto(new URL(p.url, origin).href);
        return id;
      }
      case 'pw:goto':
        await this.get(p.page, 'page').goto(new URL(p.url, origin).href);
        return true;
      case 'pw:reload':
        await this.get(p.page, 'page').reload();
        return true;
      case 'pw:close':
        await this.get(p.page, 'page').close();
        return true;
      case 'pw:crash': {
        const page = this.get(p.page, 'page');
        const crashed = new Promise((ok) => page.once('crash', ok));
        const cdp = await page.context().newCDPSession(page);
        // The renderer dies before it can answer: wait for the crash, not for the reply.
        void cdp.send('Page.crash').catch(() => undefined);
        await crashed;
        return true;
      }
      case 'pw:eval': {
        const value = await this.get(p.page, 'page').evaluate(`(${p.fn})(${JSON.stringify(p.arg ?? null)})`);
        // Wrapped: a bare undefined or null would read as "no plugin knows this command".
        return { value: value ?? null };
      }
      case 'pw:click':
        await this.get(p.page, 'page')
          .locator(p.selector)
          .first()
          .click({ timeout: p.timeout ?? 10_000 });
        return true;
      case 'pw:fill':
        await this.get(p.page, 'page')
          .locator(p.selector)
          .first()
          .fill(p.value, { timeout: p.timeout ?? 10_000 });
        return true;
      case 'pw:press':
        await this.get(p.page, 'page')
          .locator(p.selector)
          .first()
          .press(p.key, { timeout: p.timeout ?? 10_000 });
        return true;
      case 'pw:type':
        // Key by key, as typing does (a terminal reads keystrokes, not an input's value).
        await this.get(p.page, 'page')
          .locator(p.selector)
          .first()
          .pressSequentially(p.text, { timeout: p.timeout ?? 10_000 });
        return true;
      case 'pw:viewport':
        await this.get(p.page, 'page').setViewportSize({ width: p.width, height: p.height });
        return true;
      case 'pw:select':
        await this.get(p.page, 'page')
          .locator(p.selector)
          .first()
          .selectOption(p.value, { timeout: p.timeout ?? 10_000 });
        return true;
      case 'pw:wait': {
        const page = this.get(p.page, 'page');
        let loc = page.locator(p.selector);
        if (p.text !== undefined) loc = loc.filter({ hasText: p.text });
        await loc.first().waitFor({ state: p.state ?? 'visible', timeout: p.timeout ?? 15_000 });
        return true;
      }
      case 'pw:text':
        return (
          this.get(p.page, 'page')
            .locator(p.selector)
            .first()
            // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's method (the rendered text), not the DOM property
            .innerText({ timeout: p.timeout ?? 10_000 })
        );
      case 'pw:count':
        return this.get(p.page, 'page').locator(p.selector).count();
      case 'pw:screenshot': {
        if (!/^[\w-]+$/.test(p.name)) throw new Error(`screenshot name must be a word, got ${p.name}`);
        mkdirSync(SCREENSHOTS, { recursive: true });
        await this.get(p.page, 'page').screenshot({ path: join(SCREENSHOTS, `${p.name}.png`), fullPage: true });
        return `test-results/screenshots/${p.name}.png`;
      }
      case 'pw:offline':
        await this.get(p.context, 'context').setOffline(Boolean(p.offline));
        return true;
      case 'pw:serve-playground': {
        // The build as `npm start` serves it (or `vite`, the dev server of `npm run dev`), on an
        // origin of its own: a test can stop it to be really offline.
        if (!p.dev) {
          const served = await servePlayground({ port: 0 });
          return { id: this.add(session.id, { server: served }), origin: new URL(served.url).origin };
        }
        const listen = { host: '127.0.0.1', port: 0, strictPort: true, open: false };
        const server = await createServer({
          configFile: resolve(ROOT, 'vite.config.ts'),
          logLevel: 'warn',
          server: { ...listen, hmr: false },
        });
        await server.listen();
        return { id: this.add(session.id, { server }), origin: new URL(server.resolvedUrls.local[0]).origin };
      }
      case 'pw:stop-server': {
        const h = this.handles.get(p.server);
        if (!h?.server) throw new Error(`no server with handle ${p.server}`);
        this.handles.delete(p.server);
        await h.server.close();
        return true;
      }
      case 'pw:close-context':
        await this.get(p.context, 'context').close();
        this.handles.delete(p.context);
        return true;
      default:
        return undefined;
    }
  },
};

/** Counts of every test of the run, as scripts/test.js reads them. */
function countsReporter() {
  const write = (sessions) => {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const walk = (suite) => {
      for (const t of suite.tests) {
        if (t.skipped) skipped++;
        else if (t.passed) passed++;
        else failed++;
      }
      for (const s of suite.suites) walk(s);
    };
    for (const s of sessions) {
      const before = failed;
      if (s.testResults) walk(s.testResults);
      // A file that failed to load or broke outside a test counts once.
      if ((!s.testResults || s.errors.length || s.passed === false) && failed === before) failed++;
    }
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, 'browser.json'), `${JSON.stringify({ passed, failed })}\n`);
    console.log(`browser tests: ${passed} passed, ${failed} failed, ${skipped} pending`);
  };
  return {
    onTestRunFinished({ sessions }) {
      write(sessions);
    },
  };
}

export default {
  rootDir: ROOT,
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 1,
  browsers: [launcher],
  testsFinishTimeout: 300_000,
  testFramework: { config: { timeout: 30_000 } },
  reporters: [defaultReporter(), summaryReporter(), countsReporter()],
  middleware: [
    // The built Service Worker is registered from playground/dist with scope `/` in tests.
    function serviceWorkerAllowed(ctx, next) {
      if (ctx.path.endsWith('/sw.js')) ctx.set('Service-Worker-Allowed', '/');
      return next();
    },
  ],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022' }),
    {
      // sorted-btree (the watch cache's index) is CommonJS with no dependencies; the dev server
      // serves modules as they are, so it is wrapped as an ES module here (Vite does this itself).
      name: 'orch-commonjs-btree',
      transform(context) {
        if (!context.path.endsWith('/sorted-btree/b+tree.js')) return undefined;
        return {
          body: `const module = { exports: {} }; const exports = module.exports;\n${context.body}\nexport default module.exports;\n`,
        };
      },
    },
    {
      name: 'orch-page-control',
      executeCommand({ command, payload, session }) {
        if (!command.startsWith('pw:')) return undefined;
        return pageControl.run(command, payload ?? {}, session);
      },
    },
  ],
};
