/**
 * Other pages, driven from a test through the runner's `pw:*` commands (playwright-core in Node):
 * tabs of this test's own context (same origin storage, same SharedWorker), fresh contexts (a
 * new profile), reloads, crashes, offline, clicks and screenshots.
 */
import { executeServerCommand } from '@web/test-runner-commands';

async function command<T>(name: string, payload: Record<string, unknown>): Promise<T> {
  return (await executeServerCommand(name, payload)) as T;
}

export interface WaitOptions {
  readonly text?: string;
  readonly state?: 'attached' | 'detached' | 'visible' | 'hidden';
  readonly timeout?: number;
}

export class Tab {
  constructor(readonly id: string) {}

  /** Runs `fn(arg)` in the tab. `fn` travels as source text: it must not use anything from outside. */
  async evaluate<T, A = null>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T> {
    const { value } = await command<{ value: T }>('pw:eval', { page: this.id, fn: fn.toString(), arg: arg ?? null });
    return value;
  }

  goto(url: string): Promise<void> {
    return command('pw:goto', { page: this.id, url });
  }

  reload(): Promise<void> {
    return command('pw:reload', { page: this.id });
  }

  close(): Promise<void> {
    return command('pw:close', { page: this.id });
  }

  /** Crashes the tab's renderer (as a tab crash would). */
  crash(): Promise<void> {
    return command('pw:crash', { page: this.id });
  }

  click(selector: string): Promise<void> {
    return command('pw:click', { page: this.id, selector });
  }

  fill(selector: string, value: string): Promise<void> {
    return command('pw:fill', { page: this.id, selector, value });
  }

  /** Presses a key (`Enter`, `Tab`, ...) in the element, as a user would to commit an input. */
  press(selector: string, key: string): Promise<void> {
    return command('pw:press', { page: this.id, selector, key });
  }

  /** Types `text` key by key into the element (a terminal reads keystrokes). */
  type(selector: string, text: string): Promise<void> {
    return command('pw:type', { page: this.id, selector, text });
  }

  /** Resizes the tab's viewport (a phone: 390×844). */
  viewport(width: number, height: number): Promise<void> {
    return command('pw:viewport', { page: this.id, width, height });
  }

  select(selector: string, value: string): Promise<void> {
    return command('pw:select', { page: this.id, selector, value });
  }

  waitFor(selector: string, options: WaitOptions = {}): Promise<void> {
    return command('pw:wait', { page: this.id, selector, ...options });
  }

  text(selector: string): Promise<string> {
    return command('pw:text', { page: this.id, selector });
  }

  count(selector: string): Promise<number> {
    return command('pw:count', { page: this.id, selector });
  }

  /** Saves a full-page screenshot as test-results/screenshots/<name>.png; answers that path. */
  screenshot(name: string): Promise<string> {
    return command('pw:screenshot', { page: this.id, name });
  }
}

export class Context {
  /** `id` undefined: the test page's own context. */
  constructor(readonly id: string | undefined) {}

  async open(url: string): Promise<Tab> {
    return new Tab(await command<string>('pw:open', { url, ...(this.id ? { context: this.id } : {}) }));
  }

  setOffline(offline: boolean): Promise<void> {
    if (!this.id) throw new Error('only a fresh context can go offline (the test page talks to the runner)');
    return command('pw:offline', { context: this.id, offline });
  }

  close(): Promise<void> {
    if (!this.id) throw new Error('the test page context closes with the test');
    return command('pw:close-context', { context: this.id });
  }
}

/** Tabs in this test's context: they share its origin's storage and workers. */
export const ownContext = new Context(undefined);

/** A new, empty browser profile. */
export async function freshContext(): Promise<Context> {
  return new Context(await command<string>('pw:context', {}));
}

export interface PlaygroundServer {
  /** Where the built playground is served (an origin of its own). */
  readonly origin: string;
  stop(): Promise<void>;
}

/**
 * Serves the playground on an origin of its own, which the test may stop: the build
 * (playground/dist, with `vite preview`), or with `dev` the Vite dev server.
 */
export async function servePlayground(options: { dev?: boolean } = {}): Promise<PlaygroundServer> {
  const { id, origin } = await command<{ id: string; origin: string }>('pw:serve-playground', { dev: options.dev ?? false });
  return { origin, stop: () => command('pw:stop-server', { server: id }) };
}

/** The built playground, served by the test runner itself (same origin as the tests). */
export const PLAYGROUND = '/playground/dist/index.html';

/** Opens the playground in this test's context and waits until its runtime is up. */
export async function openPlayground(): Promise<Tab> {
  const tab = await ownContext.open(PLAYGROUND);
  await tab.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
  return tab;
}

/** Switches the playground's navigation to `name` and waits until that view is current. */
export async function showView(tab: Tab, name: string): Promise<void> {
  await tab.click(`nav button[data-view=${name}]`);
  await tab.waitFor(`nav button[data-view=${name}][aria-current=page]`);
}
