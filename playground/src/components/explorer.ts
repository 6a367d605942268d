/**
 * The resource explorer: namespaces → kinds → objects, each list live by watch. Selecting an
 * object shows it as YAML, with "edit" (to the YAML editor) and "delete".
 */
import { css, html, LitElement, nothing } from 'lit';
import { apiVersionOf, type KubeObject } from '../../../controllers/runtime/index.ts';
import { api, toStatus, type ApiStatus } from '../api/http.ts';
import { collectionPath, objectPath, type ResourceType } from '../api/resources.ts';
import { live } from '../api/watch.ts';
import { shared } from '../styles.ts';
import { toYaml } from '../yaml.ts';
import './status-view.ts';

/** Asks the app to open this YAML in the editor. */
export class EditEvent extends Event {
  constructor(readonly yaml: string) {
    super('orch-edit', { bubbles: true, composed: true });
  }
}

/** How long ago `ts` was (the server writes null for an unset time). */
function age(ts: string | null | undefined, now: number): string {
  if (!ts) return '';
  const s = Math.max(0, Math.floor((now - Date.parse(ts)) / 1000));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  if (s < 172800) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}

export class Explorer extends LitElement {
  static override properties = {
    types: { attribute: false },
    namespaces: { attribute: false },
    namespace: { state: true },
    type: { state: true },
    items: { state: true },
    selected: { state: true },
    error: { state: true },
  };
  declare types: readonly ResourceType[];
  declare namespaces: readonly string[];
  /** '' means all namespaces. */
  declare namespace: string;
  declare type: ResourceType | undefined;
  declare items: KubeObject[];
  declare selected: string | undefined;
  declare error: ApiStatus | undefined;
  private stop: (() => void) | undefined;
  private watching = '';

  static override styles = [
    shared,
    css`
      .cols {
        display: grid;
        grid-template-columns: 180px 220px 1fr;
        gap: 10px;
        align-items: start;
      }
      .detail {
        margin-top: 10px;
      }
      td.name {
        font-weight: 600;
      }
      tr[data-object] {
        cursor: pointer;
      }
      tr[aria-selected='true'] {
        background: #dbe6fb;
      }
    `,
  ];

  constructor() {
    super();
    this.types = [];
    this.namespaces = [];
    this.namespace = 'default';
    this.items = [];
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stop?.();
    this.watching = '';
  }

  override updated(): void {
    // Discovery was read again (a CRD came or went): keep the selected resource by name, if it is still served.
    const was = this.type;
    if (was && this.types.length && !this.types.includes(was))
      this.type = this.types.find((t) => t.group === was.group && t.resource === was.resource);
    if (!this.type && this.types.length) this.type = this.types.find((t) => t.resource === 'configmaps') ?? this.types[0];
    const t = this.type;
    const path = t ? collectionPath(t, this.namespace) : '';
    if (path === this.watching) return;
    this.stop?.();
    this.watching = path;
    this.items = [];
    this.error = undefined;
    if (!t) return;
    this.stop = live(t, this.namespace, {
      onItems: (items) => {
        this.items = items;
        this.error = undefined;
      },
      onError: (s) => (this.error = s),
    });
  }

  /** The selected object, with the kind and apiVersion list items leave out. */
  private get current(): KubeObject | undefined {
    const o = this.items.find((x) => this.keyOf(x) === this.selected);
    if (!o || !this.type) return o;
    const { apiVersion: _a, kind: _k, ...rest } = o;
    return { apiVersion: apiVersionOf(this.type), kind: this.type.kind, ...rest };
  }

  private keyOf(o: KubeObject): string {
    return `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
  }

  private async deleteObject(o: KubeObject): Promise<void> {
    if (!this.type) return;
    try {
      await api('DELETE', objectPath(this.type, o.metadata?.namespace ?? '', o.metadata?.name ?? ''));
      this.selected = undefined;
    } catch (err) {
      this.error = toStatus(err);
    }
  }

  override render() {
    const now = Date.now();
    const t = this.type;
    const current = this.current;
    return html`
      <div class="cols">
        <section class="panel">
          <h3>Namespaces</h3>
          <ul class="pick" role="listbox" aria-label="namespaces">
            <li data-ns="" aria-selected=${String(this.namespace === '')} @click=${() => (this.namespace = '')}><em>all namespaces</em></li>
            ${this.namespaces.map((ns) => html`<li data-ns=${ns} aria-selected=${String(this.namespace === ns)} @click=${() => (this.namespace = ns)}>${ns}</li>`)}
          </ul>
        </section>
        <section class="panel">
          <h3>Kinds</h3>
          <ul class="pick" role="listbox" aria-label="kinds">
            ${this.types.map(
              (
                x,
              ) => html`<li data-resource=${x.resource} data-group=${x.group} aria-selected=${String(x === t)} title=${apiVersionOf(x)} @click=${() => {
                this.type = x;
                this.selected = undefined;
              }}>
                ${x.kind} <span class="muted">${x.group || 'core'}</span>
              </li>`,
            )}
          </ul>
        </section>
        <section class="panel">
          <h3>${t ? `${t.resource}${t.namespaced ? (this.namespace ? ` in ${this.namespace}` : ' in all namespaces') : ' (cluster-scoped)'}` : 'Objects'}</h3>
          ${this.error ? html`<orch-status .status=${this.error}></orch-status>` : nothing}
          <table aria-label="objects">
            <thead>
              <tr>
                ${t?.namespaced && !this.namespace ? html`<th>Namespace</th>` : nothing}
                <th>Name</th>
                <th>Age</th>
                <th>Resource version</th>
              </tr>
            </thead>
            <tbody>
              ${this.items.map(
                (
                  o,
                ) => html`<tr data-object=${o.metadata?.name ?? ''} aria-selected=${String(this.keyOf(o) === this.selected)} @click=${() => (this.selected = this.keyOf(o))}>
                  ${t?.namespaced && !this.namespace ? html`<td>${o.metadata?.namespace}</td>` : nothing}
                  <td class="name">${o.metadata?.name}</td>
                  <td>${age(o.metadata?.creationTimestamp, now)}</td>
                  <td><code>${o.metadata?.resourceVersion}</code></td>
                </tr>`,
              )}
            </tbody>
          </table>
          ${this.items.length ? nothing : html`<p class="muted">No objects.</p>`}
          ${
            current
              ? html`<div class="detail">
                <div class="row">
                  <strong>${current.kind ?? t?.kind} ${current.metadata?.name}</strong>
                  <button data-action="edit" @click=${() => this.dispatchEvent(new EditEvent(toYaml(current)))}>Edit in YAML editor</button>
                  <button data-action="delete" @click=${() => this.deleteObject(current)}>Delete</button>
                </div>
                <pre class="yaml">${toYaml(current)}</pre>
              </div>`
              : nothing
          }
        </section>
      </div>
    `;
  }
}

if (!customElements.get('orch-explorer')) customElements.define('orch-explorer', Explorer);
