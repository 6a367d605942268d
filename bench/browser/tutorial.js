/**
 * The tutorial's figures (part of `npm run bench:browser`):
 *
 *   1. cold start: a fresh browser profile opening the playground at lesson 1 until the lesson
 *      is interactive (its `orch-lesson-ready` mark: the lesson's starting objects made through
 *      the Service Worker by the in-tab API server, its tools loaded, its watch open) ÷ the same
 *      profile-fresh load of a blank Vite page (its module ran), both
 *      built by Vite and served by `vite preview` on this machine (goal ≤ 3);
 *   2. check latency: in every lesson, a write sent with the lesson's request console, from its
 *      answer to the check's result drawn, in animation frames (goal ≤ 2).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';

const BLANK = resolve(import.meta.dirname, 'blank');
const COLD_RUNS = 3;
const WRITES = 5;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function serveBlank() {
  const outDir = mkdtempSync(join(tmpdir(), 'orch-blank-'));
  const common = { root: BLANK, configFile: false, logLevel: 'warn', base: './', build: { outDir, emptyOutDir: true } };
  await build(common);
  const server = await preview({ ...common, preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false } });
  return {
    url: server.resolvedUrls.local[0],
    async close() {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** ms from navigation to the named mark, in a fresh profile (cold), then once more after a reload (warm). */
async function load(browser, url, mark) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const reached = async (page) => {
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 60_000 });
    return page.evaluate((m) => performance.getEntriesByName(m)[0].startTime, mark);
  };
  try {
    const page = await context.newPage();
    await page.goto(url);
    const cold = await reached(page);
    await page.reload();
    return { cold, warm: await reached(page) };
  } finally {
    await context.close();
  }
}

/** Runs in the page: `writes` creates through the lesson's console, each timed from its answer to the check drawn. */
async function checkLatency({ writes }) {
  const lesson = document.querySelector('orch-app').shadowRoot.querySelector('orch-tutorial').shadowRoot.querySelector('orch-lesson');
  const tool = lesson.shadowRoot.querySelector('orch-request-console');
  const frameMs = await new Promise((done) => {
    const times = [];
    const tick = (t) => {
      times.push(t);
      if (times.length < 31) requestAnimationFrame(tick);
      else done((times[30] - times[0]) / 30);
    };
    requestAnimationFrame(tick);
  });
  const out = [];
  for (let i = 0; i < writes; i++) {
    tool.method = 'POST';
    tool.path = '/api/v1/namespaces/default/configmaps';
    tool.headersText = 'content-type: application/json';
    tool.bodyText = JSON.stringify({ metadata: { generateName: 'bench-' } });
    await tool.updateComplete;
    const answered = new Promise((resolve) => {
      const on = (e) => {
        if (!e.detail.done) return;
        tool.removeEventListener('orch-request', on);
        resolve(performance.now());
      };
      tool.addEventListener('orch-request', on);
    });
    tool.shadowRoot.querySelector('[data-action=send]').click();
    const t0 = await answered;
    let frames = 0;
    // Frames that begin before the check's result is drawn.
    for (;;) {
      // A check that began after the answer: one that saw the write.
      if (lesson.lastCheck.startedAt >= t0) {
        await lesson.updateComplete;
        break;
      }
      await new Promise((r) => requestAnimationFrame(r));
      frames++;
    }
    out.push({ ms: performance.now() - t0, frames });
  }
  return { frameMs, samples: out };
}

/** The lessons, in order, as the welcome page lists them. */
async function lessonIdsOf(browser, playgroundUrl) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${playgroundUrl}#/`);
    await page.waitForSelector('orch-welcome li[data-lesson]', { timeout: 60_000 });
    return await page.locator('orch-welcome li[data-lesson]').evaluateAll((els) => els.map((e) => e.dataset.lesson));
  } finally {
    await context.close();
  }
}

export async function measureTutorial(browser, playgroundUrl) {
  const lessonIds = await lessonIdsOf(browser, playgroundUrl);
  const blank = await serveBlank();
  try {
    const blankMs = [];
    const coldMs = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      blankMs.push(await load(browser, blank.url, 'blank-ready'));
      coldMs.push(await load(browser, `${playgroundUrl}#/lessons/${lessonIds[0]}`, 'orch-lesson-ready'));
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${playgroundUrl}#/`);
    await page.waitForSelector('orch-app[ready]', { state: 'attached', timeout: 60_000 });
    const perLesson = [];
    let frameMs = 0;
    for (const id of lessonIds) {
      await page.evaluate((h) => {
        location.hash = h;
      }, `#/lessons/${id}`);
      await page.waitForFunction(
        (lid) =>
          performance.getEntriesByName('orch-lesson-ready').some((e) => e.detail === lid && e.startTime > (window.__benchSince ?? 0)),
        id,
        { timeout: 60_000 },
      );
      const r = await page.evaluate(checkLatency, { writes: WRITES });
      frameMs = r.frameMs;
      await page.evaluate(() => {
        window.__benchSince = performance.now();
      });
      perLesson.push({ id, medianMs: median(r.samples.map((s) => s.ms)), medianFrames: median(r.samples.map((s) => s.frames)) });
    }
    await context.close();
    const cold = median(coldMs.map((x) => x.cold));
    const base = median(blankMs.map((x) => x.cold));
    const warm = median(coldMs.map((x) => x.warm));
    const warmBase = median(blankMs.map((x) => x.warm));
    return {
      coldStart: { runs: COLD_RUNS, playgroundToLessonMs: cold, blankViteMs: base, ratio: cold / base, goal: '<= 3' },
      // The same after a reload: Service Worker installed, code cached, the lesson's state kept.
      warmStart: { playgroundToLessonMs: warm, blankViteMs: warmBase, ratio: warm / warmBase },
      checkLatency: {
        writesPerLesson: WRITES,
        frameMs,
        worstLessonFrames: Math.max(...perLesson.map((l) => l.medianFrames)),
        medianLessonFrames: median(perLesson.map((l) => l.medianFrames)),
        worstLessonMs: Math.max(...perLesson.map((l) => l.medianMs)),
        perLesson,
        goal: '<= 2 frames',
      },
    };
  } finally {
    await blank.close();
  }
}
