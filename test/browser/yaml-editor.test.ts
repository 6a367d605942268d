/**
 * The YAML editor on CodeMirror (driven by playwright-core): loaded once the editor is shown (the
 * textarea stands in until then), it highlights YAML, completes field names from the server's
 * OpenAPI v3 schema of the document's kind (ObjectMeta under a ConfigMap's metadata, a
 * StatefulSet's spec) and enum values, leaves Tab to move the focus, and what is written in it
 * is what Create sends.
 */
import { expect } from 'chai';
import { describe, it } from './support/mocha.ts';
import type { Tab } from './support/pages.ts';
import { usePlayground } from './support/playground.ts';

const EDITOR = 'orch-yaml-editor';
const CONTENT = `${EDITOR} .cm-content`;
const LIST = `${EDITOR} .cm-tooltip-autocomplete`;

/** The editor in the page (in the app's shadow root); `fn` gets its shadow root. */
function inEditor<T>(fn: string): () => T {
  return new Function(`
    const editor = document.querySelector('orch-app').shadowRoot.querySelector('orch-yaml-editor');
    return (${fn})(editor.shadowRoot, editor);
  `) as () => T;
}

/** Fills the editor with `before` and types `typed` after it, key by key, as a writer would. */
async function write(tab: Tab, before: string, typed: string): Promise<void> {
  await tab.fill(CONTENT, before);
  await tab.type(CONTENT, typed);
}

/** The labels the completion list offers. */
async function offered(tab: Tab): Promise<string[]> {
  await tab.waitFor(LIST);
  return tab.evaluate(
    inEditor<string[]>(`(root) => [...root.querySelectorAll('.cm-tooltip-autocomplete li .cm-completionLabel')].map((e) => e.textContent)`),
  );
}

/**
 * Waits until `read` (run in the page) gives `want`: under load the completion list is filled in,
 * and a completion applied, a moment after the key that asked for it.
 */
async function until(tab: Tab, read: string, want: string): Promise<void> {
  let got: string | null = null;
  for (let i = 0; i < 100; i++) {
    got = await tab.evaluate(inEditor<string | null>(read));
    if (got === want) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`waited for ${JSON.stringify(want)}, still ${JSON.stringify(got)}`);
}

describe('the YAML editor', () => {
  let tab: Tab;
  const view = usePlayground((opened) => {
    tab = opened;
  });

  it('loads CodeMirror when shown, in place of the textarea, and highlights the YAML', async () => {
    const fetched = () => performance.getEntriesByType('resource').some((e) => /\/code-editor-[\w-]+\.js$/.test(e.name));
    expect(await tab.evaluate(fetched), 'CodeMirror is loaded before the editor is shown').to.equal(false);
    await view('editor');
    await tab.waitFor(CONTENT);
    expect(await tab.evaluate(fetched)).to.equal(true);
    expect(await tab.count(`${EDITOR} textarea`)).to.equal(0);
    expect(await tab.count(`${EDITOR} [aria-label=YAML][contenteditable=true]`)).to.equal(1);
    const colors = await tab.evaluate(
      inEditor<{ key: string; text: string }>(`(root) => {
        const line = root.querySelector('.cm-line');
        const key = [...line.querySelectorAll('span')].find((s) => s.textContent === 'apiVersion');
        return { key: key ? getComputedStyle(key).color : 'no span for the key', text: getComputedStyle(line).color };
      }`),
    );
    expect(colors.key).to.match(/^rgb/);
    expect(colors.key, 'a key is coloured apart from plain text').to.not.equal(colors.text);
  });

  it('its chunk is in the offline cache, so it loads with the network off too', async () => {
    await tab.waitFor('header orch-offline-status[state=ready]');
    const cached = await tab.evaluate(async () => {
      const shell = (await caches.keys()).find((n) => n.startsWith('orch-shell-'));
      return shell ? (await (await caches.open(shell)).keys()).map((r) => new URL(r.url).pathname) : [];
    });
    expect(cached.filter((p) => /\/assets\/code-editor-[\w-]+\.js$/.test(p))).to.have.length(1);
  });

  it('under a ConfigMap’s metadata, "na" is completed with name and namespace', async () => {
    await write(tab, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  n', 'a');
    const labels = await offered(tab);
    expect(labels).to.include.members(['name', 'namespace']);
    expect(labels).to.not.include('data');
    expect(await tab.text(LIST)).to.include('string');
  });

  it('inside a StatefulSet’s spec its own fields are offered, and an enum’s values', async () => {
    await write(tab, 'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: web\nspec:\n  re', 'p');
    const fields = await offered(tab);
    expect(fields).to.include('replicas');
    expect(fields).to.not.include('namespace');
    await write(tab, 'apiVersion: apps/v1\nkind: StatefulSet\nspec:\n  podManagementPolicy: Pa', 'r');
    expect(await offered(tab)).to.deep.equal(['Parallel']);
  });

  it('Tab leaves the editor (keyboard users are not trapped in it)', async () => {
    await tab.fill(CONTENT, 'apiVersion: v1\n');
    await tab.press(CONTENT, 'Tab');
    const focused = await tab.evaluate(
      inEditor<string>(`(root) => root.activeElement ? root.activeElement.className || root.activeElement.tagName : 'outside'`),
    );
    expect(focused).to.not.include('cm-content');
  });

  it('what is written, with a completion accepted, is what Create sends', async () => {
    await write(tab, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  namespace: default\n  nam', 'e');
    expect(await offered(tab)).to.include('name');
    await until(
      tab,
      `(root) => root.querySelector('.cm-tooltip-autocomplete li[aria-selected] .cm-completionLabel')?.textContent ?? null`,
      'name',
    );
    await tab.press(CONTENT, 'Enter');
    await until(tab, `(_root, editor) => editor.text.split('\\n').pop()`, '  name: ');
    await tab.type(CONTENT, 'completed');
    expect(await tab.evaluate(inEditor<string>('(_root, editor) => editor.text'))).to.match(/\n {2}name: completed$/);
    await tab.click(`${EDITOR} [data-action=create]`);
    await tab.waitFor(`${EDITOR} .result[data-status="201"]`);
    expect(await tab.text(`${EDITOR} .result`)).to.include('name: completed');
    const status = await tab.evaluate(async () => (await fetch('/api/v1/namespaces/default/configmaps/completed')).status);
    expect(status).to.equal(200);
    await tab.screenshot('yaml-editor');
  });
});
