/**
 * The runtime's switches (through the worker's control surface, not HTTP): reset, snapshot
 * export and import, controllers, clock speed, the pod simulator — and what the store is doing.
 */
import { css, html, LitElement, nothing } from 'lit';
import type { RuntimeSettings, RuntimeStats } from '../../../worker/index.ts';
import { clientStatus, type ApiStatus } from '../api/http.ts';
import { runtime } from '../runtime.ts';
import { shared } from '../styles.ts';
import './status-view.ts';

const SPEEDS = [0, 1, 2, 5, 10, 60];
const REFRESH_MS = 2000;

export class RuntimePanel extends LitElement {
  static override properties = {
    stats: { state: true },
    settings: { state: true },
    error: { state: true },
    note: { state: true },
  };
  declare stats: RuntimeStats | undefined;
  declare settings: RuntimeSettings | undefined;
  declare error: ApiStatus | undefined;
  declare note: string | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  static override styles = [
    shared,
    css`
      :host {
        font-size: 13px;
      }
      .row {
        gap: 12px;
      }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.timer);
  }

  private async refresh(): Promise<void> {
    try {
      const { control } = runtime();
      [this.stats, this.settings] = await Promise.all([control.stats(), control.settings()]);
    } catch {
      // the next refresh tries again; actions show their own errors
    }
  }

  private async act(what: string, fn: () => Promise<unknown>): Promise<void> {
    this.error = undefined;
    this.note = undefined;
    try {
      await fn();
      this.note = what;
      await this.refresh();
    } catch (err) {
      this.error = clientStatus(`${what} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private async exportSnapshot(): Promise<void> {
    const snapshot = await runtime().control.exportSnapshot();
    const blob = new Blob([JSON.stringify(snapshot, null, 1)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `orch-snapshot-rv${snapshot.revision}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }

  private async importSnapshot(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    await this.act(`imported ${file.name}`, async () => runtime().control.importSnapshot(await file.text()));
  }

  override render() {
    const s = this.stats;
    const set = this.settings;
    const { control } = runtime();
    return html`<div class="row">
        <span title="storage, store revision, open requests (watches included)">
          ${s ? html`<span class="badge ok" data-storage=${s.storage}>${s.storage}</span> rv <code data-revision>${s.revision}</code> · ${s.openRequests} open` : 'starting…'}
        </span>
        <button data-action="reset" @click=${() => confirm('Delete every object?') && this.act('reset', () => control.reset())}>Reset</button>
        <button data-action="export" @click=${() => this.act('exported', () => this.exportSnapshot())}>Export</button>
        <label><button data-action="import" @click=${(e: Event) => ((e.currentTarget as HTMLElement).nextElementSibling as HTMLInputElement).click()}>Import…</button><input type="file" accept="application/json,.json" hidden @change=${this.importSnapshot} /></label>
        <label><input type="checkbox" name="controllers" .checked=${set?.controllers ?? false} @change=${(e: Event) => this.act('controllers switched', () => control.setControllers((e.target as HTMLInputElement).checked))} /> controllers</label>
        <label>clock
          <select name="clockSpeed" @change=${(e: Event) => this.act('clock speed set', () => control.setClockSpeed(Number((e.target as HTMLSelectElement).value)))}>
            ${SPEEDS.map((x) => html`<option value=${x} ?selected=${set?.clockSpeed === x}>${x === 0 ? 'paused' : `${x}×`}</option>`)}
          </select>
        </label>
        <label><input type="checkbox" name="podSimulator" .checked=${set?.podSimulator.enabled ?? false} @change=${(e: Event) => this.act('pod simulator switched', () => control.setPodSimulator({ enabled: (e.target as HTMLInputElement).checked }))} /> pod simulator</label>
        <label>ready after
          <input name="readyDelay" type="number" min="0" step="500" style="width:6em" .value=${String(set?.podSimulator.readyDelayMs ?? 0)} @change=${(e: Event) => this.act('pod ready delay set', () => control.setPodSimulator({ readyDelayMs: Number((e.target as HTMLInputElement).value) }))} /> ms
        </label>
        <label>stops in
          <input name="stopDelay" type="number" min="0" step="500" style="width:6em" .value=${String(set?.podSimulator.stopDelayMs ?? 0)} @change=${(e: Event) => this.act('pod stop delay set', () => control.setPodSimulator({ stopDelayMs: Number((e.target as HTMLInputElement).value) }))} /> ms
        </label>
        ${s && !s.controllers.available.length ? html`<span class="muted" title="controllers/ has none yet">no controllers in this build</span>` : nothing}
        ${this.note ? html`<span class="muted" role="status">${this.note}</span>` : nothing}
      </div>
      ${this.error ? html`<orch-status .status=${this.error}></orch-status>` : nothing}`;
  }
}

if (!customElements.get('orch-runtime-panel')) customElements.define('orch-runtime-panel', RuntimePanel);
