/**
 * The learner's last request, matched against the ClusterRoleBindings and the namespace's
 * RoleBindings and their roles' rules: what allowed it, or why nothing did. Of the cluster-wide
 * bindings only those naming the user or its groups are drawn (a cluster has many, for its
 * system users): the others are counted.
 */
import { html, nothing } from 'lit';
import { PictureElement } from './picture-element.ts';
import { attributesOf, explain, type BindingMatch, type RbacObject, type RuleMatch } from './rbac-match.ts';

const mark = (ok: boolean, text: string) => html`<span class="badge ${ok ? 'ok' : 'bad'}">${ok ? '✓' : '✗'} ${text}</span>`;

function ruleRow(r: RuleMatch, i: number) {
  const list = (xs: readonly string[] | undefined) => (xs?.length ? xs.map((x) => (x === '' ? '""' : x)).join(', ') : '—');
  if (r.rule.nonResourceURLs?.length && !r.rule.resources?.length)
    return html`<li data-rule=${i + 1} data-matches="false">
      rule ${i + 1}: ${mark(false, `URLs ${list(r.rule.nonResourceURLs)}`)} <span class="muted">(paths, not resources)</span>
    </li>`;
  return html`<li data-rule=${i + 1} data-matches=${r.matches}>
    rule ${i + 1}: ${mark(r.verb, `verbs ${list(r.rule.verbs)}`)} ${mark(r.apiGroup, `apiGroups ${list(r.rule.apiGroups)}`)}
    ${mark(r.resource, `resources ${list(r.rule.resources)}`)}
    ${r.rule.resourceNames?.length ? mark(r.resourceName, `names ${list(r.rule.resourceNames)}`) : nothing}
  </li>`;
}

function bindingRow(b: BindingMatch) {
  return html`<li data-binding=${b.binding} data-binding-kind=${b.kind} data-subject-matches=${b.subjectMatches}>
    ${b.kind} <strong>${b.binding}</strong> → ${b.role}: ${mark(b.subjectMatches, `subjects ${b.subjects.join(', ') || '—'}`)}
    ${b.rules ? html`<ul>${b.rules.map(ruleRow)}</ul>` : html`<span class="badge bad">the role does not exist</span>`}
  </li>`;
}

export class RbacPicture extends PictureElement {
  override render() {
    const asked = this.state.requests.filter((r) => r.done && attributesOf(r));
    const last = asked.at(-1);
    const attrs = last && attributesOf(last);
    // The earlier answers, as the server gave them then (the roles may have changed since).
    const earlier = asked.slice(-4, -1).map((r) => ({ r, a: attributesOf(r)! }));
    const bindings = this.state.objects.filter((o) => o.kind === 'RoleBinding' || o.kind === 'ClusterRoleBinding');
    if (!last || !attrs) {
      return html`<p class="empty">Send a request: it is matched here against the ${bindings.length} RoleBinding(s) and ClusterRoleBinding(s).</p>`;
    }
    const e = explain(attrs, this.state.objects as unknown as RbacObject[]);
    const shown = e.bindings.filter((b) => b.kind === 'RoleBinding' || b.subjectMatches);
    const others = e.bindings.length - shown.length;
    return html`<div class="rbac">
      <p data-request>
        <strong>${attrs.user}</strong> <span class="muted">(${attrs.groups.join(', ')})</span> asks to
        <code>${attrs.verb}</code> <code>${attrs.resource}</code>${attrs.name ? html` <code>${attrs.name}</code>` : nothing}
        ${attrs.namespace ? html`in <code>${attrs.namespace}</code>` : nothing}: the server answered
        <span class="badge ${last.status < 400 ? 'ok' : 'bad'}" data-status=${last.status}>${last.status}</span>
      </p>
      ${
        shown.length
          ? html`<ul class="bindings">
            ${shown.map(bindingRow)}
          </ul>`
          : html`<p class="empty">No RoleBindings in ${attrs.namespace || 'this namespace'}, and no ClusterRoleBinding names ${attrs.user}.</p>`
      }
      ${others ? html`<p class="muted" data-other-bindings=${others}>${others} other ClusterRoleBinding(s) name neither ${attrs.user} nor its groups.</p>` : nothing}
      <p data-verdict=${e.verdict.allowed ? 'allowed' : 'denied'}>
        <span class="badge ${e.verdict.allowed ? 'ok' : 'bad'}">${e.verdict.allowed ? 'allowed' : 'denied'}</span> ${e.verdict.why}
      </p>
      ${
        earlier.length
          ? html`<p class="muted" data-earlier>
            earlier:
            ${earlier.map(
              ({ r, a }) =>
                html`<span>${a.user} ${a.verb} ${a.resource} <span class="badge ${r.status < 400 ? 'ok' : 'bad'}">${r.status}</span></span> `,
            )}
          </p>`
          : nothing
      }
    </div>`;
  }
}

if (!customElements.get('orch-picture-rbac')) customElements.define('orch-picture-rbac', RbacPicture);
