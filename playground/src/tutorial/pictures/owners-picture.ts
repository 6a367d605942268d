/**
 * The ownerReference graph: owners on top, each with its dependents below it, an edge per
 * reference. Deleted objects fade out and Terminating ones are outlined, so what a propagation
 * policy takes with an owner shows as it happens.
 */
import { html, svg } from 'lit';
import type { Shown } from '../picture-state.ts';
import { PictureElement } from './picture-element.ts';

const BOX_W = 130;
const BOX_H = 34;
const GAP = 12;

interface Node {
  readonly o: Shown;
  readonly deleted: boolean;
  x: number;
  y: number;
}

export class OwnersPicture extends PictureElement {
  override render() {
    const all: Node[] = [
      ...this.state.objects.map((o) => ({ o, deleted: false, x: 0, y: 0 })),
      ...this.state.deleted.map((o) => ({ o, deleted: true, x: 0, y: 0 })),
    ];
    if (!all.length) return html`<p class="empty">No objects yet.</p>`;
    const byUid = new Map(all.map((n) => [n.o.metadata.uid, n]));
    const ownersOf = (n: Node) =>
      (n.o.metadata.ownerReferences ?? []).map((r) => byUid.get(r.uid)).filter((x): x is Node => x !== undefined);
    // Column per root (an object with no known owner), its dependents stacked under it.
    const roots = all.filter((n) => ownersOf(n).length === 0);
    const placed = new Set<Node>();
    let col = 0;
    let depth = 1;
    for (const r of roots) {
      const kids = all.filter((n) => ownersOf(n).includes(r));
      r.x = col * (BOX_W + GAP);
      r.y = 0;
      placed.add(r);
      kids.forEach((k, i) => {
        if (placed.has(k)) return;
        k.x = r.x;
        k.y = (i + 1) * (BOX_H + GAP) + 20;
        placed.add(k);
        depth = Math.max(depth, i + 2);
      });
      col++;
    }
    const width = Math.max(1, col) * (BOX_W + GAP);
    const height = depth * (BOX_H + GAP) + 30;
    const edges = all.flatMap((n) => ownersOf(n).map((o) => ({ from: o, to: n })));
    return html`<svg viewBox="-2 -2 ${width + 4} ${height}" role="img" aria-label="owners and their dependents">
      ${edges.map((e) => svg`<line x1=${e.from.x + BOX_W / 2} y1=${e.from.y + BOX_H} x2=${e.to.x + 10} y2=${e.to.y + BOX_H / 2} stroke="#9aa5b8"></line>`)}
      ${all.map((n) => {
        const m = n.o.metadata;
        const terminating = !n.deleted && Boolean(m.deletionTimestamp);
        return svg`<g data-node=${m.name ?? ''} data-state=${n.deleted ? 'deleted' : terminating ? 'terminating' : 'live'} style="transition: opacity .5s" opacity=${n.deleted ? 0.3 : 1}>
          <rect x=${n.x} y=${n.y} width=${BOX_W} height=${BOX_H} rx="5" fill=${terminating ? '#fffaf0' : '#fff'} stroke=${terminating ? '#d08a00' : '#5a6477'} stroke-dasharray=${n.deleted || terminating ? '4 3' : ''}></rect>
          <text x=${n.x + 6} y=${n.y + 14}>${(m.name ?? '').slice(0, 18)}</text>
          <text x=${n.x + 6} y=${n.y + 27} style="font-size:9px;fill:#5a6477">${n.o.kind}${n.deleted ? ' · deleted' : terminating ? ` · Terminating${m.finalizers?.length ? ` (${m.finalizers.join(',').slice(0, 20)})` : ''}` : ''}</text>
        </g>`;
      })}
    </svg>
    <div class="legend"><span>top: owners · below: their dependents · dashed: Terminating or deleted</span></div>`;
  }
}

if (!customElements.get('orch-picture-owners')) customElements.define('orch-picture-owners', OwnersPicture);
