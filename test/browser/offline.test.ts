/**
 * The playground offline (README, "Quick start"): after a first visit the app shell is cached, the
 * header says "ready offline", and with the network cut and its server gone the playground still
 * loads, shows what is stored and takes new writes. It runs in a fresh profile against the build
 * served as `npm start` serves it (scripts/playground-server.js), from a server of its own, which
 * the test stops.
 */
import { expect } from 'chai';
import { after, describe, it } from './support/mocha.ts';
import { freshContext, servePlayground, type Context, type PlaygroundServer } from './support/pages.ts';

async function post(arg: { path: string; body: unknown }): Promise<number> {
  const r = await fetch(arg.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(arg.body) });
  return r.status;
}

describe('offline', () => {
  let server: PlaygroundServer | undefined;
  let context: Context | undefined;
  after(async () => {
    await context?.close();
    await server?.stop().catch(() => undefined);
  });

  it('once the header says "ready offline" the playground loads and works with the network off', async () => {
    server = await servePlayground();
    const origin = server.origin;
    context = await freshContext();
    const tab = await context.open(`${origin}/`);
    await tab.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
    await tab.waitFor('header orch-offline-status[state=ready]');
    expect(await tab.text('header orch-offline-status [role=status]')).to.equal('ready offline');
    const cached = await tab.evaluate(async () => {
      const names = await caches.keys();
      const shell = names.find((n) => n.startsWith('orch-shell-'));
      return shell ? (await (await caches.open(shell)).keys()).map((r) => new URL(r.url).pathname) : [];
    });
    expect(cached).to.include.members(['/', '/index.html', '/orch-worker.js']);
    expect(
      await tab.evaluate(post, { path: '/api/v1/namespaces/default/configmaps', body: { metadata: { name: 'before-offline' } } }),
    ).to.equal(201);

    await context.setOffline(true);
    await server.stop();
    server = undefined;

    await tab.reload();
    await tab.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
    await tab.waitFor('header orch-offline-status[state=ready]');
    // The playground opens on the tutorial's welcome page; the explorer is in the sandbox.
    await tab.click('nav button[data-view=explorer]');
    await tab.click('orch-explorer li[data-ns=default]');
    await tab.click('orch-explorer li[data-resource=configmaps]');
    await tab.waitFor('orch-explorer tr[data-object=before-offline]');

    await tab.click('nav button[data-view=editor]');
    await tab.fill(
      'orch-yaml-editor [aria-label=YAML]',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: made-offline\n  namespace: default\n',
    );
    await tab.click('orch-yaml-editor [data-action=create]');
    await tab.waitFor('orch-yaml-editor .result[data-status="201"]');

    // A new tab opens offline too, and sees the same store.
    const second = await context.open(`${origin}/`);
    await second.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
    expect(await second.evaluate(async () => (await fetch('/api/v1/namespaces/default/configmaps/made-offline')).status)).to.equal(200);
    await second.screenshot('offline');

    // The header's word comes from the cache itself: with it gone, the app would not open offline.
    const status = await second.evaluate(async () => {
      for (const name of await caches.keys()) await caches.delete(name);
      return (await fetch('/__orch/offline')).json() as Promise<{ offline: boolean }>;
    });
    expect(status.offline).to.equal(false);
  });
});
