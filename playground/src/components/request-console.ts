/**
 * The request console: any method, path, headers and body, sent with plain fetch; the raw
 * status, headers and body come back as they are — a watch's body grows as events arrive.
 */
import { css, html, LitElement, nothing } from 'lit';
import { identityHeaders } from '../api/acting-as.ts';
import { lowerHeaders, requestEvent, requestId } from '../api/request-event.ts';
import { shared } from '../styles.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** A few requests worth trying, to start from. */
const PRESETS: { label: string; method: string; path: string; headers?: string; body?: string }[] = [
  { label: 'version', method: 'GET', path: '/version' },
  { label: 'list namespaces', method: 'GET', path: '/api/v1/namespaces' },
  { label: 'watch configmaps', method: 'GET', path: '/api/v1/configmaps?watch=1' },
  {
    label: 'create a configmap',
    method: 'POST',
    path: '/api/v1/namespaces/default/configmaps',
    headers: 'content-type: application/json',
    body: '{"metadata": {"generateName": "console-"}, "data": {"from": "the console"}}',
  },
  { label: 'a 404', method: 'GET', path: '/api/v1/namespaces/default/configmaps/does-not-exist' },
  { label: 'YAML', method: 'GET', path: '/api/v1/namespaces/default', headers: 'accept: application/yaml' },
];

/** `Name: value` lines → headers (blank lines and lines without a colon are left out). */
export function parseHeaderLines(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const line of text.split('\n')) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    out.push([line.slice(0, i).trim(), line.slice(i + 1).trim()]);
  }
  return out;
}

export class RequestConsole extends LitElement {
  static override properties = {
    method: { state: true },
    path: { state: true },
    headersText: { state: true },
    bodyText: { state: true },
    response: { state: true },
    body: { state: true },
    streaming: { state: true },
    failure: { state: true },
  };
  declare method: string;
  declare path: string;
  declare headersText: string;
  declare bodyText: string;
  declare response: { status: number; statusText: string; headers: [string, string][] } | undefined;
  declare body: string;
  declare streaming: boolean;
  /** The request never got an answer (not an HTTP error: those are answers). */
  declare failure: string | undefined;
  private abort: AbortController | undefined;

  static override styles = [
    shared,
    css`
      input[name='path'] {
        flex: 1;
        min-width: 280px;
      }
      textarea {
        width: 100%;
        box-sizing: border-box;
      }
      .status-line {
        font-weight: 600;
        font-family: ui-monospace, monospace;
      }
      .status-line.error {
        color: #a32020;
      }
      pre.body {
        max-height: 480px;
      }
      label {
        display: block;
        margin-top: 6px;
      }
    `,
  ];

  constructor() {
    super();
    this.method = 'GET';
    this.path = '/api/v1/namespaces';
    this.headersText = 'accept: application/json';
    this.bodyText = '';
    this.body = '';
    this.streaming = false;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.abort?.abort();
  }

  private preset(p: (typeof PRESETS)[number]): void {
    this.method = p.method;
    this.path = p.path;
    this.headersText = p.headers ?? 'accept: application/json';
    this.bodyText = p.body ?? '';
  }

  private async send(): Promise<void> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    this.response = undefined;
    this.failure = undefined;
    this.body = '';
    this.streaming = true;
    try {
      const withBody = !['GET', 'HEAD'].includes(this.method);
      // As the user switcher's identity, unless the box names its own impersonation headers.
      const own = lowerHeaders(parseHeaderLines(this.headersText));
      const requestHeaders = 'impersonate-user' in own ? own : { ...identityHeaders(), ...own };
      const sent = { id: requestId(), method: this.method, path: this.path, requestHeaders };
      const body = withBody && this.bodyText ? this.bodyText : null;
      const res = await fetch(this.path, {
        method: this.method,
        headers: requestHeaders,
        body,
        signal: abort.signal,
      });
      const headers: [string, string][] = [];
      res.headers.forEach((v, k) => headers.push([k, v]));
      this.response = { status: res.status, statusText: res.statusText, headers };
      // Told as it streams (a watch may never end), and once more when it has.
      let text = '';
      let finished = false;
      const tell = (done: boolean) => {
        if (finished) return;
        finished = done;
        this.dispatchEvent(requestEvent({ ...sent, body: body ?? '', status: res.status, headers: lowerHeaders(headers), text, done }));
      };
      // Stopped (or replaced by the next request) while streaming: what came so far is its answer.
      abort.signal.addEventListener('abort', () => tell(true));
      if (res.body) {
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          this.body += value;
          text += value;
          tell(false);
        }
      }
      tell(true);
    } catch (err) {
      if (!abort.signal.aborted) this.failure = err instanceof Error ? err.message : String(err);
    } finally {
      if (this.abort === abort) this.streaming = false;
    }
  }

  private stop(): void {
    this.abort?.abort();
    this.streaming = false;
  }

  private prettyBody(): string {
    const ct = this.response?.headers.find(([k]) => k === 'content-type')?.[1] ?? '';
    if (this.streaming || !ct.includes('json')) return this.body;
    try {
      return JSON.stringify(JSON.parse(this.body), null, 2);
    } catch {
      return this.body;
    }
  }

  override render() {
    const r = this.response;
    return html`<div class="grid">
      <section class="panel">
        <h3>Request</h3>
        <div class="row">
          <select name="method" aria-label="method" .value=${this.method} @change=${(e: Event) => (this.method = (e.target as HTMLSelectElement).value)}>
            ${METHODS.map((m) => html`<option ?selected=${m === this.method}>${m}</option>`)}
          </select>
          <input name="path" aria-label="path" .value=${this.path} @input=${(e: Event) => (this.path = (e.target as HTMLInputElement).value)} @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && this.send()} />
          <button class="primary" data-action="send" @click=${this.send}>Send</button>
          <button data-action="stop" ?disabled=${!this.streaming} @click=${this.stop}>Stop</button>
        </div>
        <label>Headers (one <code>Name: value</code> a line)
          <textarea name="headers" rows="3" spellcheck="false" .value=${this.headersText} @input=${(e: Event) => (this.headersText = (e.target as HTMLTextAreaElement).value)}></textarea>
        </label>
        <label>Body
          <textarea name="body" rows="8" spellcheck="false" .value=${this.bodyText} @input=${(e: Event) => (this.bodyText = (e.target as HTMLTextAreaElement).value)}></textarea>
        </label>
        <h3 style="margin-top:10px">Try</h3>
        <div class="row">${PRESETS.map((p) => html`<button data-preset=${p.label} @click=${() => this.preset(p)}>${p.label}</button>`)}</div>
      </section>
      <section class="panel" aria-label="response">
        <h3>Response ${this.streaming ? html`<span class="badge warn">streaming</span>` : nothing}</h3>
        ${this.failure ? html`<div class="status-line error" role="alert">request failed: ${this.failure}</div>` : nothing}
        ${
          r
            ? html`<div class="status-line ${r.status >= 400 ? 'error' : ''}" data-status=${String(r.status)}>${r.status} ${r.statusText}</div>
              <table class="headers">
                ${r.headers.map(([k, v]) => html`<tr><th>${k}</th><td><code>${v}</code></td></tr>`)}
              </table>
              <pre class="body">${this.prettyBody()}</pre>`
            : html`<p class="muted">Send a request to see its raw answer.</p>`
        }
      </section>
    </div>`;
  }
}

if (!customElements.get('orch-request-console')) customElements.define('orch-request-console', RequestConsole);
