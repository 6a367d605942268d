import { afterEach, expect, it } from 'vitest';
import {
  CONFIG_MAPS,
  createTestEnv,
  parseTime,
  podLifecycleSimulator,
  STATEFUL_SETS,
  statefulSetController,
  type RunnableFactory,
  type TestEnv,
} from '../../controllers/index.ts';

/** Your controller: deletes ConfigMaps annotated `example.com/ttl-seconds` once they are that old. */
const TTL = 'example.com/ttl-seconds';

function ttlController(): RunnableFactory {
  return (mgr) => {
    const cache = mgr.informer(CONFIG_MAPS).store;
    return mgr.createController({
      name: 'ttl-controller',
      for: CONFIG_MAPS,
      async reconcile(key) {
        const cm = cache.get(key);
        const ttl = Number(cm?.metadata.annotations?.[TTL]);
        if (!cm || !Number.isFinite(ttl)) return;
        const left = (parseTime(cm.metadata.creationTimestamp) ?? 0) + ttl * 1000 - mgr.clock.now();
        if (left > 0) return { requeueAfter: left }; // on the shared clock: tests move it
        await mgr.client.resource(CONFIG_MAPS, cm.metadata.namespace).delete(cm.metadata.name ?? '');
      },
    });
  };
}

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

it('deletes a ConfigMap once its TTL has passed', async () => {
  // An in-process API server, a manager running the controller, one virtual clock for both.
  env = await createTestEnv({ controllers: [ttlController()] });
  const configMaps = env.resource(CONFIG_MAPS, 'default');
  await configMaps.create({ metadata: { name: 'short-lived', annotations: { [TTL]: '60' } } });

  await env.settle(); // the controller has seen it and waits
  await env.advance(59_000); // virtual time: nothing really waits
  expect((await configMaps.get('short-lived')).metadata.name).toBe('short-lived');

  await env.advance(1_000);
  await env.waitFor(CONFIG_MAPS, 'default/short-lived', (cm) => cm === undefined);
});

it('runs beside the built-in controllers: a StatefulSet whose pods the simulator makes ready', async () => {
  env = await createTestEnv({ controllers: [statefulSetController(), podLifecycleSimulator({ readyDelayMs: 2_000 }), ttlController()] });
  await env.resource(STATEFUL_SETS, 'default').create({
    metadata: { name: 'web' },
    spec: {
      replicas: 2,
      serviceName: 'web',
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
    },
  });
  // OrderedReady: web-0 first; web-1 once web-0 is Ready, 2 s later on the virtual clock.
  await env.waitFor(STATEFUL_SETS, 'default/web', (s) => s?.status?.replicas === 1);
  await env.settle();
  await env.advance(2_000);
  await env.settle();
  await env.advance(2_000);
  const web = await env.waitFor(STATEFUL_SETS, 'default/web', (s) => s?.status?.readyReplicas === 2);
  expect(web?.status?.availableReplicas).toBe(2);
});
