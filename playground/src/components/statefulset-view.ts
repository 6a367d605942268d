/**
 * StatefulSets and their pods by ordinal: pods appear, become ready and roll one ordinal at a
 * time as the controller works. For each pod: its ordinal, phase, Ready, and the revision it runs;
 * for the set: its status as the controller writes it (the API's field names, so a learner can
 * find them in `orchctl get -o yaml`). Built on the API shape only (apps/v1 StatefulSet, v1 Pod),
 * so it shows whatever the controller does — and any failure as the Status the server sent.
 */
import { css, html, LitElement, nothing } from 'lit';
import { PODS, STATEFUL_SETS } from '../../../controllers/runtime/index.ts';
import type { Pod, StatefulSet, StatefulSetSpec, StatefulSetStatus } from '../../../core/registry/types/index.ts';
import { api, toStatus, type ApiStatus } from '../api/http.ts';
import { live } from '../api/watch.ts';
import { exampleStatefulSet, shortRevision, slotsOf, type Slot } from '../statefulsets.ts';
import { shared } from '../styles.ts';
import './status-view.ts';

const STS_ROOT = '/apis/apps/v1';
const RESTARTED_AT = 'orchctl.orchestrator.io/restartedAt';

/** The status fields shown, in the order `orchctl get statefulset -o yaml` lists them. */
const COUNTS = ['replicas', 'readyReplicas', 'availableReplicas', 'currentReplicas', 'updatedReplicas'] as const;

export class StatefulSetView extends LitElement {
  static override properties = {
    namespaces: { attribute: false },
    namespace: { state: true },
    sets: { state: true },
    pods: { state: true },
    error: { state: true },
    podsError: { state: true },
    actionError: { state: true },
  };
  declare namespaces: readonly string[];
  declare namespace: string;
  declare sets: StatefulSet[];
  declare pods: Pod[];
  /** The StatefulSets could not be listed or watched. */
  declare error: ApiStatus | undefined;
  declare podsError: ApiStatus | undefined;
  /** A button's request failed. */
  declare actionError: ApiStatus | undefined;
  private stops: (() => void)[] = [];
  private watching = '';

  static override styles = [
    shared,
    css`
      .sts {
        margin-top: 10px;
      }
      table.status {
        width: auto;
        margin-top: 6px;
      }
      table.status th {
        font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
        font-size: 12px;
        font-weight: 500;
      }
      .slots {
        display: flex;
        gap: 8px;
        flex-wrap: wrap;
        margin-top: 10px;
      }
      .slot {
        width: 180px;
        min-height: 104px;
        border: 2px dashed #c8cfdb;
        border-radius: 8px;
        padding: 6px 8px;
        box-sizing: border-box;
      }
      .slot.present {
        border-style: solid;
      }
      .slot.ready {
        border-color: #3aa55d;
        background: #f3fbf5;
      }
      .slot.terminating {
        border-color: #d08a1e;
        background: #fff8ec;
      }
      .ordinal {
        font-weight: 700;
        font-size: 18px;
      }
      .slot .row {
        gap: 4px;
        margin-top: 2px;
      }
    `,
  ];

  constructor() {
    super();
    this.namespaces = [];
    this.namespace = 'default';
    this.sets = [];
    this.pods = [];
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const s of this.stops) s();
    this.stops = [];
    this.watching = '';
  }

  override updated(): void {
    if (this.watching === this.namespace) return;
    for (const s of this.stops) s();
    this.watching = this.namespace;
    this.sets = [];
    this.pods = [];
    this.error = undefined;
    this.podsError = undefined;
    this.stops = [
      live(STATEFUL_SETS, this.namespace, {
        onItems: (items) => {
          this.sets = items;
          this.error = undefined;
        },
        onError: (s) => (this.error = s),
      }),
      live(PODS, this.namespace, {
        onItems: (items) => {
          this.pods = items;
          this.podsError = undefined;
        },
        onError: (s) => (this.podsError = s),
      }),
    ];
  }

  private async act(fn: () => Promise<unknown>): Promise<void> {
    try {
      this.actionError = undefined;
      await fn();
    } catch (err) {
      this.actionError = toStatus(err);
    }
  }

  private path(sts: StatefulSet): string {
    return `${STS_ROOT}/namespaces/${encodeURIComponent(this.namespace)}/statefulsets/${encodeURIComponent(sts.metadata?.name ?? '')}`;
  }

  private merge(sts: StatefulSet, patch: unknown): Promise<void> {
    return this.act(() => api('PATCH', this.path(sts), patch, { 'content-type': 'application/merge-patch+json' }));
  }

  private renderStatus(sts: StatefulSet) {
    const st: StatefulSetStatus = sts.status ?? {};
    const generation = Number(sts.metadata?.generation ?? 0);
    const behind = st.observedGeneration !== undefined && st.observedGeneration < generation;
    const rolling = !!st.currentRevision && !!st.updateRevision && st.currentRevision !== st.updateRevision;
    return html`<table class="status" aria-label="status">
        <tr>
          <th>spec.replicas</th>
          ${COUNTS.map((f) => html`<th>${f}</th>`)}
          <th>currentRevision</th>
          <th>updateRevision</th>
          <th>observedGeneration</th>
        </tr>
        <tr>
          <td data-field="spec.replicas">${sts.spec?.replicas ?? 1}</td>
          ${COUNTS.map((f) => html`<td data-field=${f}>${st[f] ?? 0}</td>`)}
          <td data-field="currentRevision"><code>${st.currentRevision ?? '–'}</code></td>
          <td data-field="updateRevision"><code>${st.updateRevision ?? '–'}</code></td>
          <td data-field="observedGeneration">${st.observedGeneration ?? '–'} of ${generation}</td>
        </tr>
      </table>
      <div class="row muted">
        ${rolling ? html`<span class="badge warn" data-rolling>rolling out: pods move from ${shortRevision(sts, st.currentRevision)} to ${shortRevision(sts, st.updateRevision)}, highest ordinal first</span>` : nothing}
        ${behind ? html`<span class="badge warn">the controller has not seen generation ${generation} yet</span>` : nothing}
        ${!sts.status ? html`<span>no status yet: is the StatefulSet controller running?</span>` : nothing}
      </div>`;
  }

  private renderSlot(sts: StatefulSet, slot: Slot) {
    const st: StatefulSetStatus = sts.status ?? {};
    const p = slot.pod;
    if (!p) {
      return html`<div class="slot" data-ordinal=${slot.ordinal}>
        <div class="ordinal">${slot.ordinal}</div>
        <div class="muted">no pod</div>
        ${slot.waitsFor ? html`<div class="muted" data-waits-for=${slot.waitsFor}>waits for ${slot.waitsFor} to be Running and Ready</div>` : nothing}
      </div>`;
    }
    const cls = ['slot', 'present', p.terminating ? 'terminating' : p.ready ? 'ready' : ''].join(' ');
    const which =
      p.revision === undefined
        ? undefined
        : p.revision === st.updateRevision
          ? 'update'
          : p.revision === st.currentRevision
            ? 'current'
            : 'old';
    return html`<div class=${cls} data-ordinal=${slot.ordinal} data-pod=${p.name} data-phase=${p.phase} data-ready=${String(p.ready)} data-revision=${p.revision ?? ''}>
      <div class="ordinal">${slot.ordinal}</div>
      <div>${p.name}</div>
      <div class="row">
        <span class="badge ${p.phase === 'Running' ? 'ok' : p.phase === 'Failed' ? 'bad' : ''}" title="status.phase">${p.phase}</span>
        ${
          p.terminating
            ? html`<span class="badge warn">Terminating</span>`
            : html`<span class="badge ${p.ready ? 'ok' : ''}" title="the Ready condition">${p.ready ? 'Ready' : 'not Ready'}</span>`
        }
      </div>
      ${p.reason ? html`<div class="muted" data-reason>${p.reason}</div>` : nothing}
      <div class="row" title=${`revision ${p.revision ?? 'unknown'} (label controller-revision-hash)`}>
        rev <code>${shortRevision(sts, p.revision)}</code>
        ${which ? html`<span class="badge ${which === 'update' ? 'ok' : 'warn'}">${which}</span>` : nothing}
      </div>
    </div>`;
  }

  private renderSet(sts: StatefulSet) {
    const spec: Partial<StatefulSetSpec> = sts.spec ?? {};
    const replicas = spec.replicas ?? 1;
    const name = sts.metadata?.name ?? '';
    const partition = spec.updateStrategy?.rollingUpdate?.partition;
    return html`<section class="panel sts" data-statefulset=${name}>
      <div class="row">
        <h2>${name}</h2>
        <span class="badge" title="spec.podManagementPolicy">${spec.podManagementPolicy ?? 'OrderedReady'}</span>
        <span class="badge" title="spec.updateStrategy">${spec.updateStrategy?.type ?? 'RollingUpdate'}${partition ? ` partition ${partition}` : ''}</span>
        <button data-action="scale-down" ?disabled=${replicas <= 0} @click=${() => this.merge(sts, { spec: { replicas: replicas - 1 } })}>−</button>
        <strong data-replicas>${replicas}</strong>
        <button data-action="scale-up" @click=${() => this.merge(sts, { spec: { replicas: replicas + 1 } })}>+</button>
        <button data-action="roll" title="change the pod template: a new revision rolls out" @click=${() =>
          this.merge(sts, {
            spec: { template: { metadata: { annotations: { [RESTARTED_AT]: new Date().toISOString() } } } },
          })}>Roll out a new revision</button>
        <button data-action="delete" @click=${() => this.act(() => api('DELETE', this.path(sts)))}>Delete</button>
      </div>
      ${this.renderStatus(sts)}
      <div class="slots">${slotsOf(sts, this.pods).map((slot) => this.renderSlot(sts, slot))}</div>
    </section>`;
  }

  override render() {
    return html`<section class="panel">
        <div class="row">
          <h2>StatefulSets</h2>
          <label>namespace
            <select name="namespace" @change=${(e: Event) => (this.namespace = (e.target as HTMLSelectElement).value)}>
              ${[...new Set([this.namespace, ...this.namespaces])].map((n) => html`<option ?selected=${n === this.namespace}>${n}</option>`)}
            </select>
          </label>
          <button data-action="create-example" @click=${() => this.act(() => api('POST', `${STS_ROOT}/namespaces/${encodeURIComponent(this.namespace)}/statefulsets`, exampleStatefulSet(this.namespace)))}>
            Create example “web” (3 replicas)
          </button>
        </div>
        <p class="muted">Pods appear, become ready and roll by ordinal as the StatefulSet controller and the pod simulator work (switch them and the pod's ready delay in the runtime panel).</p>
        ${
          this.error
            ? html`<orch-status data-source="statefulsets" .status=${this.error}></orch-status>
              ${this.error.code === 404 ? html`<p class="muted">This server does not serve apps/v1 StatefulSets.</p>` : nothing}`
            : nothing
        }
        ${this.podsError ? html`<orch-status data-source="pods" .status=${this.podsError}></orch-status>` : nothing}
        ${this.actionError ? html`<orch-status data-source="action" .status=${this.actionError}></orch-status>` : nothing}
        ${!this.error && !this.sets.length ? html`<p class="muted">No StatefulSets in ${this.namespace}.</p>` : nothing}
      </section>
      ${this.sets.map((s) => this.renderSet(s))}`;
  }
}

if (!customElements.get('orch-statefulset-view')) customElements.define('orch-statefulset-view', StatefulSetView);
