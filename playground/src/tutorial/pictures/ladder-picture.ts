/** A StatefulSet's ordinal ladder: one rung per ordinal, its pod (phase, ready, revision) and claims. */
import { html, nothing } from 'lit';
import { at } from '../lesson.ts';
import type { Shown } from '../picture-state.ts';
import { PictureElement } from './picture-element.ts';

function ready(pod: Shown): boolean {
  const conds = (at(pod, 'status.conditions') as { type: string; status: string }[] | undefined) ?? [];
  return conds.some((c) => c.type === 'Ready' && c.status === 'True');
}

export class LadderPicture extends PictureElement {
  private rung(set: Shown, ordinal: number) {
    const name = `${set.metadata.name}-${ordinal}`;
    const pod = this.state.objects.find((o) => o.kind === 'Pod' && o.metadata.name === name);
    const claims = this.state.objects.filter((o) => o.kind === 'PersistentVolumeClaim' && o.metadata.name?.endsWith(`-${name}`));
    const want = Number(at(set, 'spec.replicas') ?? 0);
    const revision = pod?.metadata.labels?.['controller-revision-hash'];
    const updated = revision !== undefined && revision === at(set, 'status.updateRevision');
    const state = !pod
      ? 'absent'
      : pod.metadata.deletionTimestamp
        ? 'terminating'
        : ready(pod)
          ? 'ready'
          : String(at(pod, 'status.phase') ?? 'Pending');
    const colour = { absent: '#eef0f4', ready: '#d5f0dc', terminating: '#fdf0cf' } as Record<string, string>;
    return html`<tr data-pod=${name} data-state=${state}>
      <td><code>${ordinal}</code></td>
      <td><span class="badge" style="background:${colour[state] ?? '#dbe6fb'}">${pod ? name : ordinal < want ? `${name} (waiting)` : '—'}</span></td>
      <td>${state}</td>
      <td>${revision ? html`<code>${revision.slice(-10)}</code> ${updated ? html`<span class="badge ok">updated</span>` : nothing}` : ''}</td>
      <td>${claims.map((c) => html`<code>${c.metadata.name}</code> `)}</td>
    </tr>`;
  }

  override render() {
    const sets = this.state.objects.filter((o) => o.kind === 'StatefulSet');
    const orphanClaims = this.state.objects.filter(
      (o) => o.kind === 'PersistentVolumeClaim' && !sets.some((s) => o.metadata.name?.includes(`-${s.metadata.name}-`)),
    );
    if (!sets.length && !orphanClaims.length) return html`<p class="empty">No StatefulSet yet.</p>`;
    return html`${sets.map((s) => {
      const want = Number(at(s, 'spec.replicas') ?? 0);
      const pods = this.state.objects.filter((o) => o.kind === 'Pod' && o.metadata.name?.startsWith(`${s.metadata.name}-`));
      const top = Math.max(want, ...pods.map((p) => Number(p.metadata.name?.split('-').pop()) + 1).filter(Number.isFinite));
      return html`<h4 style="margin:4px 0" data-set=${s.metadata.name ?? ''}>StatefulSet ${s.metadata.name}: ${at(s, 'spec.podManagementPolicy') ?? 'OrderedReady'}, replicas ${want}, ready ${at(s, 'status.readyReplicas') ?? 0}${at(s, 'spec.updateStrategy.rollingUpdate.partition') !== undefined ? `, partition ${at(s, 'spec.updateStrategy.rollingUpdate.partition')}` : ''}</h4>
          <table aria-label="ordinals of ${s.metadata.name}">
            <thead><tr><th>ordinal</th><th>pod</th><th>state</th><th>revision</th><th>claims</th></tr></thead>
            <tbody>${Array.from({ length: top }, (_, i) => this.rung(s, i))}</tbody>
          </table>`;
    })}
      ${orphanClaims.length ? html`<p>Claims without their StatefulSet: ${orphanClaims.map((c) => html`<code data-claim=${c.metadata.name ?? ''}>${c.metadata.name}</code> `)}</p>` : nothing}`;
  }
}

if (!customElements.get('orch-picture-ladder')) customElements.define('orch-picture-ladder', LadderPicture);
