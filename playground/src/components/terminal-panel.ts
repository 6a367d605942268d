/**
 * A terminal running `orchctl` (the same command code as the Node client) against the in-tab
 * server: xterm.js for the screen, a small line editor (history, Ctrl-C ends a watch), and an
 * in-memory home directory whose kubeconfig points at the page's origin. Files for `-f` are
 * written with `cat > NAME` followed by the content and a line holding only `EOF`. Its columns
 * follow its box's width (xterm's fit addon, on every resize of the box), so on a phone the
 * lines wrap on screen instead of the page scrolling sideways.
 */
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import xtermCss from '@xterm/xterm/css/xterm.css?inline';
import { html, LitElement } from 'lit';
import { createMemoryIo, fetchCliTransport, runOrchctl, splitCommandLine } from '../../../cli/index.ts';
import { identityHeaders } from '../api/acting-as.ts';
import { lowerHeaders, requestEvent, requestId } from '../api/request-event.ts';

const PROMPT = '\x1b[1;32m$\x1b[0m ';
const HOME = '/home/orch';

function kubeconfig(origin: string): string {
  return `apiVersion: v1\nkind: Config\nclusters:\n- name: playground\n  cluster:\n    server: ${origin}\nusers:\n- name: learner\n  user: {}\ncontexts:\n- name: playground\n  context: {cluster: playground, user: learner, namespace: default}\ncurrent-context: playground\n`;
}

export class TerminalPanel extends LitElement {
  private term: Terminal | undefined;
  private resizing: ResizeObserver | undefined;
  private line = '';
  private readonly history: string[] = [];
  private historyAt = 0;
  private running: AbortController | undefined;
  /** `cat > NAME` collecting lines until `EOF`. */
  private heredoc: { name: string; lines: string[] } | undefined;
  readonly files = new Map<string, string>();

  // Light DOM: xterm's stylesheet is global and measures characters in the page.
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override render() {
    // The frame sets the width and the screen inside fills it: the fit addon measures the
    // screen's parent without its padding, so the padding lives on a frame of its own.
    return html`<div style="max-width: 100%; box-sizing: border-box; background: #111; padding: 6px; border-radius: 4px">
      <div class="orch-terminal" style="height: 408px; overflow: hidden"></div>
    </div>`;
  }

  override firstUpdated(): void {
    adoptXtermStyles(this.getRootNode());
    this.files.set(`${HOME}/.orch/config`, kubeconfig(location.origin));
    const term = new Terminal({ convertEol: true, cursorBlink: true, fontSize: 13, scrollback: 5000 });
    this.term = term;
    const fit = new FitAddon();
    term.loadAddon(fit);
    const box = this.querySelector('.orch-terminal') as HTMLElement;
    term.open(box);
    // Hidden (another tool's tab is shown) the box has no size and the fit keeps the last one;
    // shown again, the observer fires and it fits.
    let pending = 0;
    this.resizing = new ResizeObserver(() => {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => fit.fit());
    });
    this.resizing.observe(box);
    fit.fit();
    term.write('orchctl against the in-tab server. Try: orchctl get namespaces, orchctl patch --help\r\n');
    term.write(PROMPT);
    term.onData((data) => this.onData(data));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Moved in the page: observe again what the last disconnect stopped observing.
    const box = this.querySelector<HTMLElement>('.orch-terminal');
    if (this.resizing && box) this.resizing.observe(box);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizing?.disconnect();
    this.running?.abort();
  }

  /** Runs one command line as if typed (lessons use this too); resolves with the exit code. */
  async run(commandLine: string): Promise<number> {
    const term = this.term;
    const out = (t: string) => term?.write(t.replace(/\r?\n/g, '\r\n'));
    let argv: string[];
    try {
      argv = splitCommandLine(commandLine.trim());
    } catch (err) {
      out(`error: ${(err as Error).message}\n`);
      return 1;
    }
    if (argv.length === 0) return 0;
    const [program, ...args] = argv;
    if (program === 'clear') {
      term?.clear();
      return 0;
    }
    if (program === 'cat' && args[0] === '>' && args[1]) {
      this.heredoc = { name: args[1], lines: [] };
      return 0;
    }
    if (program === 'ls') {
      out(
        [...this.files.keys()]
          .filter((k) => !k.includes('/.'))
          .map((k) => `${k.replace(`${HOME}/`, '')}\n`)
          .join(''),
      );
      return 0;
    }
    if (program !== 'orchctl' && program !== 'kubectl') {
      out(`${program}: command not found (this terminal runs orchctl, cat > FILE, ls and clear)\n`);
      return 127;
    }
    this.running = new AbortController();
    try {
      const io = createMemoryIo({
        transport: () => fetchCliTransport((r) => this.send(r)),
        stdout: out,
        stderr: (t) => out(`\x1b[31m${t}\x1b[0m`),
        files: this.files,
        home: HOME,
        env: { HOME },
        interrupt: this.running.signal,
      });
      return await runOrchctl(args, io);
    } finally {
      this.running = undefined;
    }
  }

  /** Types a command line as the learner would (shown on the screen), runs it, and shows the prompt again. */
  async type(commandLine: string): Promise<number> {
    this.term?.write(`${commandLine}\r\n`);
    if (commandLine.trim()) this.history.push(commandLine);
    this.historyAt = this.history.length;
    const code = await this.run(commandLine);
    this.prompt(commandLine, code);
    return code;
  }

  /**
   * Shows the prompt again and then tells the page the command line finished (a lesson counts it
   * as an attempt): once xterm has parsed what the command printed and drawn it (its renderer
   * draws on the next frame), so a reader of the screen sees the output.
   */
  private prompt(line: string, code: number): void {
    const tell = (): void =>
      void this.dispatchEvent(new CustomEvent('orch-command', { detail: { line, code }, bubbles: true, composed: true }));
    if (!this.term) return tell();
    this.term.write(this.heredoc ? '> ' : PROMPT, () => requestAnimationFrame(tell));
  }

  /**
   * orchctl's requests: as the user switcher's identity (unless the command says `--as`), and told
   * to the page as the other tools tell theirs (a lesson's check reads them).
   */
  private async send(r: Request): Promise<Response> {
    const headers = new Headers(r.headers);
    if (!headers.has('impersonate-user')) for (const [k, v] of Object.entries(identityHeaders())) headers.set(k, v);
    const body = r.method === 'GET' || r.method === 'HEAD' ? '' : await r.clone().text();
    const id = requestId();
    const res = await fetch(new Request(r, { headers }));
    const url = new URL(r.url);
    const sent = { id, method: r.method, path: `${url.pathname}${url.search}`, requestHeaders: lowerHeaders(headers), body };
    const tell = (text: string) =>
      this.dispatchEvent(requestEvent({ ...sent, status: res.status, headers: lowerHeaders(res.headers), text, done: true }));
    // A watch streams until orchctl stops it: told when it starts, not read here.
    if (url.searchParams.get('watch')) tell('');
    else
      void res
        .clone()
        .text()
        .then(tell, () => tell(''));
    return res;
  }

  private onData(data: string): void {
    const term = this.term!;
    if (data === '\x03') {
      if (this.running) this.running.abort();
      else {
        this.line = '';
        this.heredoc = undefined;
        term.write(`^C\r\n${PROMPT}`);
      }
      return;
    }
    if (this.running) return;
    if (data === '\r') {
      const line = this.line;
      this.line = '';
      term.write('\r\n');
      if (this.heredoc) {
        if (line === 'EOF') {
          this.files.set(`${HOME}/${this.heredoc.name}`, `${this.heredoc.lines.join('\n')}\n`);
          this.heredoc = undefined;
          term.write(PROMPT);
        } else {
          this.heredoc.lines.push(line);
          term.write('> ');
        }
        return;
      }
      if (line.trim()) this.history.push(line);
      this.historyAt = this.history.length;
      void this.run(line).then((code) => this.prompt(line, code));
      return;
    }
    if (data === '\x7f') {
      if (this.line) {
        this.line = this.line.slice(0, -1);
        term.write('\b \b');
      }
      return;
    }
    if (data === '\x1b[A' || data === '\x1b[B') {
      if (!this.history.length) return;
      this.historyAt = Math.max(0, Math.min(this.history.length, this.historyAt + (data === '\x1b[A' ? -1 : 1)));
      const next = this.history[this.historyAt] ?? '';
      term.write('\b \b'.repeat(this.line.length) + next);
      this.line = next;
      return;
    }
    if (data.startsWith('\x1b')) return;
    // Pasted text may hold several lines: each is entered in turn.
    const parts = data.split(/\r\n|\r|\n/);
    for (let i = 0; i < parts.length; i++) {
      this.line += parts[i];
      term.write(parts[i]!);
      if (i < parts.length - 1) this.onData('\r');
    }
  }
}

/**
 * xterm's stylesheet, where the terminal is: it renders in the light DOM of whatever shadow root
 * holds it (the app's, a lesson's), which a page-level stylesheet does not reach.
 */
function adoptXtermStyles(root: Node): void {
  if (!(root instanceof ShadowRoot) || root.adoptedStyleSheets.some((s) => (s as CSSStyleSheet & { xterm?: true }).xterm)) return;
  const sheet = Object.assign(new CSSStyleSheet(), { xterm: true as const });
  sheet.replaceSync(xtermCss);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

if (!customElements.get('orch-terminal-panel')) customElements.define('orch-terminal-panel', TerminalPanel);
