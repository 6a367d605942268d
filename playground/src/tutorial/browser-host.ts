/**
 * The lesson host in the playground: requests go to the in-tab server with plain fetch (through
 * the Service Worker), the store and the switches through the worker's control surface.
 */
import { runtime } from '../runtime.ts';
import type { ResourceType } from '../api/resources.ts';
import { encodeRequest, parseJson, readAnswer, type LessonHost } from './engine.ts';
import type { LessonSettings } from './lesson.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The fastest the playground clock runs; a clock step runs it this fast for a moment. */
const FAST = 1000;

export function browserHost(types: () => readonly ResourceType[]): LessonHost {
  return {
    async request(req) {
      const { headers, body } = encodeRequest(req);
      if (/[?&]watch=(1|true)/.test(req.path))
        return readAnswer(await fetch(req.path, { method: req.method, headers, body: body ?? null }));
      // Straight to the API worker: the lesson's own reads need no Service Worker hop (half the time).
      const res = await runtime().control.request({
        method: req.method,
        url: new URL(req.path, location.origin).href,
        headers: Object.entries(headers),
        body: body === undefined ? null : (encoder.encode(body).buffer as ArrayBuffer),
      });
      const text = res.body === null ? '' : typeof res.body === 'string' ? res.body : decoder.decode(res.body);
      const answerHeaders: Record<string, string> = {};
      for (const [k, v] of res.headers) answerHeaders[k.toLowerCase()] = v;
      return { status: res.status, headers: answerHeaders, text, json: parseJson(text) };
    },
    reset: () => runtime().control.reset(),
    async applySettings(s: LessonSettings) {
      const { control } = runtime();
      const now = await control.settings();
      const sim = now.podSimulator;
      const want = s.podSimulator;
      if (sim.enabled !== want.enabled || sim.readyDelayMs !== want.readyDelayMs || sim.stopDelayMs !== want.stopDelayMs) {
        await control.setPodSimulator(want);
      }
      if (now.controllers !== s.controllers) await control.setControllers(s.controllers);
      if (now.clockSpeed !== s.clockSpeed) await control.setClockSpeed(s.clockSpeed);
    },
    async advanceClock(ms: number) {
      const { control } = runtime();
      const before = (await control.settings()).clockSpeed;
      const start = (await control.stats()).clockNow;
      await control.setClockSpeed(FAST);
      // Run fast until the clock has moved far enough (timers on the way fire in order).
      for (;;) {
        const left = start + ms - (await control.stats()).clockNow;
        if (left <= 0) break;
        await new Promise((r) => setTimeout(r, Math.max(1, Math.min(50, left / FAST))));
      }
      await control.setClockSpeed(before);
    },
    types: () => types(),
  };
}
