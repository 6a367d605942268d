/**
 * One lesson: the why, the goal with its live check, the steps, the picture, and the
 * playground's own tools (YAML editor, request console, orchctl terminal, user switcher) to act with. The check runs after every
 * request the tools send and every change the lesson's watches see; "Show me" plays the
 * solution through the tools; Reset starts the lesson again from its starting state.
 */
import { css, html, LitElement, nothing } from 'lit';
import { parseJson, contextFor, runCheck, startLesson, type LessonHost } from './engine.ts';
import { lastRequestId, REQUEST_EVENT, type RequestRecord } from '../api/request-event.ts';
import { toStatus, type ApiStatus } from '../api/http.ts';
import type { ResourceType } from '../api/resources.ts';
import { actAs } from '../api/acting-as.ts';
import type { RequestConsole } from '../components/request-console.ts';
import type { TerminalPanel } from '../components/terminal-panel.ts';
import type { YamlEditor } from '../components/yaml-editor.ts';
import '../components/request-console.ts';
import '../components/status-view.ts';
import '../components/user-switcher.ts';
import '../components/yaml-editor.ts';
import { shared } from '../styles.ts';
import { browserHost } from './browser-host.ts';
import type { CheckResult, Lesson, LessonContext, LoggedRequest, ToolName } from './lesson.ts';
import { playStep } from './player.ts';
import { activeLesson, anyLessonStarted, markDone, savedRequests, saveRequests, setActiveLesson } from './progress.ts';
import { lessonHref } from './router.ts';
import { EMPTY_STATE, LessonWatch, type PictureState } from './watch-state.ts';

import './pictures/envelope-picture.ts';
import './pictures/flow-picture.ts';
import './pictures/ladder-picture.ts';
import './pictures/objects-picture.ts';
import './pictures/owners-picture.ts';
import './pictures/ownership-picture.ts';
import './pictures/paging-picture.ts';
import './pictures/rbac-picture.ts';
import './pictures/ruler-picture.ts';
import './pictures/schema-picture.ts';

/** The moment a lesson can be used: a performance mark (cold-start bench) and an event that bubbles to the app. */
export const LESSON_READY = 'orch-lesson-ready';

/** The clock buttons: how far each moves the server clock. */
const CLOCK_STEPS: [string, number][] = [
  ['+10 s', 10_000],
  ['+1 min', 60_000],
  ['+6 min', 6 * 60_000],
];

/** `code` in backquotes, as <code>. */
function prose(text: string) {
  return text.split('`').map((part, i) => (i % 2 ? html`<code>${part}</code>` : part));
}

export type Phase = 'starting' | 'ready' | 'playing' | 'failed';

export class LessonView extends LitElement {
  static override properties = {
    lesson: { attribute: false },
    types: { attribute: false },
    position: { attribute: false },
    next: { attribute: false },
    previous: { attribute: false },
    phase: { reflect: true },
    result: { state: true },
    attempted: { state: true },
    picture: { state: true },
    tool: { state: true },
    terminalShown: { state: true },
    narration: { state: true },
    error: { state: true },
  };
  declare lesson: Lesson;
  declare types: readonly ResourceType[];
  /** "3 of 22". */
  declare position: string;
  declare next: Lesson | undefined;
  declare previous: Lesson | undefined;
  declare phase: Phase;
  declare result: CheckResult | undefined;
  /** The learner has sent something (a hint shows while the goal is not met). */
  declare attempted: boolean;
  declare picture: PictureState;
  declare tool: ToolName;
  /** The terminal is made the first time it is shown (xterm is not needed before). */
  declare terminalShown: boolean;
  private terminalLoaded: Promise<void> | undefined;
  declare narration: string | undefined;
  declare error: ApiStatus | undefined;

  private requests: LoggedRequest[] = [];
  /** Requests up to this id were sent before the lesson (re)started: not the learner's attempts at it. */
  private since = 0;
  private watch: LessonWatch | undefined;
  private host: LessonHost;
  private ctx: LessonContext;
  private checking: Promise<void> | undefined;
  private again = false;
  private changeWaiters: (() => void)[] = [];
  private started: string | undefined;
  /** When the last check started and finished (performance.now), for the bench. */
  lastCheck = { startedAt: 0, doneAt: 0 };

  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
        gap: 12px;
        align-items: start;
      }
      @media (max-width: 900px) {
        :host {
          grid-template-columns: minmax(0, 1fr);
        }
      }
      article p {
        margin: 0 0 8px;
      }
      /* Long commands and paths break anywhere rather than widen the page (a phone). */
      article code {
        overflow-wrap: anywhere;
      }
      .goal {
        border: 2px solid #c9d1df;
        border-radius: 6px;
        padding: 8px 10px;
        margin: 10px 0;
        transition: border-color 0.2s, background 0.2s;
      }
      .goal[data-check='done'] {
        border-color: #2f8f4e;
        background: #eef9f1;
      }
      .goal[data-check='pending'] {
        border-color: #c9a227;
      }
      .check {
        font-weight: 600;
        margin-top: 4px;
      }
      .hint {
        background: #fff7e0;
        border: 1px solid #e4c76a;
        border-radius: 6px;
        padding: 6px 10px;
        margin: 8px 0;
      }
      ol {
        padding-left: 20px;
        margin: 6px 0;
      }
      .tabs button[aria-selected='true'] {
        background: #1d2b4f;
        color: #fff;
      }
      .picture {
        margin-bottom: 12px;
        overflow-x: auto;
      }
      nav.lessons {
        display: flex;
        justify-content: space-between;
        gap: 8px;
        margin-bottom: 6px;
        font-size: 13px;
      }
      a {
        color: #2357c6;
      }
      a.primary {
        background: #2357c6;
        color: #fff;
        padding: 4px 10px;
        border-radius: 4px;
        text-decoration: none;
      }
      :focus-visible {
        outline: 2px solid #2357c6;
        outline-offset: 2px;
      }
    `,
  ];

  constructor() {
    super();
    this.types = [];
    this.position = '';
    this.phase = 'starting';
    this.attempted = false;
    this.picture = EMPTY_STATE;
    this.tool = 'editor';
    this.terminalShown = false;
    this.host = browserHost(() => this.types);
    this.ctx = contextFor(this.host, () => this.requests);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener(REQUEST_EVENT, this.onRequest);
    this.addEventListener('orch-command', this.onCommand);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener(REQUEST_EVENT, this.onRequest);
    this.removeEventListener('orch-command', this.onCommand);
    this.watch?.stop();
    this.watch = undefined;
    this.started = undefined;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('lesson') && this.lesson && this.started !== this.lesson.id) void this.enter(false);
  }

  /** Starts the lesson: from its starting state unless the store already holds this lesson's (a reload). */
  private async enter(fresh: boolean): Promise<void> {
    const lesson = this.lesson;
    this.started = lesson.id;
    this.phase = 'starting';
    this.error = undefined;
    this.result = undefined;
    this.attempted = false;
    this.narration = undefined;
    this.requests = [];
    this.since = lastRequestId();
    this.watch?.stop();
    this.watch = undefined;
    this.picture = EMPTY_STATE;
    // Every lesson starts as the administrator (a lesson about users switches on purpose).
    actAs(undefined);
    try {
      if (fresh || (await activeLesson()) !== lesson.id) {
        const untouched = !fresh && !(await anyLessonStarted());
        await setActiveLesson(undefined);
        await saveRequests(lesson.id, []);
        await startLesson(this.host, lesson, untouched);
        await setActiveLesson(lesson.id);
      } else {
        // A reload in the lesson: the requests sent before it count (and show) as they did. Their
        // ids were this page's predecessor's, so they are dropped: new requests number from 1 again.
        this.requests = (await savedRequests(lesson.id)).map(({ id: _id, ...r }: LoggedRequest & { id?: number }) => r);
        this.attempted = this.requests.length > 0;
      }
      if (this.lesson !== lesson) return;
      await this.updateComplete;
      this.loadTools();
      this.watch = new LessonWatch(lesson.picture.watch, () => this.changed());
      this.phase = 'ready';
      // The moment the lesson can be used, for the bench (cold start to first lesson interactive).
      performance.mark(LESSON_READY, { detail: lesson.id });
      this.dispatchEvent(new CustomEvent(LESSON_READY, { bubbles: true, composed: true, detail: lesson.id }));
      this.scheduleCheck();
    } catch (err) {
      this.phase = 'failed';
      this.error = toStatus(err);
    }
  }

  private loadTools(): void {
    const start = this.lesson.start ?? {};
    this.show(start.tool ?? 'editor');
    const ed = this.editor();
    if (ed && start.yaml) ed.load(start.yaml);
    const c = this.console();
    if (c && start.console) {
      c.method = start.console.method;
      c.path = start.console.path;
      c.headersText = start.console.headers ?? 'accept: application/json';
      c.bodyText = start.console.body ?? '';
    }
  }

  private editor(): YamlEditor | null {
    return this.renderRoot.querySelector('orch-yaml-editor');
  }

  private console(): RequestConsole | null {
    return this.renderRoot.querySelector('orch-request-console');
  }

  private show(tool: ToolName): void {
    this.tool = tool;
    if (tool === 'terminal' && !this.terminalShown) {
      this.terminalShown = true;
      // Its module is loaded only now (xterm and orchctl are not needed before).
      this.terminalLoaded = import('../components/terminal-panel.ts').then(() => undefined);
    }
  }

  private async terminal(): Promise<TerminalPanel> {
    this.show('terminal');
    await this.terminalLoaded;
    await this.updateComplete;
    const t = this.renderRoot.querySelector<TerminalPanel>('orch-terminal-panel');
    if (!t) throw new Error('the lesson has no terminal');
    await t.updateComplete;
    return t;
  }

  /** A command typed into the terminal is an attempt even when it sent nothing (a usage error). */
  private readonly onCommand = (): void => {
    if (this.phase !== 'ready') return;
    this.attempted = true;
    this.changed();
  };

  private readonly onRequest = (e: Event): void => {
    const r = (e as CustomEvent<RequestRecord>).detail;
    if (r.id <= this.since || this.phase === 'starting') return;
    const logged: LoggedRequest = { ...r, json: r.done ? parseJson(r.text) : undefined };
    const i = this.requests.findIndex((x) => (x as LoggedRequest & { id?: number }).id === r.id);
    if (i >= 0) this.requests[i] = logged;
    else this.requests.push(logged);
    if (r.done && this.phase !== 'playing') this.attempted = true;
    if (r.done) void saveRequests(this.lesson.id, this.requests);
    this.changed();
  };

  /** Something changed (a watch event, a request): redraw and check again. */
  private changed(): void {
    if (this.watch) this.picture = this.watch.state([...this.requests]);
    const waiters = this.changeWaiters;
    this.changeWaiters = [];
    for (const w of waiters) w();
    this.scheduleCheck();
  }

  private scheduleCheck(): void {
    if (this.phase === 'starting' || this.phase === 'failed') return;
    if (this.checking) {
      this.again = true;
      return;
    }
    const lesson = this.lesson;
    this.checking = (async () => {
      do {
        this.again = false;
        const startedAt = performance.now();
        const result = await runCheck(lesson, this.ctx);
        if (this.lesson !== lesson) return;
        const newly = result.done && !this.result?.done;
        this.result = result;
        this.lastCheck = { startedAt, doneAt: performance.now() };
        if (newly) {
          await markDone(lesson.id);
          this.dispatchEvent(new CustomEvent('orch-lesson-done', { detail: lesson.id, bubbles: true, composed: true }));
        }
      } while (this.again);
    })().finally(() => {
      this.checking = undefined;
    });
  }

  private nextChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      this.changeWaiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  private async advanceClock(ms: number): Promise<void> {
    await this.host.advanceClock(ms);
    await this.watch?.clock.sync();
    this.changed();
  }

  /** Plays the solution through the tools. */
  async showMe(): Promise<void> {
    if (this.phase !== 'ready') return;
    const ed = this.editor();
    const c = this.console();
    if (!ed || !c) return;
    this.phase = 'playing';
    this.error = undefined;
    try {
      for (const [i, step] of this.lesson.solution.entries()) {
        this.narration = `Step ${i + 1} of ${this.lesson.solution.length}: ${step.say}`;
        await playStep(
          step,
          {
            editor: ed,
            console: c,
            show: (t) => this.show(t),
            terminal: () => this.terminal(),
            actAs: (who) => actAs(who),
            advanceClock: (ms) => this.advanceClock(ms),
            nextChange: (ms) => this.nextChange(ms),
          },
          this.ctx,
        );
      }
      this.narration = `Done: that was the solution, ${this.lesson.solution.length} step${this.lesson.solution.length > 1 ? 's' : ''}.`;
    } catch (err) {
      this.error = toStatus(err);
    } finally {
      this.phase = 'ready';
      this.scheduleCheck();
    }
  }

  async reset(): Promise<void> {
    if (this.phase === 'starting') return;
    await this.enter(true);
  }

  private renderPicture() {
    const p = this.lesson.picture;
    const s = this.picture;
    switch (p.kind) {
      case 'objects':
        return html`<orch-picture-objects .state=${s} .field=${p.field}></orch-picture-objects>`;
      case 'ruler':
        return html`<orch-picture-ruler .state=${s}></orch-picture-ruler>`;
      case 'ownership':
        return html`<orch-picture-ownership .state=${s} .path=${p.focus ?? ''}></orch-picture-ownership>`;
      case 'owners':
        return html`<orch-picture-owners .state=${s}></orch-picture-owners>`;
      case 'ladder':
        return html`<orch-picture-ladder .state=${s}></orch-picture-ladder>`;
      case 'paging':
        return html`<orch-picture-paging .state=${s}></orch-picture-paging>`;
      case 'envelope':
        return html`<orch-picture-envelope .state=${s} .path=${p.focus ?? ''}></orch-picture-envelope>`;
      case 'flow':
        return html`<orch-picture-flow .state=${s}></orch-picture-flow>`;
      case 'schema':
        return html`<orch-picture-schema .state=${s}></orch-picture-schema>`;
      case 'rbac':
        return html`<orch-picture-rbac .state=${s}></orch-picture-rbac>`;
    }
  }

  override render() {
    const l = this.lesson;
    if (!l) return nothing;
    const done = this.result?.done === true;
    const busy = this.phase !== 'ready';
    return html`<article aria-labelledby="lesson-title">
        <nav class="lessons" aria-label="lessons">
          <a href="#/">All lessons</a>
          <span class="muted">${this.position}</span>
          <span>${this.previous ? html`<a href=${lessonHref(this.previous.id)} rel="prev">‹ ${this.previous.title}</a>` : nothing}</span>
        </nav>
        <h2 id="lesson-title">${l.title}</h2>
        ${l.text.map((t) => html`<p>${prose(t)}</p>`)}
        <section class="goal" aria-live="polite" data-check=${this.phase === 'starting' ? 'starting' : done ? 'done' : 'pending'}>
          <strong>Goal:</strong> ${prose(l.goal)}
          <div class="check" role="status">
            ${this.phase === 'starting' ? 'Setting up the lesson…' : done ? '✔ Goal met.' : html`✘ Not yet${this.result?.missing ? html`: <span class="missing">${this.result.missing}</span>` : nothing}.`}
          </div>
        </section>
        ${this.attempted && !done && this.phase !== 'starting' ? html`<div class="hint" role="note"><strong>Hint:</strong> ${prose(l.hint)}</div>` : nothing}
        <h3>Steps</h3>
        <ol>${l.steps.map((s) => html`<li>${prose(s)}</li>`)}</ol>
        <div class="row">
          <button data-action="show-me" ?disabled=${busy} @click=${() => this.showMe()}>Show me</button>
          <button data-action="reset" ?disabled=${this.phase === 'starting'} @click=${() => this.reset()}>Reset lesson</button>
          ${done && this.next ? html`<a class="primary" data-action="next" href=${lessonHref(this.next.id)}>Next: ${this.next.title} ›</a>` : nothing}
          ${done && !this.next ? html`<a class="primary" href="#/">All lessons done: back to the list</a>` : nothing}
        </div>
        <div class="row" style="margin-top:8px" aria-label="server clock">
          <span class="muted">Server clock:</span>
          ${CLOCK_STEPS.map(([label, ms]) => html`<button data-action="clock" data-ms=${ms} ?disabled=${busy} @click=${() => this.advanceClock(ms)}>${label}</button>`)}
        </div>
        ${this.narration ? html`<p class="muted" role="status" data-narration>${this.narration}</p>` : nothing}
        ${this.error ? html`<orch-status .status=${this.error}></orch-status>` : nothing}
      </article>
      <div>
        <section class="panel picture" aria-label="picture">
          <h3>What the server holds</h3>
          ${this.renderPicture()}
        </section>
        <div class="row tabs" role="tablist" aria-label="tools">
          <button role="tab" data-tool="editor" aria-selected=${this.tool === 'editor'} @click=${() => (this.tool = 'editor')}>YAML editor</button>
          <button role="tab" data-tool="console" aria-selected=${this.tool === 'console'} @click=${() => (this.tool = 'console')}>Request console</button>
          <button role="tab" data-tool="terminal" aria-selected=${this.tool === 'terminal'} @click=${() => void this.terminal()}>Terminal</button>
          <orch-user-switcher></orch-user-switcher>
        </div>
        <orch-yaml-editor role="tabpanel" ?hidden=${this.tool !== 'editor'} .types=${this.types}></orch-yaml-editor>
        <orch-request-console role="tabpanel" ?hidden=${this.tool !== 'console'}></orch-request-console>
        ${this.terminalShown ? html`<orch-terminal-panel role="tabpanel" ?hidden=${this.tool !== 'terminal'}></orch-terminal-panel>` : nothing}
      </div>`;
  }
}

if (!customElements.get('orch-lesson')) customElements.define('orch-lesson', LessonView);
