/**
 * What a lesson is, as data: the why in plain words, a goal, steps, the state it starts from, a
 * check that reads the server (and the learner's requests), and a solution "show me" plays. A
 * lesson file imports nothing but this module, so it runs wherever a host answers requests: the
 * playground's in-tab server, or an in-process one in the Node tests.
 */

/** A user and groups the tools act as (the user switcher's choices). */
export interface Identity {
  readonly user: string;
  readonly groups: readonly string[];
}

/** One request as the learner's tools (or a lesson's setup) send it. */
export interface LessonRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A string is sent as it is; anything else as JSON (with `content-type: application/json` unless given). */
  readonly body?: unknown;
}

/** An answer, read whole (a watch's body is what arrived until it ended or was stopped). */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The body as JSON, when it is JSON. */
  readonly json: unknown;
}

/** A request the learner sent with a lesson's tools, and what came back (so far). */
export interface LoggedRequest extends Answer {
  readonly method: string;
  readonly path: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly body: string;
  /** False while the body still streams (a watch). */
  readonly done: boolean;
}

/** What a check, a wait or a computed solution step may read. */
export interface LessonContext {
  /** Sends a request to the server (not logged as the learner's). */
  request(req: LessonRequest): Promise<Answer>;
  /** GET as JSON: the object, or undefined when the answer is 404. */
  get<T = Record<string, unknown>>(path: string): Promise<T | undefined>;
  /** The learner's requests in this lesson, oldest first. */
  readonly requests: readonly LoggedRequest[];
}

export interface CheckResult {
  readonly done: boolean;
  /** What is still missing, in a few words (shown under the goal while it is red). */
  readonly missing?: string;
}

/** The resource a picture or the check's trigger follows (list + watch). */
export interface Watched {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
  /** Empty: every namespace (or a cluster-scoped kind). */
  readonly namespace?: string;
}

export type PictureKind =
  /** Objects as cards: name, resourceVersion, generation, deletion state, one field of choice. */
  | 'objects'
  /** The resource-version ruler: every event, the history window and where 410 starts. */
  | 'ruler'
  /** managedFields as a table: which manager owns which field. */
  | 'ownership'
  /** The ownerReference graph and what a delete takes with it. */
  | 'owners'
  /** A StatefulSet's pods by ordinal: phase, readiness, revision; its claims beside them. */
  | 'ladder'
  /** The pages the learner listed, against the writes that came after the snapshot. */
  | 'paging'
  /** One object's protobuf bytes as hex, the envelope annotated. */
  | 'envelope'
  /** FlowSchemas pointing at priority levels, Dangling when the level is missing. */
  | 'flow'
  /** A CRD's schema as a tree, its CEL rules on their nodes (the one a create broke marked), and where it is served. */
  | 'schema'
  /** The learner's last request against the RoleBindings and their roles' rules: which one allowed it, or why none did. */
  | 'rbac';

export interface Picture {
  readonly kind: PictureKind;
  readonly watch: readonly Watched[];
  /** The object a one-object picture shows (ownership, envelope): its path. */
  readonly focus?: string;
  /** For `objects`: the dotted field shown on each card (e.g. `spec.template.spec.containers`). */
  readonly field?: string;
}

/** How the runtime runs during the lesson (what the runtime panel's switches set). */
export interface LessonSettings {
  readonly controllers: boolean;
  /** The server clock's speed (1 = real time); lessons about time move it with clock steps. */
  readonly clockSpeed: number;
  readonly podSimulator: { readonly enabled: boolean; readonly readyDelayMs: number; readonly stopDelayMs: number };
}

/** The tools a lesson embeds. */
export type ToolName = 'editor' | 'console' | 'terminal';

/** What the YAML editor does with its text. */
export type EditorAction = 'create' | 'apply' | 'patch';
export type PatchType = 'merge' | 'strategic' | 'json';

/** A value a solution step fills in, fixed or read from the server when the step plays. */
export type Computed<T> = T | ((ctx: LessonContext) => Promise<T>);

export type SolutionStep =
  | {
      readonly tool: 'console';
      readonly say: string;
      readonly method: string;
      readonly path: Computed<string>;
      /** `Name: value` lines, as the console's box takes them. */
      readonly headers?: string;
      readonly body?: Computed<string>;
      /** Stop the answer's stream once this many ms passed (a watch that would not end). */
      readonly stopAfterMs?: number;
    }
  | {
      readonly tool: 'editor';
      readonly say: string;
      readonly action: EditorAction;
      readonly yaml: Computed<string>;
      readonly fieldManager?: string;
      readonly force?: boolean;
      readonly patchType?: PatchType;
      /** What a patch patches: `<group>/<resource>` (core group: `/configmaps`), namespace, name. */
      readonly target?: { readonly resource: string; readonly namespace: string; readonly name: string };
    }
  | {
      readonly tool: 'terminal';
      readonly say: string;
      /** One command line, typed into the terminal (`orchctl ...`). */
      readonly command: string;
    }
  | {
      readonly tool: 'user';
      readonly say: string;
      /** Who the tools act as from now on (sent as impersonation headers); undefined: the administrator. */
      readonly as: Identity | undefined;
    }
  | {
      readonly tool: 'clock';
      readonly say: string;
      /** Moves the server clock this far ahead (it runs fast for a moment). */
      readonly advanceMs: number;
    }
  | {
      readonly tool: 'wait';
      readonly say: string;
      /** Waits (on the lesson's watch events) until this holds. */
      readonly until: (ctx: LessonContext) => Promise<boolean>;
    };

export interface Lesson {
  /** Its file name and URL (`#/lessons/<id>`): lowercase words joined by `-`. */
  readonly id: string;
  readonly title: string;
  /** One line for the lesson list. */
  readonly summary: string;
  /** The why, in plain words: paragraphs. `code` spans are written in backquotes. */
  readonly text: readonly string[];
  readonly goal: string;
  readonly steps: readonly string[];
  /** Shown after an attempt that did not meet the goal. */
  readonly hint: string;
  readonly settings?: Partial<LessonSettings>;
  /** Requests that make the starting state, after the store is emptied (in order; one may read what the earlier made). */
  readonly setup: readonly Computed<LessonRequest>[];
  /** What the tools hold when the lesson starts. */
  readonly start?: {
    readonly tool?: ToolName;
    readonly yaml?: string;
    readonly console?: { readonly method: string; readonly path: string; readonly headers?: string; readonly body?: string };
  };
  readonly picture: Picture;
  readonly check: (ctx: LessonContext) => Promise<CheckResult>;
  readonly solution: readonly SolutionStep[];
  /** Feature gates the lesson needs on (it says so when the server has one off). */
  readonly featureGates?: readonly string[];
}

export const DEFAULT_SETTINGS: LessonSettings = {
  controllers: true,
  clockSpeed: 1,
  podSimulator: { enabled: true, readyDelayMs: 2000, stopDelayMs: 1000 },
};

export function settingsOf(lesson: Lesson): LessonSettings {
  const s = lesson.settings ?? {};
  return { ...DEFAULT_SETTINGS, ...s, podSimulator: { ...DEFAULT_SETTINGS.podSimulator, ...s.podSimulator } };
}

/** Defines a lesson (typed; the build and the tests validate it). */
export function defineLesson(lesson: Lesson): Lesson {
  return lesson;
}

/** Resolves a value a solution step computes when it plays. */
export async function computed<T>(value: Computed<T>, ctx: LessonContext): Promise<T> {
  return typeof value === 'function' ? (value as (c: LessonContext) => Promise<T>)(ctx) : value;
}

// Small readers for checks: most goals are "a field of an object has this value".

/** The value at a dotted path (`metadata.labels.app`; numbers index arrays). */
export function at(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** The learner's requests that match, newest last. */
export function sent(ctx: LessonContext, match: { method?: string; path?: RegExp; status?: number }): LoggedRequest[] {
  return ctx.requests.filter(
    (r) =>
      (match.method === undefined || r.method === match.method) &&
      (match.path === undefined || match.path.test(r.path)) &&
      (match.status === undefined || r.status === match.status),
  );
}

export const ok: CheckResult = { done: true };
export function missing(what: string): CheckResult {
  return { done: false, missing: what };
}

/** Common resources, for pictures: the controller runtime's handles (their one home), under the names lessons use. */
export {
  CLUSTER_ROLE_BINDINGS,
  CLUSTER_ROLES,
  CONFIG_MAPS as CONFIGMAPS,
  CUSTOM_RESOURCE_DEFINITIONS as CRDS,
  FLOW_SCHEMAS as FLOWSCHEMAS,
  NAMESPACES,
  PERSISTENT_VOLUME_CLAIMS as PVCS,
  PODS,
  PRIORITY_LEVEL_CONFIGURATIONS as PRIORITY_LEVELS,
  RESOURCE_CLAIM_TEMPLATES,
  RESOURCE_CLAIMS,
  ROLE_BINDINGS,
  ROLES,
  SECRETS,
  STATEFUL_SETS as STATEFULSETS,
} from '../../../controllers/runtime/api/index.ts';

/** The namespace every lesson works in. */
export const NS = 'tutorial';
export const NS_SETUP: LessonRequest = { method: 'POST', path: '/api/v1/namespaces', body: { metadata: { name: NS } } };
