#!/usr/bin/env node
/**
 * Where the playground's cold start goes (`node bench/browser/coldstart.js`): builds the
 * playground into a scratch folder, serves it with `vite preview`, opens lesson 1 in fresh
 * browser profiles and prints, per step, when it ended on the page's timeline (median of the
 * runs, ms since navigation start): the page's own load, its resources (with when each was
 * asked for), the runtime's steps (`orch-boot:*` marks), the API worker's steps (from its
 * stats, placed on the page's clock), the app shown and the lesson ready. A blank Vite page is
 * loaded before each run, the bench's baseline (bench/browser/tutorial.js), so a loaded machine
 * shows in both.
 *
 * Options (environment): CHROMIUM_PATH; COLD_RUNS (default 5); COMPARE=<another checkout of
 * this repository> measures that tree too, its runs interleaved with this one's, and prints both
 * side by side (a before/after on the same machine at the same time); TRACE=file.json (a CDP
 * trace of the first run, for Perfetto); PROFILE=file.cpuprofile (the page's main thread's CPU
 * profile of the first run, for the devtools' Performance panel).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import { launchChromium } from '../../scripts/chromium.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BLANK = resolve(import.meta.dirname, 'blank');
const RUNS = Number(process.env.COLD_RUNS ?? 5);
const LESSON_READY = 'orch-lesson-ready';
const PREVIEW = { host: '127.0.0.1', port: 0, strictPort: true, open: false };

/** Runs in the page once the lesson is ready: [step, ms it ended, ms it was asked for (resources)]. */
async function timeline() {
  const steps = [];
  const nav = performance.getEntriesByType('navigation')[0];
  steps.push(['page: html received', nav.responseEnd]);
  steps.push(['page: DOMContentLoaded', nav.domContentLoadedEventEnd]);
  const ready = performance.getEntriesByName('orch-lesson-ready')[0].startTime;
  const seen = new Set();
  for (const r of performance.getEntriesByType('resource')) {
    if (r.startTime > ready) continue; // after the lesson is ready: not part of the start
    const url = new URL(r.name);
    // Hashed file names change with every build: the same file has the same row in every run.
    const name = url.pathname.replace(/^.*\/assets\/([^-]+)-[^.]+/, '$1') + url.search;
    if (seen.has(name)) continue;
    seen.add(name);
    steps.push([`resource: ${name}`, r.responseEnd, r.startTime]);
  }
  for (const m of performance.getEntriesByType('mark')) steps.push([`mark: ${m.name}`, m.startTime]);
  const stats = await window.orch.control.stats();
  // A build from before the worker reported its steps has none.
  for (const b of stats.boot ?? []) steps.push([`worker: ${b.phase.replace(/ \(.*\)$/, '')}`, b.at - performance.timeOrigin]);
  return steps;
}

async function firstLesson(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${url}#/`);
    await page.waitForSelector('orch-welcome li[data-lesson]', { timeout: 60_000 });
    return await page
      .locator('orch-welcome li[data-lesson]')
      .first()
      .evaluate((e) => e.dataset.lesson);
  } finally {
    await context.close();
  }
}

/** Builds a tree's playground into a scratch folder and serves it. */
async function serveTree(root) {
  const outDir = mkdtempSync(join(tmpdir(), 'orch-coldstart-'));
  const configFile = resolve(root, 'vite.config.ts');
  // The config's `root` is relative to the working directory, not to the config: without this,
  // COMPARE would build this tree's page around the other tree's workers.
  const appRoot = resolve(root, 'playground');
  await build({ configFile, root: appRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({ configFile, root: appRoot, logLevel: 'warn', build: { outDir }, preview: PREVIEW });
  return {
    url: server.resolvedUrls.local[0],
    async close() {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

async function serveBlank() {
  const outDir = mkdtempSync(join(tmpdir(), 'orch-blank-'));
  const common = { root: BLANK, configFile: false, logLevel: 'warn', base: './', build: { outDir, emptyOutDir: true } };
  await build(common);
  const server = await preview({ ...common, preview: PREVIEW });
  return {
    url: server.resolvedUrls.local[0],
    async close() {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** One cold start of a lesson: the steps of its timeline. */
async function coldRun(browser, url, lesson, first) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const tracing = first && process.env.TRACE;
    if (tracing) await browser.startTracing(page, { path: process.env.TRACE, screenshots: false });
    const cdp = first && process.env.PROFILE ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${url}#/lessons/${lesson}`);
    await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, LESSON_READY, { timeout: 60_000 });
    if (tracing) await browser.stopTracing();
    if (cdp) writeFileSync(process.env.PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    return await page.evaluate(timeline);
  } finally {
    await context.close();
  }
}

async function blankRun(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('blank-ready').length > 0);
    return await page.evaluate(() => performance.getEntriesByName('blank-ready')[0].startTime);
  } finally {
    await context.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const trees = [{ name: 'this tree', root: ROOT }];
if (process.env.COMPARE) trees.push({ name: 'COMPARE', root: resolve(process.env.COMPARE) });
const blank = await serveBlank();
const served = [];
const browser = await launchChromium();
try {
  for (const t of trees) served.push({ ...t, ...(await serveTree(t.root)), steps: new Map(), asked: new Map(), ratios: [], lessonMs: [] });
  const lesson = await firstLesson(browser, served[0].url);
  const blankMs = [];
  for (let i = 0; i < RUNS; i++) {
    // The baseline before each round, so load from elsewhere on the machine hits all alike.
    const base = await blankRun(browser, blank.url);
    blankMs.push(base);
    for (const t of served) {
      for (const [step, ms, asked] of await coldRun(browser, t.url, lesson, i === 0)) {
        if (!t.steps.has(step)) t.steps.set(step, []);
        t.steps.get(step).push(ms);
        if (asked !== undefined) {
          if (!t.asked.has(step)) t.asked.set(step, []);
          t.asked.get(step).push(asked);
        }
        if (step === `mark: ${LESSON_READY}`) {
          t.lessonMs.push(ms);
          t.ratios.push(ms / base);
        }
      }
    }
  }
  const order = [...new Set(served.flatMap((t) => [...t.steps.keys()]))].sort(
    (a, b) => median(served[0].steps.get(a) ?? served[1].steps.get(a)) - median(served[0].steps.get(b) ?? served[1].steps.get(b)),
  );
  console.log(`cold start of lesson ${lesson}, ${RUNS} fresh profiles each (median ms since navigation start)`);
  console.log(`  ${served.map((t) => t.name.padStart(10)).join('')}  step`);
  for (const step of order) {
    const cells = served.map((t) => {
      const xs = t.steps.get(step);
      return (xs ? `${median(xs).toFixed(0)}${xs.length < RUNS ? '*' : ''}` : '-').padStart(10);
    });
    const asked = served[0].asked.get(step);
    console.log(`  ${cells.join('')}  ${step}${asked ? ` (asked at ${median(asked).toFixed(0)})` : ''}`);
  }
  console.log('  (* not in every run)');
  console.log(`  blank Vite page: median ${median(blankMs).toFixed(0)} ms (per run: ${blankMs.map((x) => x.toFixed(0)).join(' ')})`);
  for (const t of served) {
    console.log(
      `  ${t.name}: lesson ready median ${median(t.lessonMs).toFixed(0)} ms (per run: ${t.lessonMs.map((x) => x.toFixed(0)).join(' ')}); ÷ the blank page of its round, median ${median(t.ratios).toFixed(2)}`,
    );
  }
} finally {
  await browser.close();
  for (const t of served) await t.close();
  await blank.close();
}
