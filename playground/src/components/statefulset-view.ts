/**
 * StatefulSets and their pods by ordinal: pods appear, become ready and roll one ordinal at a
 * time as the controller works. Built on the API shape only (apps/v1 StatefulSet, v1 Pod), so it
 * shows whatever the controller does — and the Status if the server does not serve the kind.
 */
import { css, html, LitElement, nothing } from 'lit';
import { api, toStatus, type ApiObject, type ApiStatus } from '../api/http.ts';
import { live } from '../api/watch.ts';
import { shared } from '../styles.ts';
import './status-view.ts';

interface StatefulSet extends ApiObject {
  spec?: {
    replicas?: number;
    podManagementPolicy?: string;
    updateStrategy?: { type?: string; rollingUpdate?: { partition?: number; maxUnavailable?: number | string } };
    ordinals?: { start?: number };
    selector?: { matchLabels?: Record<string, string> };
  };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    currentReplicas?: number;
    updatedReplicas?: number;
    currentRevision?: string;
    updateRevision?: string;
    observedGeneration?: number;
  };
}

interface Pod extends ApiObject {
  status?: { phase?: string; conditions?: { type: string; status: string }[] };
}

const STS_ROOT = '/apis/apps/v1';
const REVISION_LABEL = 'controller-revision-hash';
const RESTARTED_AT = 'orchctl.orchestrator.io/restartedAt';

export function exampleStatefulSet(namespace: string): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      serviceName: 'web',
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    } as StatefulSet['spec'],
  };
}

/** The pods of `sts` by ordinal: owned by it (or, before owner references, named `<sts>-<n>`). */
export function podsByOrdinal(sts: StatefulSet, pods: readonly Pod[]): Map<number, Pod> {
  const name = sts.metadata?.name ?? '';
  const uid = sts.metadata?.uid;
  const re = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+)$`);
  const out = new Map<number, Pod>();
  for (const p of pods) {
    const m = re.exec(p.metadata?.name ?? '');
    if (!m) continue;
    const owners = p.metadata?.ownerReferences ?? [];
    if (owners.length && !owners.some((o) => o.kind === 'StatefulSet' && (o.uid === uid || o.name === name))) continue;
    out.set(Number(m[1]), p);
  }
  return out;
}

function ready(p: Pod): boolean {
  return p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

export class StatefulSetView extends LitElement {
  static override properties = {
    namespaces: { attribute: false },
    namespace: { state: true },
    sets: { state: true },
    pods: { state: true },
    error: { state: true },
    actionError: { state: true },
  };
  declare namespaces: readonly string[];
  declare namespace: string;
  declare sets: StatefulSet[];
  declare pods: Pod[];
  declare error: ApiStatus | undefined;
  declare actionError: ApiStatus | undefined;
  private stops: (() => void)[] = [];
  private watching = '';

  static override styles = [
    shared,
    css`
      .sts {
        margin-top: 10px;
      }
      .slots {
        display: flex;
        gap: 8px;
        flex-wrap: wrap;
        margin-top: 8px;
      }
      .slot {
        width: 150px;
        min-height: 84px;
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
      .counts span {
        margin-right: 10px;
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
    const ns = encodeURIComponent(this.namespace);
    this.stops = [
      live(`${STS_ROOT}/namespaces/${ns}/statefulsets`, {
        onItems: (items) => {
          this.sets = items as StatefulSet[];
          this.error = undefined;
        },
        onError: (s) => (this.error = s),
      }),
      live(`/api/v1/namespaces/${ns}/pods`, { onItems: (items) => (this.pods = items as Pod[]) }),
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

  private renderSet(sts: StatefulSet) {
    const spec = sts.spec ?? {};
    const st = sts.status ?? {};
    const start = spec.ordinals?.start ?? 0;
    const replicas = spec.replicas ?? 1;
    const byOrdinal = podsByOrdinal(sts, this.pods);
    const highest = Math.max(start + replicas - 1, ...byOrdinal.keys());
    const ordinals = Array.from({ length: Math.max(0, highest - start + 1) }, (_, i) => start + i);
    const name = sts.metadata?.name ?? '';
    return html`<section class="panel sts" data-statefulset=${name}>
      <div class="row">
        <h2>${name}</h2>
        <span class="badge">${spec.podManagementPolicy ?? 'OrderedReady'}</span>
        <span class="badge">${spec.updateStrategy?.type ?? 'RollingUpdate'}${spec.updateStrategy?.rollingUpdate?.partition ? ` partition ${spec.updateStrategy.rollingUpdate.partition}` : ''}</span>
        <button data-action="scale-down" ?disabled=${replicas <= 0} @click=${() => this.merge(sts, { spec: { replicas: replicas - 1 } })}>−</button>
        <strong data-replicas>${replicas}</strong>
        <button data-action="scale-up" @click=${() => this.merge(sts, { spec: { replicas: replicas + 1 } })}>+</button>
        <button data-action="roll" title="change the pod template: a new revision rolls out" @click=${() =>
          this.merge(sts, { spec: { template: { metadata: { annotations: { [RESTARTED_AT]: new Date().toISOString() } } } } })}>Roll out a new revision</button>
        <button data-action="delete" @click=${() => this.act(() => api('DELETE', this.path(sts)))}>Delete</button>
      </div>
      <div class="counts muted">
        <span>ready ${st.readyReplicas ?? 0}/${replicas}</span>
        <span>current ${st.currentReplicas ?? 0}</span>
        <span>updated ${st.updatedReplicas ?? 0}</span>
        <span>revision <code>${st.updateRevision ?? '–'}</code>${st.currentRevision && st.currentRevision !== st.updateRevision ? html` (from <code>${st.currentRevision}</code>)` : nothing}</span>
      </div>
      <div class="slots">
        ${ordinals.map((i) => {
          const p = byOrdinal.get(i);
          if (!p) return html`<div class="slot" data-ordinal=${i}><div class="ordinal">${i}</div><div class="muted">no pod</div></div>`;
          const terminating = !!p.metadata?.deletionTimestamp;
          const isReady = ready(p);
          const rev = p.metadata?.labels?.[REVISION_LABEL];
          const updated = !!rev && rev === st.updateRevision;
          const cls = ['slot', 'present', terminating ? 'terminating' : isReady ? 'ready' : ''].join(' ');
          return html`<div class=${cls} data-ordinal=${i} data-pod=${p.metadata?.name ?? ''} data-ready=${String(isReady)}>
            <div class="ordinal">${i}</div>
            <div>${p.metadata?.name}</div>
            <div class="row">
              <span class="badge">${p.status?.phase ?? 'Pending'}</span>
              ${terminating ? html`<span class="badge warn">Terminating</span>` : html`<span class="badge ${isReady ? 'ok' : ''}">${isReady ? 'Ready' : 'not ready'}</span>`}
              ${rev ? html`<span class="badge ${updated ? 'ok' : 'warn'}" title=${rev}>${updated ? 'updated' : 'old rev'}</span>` : nothing}
            </div>
          </div>`;
        })}
      </div>
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
        <p class="muted">Pods appear, become ready and roll by ordinal as the StatefulSet controller and the pod simulator work (turn them on in the runtime panel).</p>
        ${this.error
          ? html`<orch-status .status=${this.error}></orch-status>
              ${this.error.code === 404 ? html`<p class="muted">This server does not serve apps/v1 StatefulSets yet.</p>` : nothing}`
          : nothing}
        ${this.actionError ? html`<orch-status .status=${this.actionError}></orch-status>` : nothing}
        ${!this.error && !this.sets.length ? html`<p class="muted">No StatefulSets in ${this.namespace}.</p>` : nothing}
      </section>
      ${this.sets.map((s) => this.renderSet(s))}`;
  }
}

if (!customElements.get('orch-statefulset-view')) customElements.define('orch-statefulset-view', StatefulSetView);
