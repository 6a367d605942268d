/**
 * Each CustomResourceDefinition: whether it is Established and where its resource is served,
 * and its schema as a tree with the CEL rules on their fields; the rule the learner's last
 * refused create broke is marked with the server's message, and a create that passed says so.
 */
import { html, nothing } from 'lit';
import { at } from '../lesson.ts';
import type { Shown } from '../picture-state.ts';
import { PictureElement } from './picture-element.ts';
import { causesOf, schemaRows } from './schema-tree.ts';

interface Version {
  readonly name: string;
  readonly served?: boolean;
  readonly storage?: boolean;
  readonly schema?: { readonly openAPIV3Schema?: unknown };
}

export class SchemaPicture extends PictureElement {
  private crd(crd: Shown) {
    const group = String(at(crd, 'spec.group') ?? '');
    const plural = String(at(crd, 'spec.names.plural') ?? '');
    const namespaced = at(crd, 'spec.scope') === 'Namespaced';
    const versions = (at(crd, 'spec.versions') as Version[] | undefined) ?? [];
    const established = ((at(crd, 'status.conditions') as { type: string; status: string }[] | undefined) ?? []).some(
      (c) => c.type === 'Established' && c.status === 'True',
    );
    const version = versions.find((v) => v.storage) ?? versions[0];
    // The learner's latest write to this resource: a 422 marks the rule it broke.
    const resourcePath = new RegExp(`^/apis/${group.replace(/\./g, '\\.')}/[^/]+/(namespaces/[^/]+/)?${plural}(/|\\?|$)`);
    const last = [...this.state.requests].reverse().find((r) => r.done && r.method !== 'GET' && resourcePath.test(r.path));
    const causes = last ? causesOf(last.status, last.json) : [];
    const rows = schemaRows(version?.schema?.openAPIV3Schema, causes);
    return html`<section class="card" data-crd=${crd.metadata.name ?? ''}>
      <div class="name">${crd.metadata.name}</div>
      <div>
        <span class="badge ${established ? 'ok' : ''}" data-established=${established}>${established ? 'Established' : 'not Established yet'}</span>
        ${
          established
            ? versions
                .filter((v) => v.served)
                .map((v) => html` served at <code>/apis/${group}/${v.name}/${namespaced ? 'namespaces/*/' : ''}${plural}</code>`)
            : nothing
        }
      </div>
      ${last ? html`<p data-last-write=${last.status}>last write: <span class="badge ${last.status < 400 ? 'ok' : 'bad'}">${last.method} ${last.status}</span></p>` : nothing}
      <ul class="tree" aria-label="schema of ${crd.metadata.name}">
        ${rows.map(
          (r) => html`<li style="margin-left:${r.depth * 14}px; list-style:none" data-path=${r.path}>
            <code>${r.name}</code> <span class="muted">${r.type}${r.notes.length ? `, ${r.notes.join(', ')}` : ''}</span>
            ${r.rules.map(
              (rule) => html`<div class="rule" data-failed=${rule.failed !== undefined} style="margin-left:14px">
                <span class="badge ${rule.failed !== undefined ? 'bad' : last && last.status < 400 ? 'ok' : ''}">CEL</span>
                <code>${rule.rule}</code> <span class="muted">“${rule.message}”</span>
                ${rule.failed !== undefined ? html`<div class="badge bad">refused: ${rule.failed}</div>` : nothing}
              </div>`,
            )}
          </li>`,
        )}
      </ul>
    </section>`;
  }

  override render() {
    const crds = this.state.objects.filter((o) => o.kind === 'CustomResourceDefinition');
    if (!crds.length) return html`<p class="empty">No CustomResourceDefinitions yet: the server serves only its built-in kinds.</p>`;
    return html`<div class="cards">${crds.map((c) => this.crd(c))}</div>`;
  }
}

if (!customElements.get('orch-picture-schema')) customElements.define('orch-picture-schema', SchemaPicture);
