/**
 * The playground's frame: the runtime panel, the views, and what they share (the resource types
 * from discovery, the live list of namespaces). Views stay mounted when hidden, so the event
 * timeline keeps recording while another view is shown.
 */
import { css, html, LitElement, nothing } from 'lit';
import { CUSTOM_RESOURCE_DEFINITIONS, isEstablished, NAMESPACES } from '../../../controllers/runtime/index.ts';
import type { ApiStatus } from '../api/http.ts';
import { toStatus } from '../api/http.ts';
import { discover, type ResourceType } from '../api/resources.ts';
import { live } from '../api/watch.ts';
import { pageStarted, runtime, startIsOver } from '../runtime.ts';
import { shared } from '../styles.ts';
import { LESSON_READY, parseRoute, routeHref, type Route } from '../tutorial/index.ts';
import type { EditEvent } from './explorer.ts';
import './event-timeline.ts';
import './explorer.ts';
import './offline-status.ts';
import './user-switcher.ts';
import './request-console.ts';
import './runtime-panel.ts';
import './statefulset-view.ts';
import './status-view.ts';
import type { YamlEditor } from './yaml-editor.ts';
import { whenIdle } from '../../../worker/index.ts';
import './yaml-editor.ts';

export const VIEWS = [
  ['explorer', 'Explorer'],
  ['editor', 'YAML editor'],
  ['console', 'Request console'],
  ['events', 'Watch events'],
  ['statefulsets', 'StatefulSets'],
  ['terminal', 'Terminal'],
] as const;

export type View = (typeof VIEWS)[number][0];

export class App extends LitElement {
  static override properties = {
    view: { state: true },
    route: { state: true },
    types: { state: true },
    namespaces: { state: true },
    error: { state: true },
    sandboxMounted: { state: true },
    terminalShown: { state: true },
  };
  declare view: View;
  /** The welcome page and lessons (the tutorial), or the sandbox with its views. */
  declare route: Route;
  declare types: ResourceType[];
  declare namespaces: string[];
  declare error: ApiStatus | undefined;
  /**
   * The sandbox's views are made once the sandbox is first shown or the page is idle after its
   * start, whichever comes first: a learner who opens a lesson does not wait for them (the
   * timeline alone opens a watch per kind). Once made they stay, recording while hidden.
   */
  declare sandboxMounted: boolean;
  /** The terminal (xterm and orchctl) is loaded and made the first time it is shown. */
  declare terminalShown: boolean;
  private stopNamespaces: (() => void) | undefined;
  private stopCrds: (() => void) | undefined;
  /** The Established CRDs discovery was last read with: their kinds come and go with them. */
  private crdsSeen: string | undefined;
  private typesAsked = 0;

  static override styles = [
    shared,
    css`
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        padding: 8px 14px;
        background: #1d2b4f;
        color: #fff;
        flex-wrap: wrap;
      }
      header h1 {
        font-size: 17px;
        margin: 0;
      }
      nav {
        display: flex;
        gap: 4px;
        flex-wrap: wrap;
      }
      nav button {
        background: transparent;
        color: #dfe6f5;
        border-color: transparent;
      }
      nav a {
        color: #dfe6f5;
        padding: 4px 10px;
        border-radius: 4px;
        text-decoration: none;
      }
      nav a[aria-current='page'] {
        background: #fff;
        color: #1d2b4f;
      }
      nav button[aria-current='page'] {
        background: #fff;
        color: #1d2b4f;
      }
      orch-offline-status {
        margin-left: auto;
      }
      orch-runtime-panel {
        padding: 6px 14px;
        background: #eef2f8;
        border-bottom: 1px solid #dde2ea;
      }
      main {
        padding: 12px 14px;
      }
    `,
  ];

  constructor() {
    super();
    this.view = 'explorer';
    this.route = { page: 'welcome' };
    this.follow();
    this.types = [];
    this.namespaces = [];
    this.sandboxMounted = false; // willUpdate makes it at once when the page opens on the sandbox
    this.terminalShown = false;
  }

  override willUpdate(): void {
    if (this.route.page === 'sandbox') this.sandboxMounted = true;
    if (this.route.page === 'sandbox' && this.view === 'terminal' && !this.terminalShown) {
      this.terminalShown = true;
      void import('./terminal-panel.ts');
    }
  }

  /** Takes the route (and the sandbox's view) from the URL's hash. */
  private readonly follow = (): void => {
    this.route = parseRoute(location.hash);
    const view = this.route.page === 'sandbox' ? this.route.view : undefined;
    if (view && VIEWS.some(([v]) => v === view)) this.view = view as View;
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.follow);
    void this.loadTypes();
    // Once the page's start is over (runtime.ts): idle moments during the start come while the
    // page waits for the API worker, and are no sign it is over.
    this.addEventListener(LESSON_READY, startIsOver, { once: true });
    void pageStarted.then(() => whenIdle(() => (this.sandboxMounted = true)));
    this.stopNamespaces = live(NAMESPACES, '', {
      onItems: (items) => (this.namespaces = items.map((n) => n.metadata.name ?? '').filter(Boolean)),
      onError: (s) => (this.error = s),
    });
    // No onError: a server without CRDs simply has no custom kinds to show.
    this.stopCrds = live(CUSTOM_RESOURCE_DEFINITIONS, '', {
      onItems: (crds) => {
        const seen = crds
          .filter(isEstablished)
          .map((c) => `${c.metadata.uid}/${c.metadata.generation}`)
          .join(',');
        if (seen !== (this.crdsSeen ?? '')) void this.loadTypes();
        this.crdsSeen = seen;
      },
    });
    this.addEventListener('orch-edit', (e) => {
      this.show('editor');
      void this.updateComplete.then(() => this.renderRoot.querySelector<YamlEditor>('orch-yaml-editor')?.load((e as EditEvent).yaml));
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.follow);
    this.stopNamespaces?.();
    this.stopCrds?.();
  }

  private async loadTypes(): Promise<void> {
    try {
      const asked = ++this.typesAsked;
      const types = await discover(() => runtime().control.kinds());
      if (asked !== this.typesAsked) return; // a later reading is on its way
      this.types = types;
      this.setAttribute('ready', '');
    } catch (err) {
      this.error = toStatus(err);
    }
  }

  private show(view: View): void {
    this.view = view;
    this.route = { page: 'sandbox', view };
    history.replaceState(null, '', routeHref(this.route));
  }

  private sandbox() {
    const hidden = (v: View) => this.route.page !== 'sandbox' || this.view !== v;
    return html`
      <orch-explorer ?hidden=${hidden('explorer')} .types=${this.types} .namespaces=${this.namespaces}></orch-explorer>
      <orch-yaml-editor ?hidden=${hidden('editor')} .types=${this.types}></orch-yaml-editor>
      <orch-request-console ?hidden=${hidden('console')}></orch-request-console>
      <orch-event-timeline ?hidden=${hidden('events')} .types=${this.types}></orch-event-timeline>
      <orch-statefulset-view ?hidden=${hidden('statefulsets')} .namespaces=${this.namespaces}></orch-statefulset-view>
      ${this.terminalShown ? html`<orch-terminal-panel ?hidden=${hidden('terminal')}></orch-terminal-panel>` : nothing}
    `;
  }

  override render() {
    return html`
      <header>
        <h1>orch playground</h1>
        <nav>
          <a href="#/" data-view="lessons" aria-current=${this.route.page === 'sandbox' ? 'false' : 'page'}>Lessons</a>
          ${VIEWS.map(([v, label]) => html`<button data-view=${v} aria-current=${this.route.page === 'sandbox' && this.view === v ? 'page' : 'false'} @click=${() => this.show(v)}>${label}</button>`)}
        </nav>
        <orch-user-switcher></orch-user-switcher>
        <orch-offline-status></orch-offline-status>
      </header>
      <orch-runtime-panel></orch-runtime-panel>
      <main>
        ${this.error ? html`<orch-status .status=${this.error}></orch-status>` : nothing}
        ${this.route.page === 'sandbox' ? nothing : html`<orch-tutorial .route=${this.route} .types=${this.types}></orch-tutorial>`}
        ${this.sandboxMounted ? this.sandbox() : nothing}
      </main>
    `;
  }
}

if (!customElements.get('orch-app')) customElements.define('orch-app', App);
