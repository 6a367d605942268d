/**
 * A lesson host in Node: an in-process API server with the built-in controllers on a virtual
 * clock, as the playground's worker runs them. Lets the tests play every lesson's solution and
 * read its check without a browser.
 */
import {
  createTestEnv,
  flowSchemaController,
  garbageCollector,
  namespaceController,
  podLifecycleSimulator,
  resourceClaimController,
  statefulSetController,
  type TestEnv,
} from '../../controllers/index.ts';
import {
  contextFor,
  encodeRequest,
  readAnswer,
  runCheck,
  startLesson,
  stepRequest,
  type LessonHost,
  type ServedType,
} from '../../playground/src/tutorial/engine.ts';
import {
  settingsOf,
  type Lesson,
  type LessonContext,
  type LessonRequest,
  type LoggedRequest,
} from '../../playground/src/tutorial/lesson.ts';

export interface NodeLessonRun {
  readonly env: TestEnv;
  readonly host: LessonHost;
  readonly ctx: LessonContext;
  /** Sends a request as the learner would (it is logged for the check). */
  learner(req: LessonRequest): Promise<LoggedRequest>;
  /** Plays the lesson's solution, step by step. */
  solve(): Promise<void>;
  /** Lets the controllers and the clock run until the check is met or `rounds` pass. */
  checkEventually(rounds?: number): Promise<{ done: boolean; missing?: string }>;
  stop(): Promise<void>;
}

export async function runLessonInNode(lesson: Lesson): Promise<NodeLessonRun> {
  const s = settingsOf(lesson);
  const env = await createTestEnv({
    server: { featureGates: { DynamicResourceAllocation: true } },
    controllers: s.controllers
      ? [
          namespaceController(),
          garbageCollector(),
          statefulSetController(),
          ...(s.podSimulator.enabled
            ? [podLifecycleSimulator({ readyDelayMs: s.podSimulator.readyDelayMs, stopDelayMs: s.podSimulator.stopDelayMs })]
            : []),
          resourceClaimController(),
          flowSchemaController(),
        ]
      : [],
  });
  const api = env.api;
  if (!api) throw new Error('the test env has no in-process server');
  const types: ServedType[] = api.kinds.map((k) => ({
    group: k.group,
    version: k.version,
    resource: k.resource,
    kind: k.kind,
    namespaced: k.namespaced,
  }));
  const requests: LoggedRequest[] = [];
  const host: LessonHost = {
    async request(req) {
      const { headers, body } = encodeRequest(req);
      const res = await api.fetch(new Request(`http://orch${req.path}`, { method: req.method, headers, body: body ?? null }));
      if (new URL(`http://orch${req.path}`).searchParams.get('watch')) {
        // A watch never ends by itself: read what is there now.
        return readSome(res);
      }
      return readAnswer(res);
    },
    reset: async () => undefined,
    applySettings: async () => undefined,
    advanceClock: async (ms) => {
      await env.settle();
      await env.advance(ms);
      await env.settle();
    },
    types: () => types,
  };
  const ctx = contextFor(host, () => requests);
  await startLesson(host, lesson);
  await env.settle();

  const learner = async (req: LessonRequest): Promise<LoggedRequest> => {
    const { headers, body } = encodeRequest(req);
    const a = await host.request(req);
    const logged: LoggedRequest = { ...a, method: req.method, path: req.path, requestHeaders: headers, body: body ?? '', done: true };
    requests.push(logged);
    await env.settle();
    return logged;
  };

  const waitUntil = async (until: (c: LessonContext) => Promise<boolean>, what: string) => {
    for (let i = 0; i < 60; i++) {
      await env.settle();
      if (await until(ctx)) return;
      await env.advance(500);
    }
    throw new Error(`lesson ${lesson.id}: waited in vain for ${what}`);
  };

  return {
    env,
    host,
    ctx,
    learner,
    async solve() {
      for (const step of lesson.solution) {
        if (step.tool === 'clock') await host.advanceClock(step.advanceMs);
        else if (step.tool === 'wait') await waitUntil(step.until, step.say);
        else {
          const req = await stepRequest(host, step, ctx);
          if (req) await learner(req);
        }
      }
    },
    async checkEventually(rounds = 40) {
      let last = await runCheck(lesson, ctx);
      for (let i = 0; i < rounds && !last.done; i++) {
        await env.advance(500);
        await env.settle();
        last = await runCheck(lesson, ctx);
      }
      return last;
    },
    stop: () => env.stop(),
  };
}

/** A watch's answer: the events that are there once the server had a moment, then the stream is cancelled. */
async function readSome(res: Response): Promise<Awaited<ReturnType<typeof readAnswer>>> {
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    headers[k] = v;
  });
  let text = '';
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (reader) {
    const deadline = Date.now() + 200;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const next = await Promise.race([reader.read(), new Promise<'late'>((r) => setTimeout(() => r('late'), left))]);
      if (next === 'late' || next.done) break;
      text += next.value;
    }
    await reader.cancel().catch(() => undefined);
  }
  return { status: res.status, headers, text, json: undefined };
}
