/** Objects as cards: name, kind, resourceVersion, generation, deletion state, and one chosen field. */
import { html, nothing } from 'lit';
import { toYaml } from '../../yaml.ts';
import { at } from '../lesson.ts';
import type { Shown } from '../picture-state.ts';
import { PictureElement } from './picture-element.ts';

export class ObjectsPicture extends PictureElement {
  static override properties = { field: {} };
  declare field: string | undefined;

  private card(o: Shown, deleted: boolean) {
    const m = o.metadata;
    const terminating = !deleted && Boolean(m.deletionTimestamp);
    const value = this.field ? at(o, this.field) : undefined;
    return html`<div class="card ${deleted ? 'deleted' : ''} ${terminating ? 'terminating' : ''}" data-object=${m.name ?? ''} data-state=${deleted ? 'deleted' : terminating ? 'terminating' : 'live'}>
      <div class="name">${o.kind} ${m.namespace ? `${m.namespace}/` : ''}${m.name}</div>
      <div class="meta">rv ${m.resourceVersion}${m.generation !== undefined ? html` · generation ${m.generation}` : nothing}</div>
      ${deleted ? html`<div class="meta">deleted</div>` : nothing}
      ${terminating ? html`<div class="meta">Terminating since ${m.deletionTimestamp}</div>` : nothing}
      ${m.finalizers?.length ? html`<div class="meta">finalizers: ${m.finalizers.join(', ')}</div>` : nothing}
      ${this.field ? html`<pre aria-label=${this.field}>${this.field}: ${value === undefined ? '(none)' : typeof value === 'object' ? `\n${toYaml(value)}` : String(value)}</pre>` : nothing}
    </div>`;
  }

  override render() {
    const { objects, deleted } = this.state;
    if (!objects.length && !deleted.length) return html`<p class="empty">No objects yet.</p>`;
    return html`<div class="cards">${objects.map((o) => this.card(o, false))}${deleted.map((o) => this.card(o, true))}</div>`;
  }
}

if (!customElements.get('orch-picture-objects')) customElements.define('orch-picture-objects', ObjectsPicture);
