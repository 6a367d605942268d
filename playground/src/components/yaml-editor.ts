/**
 * The YAML editor: create (POST), apply (server-side apply) and patch (merge, strategic merge or
 * JSON patch) an object, each as the field manager named in its box. The answer is shown as the
 * server sent it: the object, or the Status of the error.
 *
 * The text is edited in CodeMirror (YAML highlighting, completion from the server's schema),
 * loaded with a dynamic import once the editor is first on screen, so it costs the first page
 * nothing: until it is there, the same text is edited in a plain textarea.
 */
import { css, html, LitElement, nothing } from 'lit';
import { apiVersionOf, isStatus } from '../../../controllers/runtime/index.ts';
import { clientStatus, send, type ApiObject, type ApiResult, type ApiStatus } from '../api/http.ts';
import { collectionPath, findType, objectPath, type ResourceType } from '../api/resources.ts';
import { identityHeaders } from '../api/acting-as.ts';
import { lowerHeaders, requestEvent, requestId } from '../api/request-event.ts';
import { shared } from '../styles.ts';
import { parseYaml, toYaml } from '../yaml.ts';
import type { CodeEditor } from '../editor/code-editor.ts';
import { whenIdle } from '../../../worker/index.ts';
import { pageStarted } from '../runtime.ts';
import './status-view.ts';

export const EXAMPLE_YAML = `apiVersion: v1
kind: ConfigMap
metadata:
  name: example
  namespace: default
data:
  greeting: hello
`;

const PATCH_TYPES: Record<string, string> = {
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  json: 'application/json-patch+json',
};

interface Outcome {
  readonly action: string;
  readonly result?: ApiResult;
  readonly status?: ApiStatus;
}

interface Identified {
  readonly doc: ApiObject;
  readonly type: ResourceType;
  readonly namespace: string;
}

function isObject(v: unknown): v is ApiObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export class YamlEditor extends LitElement {
  static override properties = {
    types: { attribute: false },
    text: { state: true },
    fieldManager: { state: true },
    force: { state: true },
    patchType: { state: true },
    target: { state: true },
    outcome: { state: true },
    busy: { state: true },
    code: { state: true },
  };
  declare types: readonly ResourceType[];
  declare text: string;
  declare fieldManager: string;
  declare force: boolean;
  declare patchType: string;
  /** What Patch patches: `<group>/<resource>` `<namespace>` `<name>`. */
  declare target: { resource: string; namespace: string; name: string };
  declare outcome: Outcome | undefined;
  declare busy: boolean;
  /** The CodeMirror view, once loaded; until then (or if it cannot load) the textarea. */
  declare code: CodeEditor | undefined;
  private seen: IntersectionObserver | undefined;

  static override styles = [
    shared,
    css`
      .code[hidden] {
        display: none;
      }
      .code {
        min-width: 0;
      }
      textarea {
        width: 100%;
        box-sizing: border-box;
        min-height: 360px;
        resize: vertical;
      }
      .actions {
        margin: 8px 0;
      }
      fieldset {
        border: 1px solid #dde2ea;
        border-radius: 6px;
        margin: 8px 0;
      }
      .result-head {
        font-weight: 600;
        margin-bottom: 6px;
      }
    `,
  ];

  constructor() {
    super();
    this.types = [];
    this.text = EXAMPLE_YAML;
    this.fieldManager = 'orch-playground';
    this.force = false;
    this.patchType = 'merge';
    this.target = { resource: '', namespace: 'default', name: '' };
    this.busy = false;
  }

  override firstUpdated(): void {
    this.watchForScreen();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.watchForScreen();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.seen?.disconnect();
    this.seen = undefined;
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    // A load() or a lesson's step set the text: the view shows it (typing set it from the view).
    if (changed.has('text') && this.code) this.code.setText(this.text);
  }

  /**
   * Loads CodeMirror when the editor is first shown (hidden, as another tab's panel, it waits),
   * once the page's start is over and the page is idle: a lesson that opens on the editor is
   * usable first, highlighted after.
   */
  private watchForScreen(): void {
    if (this.code || this.seen) return;
    this.seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      this.seen?.disconnect();
      void pageStarted.then(() => whenIdle(() => void this.loadCode(), 1000));
    });
    this.seen.observe(this);
  }

  private async loadCode(): Promise<void> {
    let create: typeof import('../editor/code-editor.ts').createCodeEditor;
    try {
      ({ createCodeEditor: create } = await import('../editor/code-editor.ts'));
    } catch {
      // Not loaded (offline before it was ever cached): the textarea goes on doing the job.
      return;
    }
    const parent = this.renderRoot.querySelector<HTMLElement>('.code');
    if (!parent || this.code) return;
    // Someone typing in the textarea goes on typing in the view, where the cursor was.
    const area = this.renderRoot.querySelector('textarea');
    const typing = area !== null && area === (this.renderRoot as ShadowRoot).activeElement;
    this.code = create({
      parent,
      root: this.renderRoot as ShadowRoot,
      text: this.text,
      cursor: typing ? area.selectionStart : 0,
      label: 'YAML',
      onChange: (t) => (this.text = t),
    });
    if (typing) this.code.focus();
  }

  /** Loads YAML (from the explorer), and targets Patch at that object. */
  load(yaml: string): void {
    this.text = yaml;
    this.outcome = undefined;
    try {
      const doc = parseYaml(yaml);
      if (isObject(doc)) this.aimAt(doc);
    } catch {
      // shown when the user acts on it
    }
  }

  private aimAt(doc: ApiObject): void {
    const t = findType(this.types, String(doc.apiVersion ?? ''), String(doc.kind ?? ''));
    if (t)
      this.target = {
        resource: `${t.group}/${t.resource}`,
        namespace: doc.metadata?.namespace ?? this.target.namespace,
        name: doc.metadata?.name ?? '',
      };
  }

  /** The object in the editor and where it lives, or a Status saying what is missing. */
  private identify(): Identified | ApiStatus {
    let doc: unknown;
    try {
      doc = parseYaml(this.text);
    } catch (err) {
      return clientStatus((err as Error).message);
    }
    if (!isObject(doc)) return clientStatus('the YAML must be one object (a mapping with apiVersion, kind and metadata)');
    const av = String(doc.apiVersion ?? '');
    const kind = String(doc.kind ?? '');
    if (!av || !kind) return clientStatus('the object needs apiVersion and kind');
    const type = findType(this.types, av, kind);
    if (!type) return clientStatus(`the server does not serve kind ${kind} in ${av}`, 404);
    return { doc, type, namespace: type.namespaced ? (doc.metadata?.namespace ?? this.target.namespace ?? 'default') : '' };
  }

  private static failed(x: Identified | ApiStatus): x is ApiStatus {
    return isStatus(x);
  }

  /**
   * `?fieldManager=` with the box's name, for every write. Without it the server names the
   * manager after the User-Agent, which in a browser is "Mozilla": a later apply as the box's
   * manager would then meet "Mozilla" in its conflicts.
   */
  private managerQuery(): string {
    const manager = this.fieldManager.trim();
    return manager ? `?${new URLSearchParams({ fieldManager: manager })}` : '';
  }

  /** Sends, and tells the page what was sent and what came back. */
  private async send(method: string, path: string, opts: { body: string; headers: Record<string, string> }): Promise<ApiResult> {
    const r = await send(method, path, opts);
    // send() adds the user switcher's identity: the record says who the request acted as.
    const requestHeaders = lowerHeaders(Object.entries({ ...identityHeaders(), ...opts.headers }));
    this.dispatchEvent(
      requestEvent({
        id: requestId(),
        method,
        path,
        requestHeaders,
        body: opts.body,
        status: r.status,
        headers: lowerHeaders(r.headers),
        text: r.text,
        done: true,
      }),
    );
    return r;
  }

  private async run(action: string, make: () => Promise<ApiResult> | ApiStatus): Promise<void> {
    this.busy = true;
    try {
      const r = await make();
      this.outcome = isStatus(r) ? { action, status: r } : { action, result: r, ...(isStatus(r.json) ? { status: r.json } : {}) };
    } catch (err) {
      this.outcome = { action, status: clientStatus(err instanceof Error ? err.message : String(err)) };
    } finally {
      this.busy = false;
    }
  }

  private create(): Promise<void> {
    return this.run('Create', () => {
      const id = this.identify();
      if (YamlEditor.failed(id)) return id;
      const { doc, type, namespace } = id;
      this.aimAt(doc);
      return this.send('POST', `${collectionPath(type, namespace)}${this.managerQuery()}`, {
        body: JSON.stringify(doc),
        headers: { 'content-type': 'application/json' },
      });
    });
  }

  private apply(): Promise<void> {
    return this.run('Apply', () => {
      const id = this.identify();
      if (YamlEditor.failed(id)) return id;
      const { doc, type, namespace } = id;
      const name = doc.metadata?.name;
      if (!name) return clientStatus('server-side apply needs metadata.name');
      if (!this.fieldManager.trim()) return clientStatus('server-side apply needs a field manager name');
      this.aimAt(doc);
      const q = new URLSearchParams({ fieldManager: this.fieldManager.trim() });
      if (this.force) q.set('force', 'true');
      return this.send('PATCH', `${objectPath(type, namespace, name)}?${q}`, {
        body: this.text,
        headers: { 'content-type': 'application/apply-patch+yaml' },
      });
    });
  }

  private patch(): Promise<void> {
    return this.run('Patch', () => {
      const [group, resource] = this.target.resource.split('/');
      const type = this.types.find((t) => t.group === group && t.resource === resource);
      if (!type) return clientStatus('choose what to patch: kind, namespace and name');
      if (!this.target.name.trim()) return clientStatus('the patch target needs a name');
      let doc: unknown;
      try {
        doc = parseYaml(this.text);
      } catch (err) {
        return clientStatus((err as Error).message);
      }
      return this.send(
        'PATCH',
        `${objectPath(type, type.namespaced ? this.target.namespace : '', this.target.name.trim())}${this.managerQuery()}`,
        {
          body: JSON.stringify(doc),
          headers: { 'content-type': PATCH_TYPES[this.patchType] },
        },
      );
    });
  }

  private renderOutcome() {
    const o = this.outcome;
    if (!o) return html`<p class="muted">The server's answer shows here.</p>`;
    const r = o.result;
    return html`<div class="result" data-status=${String(r?.status ?? o.status?.code ?? '')}>
      <div class="result-head">${o.action}: ${r ? `${r.status} ${r.statusText}` : 'not sent'}</div>
      ${o.status ? html`<orch-status .status=${o.status}></orch-status>` : nothing}
      ${r && !o.status && r.json !== undefined ? html`<pre class="yaml">${toYaml(r.json)}</pre>` : nothing}
      ${r && r.json === undefined && r.text ? html`<pre>${r.text}</pre>` : nothing}
    </div>`;
  }

  override render() {
    return html`<div class="grid">
      <section class="panel">
        <h3>YAML</h3>
        ${this.code ? nothing : html`<textarea aria-label="YAML" spellcheck="false" .value=${this.text} @input=${(e: Event) => (this.text = (e.target as HTMLTextAreaElement).value)}></textarea>`}
        <div class="code" ?hidden=${!this.code}></div>
        <div class="row actions">
          <button class="primary" data-action="create" ?disabled=${this.busy} @click=${this.create}>Create</button>
          <button data-action="apply" ?disabled=${this.busy} @click=${this.apply}>Apply (server-side)</button>
          <label>field manager <input name="fieldManager" .value=${this.fieldManager} @input=${(e: Event) => (this.fieldManager = (e.target as HTMLInputElement).value)} /></label>
          <label><input type="checkbox" name="force" .checked=${this.force} @change=${(e: Event) => (this.force = (e.target as HTMLInputElement).checked)} /> force</label>
        </div>
        <fieldset>
          <legend>Patch (the editor holds the patch)</legend>
          <div class="row">
            <select name="patchType" .value=${this.patchType} @change=${(e: Event) => (this.patchType = (e.target as HTMLSelectElement).value)}>
              <option value="merge">JSON merge patch</option>
              <option value="strategic">strategic merge patch</option>
              <option value="json">JSON patch</option>
            </select>
            <select name="target" @change=${(e: Event) => (this.target = { ...this.target, resource: (e.target as HTMLSelectElement).value })}>
              <option value="" ?selected=${!this.target.resource}>kind…</option>
              ${this.types.map((t) => html`<option value=${`${t.group}/${t.resource}`} ?selected=${this.target.resource === `${t.group}/${t.resource}`}>${t.kind} (${apiVersionOf(t)})</option>`)}
            </select>
            <input name="targetNamespace" placeholder="namespace" .value=${this.target.namespace} @input=${(e: Event) => (this.target = { ...this.target, namespace: (e.target as HTMLInputElement).value })} />
            <input name="targetName" placeholder="name" .value=${this.target.name} @input=${(e: Event) => (this.target = { ...this.target, name: (e.target as HTMLInputElement).value })} />
            <button data-action="patch" ?disabled=${this.busy} @click=${this.patch}>Patch</button>
          </div>
        </fieldset>
      </section>
      <section class="panel">
        <h3>Answer</h3>
        ${this.renderOutcome()}
      </section>
    </div>`;
  }
}

if (!customElements.get('orch-yaml-editor')) customElements.define('orch-yaml-editor', YamlEditor);
