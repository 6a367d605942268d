/** One object's protobuf bytes as hex, coloured by the part of the envelope they belong to. */
import { html, nothing } from 'lit';
import { envelopeSegments, type Segment } from './envelope.ts';
import { PictureElement } from './picture-element.ts';

const COLOURS: Record<Segment['part'], string> = {
  magic: '#fbdada',
  tag: '#e8ebf1',
  typemeta: '#d5f0dc',
  raw: '#dbe6fb',
  string: '#fdf0cf',
};

function hex(b: number): string {
  return b.toString(16).padStart(2, '0');
}

export class EnvelopePicture extends PictureElement {
  static override properties = { path: {}, bytes: { state: true } };
  declare path: string;
  declare bytes: Uint8Array | undefined;
  private shownRv = '';

  constructor() {
    super();
    this.path = '';
  }

  override updated(): void {
    const name = this.path.split('/').pop();
    const rv = this.state.objects.find((o) => o.metadata.name === name)?.metadata.resourceVersion ?? '';
    if (rv === this.shownRv) return;
    this.shownRv = rv;
    void this.load();
  }

  private async load(): Promise<void> {
    const res = await fetch(this.path, { headers: { accept: 'application/vnd.orchestrator.protobuf' } });
    this.bytes = res.ok ? new Uint8Array(await res.arrayBuffer()) : undefined;
  }

  override render() {
    const b = this.bytes;
    if (!b) return html`<p class="empty">Loading ${this.path} as protobuf…</p>`;
    const segs = envelopeSegments(b);
    const partOf = (i: number) => segs.find((s) => i >= s.from && i < s.to)?.part ?? 'raw';
    // The object's own bytes are long: show their start and end.
    const raw = segs.find((s) => s.part === 'raw' && s.to - s.from > 48);
    const shown = [...b.keys()].filter((i) => !raw || i < raw.from + 24 || i >= raw.to - 8);
    return html`<div style="font:12px ui-monospace,monospace;line-height:1.8" aria-label="protobuf bytes" data-bytes=${b.length}>
        ${shown.map((i, k) => html`${k > 0 && shown[k - 1] !== i - 1 ? html`<span> … </span>` : nothing}<span style="background:${COLOURS[partOf(i)]};padding:1px">${hex(b[i]!)}</span> `)}
      </div>
      <table aria-label="the envelope">
        <thead><tr><th>bytes</th><th>part</th><th>value</th></tr></thead>
        <tbody>
          ${segs.map((s) => html`<tr data-part=${s.part}><td><code>${s.to > s.from + 1 ? `${s.from}–${s.to - 1}` : s.to > s.from ? String(s.from) : 'none'}</code></td><td><span class="swatch" style="background:${COLOURS[s.part]}"></span>${s.label}</td><td>${s.value === undefined ? '' : html`<code>${JSON.stringify(s.value)}</code>`}</td></tr>`)}
        </tbody>
      </table>`;
  }
}

if (!customElements.get('orch-picture-envelope')) customElements.define('orch-picture-envelope', EnvelopePicture);
