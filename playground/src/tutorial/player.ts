/**
 * "Show me": plays a solution step by step through the lesson's own tools, as a learner would:
 * fills the YAML editor or the request console, presses its button, and waits for the answer;
 * types a command into the terminal; chooses a user in the user switcher.
 */
import type { RequestConsole } from '../components/request-console.ts';
import type { TerminalPanel } from '../components/terminal-panel.ts';
import type { YamlEditor } from '../components/yaml-editor.ts';
import { REQUEST_EVENT, type RequestRecord } from '../api/request-event.ts';
import { computed, type Identity, type LessonContext, type SolutionStep, type ToolName } from './lesson.ts';

export interface Tools {
  readonly editor: YamlEditor;
  readonly console: RequestConsole;
  /** The terminal, once the lesson shows it (it is made when first shown). */
  terminal(): Promise<TerminalPanel>;
  /** Shows a tool (the player shows the one it uses). */
  show(tool: ToolName): void;
  /** Acts as this user from now on (as the user switcher does). */
  actAs(who: Identity | undefined): void;
  /** Moves the server clock, as the clock buttons do. */
  advanceClock(ms: number): Promise<void>;
  /** Resolves at the next change the lesson's watches see (or after `ms`). */
  nextChange(ms: number): Promise<void>;
}

/** The next request event out of `el` (the first one, or the one that is done). */
function nextRequest(el: HTMLElement, done: boolean): Promise<RequestRecord> {
  return new Promise((resolve) => {
    const on = (e: Event) => {
      const r = (e as CustomEvent<RequestRecord>).detail;
      if (done && !r.done) return;
      el.removeEventListener(REQUEST_EVENT, on);
      resolve(r);
    };
    el.addEventListener(REQUEST_EVENT, on);
  });
}

function press(el: HTMLElement, selector: string): void {
  const button = el.shadowRoot?.querySelector<HTMLButtonElement>(selector);
  if (!button) throw new Error(`the tool has no ${selector}`);
  button.click();
}

const WAIT_LIMIT_MS = 20_000;

export async function playStep(step: SolutionStep, tools: Tools, ctx: LessonContext): Promise<void> {
  switch (step.tool) {
    case 'clock':
      await tools.advanceClock(step.advanceMs);
      return;
    case 'user':
      tools.actAs(step.as);
      return;
    case 'terminal': {
      tools.show('terminal');
      const code = await (await tools.terminal()).type(step.command);
      if (code !== 0) throw new Error(`\`${step.command}\` exited ${code}`);
      return;
    }
    case 'wait': {
      const until = Date.now() + WAIT_LIMIT_MS;
      while (!(await step.until(ctx))) {
        if (Date.now() > until) throw new Error(`waited in vain: ${step.say}`);
        await tools.nextChange(250);
      }
      return;
    }
    case 'editor': {
      const ed = tools.editor;
      tools.show('editor');
      ed.load(await computed(step.yaml, ctx));
      ed.fieldManager = step.fieldManager ?? 'orch-playground';
      ed.force = step.force ?? false;
      if (step.patchType) ed.patchType = step.patchType;
      if (step.target) ed.target = { ...step.target };
      await ed.updateComplete;
      for (let attempt = 1; ; attempt++) {
        const answered = nextRequest(ed, true);
        press(ed, `[data-action=${step.action}]`);
        const r = await answered;
        // A patch carries no resourceVersion, yet the server can answer 409 "the object has been
        // modified" when a controller wrote the object at the same moment (core/registry's
        // guaranteedUpdate gives up instead of patching the newer object): press again, as a
        // learner would.
        if (!(step.action === 'patch' && r.status === 409 && attempt < 3)) return;
      }
    }
    case 'console': {
      const c = tools.console;
      tools.show('console');
      c.method = step.method;
      c.path = await computed(step.path, ctx);
      c.headersText = step.headers ?? 'accept: application/json';
      c.bodyText = step.body === undefined ? '' : await computed(step.body, ctx);
      await c.updateComplete;
      if (step.stopAfterMs === undefined) {
        const answered = nextRequest(c, true);
        press(c, '[data-action=send]');
        await answered;
        return;
      }
      const started = nextRequest(c, false);
      const ended = nextRequest(c, true);
      press(c, '[data-action=send]');
      await started;
      const stop = new Promise<'stop'>((r) => setTimeout(() => r('stop'), step.stopAfterMs));
      if ((await Promise.race([ended, stop])) === 'stop') press(c, '[data-action=stop]');
      await ended;
    }
  }
}
