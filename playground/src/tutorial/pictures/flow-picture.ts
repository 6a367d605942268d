/** FlowSchemas by matching precedence, each pointing at its priority level; a missing level makes it Dangling. */
import { html } from 'lit';
import { at } from '../lesson.ts';
import { PictureElement } from './picture-element.ts';

export class FlowPicture extends PictureElement {
  override render() {
    const levels = new Set(this.state.objects.filter((o) => o.kind === 'PriorityLevelConfiguration').map((o) => o.metadata.name));
    const schemas = this.state.objects
      .filter((o) => o.kind === 'FlowSchema')
      .sort((a, b) => Number(at(a, 'spec.matchingPrecedence') ?? 0) - Number(at(b, 'spec.matchingPrecedence') ?? 0));
    if (!schemas.length) return html`<p class="empty">No FlowSchemas.</p>`;
    return html`<table aria-label="flow schemas and their priority levels">
      <thead><tr><th>precedence</th><th>FlowSchema</th><th></th><th>priority level</th><th>Dangling</th></tr></thead>
      <tbody>
        ${schemas.map((s) => {
          const level = String(at(s, 'spec.priorityLevelConfiguration.name') ?? '');
          const cond = ((at(s, 'status.conditions') as { type: string; status: string; reason?: string }[] | undefined) ?? []).find(
            (c) => c.type === 'Dangling',
          );
          const mine = s.metadata.name?.startsWith('tutorial');
          return html`<tr data-schema=${s.metadata.name ?? ''} data-dangling=${cond?.status ?? ''} style=${mine ? 'font-weight:600' : 'color:#6b7485'}>
            <td>${at(s, 'spec.matchingPrecedence')}</td>
            <td>${s.metadata.name}</td>
            <td>→</td>
            <td>${level} ${levels.has(level) ? '' : html`<span class="badge bad">missing</span>`}</td>
            <td>${cond ? html`<span class="badge ${cond.status === 'True' ? 'bad' : 'ok'}">${cond.status} ${cond.reason ?? ''}</span>` : '…'}</td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  }
}

if (!customElements.get('orch-picture-flow')) customElements.define('orch-picture-flow', FlowPicture);
