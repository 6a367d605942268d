/**
 * A lesson host in Node: an in-process API server with the built-in controllers on a virtual
 * clock, as the playground's worker runs them (RBAC on; the host, the learner and the terminal
 * are the administrator, the controllers the controller manager). Lets the tests play every
 * lesson's solution and read its check without a browser.
 */
import { createMemoryIo, fetchCliTransport, runOrchctl, splitCommandLine } from '../../cli/index.ts';
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
  parseJson,
  readAnswer,
  runCheck,
  startLesson,
  stepRequest,
  type LessonHost,
  type ServedType,
} from '../../playground/src/tutorial/engine.ts';
import {
  settingsOf,
  type Identity,
  type Lesson,
  type LessonContext,
  type LessonRequest,
  type LoggedRequest,
} from '../../playground/src/tutorial/lesson.ts';

export interface NodeLessonRun {
  readonly env: TestEnv;
  readonly host: LessonHost;
  readonly ctx: LessonContext;
  /** Sends a request as the learner would (it is logged for the check), as the user the tools act as. */
  learner(req: LessonRequest): Promise<LoggedRequest>;
  /** Who the learner's tools act as from now on (undefined: the administrator). */
  actAs(who: Identity | undefined): void;
  /** Runs one orchctl command line as the terminal would; resolves with its exit code and output. */
  terminal(commandLine: string): Promise<{ code: number; out: string }>;
  /** Plays the lesson's solution, step by step. */
  solve(): Promise<void>;
  /** Lets the controllers and the clock run until the check is met or `rounds` pass. */
  checkEventually(rounds?: number): Promise<{ done: boolean; missing?: string }>;
  stop(): Promise<void>;
}

/** The playground worker's identities (worker/shared-worker/identities.ts), as bearer tokens here. */
const ADMIN_TOKEN = 'lesson-host-admin';
const CONTROLLERS_TOKEN = 'lesson-host-controllers';
const SECURITY = {
  authentication: {
    tokens: new Map([
      [ADMIN_TOKEN, { name: 'admin', groups: ['system:masters'] }],
      [CONTROLLERS_TOKEN, { name: 'system:kube-controller-manager', groups: ['system:masters'] }],
    ]),
  },
  authorization: { modes: 'RBAC' },
} as const;

/** The request as the administrator's, unless it brings its own credentials. */
function asAdmin(headers: Record<string, string>): Record<string, string> {
  return Object.keys(headers).some((k) => k.toLowerCase() === 'authorization')
    ? headers
    : { ...headers, authorization: `Bearer ${ADMIN_TOKEN}` };
}

export async function runLessonInNode(lesson: Lesson): Promise<NodeLessonRun> {
  const s = settingsOf(lesson);
  const env = await createTestEnv({
    server: { featureGates: { DynamicResourceAllocation: true }, security: SECURITY },
    as: { token: CONTROLLERS_TOKEN },
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
      const res = await api.fetch(
        new Request(`http://orch${req.path}`, { method: req.method, headers: asAdmin(headers), body: body ?? null }),
      );
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

  let actingAs: Identity | undefined;
  const learner = async (req: LessonRequest): Promise<LoggedRequest> => {
    // As the playground's tools: the user switcher's identity goes as impersonation headers.
    const who: Record<string, string> = actingAs
      ? { 'impersonate-user': actingAs.user, ...(actingAs.groups.length ? { 'impersonate-group': actingAs.groups.join(',') } : {}) }
      : {};
    const sent = { ...req, headers: { ...who, ...req.headers } };
    const { headers, body } = encodeRequest(sent);
    const a = await host.request(sent);
    const logged: LoggedRequest = { ...a, method: req.method, path: req.path, requestHeaders: headers, body: body ?? '', done: true };
    requests.push(logged);
    await env.settle();
    return logged;
  };

  const files = new Map([['/home/orch/.orch/config', KUBECONFIG]]);
  // The terminal's requests are the learner's too (the playground's terminal tells the lesson of each).
  const terminalFetch = async (r: Request): Promise<Response> => {
    const body = r.method === 'GET' || r.method === 'HEAD' ? '' : await r.clone().text();
    const requestHeaders = Object.fromEntries(r.headers);
    const res = await api.fetch(new Request(r, { headers: asAdmin(requestHeaders) }));
    const url = new URL(r.url);
    if (url.searchParams.get('watch')) return res;
    const text = await res.clone().text();
    const answerHeaders = Object.fromEntries(res.headers);
    requests.push({
      method: r.method,
      path: `${url.pathname}${url.search}`,
      requestHeaders,
      body,
      status: res.status,
      headers: answerHeaders,
      text,
      json: parseJson(text),
      done: true,
    });
    return res;
  };
  const terminal = async (commandLine: string) => {
    let out = '';
    const io = createMemoryIo({
      transport: () => fetchCliTransport((r) => terminalFetch(r)),
      stdout: (t) => {
        out += t;
      },
      stderr: (t) => {
        out += t;
      },
      files,
      home: '/home/orch',
    });
    const code = await runOrchctl(splitCommandLine(commandLine.trim()).slice(1), io);
    await env.settle();
    return { code, out };
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
    actAs(who) {
      actingAs = who;
    },
    terminal,
    async solve() {
      for (const step of lesson.solution) {
        if (step.tool === 'clock') await host.advanceClock(step.advanceMs);
        else if (step.tool === 'user') actingAs = step.as;
        else if (step.tool === 'terminal') {
          const r = await terminal(step.command);
          if (r.code !== 0) throw new Error(`lesson ${lesson.id}: \`${step.command}\` exited ${r.code}: ${r.out}`);
        } else if (step.tool === 'wait') await waitUntil(step.until, step.say);
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

/** The terminal's kubeconfig: the in-process server, no credentials (the host adds the administrator's). */
const KUBECONFIG = `apiVersion: v1
kind: Config
clusters:
- name: lessons
  cluster: {server: 'http://orch'}
users:
- name: learner
  user: {}
contexts:
- name: lessons
  context: {cluster: lessons, user: learner, namespace: default}
current-context: lessons
`;

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
