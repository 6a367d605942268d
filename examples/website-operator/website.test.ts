/**
 * The Website operator, tested as its README section describes: `createTestEnv` installs
 * crd.yaml (and waits until it is Established) before the test starts, and runs the operator
 * beside the built-in StatefulSet controller, pod simulator and garbage collector, all on one
 * virtual clock.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONFIG_MAPS,
  createTestEnv,
  EVENTS,
  garbageCollector,
  isInvalid,
  podLifecycleSimulator,
  resourceTypeOfCrd,
  SERVICES,
  STATEFUL_SETS,
  statefulSetController,
  type TestEnv,
} from '../../controllers/index.ts';
import { contentHash } from './children.ts';
import { directoryKey, websiteController } from './controller.ts';
import { CRD_FILE } from './main.ts';
import { DIRECTORY_FINALIZER, WEBSITES, type Website } from './website.ts';

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

const READY_DELAY_MS = 1_000;

function start(): Promise<TestEnv> {
  return createTestEnv({
    crds: [CRD_FILE],
    controllers: [
      websiteController(),
      statefulSetController(),
      podLifecycleSimulator({ readyDelayMs: READY_DELAY_MS }),
      garbageCollector(),
    ],
  });
}

const site = (name: string, spec: Website['spec']): Website => ({ metadata: { name }, spec });

/** Lets the pods become ready: settle, move the clock past the simulator's delay, settle again. */
async function podsReady(e: TestEnv): Promise<void> {
  await e.settle();
  await e.advance(READY_DELAY_MS);
  await e.settle();
}

it('the CRD file and the TypeScript names agree', async () => {
  env = await start();
  expect(env.crds).toHaveLength(1);
  expect(resourceTypeOfCrd(env.crds[0])).toEqual(WEBSITES);
});

it('makes the children, publishes the site and reports it Ready once its pods are', async () => {
  env = await start();
  const websites = env.resource(WEBSITES, 'default');
  const made = await websites.create(site('blog', { host: 'blog.example.com', replicas: 2, content: '<h1>Blog</h1>' }));
  // The schema's defaults are filled in by the server.
  expect(made.spec).toMatchObject({ tier: 'small', image: 'nginx:1.27' });

  const sts = await env.waitFor(STATEFUL_SETS, 'default/blog', (s) => s !== undefined);
  expect(sts?.spec?.replicas).toBe(2);
  expect(sts?.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Website', name: 'blog', controller: true });
  expect(sts?.spec?.template?.metadata?.annotations?.['example.com/content-hash']).toBe(contentHash('<h1>Blog</h1>'));
  const page = await env.waitFor(CONFIG_MAPS, 'default/blog-content', (c) => c !== undefined);
  expect(page?.data?.['index.html']).toBe('<h1>Blog</h1>');
  await env.waitFor(SERVICES, 'default/blog', (s) => s?.spec?.clusterIP === 'None');
  const directory = await env.waitFor(CONFIG_MAPS, 'default/website-directory', (c) => c !== undefined);
  expect(directory?.data?.[directoryKey(made)]).toBe('http://blog.example.com/');

  const progressing = await env.waitFor(WEBSITES, 'default/blog', (w) => w?.status?.conditions?.[0]?.reason === 'Progressing');
  expect(progressing?.metadata.finalizers).toEqual([DIRECTORY_FINALIZER]);

  await podsReady(env);
  const ready = await env.waitFor(WEBSITES, 'default/blog', (w) => w?.status?.conditions?.[0]?.status === 'True');
  expect(ready?.status).toMatchObject({ replicas: 2, url: 'http://blog.example.com/', observedGeneration: 1 });
  expect(ready?.status?.conditions?.[0]).toMatchObject({ type: 'Ready', reason: 'Available', message: '2 of 2 pods ready' });

  const events = await env.waitForList(EVENTS, (evs) => evs.some((e) => e.reason === 'Available'));
  const about = events.filter((e) => e.regarding?.kind === 'Website');
  expect(about.map((e) => e.reason).sort()).toEqual(['Available', 'Published']); // each once
  expect(env.errors).toEqual([]);
});

it('follows spec changes: the scale subresource and new content', async () => {
  env = await start();
  const websites = env.resource(WEBSITES, 'default');
  await websites.create(site('shop', { host: 'shop.example.com', replicas: 1, tier: 'large' }));
  await env.waitFor(STATEFUL_SETS, 'default/shop', (s) => s?.spec?.replicas === 1);

  // `kubectl scale website shop --replicas=4` does this: a merge patch of the scale subresource.
  await websites.patch('shop', { type: 'merge', patch: { spec: { replicas: 4 } } }, { subresource: 'scale' });
  await env.waitFor(STATEFUL_SETS, 'default/shop', (s) => s?.spec?.replicas === 4);
  await podsReady(env);
  const scaled = await env.waitFor(WEBSITES, 'default/shop', (w) => w?.status?.replicas === 4);
  expect(scaled?.status?.observedGeneration).toBe(2);

  const current = await websites.get('shop');
  await websites.update({ ...current, spec: { ...current.spec!, content: '<h1>Sale</h1>' } });
  await env.waitFor(CONFIG_MAPS, 'default/shop-content', (c) => c?.data?.['index.html'] === '<h1>Sale</h1>');
  await env.waitFor(
    STATEFUL_SETS,
    'default/shop',
    (s) => s?.spec?.template?.metadata?.annotations?.['example.com/content-hash'] === contentHash('<h1>Sale</h1>'),
  );
  expect(env.errors).toEqual([]);
});

describe('the CRD refuses bad Websites (schema and CEL rules)', () => {
  const cases: { name: string; spec: Website['spec']; message: string }[] = [
    {
      name: 'a small site with more than 3 replicas',
      spec: { host: 'a.example.com', replicas: 4 },
      message: 'spec.replicas: Forbidden: a small website has at most 3 replicas, not 4',
    },
    {
      name: 'an image on latest',
      spec: { host: 'a.example.com', image: 'nginx:latest' },
      // A rule's error names the type of the schema node the rule is on (spec), as the real platform's does.
      message: 'spec.image: Invalid value: "object": image must name a version tag other than latest',
    },
    {
      name: 'more than 10 replicas',
      spec: { host: 'a.example.com', replicas: 11, tier: 'large' },
      message: 'spec.replicas: Invalid value: 11',
    },
    { name: 'a host that is not a DNS name', spec: { host: 'Not A Host' }, message: 'spec.host: Invalid value: "Not A Host"' },
  ];
  it.each(cases)('$name', async ({ spec, message }) => {
    env = await start();
    const err = await env
      .resource(WEBSITES, 'default')
      .create(site('bad', spec))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isInvalid(err)).toBe(true);
    expect((err as Error).message).toContain(message);
  });

  it('a host that changes (a transition rule)', async () => {
    env = await start();
    const websites = env.resource(WEBSITES, 'default');
    await websites.create(site('fixed', { host: 'fixed.example.com' }));
    // A patch, not a PUT of what create answered: the operator adds its finalizer meanwhile.
    const err = await websites.patch('fixed', { type: 'merge', patch: { spec: { host: 'moved.example.com' } } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isInvalid(err)).toBe(true);
    expect((err as Error).message).toContain('spec.host: Invalid value: "string": host is immutable');
  });
});

it('on deletion: unpublishes the site (the finalizer), then the garbage collector removes the children', async () => {
  env = await start();
  const websites = env.resource(WEBSITES, 'default');
  const made = await websites.create(site('old', { host: 'old.example.com' }));
  await env.waitFor(CONFIG_MAPS, 'default/website-directory', (c) => c?.data?.[directoryKey(made)] !== undefined);
  await env.waitFor(WEBSITES, 'default/old', (w) => w?.metadata.finalizers?.includes(DIRECTORY_FINALIZER) === true);

  await websites.delete('old');
  await env.waitFor(WEBSITES, 'default/old', (w) => w === undefined);
  const directory = await env.waitFor(CONFIG_MAPS, 'default/website-directory', (c) => c?.data?.[directoryKey(made)] === undefined);
  expect(directory?.data ?? {}).toEqual({});
  await env.waitFor(STATEFUL_SETS, 'default/old', (s) => s === undefined);
  await env.waitFor(CONFIG_MAPS, 'default/old-content', (c) => c === undefined);
  await env.waitFor(SERVICES, 'default/old', (s) => s === undefined);
  await env.waitForList(EVENTS, (evs) => evs.some((e) => e.reason === 'Unpublished' && e.regarding?.name === 'old'));
  expect(env.errors).toEqual([]);
});
