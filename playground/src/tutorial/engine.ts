/**
 * Running a lesson against a host (the in-tab server through the page, or an in-process server in
 * the Node tests): start it from its setup, read its check, and turn solution steps into the
 * requests the tools would send. The UI plays steps through the tools themselves (lesson-view.ts);
 * `stepRequest` is the same step as a request, for the tests and the bench.
 */
import { load } from 'js-yaml';
import {
  computed,
  settingsOf,
  type Answer,
  type CheckResult,
  type Lesson,
  type LessonContext,
  type LessonRequest,
  type LessonSettings,
  type LoggedRequest,
  type SolutionStep,
} from './lesson.ts';

export interface LessonHost {
  request(req: LessonRequest): Promise<Answer>;
  /** Empties the store (the start-up objects come back). */
  reset(): Promise<void>;
  applySettings(settings: LessonSettings): Promise<void>;
  /** Moves the server clock ahead by `ms`. */
  advanceClock(ms: number): Promise<void>;
  /** The resources the server serves (from discovery). */
  types(): readonly ServedType[];
}

export interface ServedType {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
}

/** A resource's collection path, in `namespace` when it is namespaced. */
export function collectionPathOf(t: ServedType, namespace: string): string {
  const base = t.group ? `/apis/${t.group}/${t.version}` : `/api/${t.version}`;
  return t.namespaced ? `${base}/namespaces/${namespace}/${t.resource}` : `${base}/${t.resource}`;
}

export const PATCH_CONTENT_TYPES = {
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  json: 'application/json-patch+json',
} as const;

/** Headers and body of a request, as fetch takes them. */
export function encodeRequest(req: LessonRequest): { headers: Record<string, string>; body: string | undefined } {
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (req.body === undefined) return { headers, body: undefined };
  if (typeof req.body === 'string') return { headers, body: req.body };
  if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  return { headers, body: JSON.stringify(req.body) };
}

/** An answer read whole from a fetch Response. */
export async function readAnswer(res: Response): Promise<Answer> {
  const text = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    headers[k] = v;
  });
  return { status: res.status, headers, text, json: parseJson(text) };
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function contextFor(host: Pick<LessonHost, 'request'>, requests: () => readonly LoggedRequest[]): LessonContext {
  return {
    request: (req) => host.request(req),
    async get<T>(path: string): Promise<T | undefined> {
      const a = await host.request({ method: 'GET', path });
      if (a.status === 404) return undefined;
      if (a.status >= 400) throw new Error(`GET ${path} answered ${a.status}`);
      return a.json as T;
    },
    get requests() {
      return requests();
    },
  };
}

/**
 * Empties the store, sets the runtime's switches, and makes the lesson's starting objects.
 * `untouched`: the store has never held a lesson (a first visit), so the reset, a restart of the
 * API server, is skipped when the lesson's first setup request creates its namespace and that
 * succeeds (the namespace was not there, so nothing in it can be left over); otherwise it resets.
 */
export async function startLesson(host: LessonHost, lesson: Lesson, untouched = false): Promise<void> {
  const first = lesson.setup[0];
  const ownNamespace = typeof first === 'object' && first.method === 'POST' && first.path === '/api/v1/namespaces';
  if (untouched && ownNamespace) {
    await host.applySettings(settingsOf(lesson));
    const made = await host.request(withSetupManager(first));
    if (made.status === 201) return setUp(host, lesson, lesson.setup.slice(1));
  }
  await host.reset();
  await host.applySettings(settingsOf(lesson));
  await setUp(host, lesson, lesson.setup);
}

async function setUp(host: LessonHost, lesson: Lesson, setup: Lesson['setup']): Promise<void> {
  const ctx = contextFor(host, () => []);
  for (const entry of setup) {
    const req = withSetupManager(await computed(entry, ctx));
    const a = await host.request(req);
    if (a.status >= 400) throw new Error(`lesson ${lesson.id}: its setup ${req.method} ${req.path} answered ${a.status}: ${a.text}`);
  }
}

/**
 * A setup write names its field manager (unless it names one itself), so the objects' managedFields
 * say `lesson-setup` rather than whatever the browser's User-Agent is.
 */
function withSetupManager(req: LessonRequest): LessonRequest {
  if (!['POST', 'PUT', 'PATCH'].includes(req.method) || /[?&]fieldManager=/.test(req.path)) return req;
  return { ...req, path: `${req.path}${req.path.includes('?') ? '&' : '?'}fieldManager=lesson-setup` };
}

/** The lesson's check; a check that throws is not met, and says why. */
export async function runCheck(lesson: Lesson, ctx: LessonContext): Promise<CheckResult> {
  try {
    return await lesson.check(ctx);
  } catch (err) {
    return { done: false, missing: err instanceof Error ? err.message : String(err) };
  }
}

function docOf(yaml: string): Record<string, unknown> {
  const doc = load(yaml);
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('a solution step’s YAML must be one object');
  return doc as Record<string, unknown>;
}

/** A tool step as the request its tool sends (undefined for clock and wait steps). */
export async function stepRequest(host: LessonHost, step: SolutionStep, ctx: LessonContext): Promise<LessonRequest | undefined> {
  if (step.tool === 'console') {
    const headers: Record<string, string> = {};
    for (const line of (step.headers ?? 'accept: application/json').split('\n')) {
      const i = line.indexOf(':');
      if (i > 0) headers[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
    const body = step.body === undefined ? undefined : await computed(step.body, ctx);
    return { method: step.method, path: await computed(step.path, ctx), headers, ...(body ? { body } : {}) };
  }
  if (step.tool !== 'editor') return undefined;
  const yaml = await computed(step.yaml, ctx);
  const manager = step.fieldManager ?? 'orch-playground';
  const q = new URLSearchParams({ fieldManager: manager });
  if (step.action === 'patch') {
    const t = step.target;
    if (!t) throw new Error('a patch step needs a target');
    const [group = '', resource = ''] = t.resource.split('/');
    const type = host.types().find((x) => x.group === group && x.resource === resource);
    if (!type) throw new Error(`the server does not serve ${t.resource}`);
    return {
      method: 'PATCH',
      path: `${collectionPathOf(type, t.namespace)}/${t.name}?${q}`,
      headers: { 'content-type': PATCH_CONTENT_TYPES[step.patchType ?? 'merge'] },
      body: JSON.stringify(load(yaml)),
    };
  }
  const doc = docOf(yaml);
  const meta = (doc.metadata ?? {}) as { name?: string; namespace?: string };
  const apiVersion = String(doc.apiVersion);
  const type = host.types().find((x) => (x.group ? `${x.group}/${x.version}` : x.version) === apiVersion && x.kind === doc.kind);
  if (!type) throw new Error(`the server does not serve ${String(doc.kind)} in ${apiVersion}`);
  const collection = collectionPathOf(type, meta.namespace ?? 'default');
  if (step.action === 'create') {
    return { method: 'POST', path: `${collection}?${q}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(doc) };
  }
  if (step.force) q.set('force', 'true');
  return {
    method: 'PATCH',
    path: `${collection}/${meta.name ?? ''}?${q}`,
    headers: { 'content-type': 'application/apply-patch+yaml' },
    body: yaml,
  };
}
