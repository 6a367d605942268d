/**
 * Serving the playground (README, "Quick start"): the Vite dev server (`npm run dev`) serves the
 * playground with the API worker and the Service Worker built on request, and they work; it caches
 * nothing, and the header says so (offline use is the build's, `npm start`).
 */
import { expect } from 'chai';
import { after, describe, it } from './support/mocha.ts';
import { freshContext, servePlayground, type Context, type PlaygroundServer } from './support/pages.ts';

describe('the dev server', () => {
  let server: PlaygroundServer | undefined;
  let context: Context | undefined;
  after(async () => {
    await context?.close();
    await server?.stop();
  });

  it('serves a working playground, caching nothing', async () => {
    server = await servePlayground({ dev: true });
    context = await freshContext();
    const tab = await context.open(`${server.origin}/`);
    await tab.waitFor('orch-app[ready]', { state: 'attached', timeout: 15_000 });
    const answer = await tab.evaluate(async () => {
      const sw = await (await fetch('/__orch/sw')).json();
      const created = await fetch('/api/v1/namespaces/default/configmaps', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"metadata":{"name":"dev"}}',
      });
      return { sw, created: created.status, caches: await caches.keys() };
    });
    expect(answer).to.deep.equal({ sw: { version: 'dev', connections: 1 }, created: 201, caches: [] });
    await tab.waitFor('header orch-offline-status[state=online-only]');
    expect(await tab.text('header orch-offline-status [role=status]')).to.equal('online only');
  });
});
