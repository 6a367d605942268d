/**
 * The YAML editor's CodeMirror 6 view: YAML highlighting, the usual editing keys (Tab is left to
 * move the focus, so the page stays keyboard navigable), long lines wrapped (a phone's width),
 * and completion of field names and enum values from the server's OpenAPI v3 schema of the
 * document's `apiVersion` and `kind`. This module and CodeMirror are loaded with a dynamic
 * import, after the page is up: they are not in the playground's first chunk.
 */
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { yamlLanguage, yaml } from '@codemirror/lang-yaml';
import { basicSetup, EditorView } from 'codemirror';
import { lacksKind, suggest } from './completion.ts';
import { OpenApiSource } from './openapi-source.ts';
import { typeMetaAt } from './yaml-path.ts';

export interface CodeEditorOptions {
  /** Where the view goes, and the shadow root (or document) its styles must reach. */
  readonly parent: HTMLElement;
  readonly root: ShadowRoot | Document;
  readonly text: string;
  /** Where the cursor starts (an offset in the text). */
  readonly cursor?: number;
  /** The accessible name of the editing area. */
  readonly label: string;
  readonly onChange: (text: string) => void;
}

export interface CodeEditor {
  readonly text: string;
  /** Replaces the whole text (a load from the explorer or a lesson); the view keeps its focus. */
  setText(text: string): void;
  focus(): void;
  destroy(): void;
}

/** One per page: the documents are the server's, whichever editor asks. */
const openapi = new OpenApiSource((path) => fetch(path, { headers: { accept: 'application/json' } }));

const WORD = /[\w.\-/]*$/;

async function complete(ctx: CompletionContext): Promise<CompletionResult | null> {
  const word = ctx.matchBefore(WORD);
  // Typing opens the list once a word is begun; Ctrl-Space opens it anywhere.
  if (!ctx.explicit && (!word || word.from === word.to)) return null;
  const text = ctx.state.doc.toString();
  const { apiVersion } = typeMetaAt(text, ctx.pos);
  if (!apiVersion) return null;
  let doc = await openapi.document(apiVersion);
  // A kind added since (a CustomResourceDefinition): its group's document has a new version.
  if (doc && lacksKind(text, ctx.pos, doc)) doc = (await openapi.document(apiVersion, true)) ?? doc;
  if (!doc || ctx.aborted) return null;
  const found = suggest(text, ctx.pos, doc);
  if (!found) return null;
  return {
    from: found.from,
    options: found.options.map((o) => ({
      label: o.label,
      type: o.kind === 'field' ? 'property' : 'enum',
      detail: o.detail,
      apply: o.apply,
      ...(o.info ? { info: o.info } : {}),
    })),
    validFor: /^[\w.\-/]*$/,
  };
}

export function createCodeEditor(o: CodeEditorOptions): CodeEditor {
  const view = new EditorView({
    doc: o.text,
    selection: { anchor: Math.min(o.cursor ?? 0, o.text.length) },
    root: o.root,
    parent: o.parent,
    extensions: [
      basicSetup,
      yaml(),
      yamlLanguage.data.of({ autocomplete: complete }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': o.label }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) o.onChange(u.state.doc.toString());
      }),
      EditorView.theme({
        '&': { border: '1px solid #9aa5b8', borderRadius: '4px', background: '#fff', fontSize: '12.5px' },
        '&.cm-focused': { outline: '2px solid #2357c6', outlineOffset: '1px' },
        '.cm-scroller': { fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace", minHeight: '360px' },
        '.cm-tooltip.cm-completionInfo': { maxWidth: '360px', whiteSpace: 'pre-wrap' },
      }),
    ],
  });
  return {
    get text() {
      return view.state.doc.toString();
    },
    setText(text: string) {
      if (text !== view.state.doc.toString()) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    focus() {
      view.focus();
    },
    destroy() {
      view.destroy();
    },
  };
}
