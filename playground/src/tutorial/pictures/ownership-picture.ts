/** managedFields as a table: one row per field, one column per manager, a mark where it owns. */
import { html } from 'lit';
import type { Shown } from '../picture-state.ts';
import { fieldPaths } from './field-paths.ts';
import { PictureElement } from './picture-element.ts';

interface Entry {
  manager?: string;
  operation?: string;
  fieldsV1?: Record<string, unknown>;
}

export class OwnershipPicture extends PictureElement {
  static override properties = { path: {} };
  declare path: string;

  constructor() {
    super();
    this.path = '';
  }

  override render() {
    const name = this.path.split('/').pop();
    const o: Shown | undefined = this.state.objects.find((x) => x.metadata.name === name);
    if (!o) return html`<p class="empty">${name} does not exist (yet).</p>`;
    const entries = (o.metadata.managedFields ?? []) as Entry[];
    if (!entries.length) return html`<p class="empty" data-managed-fields="0">${name}: no managedFields: nobody owns any field.</p>`;
    const owners = entries.map((e) => ({
      label: `${e.manager ?? '?'} (${e.operation ?? '?'})`,
      paths: new Set(fieldPaths(e.fieldsV1 ?? {})),
    }));
    const rows = [...new Set(owners.flatMap((w) => [...w.paths]))].sort();
    return html`<table aria-label="field ownership of ${name}" data-managed-fields=${entries.length}>
      <thead><tr><th>field</th>${owners.map((w) => html`<th>${w.label}</th>`)}</tr></thead>
      <tbody>
        ${rows.map(
          (p) =>
            html`<tr data-field=${p}><td><code>${p}</code></td>${owners.map((w) => html`<td data-owner=${w.label}>${w.paths.has(p) ? html`<span class="badge" style="background:#dbe6fb">owns</span>` : ''}</td>`)}</tr>`,
        )}
      </tbody>
    </table>
    <div class="legend">rv ${o.metadata.resourceVersion} · a field owned by two managers with the same value is shared; a different value is a conflict.</div>`;
  }
}

if (!customElements.get('orch-picture-ownership')) customElements.define('orch-picture-ownership', OwnershipPicture);
