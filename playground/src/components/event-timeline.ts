/**
 * The watch-event timeline: every change to every watchable kind, across namespaces, in the
 * order the watches deliver them — what a controller's informers see.
 */
import { css, html, LitElement, nothing } from 'lit';
import type { ApiStatus } from '../api/http.ts';
import { collectionPath, type ResourceType } from '../api/resources.ts';
import { live, type WatchEvent } from '../api/watch.ts';
import { shared } from '../styles.ts';
import { toYaml } from '../yaml.ts';
import './status-view.ts';

interface Entry {
  readonly seq: number;
  readonly at: Date;
  readonly type: WatchEvent['type'];
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly rv: string;
  readonly event: WatchEvent;
}

const KEEP = 500;

const BADGE: Record<string, string> = { ADDED: 'ok', MODIFIED: 'warn', DELETED: 'bad' };

export class EventTimeline extends LitElement {
  static override properties = {
    types: { attribute: false },
    entries: { state: true },
    paused: { state: true },
    open: { state: true },
    errors: { state: true },
  };
  declare types: readonly ResourceType[];
  declare entries: Entry[];
  declare paused: boolean;
  declare open: number | undefined;
  declare errors: Record<string, ApiStatus>;
  private stops: (() => void)[] = [];
  private watched = '';
  private seq = 0;

  static override styles = [
    shared,
    css`
      td.time {
        white-space: nowrap;
        font-family: ui-monospace, monospace;
        font-size: 12px;
      }
      tr.entry {
        cursor: pointer;
      }
    `,
  ];

  constructor() {
    super();
    this.types = [];
    this.entries = [];
    this.paused = false;
    this.errors = {};
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const s of this.stops) s();
    this.stops = [];
    this.watched = '';
  }

  override updated(): void {
    const watchable = this.types.filter((t) => t.verbs.includes('watch'));
    const key = watchable.map((t) => collectionPath(t)).join(' ');
    if (key === this.watched) return;
    for (const s of this.stops) s();
    this.watched = key;
    this.stops = watchable.map((t) =>
      live(t, '', {
        onItems: () => {
          if (this.errors[t.resource]) {
            const { [t.resource]: _gone, ...rest } = this.errors;
            this.errors = rest;
          }
        },
        onEvent: (e) => this.record(t, e),
        onError: (s) => (this.errors = { ...this.errors, [t.resource]: s }),
      }),
    );
  }

  private record(t: ResourceType, e: WatchEvent): void {
    if (this.paused) return;
    const m = e.object.metadata ?? {};
    const entry: Entry = {
      seq: ++this.seq,
      at: new Date(),
      type: e.type,
      kind: e.object.kind ?? t.kind,
      namespace: m.namespace ?? '',
      name: m.name ?? '',
      rv: m.resourceVersion ?? '',
      event: e,
    };
    this.entries = [entry, ...this.entries].slice(0, KEEP);
  }

  override render() {
    return html`<section class="panel">
      <div class="row">
        <h2>Watch events</h2>
        <button data-action="pause" @click=${() => (this.paused = !this.paused)}>${this.paused ? 'Resume' : 'Pause'}</button>
        <button data-action="clear" @click=${() => (this.entries = [])}>Clear</button>
        <span class="muted">${this.types.filter((t) => t.verbs.includes('watch')).length} kinds watched, newest first</span>
      </div>
      ${Object.entries(this.errors).map(([r, s]) => html`<div><strong>${r}</strong><orch-status .status=${s}></orch-status></div>`)}
      <table aria-label="watch events">
        <thead>
          <tr><th>Time</th><th>Event</th><th>Kind</th><th>Namespace</th><th>Name</th><th>Resource version</th></tr>
        </thead>
        <tbody>
          ${this.entries.map(
            (
              x,
            ) => html`<tr class="entry" data-event=${x.type} data-name=${x.name} @click=${() => (this.open = this.open === x.seq ? undefined : x.seq)}>
                <td class="time">${x.at.toLocaleTimeString()}.${String(x.at.getMilliseconds()).padStart(3, '0')}</td>
                <td><span class="badge ${BADGE[x.type] ?? ''}">${x.type}</span></td>
                <td>${x.kind}</td>
                <td>${x.namespace}</td>
                <td>${x.name}</td>
                <td><code>${x.rv}</code></td>
              </tr>
              ${this.open === x.seq ? html`<tr><td colspan="6"><pre>${toYaml(x.event.object)}</pre></td></tr>` : nothing}`,
          )}
        </tbody>
      </table>
      ${this.entries.length ? nothing : html`<p class="muted">Nothing has changed since the page opened. Create something in the YAML editor.</p>`}
    </section>`;
  }
}

if (!customElements.get('orch-event-timeline')) customElements.define('orch-event-timeline', EventTimeline);
