/** A `Status` from the server, shown as what it is: code, reason, message and field causes. */
import { html, LitElement, css, nothing } from 'lit';
import type { ApiStatus } from '../api/http.ts';
import { shared } from '../styles.ts';

export class StatusView extends LitElement {
  static override properties = { status: { attribute: false } };
  declare status: ApiStatus | undefined;

  static override styles = [
    shared,
    css`
      .status {
        border: 1px solid #e6b3b3;
        background: #fff6f6;
        border-radius: 6px;
        padding: 8px 10px;
      }
      .status.success {
        border-color: #b3dcc0;
        background: #f4fbf6;
      }
      .head {
        font-weight: 600;
      }
      /* A message of several lines (a YAML parse error's excerpt and caret) keeps them, in a
         fixed-width font so the caret stays under its column. */
      pre.message {
        background: transparent;
        border: 0;
        padding: 2px 0 0;
      }
      ul {
        margin: 4px 0 0;
        padding-left: 18px;
      }
    `,
  ];

  override render() {
    const s = this.status;
    if (!s) return nothing;
    const ok = s.status === 'Success';
    return html`<div class="status ${ok ? 'success' : ''}" role=${ok ? 'status' : 'alert'} data-code=${String(s.code ?? '')} data-reason=${s.reason ?? ''}>
      <div class="head">${s.code ? `${s.code} ` : ''}${s.reason ?? s.status ?? 'Status'}</div>
      ${s.message?.includes('\n') ? html`<pre class="message">${s.message}</pre>` : html`<div class="message">${s.message ?? ''}</div>`}
      ${
        s.details?.causes?.length
          ? html`<ul>
            ${s.details.causes.map((c) => html`<li><code>${c.field ?? ''}</code> ${c.reason ? html`<span class="badge">${c.reason}</span>` : nothing} ${c.message ?? ''}</li>`)}
          </ul>`
          : nothing
      }
    </div>`;
  }
}

if (!customElements.get('orch-status')) customElements.define('orch-status', StatusView);
