/**
 * The header's word on offline use, from the Service Worker: "ready offline" once it has cached
 * every file of the app (from then on the playground opens and runs with the network off),
 * "caching for offline…" until then, "online only" where nothing is cached (the dev server).
 */
import { css, html, LitElement } from 'lit';
import { offlineReadiness } from '../../../worker/index.ts';

export type OfflineState = 'checking' | 'caching' | 'ready' | 'online-only';

const LABELS: Record<OfflineState, readonly [text: string, title: string]> = {
  checking: ['…', 'asking the Service Worker whether the app is cached'],
  caching: ['caching for offline…', 'the Service Worker is caching the app; once done it opens without a network'],
  ready: ['ready offline', 'the app is cached: it opens and runs with the network off'],
  'online-only': ['online only', 'nothing is cached here (the dev server): run `npm start` for the offline build'],
};

/** While caching, how often to ask again. */
const RECHECK_MS = 1000;

export class OfflineStatus extends LitElement {
  static override properties = { state: { reflect: true } };
  declare state: OfflineState;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly recheck = () => void this.check();

  static override styles = css`
    :host {
      font-size: 12px;
    }
    span {
      display: inline-block;
      padding: 1px 8px;
      border-radius: 8px;
      background: rgba(255, 255, 255, 0.14);
      color: #dfe6f5;
    }
    :host([state='ready']) span {
      background: #d5f0dc;
      color: #17692e;
    }
  `;

  constructor() {
    super();
    this.state = 'checking';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A new Service Worker (a new build) caches its own files.
    navigator.serviceWorker?.addEventListener('controllerchange', this.recheck);
    void this.check();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    navigator.serviceWorker?.removeEventListener('controllerchange', this.recheck);
    clearTimeout(this.timer);
  }

  private async check(): Promise<void> {
    clearTimeout(this.timer);
    const status = await offlineReadiness().catch(() => undefined);
    this.state = !status || status.version === 'dev' ? 'online-only' : status.offline ? 'ready' : 'caching';
    if (this.state === 'caching' && this.isConnected) this.timer = setTimeout(this.recheck, RECHECK_MS);
  }

  override render() {
    const [text, title] = LABELS[this.state];
    return html`<span role="status" title=${title}>${text}</span>`;
  }
}

if (!customElements.get('orch-offline-status')) customElements.define('orch-offline-status', OfflineStatus);
