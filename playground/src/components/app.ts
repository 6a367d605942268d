/**
 * The playground's frame: the runtime panel, the views, and what they share (the resource types
 * from discovery, the live list of namespaces). Views stay mounted when hidden, so the event
 * timeline keeps recording while another view is shown.
 */
import { css, html, LitElement, nothing } from 'lit';
import { NAMESPACES } from '../../../controllers/runtime/index.ts';
import type { ApiStatus } from '../api/http.ts';
import { toStatus } from '../api/http.ts';
import { discover, type ResourceType } from '../api/resources.ts';
import { live } from '../api/watch.ts';
import { runtime } from '../runtime.ts';
import { shared } from '../styles.ts';
import type { EditEvent } from './explorer.ts';
import './event-timeline.ts';
import './explorer.ts';
import './offline-status.ts';
import './request-console.ts';
import './runtime-panel.ts';
import './statefulset-view.ts';
import './status-view.ts';
import type { YamlEditor } from './yaml-editor.ts';
import './yaml-editor.ts';

export const VIEWS = [
  ['explorer', 'Explorer'],
  ['editor', 'YAML editor'],
  ['console', 'Request console'],
  ['events', 'Watch events'],
  ['statefulsets', 'StatefulSets'],
] as const;

export type View = (typeof VIEWS)[number][0];

export class App extends LitElement {
  static override properties = {
    view: { state: true },
    types: { state: true },
    namespaces: { state: true },
    error: { state: true },
  };
  declare view: View;
  declare types: ResourceType[];
  declare namespaces: string[];
  declare error: ApiStatus | undefined;
  private stopNamespaces: (() => void) | undefined;

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
      }
      nav button {
        background: transparent;
        color: #dfe6f5;
        border-color: transparent;
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
    this.view = (new URLSearchParams(location.hash.slice(1)).get('view') as View) || 'explorer';
    if (!VIEWS.some(([v]) => v === this.view)) this.view = 'explorer';
    this.types = [];
    this.namespaces = [];
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadTypes();
    this.stopNamespaces = live(NAMESPACES, '', {
      onItems: (items) => (this.namespaces = items.map((n) => n.metadata.name ?? '').filter(Boolean)),
      onError: (s) => (this.error = s),
    });
    this.addEventListener('orch-edit', (e) => {
      this.show('editor');
      void this.updateComplete.then(() => this.renderRoot.querySelector<YamlEditor>('orch-yaml-editor')?.load((e as EditEvent).yaml));
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopNamespaces?.();
  }

  private async loadTypes(): Promise<void> {
    try {
      this.types = await discover(() => runtime().control.kinds());
      this.setAttribute('ready', '');
    } catch (err) {
      this.error = toStatus(err);
    }
  }

  private show(view: View): void {
    this.view = view;
    history.replaceState(null, '', `#view=${view}`);
  }

  override render() {
    return html`
      <header>
        <h1>orch playground</h1>
        <nav>
          ${VIEWS.map(([v, label]) => html`<button data-view=${v} aria-current=${this.view === v ? 'page' : 'false'} @click=${() => this.show(v)}>${label}</button>`)}
        </nav>
        <orch-offline-status></orch-offline-status>
      </header>
      <orch-runtime-panel></orch-runtime-panel>
      <main>
        ${this.error ? html`<orch-status .status=${this.error}></orch-status>` : nothing}
        <orch-explorer ?hidden=${this.view !== 'explorer'} .types=${this.types} .namespaces=${this.namespaces}></orch-explorer>
        <orch-yaml-editor ?hidden=${this.view !== 'editor'} .types=${this.types}></orch-yaml-editor>
        <orch-request-console ?hidden=${this.view !== 'console'}></orch-request-console>
        <orch-event-timeline ?hidden=${this.view !== 'events'} .types=${this.types}></orch-event-timeline>
        <orch-statefulset-view ?hidden=${this.view !== 'statefulsets'} .namespaces=${this.namespaces}></orch-statefulset-view>
      </main>
    `;
  }
}

if (!customElements.get('orch-app')) customElements.define('orch-app', App);
