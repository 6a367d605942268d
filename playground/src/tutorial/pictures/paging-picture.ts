/**
 * The paging snapshot: each page the learner listed (limit/continue) with its items, and the
 * objects written after the first page's snapshot, which no later page shows.
 */
import { html, nothing } from 'lit';
import { PictureElement } from './picture-element.ts';

interface ListBody {
  metadata?: { continue?: string; resourceVersion?: string };
  items?: { metadata: { name: string; resourceVersion: string } }[];
}

export class PagingPicture extends PictureElement {
  override render() {
    const pages = this.state.requests.filter((r) => r.method === 'GET' && /[?&]limit=/.test(r.path) && r.status === 200 && r.json);
    const firstPages = pages.filter((r) => !/[?&]continue=/.test(r.path));
    const snapshot = Number((firstPages.at(-1)?.json as ListBody | undefined)?.metadata?.resourceVersion ?? 0);
    const later = snapshot ? this.state.objects.filter((o) => Number(o.metadata.resourceVersion) > snapshot) : [];
    return html`<div class="cards">
        <div class="card" data-snapshot=${snapshot || ''}>
          <div class="name">the store now</div>
          ${this.state.objects.map((o) => html`<div class="meta">${o.metadata.name} · rv ${o.metadata.resourceVersion}${snapshot && Number(o.metadata.resourceVersion) > snapshot ? ' · after the snapshot' : ''}</div>`)}
        </div>
        ${pages.map((p, i) => {
          const body = p.json as ListBody;
          return html`<div class="card" data-page=${i + 1}>
            <div class="name">page ${i + 1}${/continue=/.test(p.path) ? '' : ' (snapshot)'}</div>
            <div class="meta">list rv ${body.metadata?.resourceVersion}</div>
            ${(body.items ?? []).map((it) => html`<div class="meta">${it.metadata.name}</div>`)}
            <div class="meta">${body.metadata?.continue ? 'continue: …' : 'no continue: the end'}</div>
          </div>`;
        })}
      </div>
      ${snapshot ? html`<p class="legend">Snapshot at rv ${snapshot}. Written since, so in no later page: ${later.length ? later.map((o) => html`<code data-later=${o.metadata.name ?? ''}>${o.metadata.name}</code> `) : 'nothing yet'}</p>` : nothing}
      ${pages.length ? nothing : html`<p class="empty">List with limit=3 to see the pages here.</p>`}`;
  }
}

if (!customElements.get('orch-picture-paging')) customElements.define('orch-picture-paging', PagingPicture);
