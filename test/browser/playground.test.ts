/**
 * The playground (driven by playwright-core): an object created in the YAML editor shows
 * in the explorer; the request console shows raw answers and streams watches; watch events show
 * on the timeline; API errors show as the Status they are. A screenshot of each main view goes
 * to test-results/screenshots/ (the StatefulSet view's from statefulset-view.test.ts).
 */
import { expect } from 'chai';
import { describe, it } from './support/mocha.ts';
import type { Tab } from './support/pages.ts';
import { usePlayground } from './support/playground.ts';

const EDITOR_YAML = `apiVersion: v1
kind: ConfigMap
metadata:
  name: from-editor
  namespace: default
data:
  made: in the editor
`;

async function post(arg: { path: string; body: unknown }): Promise<number> {
  const r = await fetch(arg.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(arg.body) });
  return r.status;
}

describe('the playground', () => {
  let tab: Tab;
  const view = usePlayground((opened) => {
    tab = opened;
  });

  it('creates an object in the YAML editor and sees it in the explorer', async () => {
    await view('editor');
    await tab.fill('orch-yaml-editor [aria-label=YAML]', EDITOR_YAML);
    await tab.click('orch-yaml-editor [data-action=create]');
    await tab.waitFor('orch-yaml-editor .result[data-status="201"]');
    expect(await tab.text('orch-yaml-editor .result')).to.include('made: in the editor');
    await tab.screenshot('editor');

    await view('explorer');
    await tab.click('orch-explorer li[data-ns=default]');
    await tab.click('orch-explorer li[data-resource=configmaps]');
    await tab.waitFor('orch-explorer tr[data-object=from-editor]');
    await tab.click('orch-explorer tr[data-object=from-editor]');
    expect(await tab.text('orch-explorer pre.yaml')).to.include('made: in the editor');
    await tab.screenshot('explorer');
  });

  it('the explorer is live: an object created elsewhere appears without a reload', async () => {
    await view('explorer');
    expect(
      await tab.evaluate(post, { path: '/api/v1/namespaces/default/configmaps', body: { metadata: { name: 'from-fetch' } } }),
    ).to.equal(201);
    await tab.waitFor('orch-explorer tr[data-object=from-fetch]');
  });

  it('patches the object the explorer sent to the editor (JSON merge patch)', async () => {
    await view('explorer');
    await tab.click('orch-explorer tr[data-object=from-editor]');
    await tab.click('orch-explorer [data-action=edit]');
    await tab.waitFor('nav button[data-view=editor][aria-current=page]');
    await tab.fill('orch-yaml-editor [aria-label=YAML]', 'data:\n  patched: "yes"\n');
    await tab.click('orch-yaml-editor [data-action=patch]');
    await tab.waitFor('orch-yaml-editor .result[data-status="200"]');
    const result = await tab.text('orch-yaml-editor .result');
    expect(result).to.include('patched:');
    expect(result).to.include('made: in the editor');
  });

  it('an API error shows as its Status (422 Invalid with the field)', async () => {
    await view('editor');
    await tab.fill('orch-yaml-editor [aria-label=YAML]', EDITOR_YAML.replace('from-editor', 'Not_A_Name'));
    await tab.click('orch-yaml-editor [data-action=create]');
    await tab.waitFor('orch-yaml-editor orch-status [data-code="422"]');
    const shown = await tab.text('orch-yaml-editor orch-status .status');
    expect(shown).to.include('Invalid');
    expect(shown).to.include('metadata.name');
  });

  it('the request console shows the raw status, headers and body', async () => {
    await view('console');
    await tab.fill('orch-request-console input[name=path]', '/api/v1/namespaces/default/configmaps/does-not-exist');
    await tab.click('orch-request-console [data-action=send]');
    await tab.waitFor('orch-request-console .status-line[data-status="404"]');
    const body = await tab.text('orch-request-console pre.body');
    expect(JSON.parse(body)).to.deep.include({ kind: 'Status', reason: 'NotFound', code: 404 });
    expect(await tab.text('orch-request-console table.headers')).to.include('application/json');
  });

  it('the request console streams a watch as events happen', async () => {
    await view('console');
    await tab.fill('orch-request-console input[name=path]', '/api/v1/namespaces/default/configmaps?watch=1');
    await tab.click('orch-request-console [data-action=send]');
    await tab.waitFor('orch-request-console pre.body', { text: 'from-editor' });
    expect(
      await tab.evaluate(post, { path: '/api/v1/namespaces/default/configmaps', body: { metadata: { name: 'while-watching' } } }),
    ).to.equal(201);
    await tab.waitFor('orch-request-console pre.body', { text: 'while-watching' });
    expect(await tab.count('orch-request-console .badge:has-text("streaming")')).to.equal(1);
    await tab.screenshot('console');
    await tab.click('orch-request-console [data-action=stop]');
  });

  it('the timeline shows watch events as they happen', async () => {
    await view('events');
    expect(
      await tab.evaluate(post, { path: '/api/v1/namespaces/default/configmaps', body: { metadata: { name: 'on-the-timeline' } } }),
    ).to.equal(201);
    await tab.waitFor('orch-event-timeline tr[data-event=ADDED][data-name=on-the-timeline]');
    await tab.screenshot('events');
  });

  it('creates as the field manager in the box, not as the browser', async () => {
    await view('editor');
    await tab.fill('orch-yaml-editor input[name=fieldManager]', 'yaml-author');
    await tab.fill('orch-yaml-editor [aria-label=YAML]', EDITOR_YAML.replace('from-editor', 'authored'));
    await tab.click('orch-yaml-editor [data-action=create]');
    await tab.waitFor('orch-yaml-editor .result[data-status="201"]');
    const managers = await tab.evaluate(async () => {
      const cm = await (await fetch('/api/v1/namespaces/default/configmaps/authored')).json();
      return (cm.metadata.managedFields as { manager: string }[]).map((f) => f.manager);
    });
    expect(managers).to.deep.equal(['yaml-author']);

    // An apply that takes over a field the create set names the box's manager in its conflict.
    await tab.fill(
      'orch-yaml-editor [aria-label=YAML]',
      EDITOR_YAML.replace('from-editor', 'authored').replace('in the editor', 'by apply'),
    );
    await tab.click('orch-yaml-editor [data-action=apply]');
    await tab.waitFor('orch-yaml-editor orch-status [data-code="409"]');
    const conflict = await tab.text('orch-yaml-editor orch-status .message');
    expect(conflict).to.include('conflict with "yaml-author"');
    expect(conflict).not.to.include('Mozilla');
  });

  it('a YAML parse error keeps its lines: the excerpt, and the caret under the column', async () => {
    await view('editor');
    await tab.fill('orch-yaml-editor [aria-label=YAML]', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n data: y\n');
    await tab.click('orch-yaml-editor [data-action=create]');
    await tab.waitFor('orch-yaml-editor orch-status [data-reason=ClientError]');
    const shown = await tab.text('orch-yaml-editor orch-status .message');
    expect(shown).to.include('bad indentation of a mapping entry (5:2)\n');
    expect(shown).to.include(' 4 |   name: x\n 5 |  data: y\n------^');
    // The caret points at its column only in a fixed-width font.
    const font = await tab.evaluate(() => {
      const editor = document.querySelector('orch-app')?.shadowRoot?.querySelector('orch-yaml-editor');
      const message = editor?.shadowRoot?.querySelector('orch-status')?.shadowRoot?.querySelector('.message');
      return message ? getComputedStyle(message).fontFamily : '';
    });
    expect(font).to.include('monospace');
    await tab.screenshot('yaml-parse-error');
  });

  it('applies YAML server-side as the named field manager', async () => {
    await view('editor');
    await tab.fill(
      'orch-yaml-editor [aria-label=YAML]',
      EDITOR_YAML.replace('from-editor', 'applied').replace('in the editor', 'by apply'),
    );
    await tab.fill('orch-yaml-editor input[name=fieldManager]', 'playground-test');
    await tab.click('orch-yaml-editor [data-action=apply]');
    await tab.waitFor('orch-yaml-editor .result[data-status="201"]');
    expect(await tab.text('orch-yaml-editor .result')).to.include('playground-test');
  });
});
