/**
 * Issue 8, the playground (driven by playwright-core): an object created in the YAML editor shows
 * in the explorer; the request console shows raw answers and streams watches; watch events show
 * on the timeline; API errors show as the Status they are. A screenshot of each main view goes
 * to test-results/screenshots/.
 */
import { expect } from 'chai';
import { after, before, describe, it } from './support/mocha.ts';
import { ownContext, type Tab } from './support/pages.ts';

const PLAYGROUND = '/playground/dist/index.html';

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

  before(async () => {
    tab = await ownContext.open(PLAYGROUND);
    await tab.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
  });

  after(async () => {
    await tab?.close();
  });

  const view = async (name: string) => {
    await tab.click(`nav button[data-view=${name}]`);
    await tab.waitFor(`nav button[data-view=${name}][aria-current=page]`);
  };

  it('creates an object in the YAML editor and sees it in the explorer', async () => {
    await view('editor');
    await tab.fill('orch-yaml-editor textarea', EDITOR_YAML);
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
    expect(await tab.evaluate(post, { path: '/api/v1/namespaces/default/configmaps', body: { metadata: { name: 'from-fetch' } } })).to.equal(201);
    await tab.waitFor('orch-explorer tr[data-object=from-fetch]');
  });

  it('patches the object the explorer sent to the editor (JSON merge patch)', async () => {
    await view('explorer');
    await tab.click('orch-explorer tr[data-object=from-editor]');
    await tab.click('orch-explorer [data-action=edit]');
    await tab.waitFor('nav button[data-view=editor][aria-current=page]');
    await tab.fill('orch-yaml-editor textarea', 'data:\n  patched: "yes"\n');
    await tab.click('orch-yaml-editor [data-action=patch]');
    await tab.waitFor('orch-yaml-editor .result[data-status="200"]');
    const result = await tab.text('orch-yaml-editor .result');
    expect(result).to.include('patched:');
    expect(result).to.include('made: in the editor');
  });

  it('an API error shows as its Status (422 Invalid with the field)', async () => {
    await view('editor');
    await tab.fill('orch-yaml-editor textarea', EDITOR_YAML.replace('from-editor', 'Not_A_Name'));
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
    expect(await tab.evaluate(post, { path: '/api/v1/namespaces/default/configmaps', body: { metadata: { name: 'while-watching' } } })).to.equal(201);
    await tab.waitFor('orch-request-console pre.body', { text: 'while-watching' });
    expect(await tab.count('orch-request-console .badge:has-text("streaming")')).to.equal(1);
    await tab.screenshot('console');
    await tab.click('orch-request-console [data-action=stop]');
  });

  it('the timeline shows watch events as they happen', async () => {
    await view('events');
    expect(await tab.evaluate(post, { path: '/api/v1/namespaces/default/configmaps', body: { metadata: { name: 'on-the-timeline' } } })).to.equal(201);
    await tab.waitFor('orch-event-timeline tr[data-event=ADDED][data-name=on-the-timeline]');
    await tab.screenshot('events');
  });

  it('the StatefulSet view shows pods in their ordinal slots as they appear and become ready', async () => {
    await view('statefulsets');
    await tab.click('orch-statefulset-view [data-action=create-example]');
    await tab.waitFor('orch-statefulset-view [data-statefulset=web]');
    expect(await tab.count('orch-statefulset-view [data-statefulset=web] [data-ordinal]')).to.equal(3);
    // What the controller and the node agent would do for ordinal 1, done by hand through the API.
    const status = await tab.evaluate(async () => {
      const ns = '/api/v1/namespaces/default';
      const sts = await (await fetch('/apis/apps/v1/namespaces/default/statefulsets/web')).json();
      const pod = {
        metadata: { name: 'web-1', labels: { app: 'web' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: sts.metadata.uid, controller: true }] },
        spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] },
      };
      const created = await fetch(`${ns}/pods`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(pod) });
      if (created.status !== 201) return created.status;
      const ready = { status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] } };
      const patched = await fetch(`${ns}/pods/web-1/status`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify(ready) });
      return patched.status;
    });
    expect(status).to.equal(200);
    await tab.waitFor('orch-statefulset-view [data-statefulset=web] [data-ordinal="1"][data-pod=web-1][data-ready=true]');
    expect(await tab.count('orch-statefulset-view [data-statefulset=web] [data-pod]')).to.equal(1);
    await tab.screenshot('statefulsets');
  });

  it('applies YAML server-side as the named field manager', async () => {
    await view('editor');
    await tab.fill('orch-yaml-editor textarea', EDITOR_YAML.replace('from-editor', 'applied').replace('in the editor', 'by apply'));
    await tab.fill('orch-yaml-editor input[name=fieldManager]', 'playground-test');
    await tab.click('orch-yaml-editor [data-action=apply]');
    await tab.waitFor('orch-yaml-editor .result[data-status="201"]');
    expect(await tab.text('orch-yaml-editor .result')).to.include('playground-test');
  });
});
