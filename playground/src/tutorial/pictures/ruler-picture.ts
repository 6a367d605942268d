/**
 * The resource-version ruler: every event the watch delivered, placed by its resourceVersion;
 * those older than the history window (5 minutes of the server clock) are where a watch now
 * gets 410 Gone.
 */
import { html, svg } from 'lit';
import { HISTORY_WINDOW_MS } from '../picture-state.ts';
import { PictureElement } from './picture-element.ts';

const W = 640;
const H = 150;
const PAD = 30;

export class RulerPicture extends PictureElement {
  override render() {
    const events = this.state.events.filter((e) => e.rv > 0);
    if (!events.length) return html`<p class="empty">No events yet.</p>`;
    const min = Math.min(...events.map((e) => e.rv));
    const max = Math.max(...events.map((e) => e.rv));
    const x = (rv: number) => PAD + ((rv - min) / Math.max(1, max - min)) * (W - 2 * PAD);
    const oldest = this.state.clockNow - HISTORY_WINDOW_MS;
    const expired = events.filter((e) => e.at < oldest);
    // 410 from here down: the newest version that has left the window.
    const boundary = expired.length ? Math.max(...expired.map((e) => e.rv)) : undefined;
    const colour = { ADDED: '#2f8f4e', MODIFIED: '#2357c6', DELETED: '#b03030', LISTED: '#7a8396' } as const;
    return html`<svg viewBox="0 0 ${W} ${H}" role="img" aria-label="resource versions of the events, and the history window">
        ${boundary !== undefined ? svg`<rect data-expired x=${PAD - 10} y="20" width=${x(boundary) - PAD + 16} height="80" fill="#fbdada"></rect><text x=${PAD - 8} y="16" style="fill:#8c1c1c">410 Gone from here down</text>` : svg`<text x=${PAD - 8} y="16" style="fill:#17692e">every event is in the history window</text>`}
        <line x1=${PAD - 10} y1="60" x2=${W - PAD + 10} y2="60" stroke="#5a6477"></line>
        ${events.map(
          (e, i) => svg`<g data-rv=${e.rv} class=${e.at < oldest ? 'expired' : 'kept'}>
            <circle cx=${x(e.rv)} cy="60" r="5" fill=${colour[e.type]} opacity=${e.at < oldest ? 0.4 : 1}></circle>
            <text x=${x(e.rv)} y=${i % 2 ? 84 : 44} text-anchor="middle">${e.rv}</text>
            <text x=${x(e.rv)} y=${i % 2 ? 98 : 30} text-anchor="middle" style="font-size:9px;fill:#5a6477">${e.type === 'LISTED' ? '' : e.type[0]} ${e.name.slice(0, 10)}</text>
          </g>`,
        )}
        <text x=${PAD - 10} y="130">history window: the last ${HISTORY_WINDOW_MS / 60_000} minutes of the server clock</text>
      </svg>
      <div class="legend">
        <span><span class="swatch" style="background:#7a8396"></span>listed</span>
        <span><span class="swatch" style="background:#2f8f4e"></span>ADDED</span>
        <span><span class="swatch" style="background:#2357c6"></span>MODIFIED</span>
        <span><span class="swatch" style="background:#b03030"></span>DELETED</span>
        <span><span class="swatch" style="background:#fbdada"></span>out of history: a watch from here is 410</span>
      </div>`;
  }
}

if (!customElements.get('orch-picture-ruler')) customElements.define('orch-picture-ruler', RulerPicture);
