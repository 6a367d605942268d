import { afterEach, expect, it } from 'vitest';
import {
  createTestEnv,
  garbageCollector,
  podLifecycleSimulator,
  STATEFUL_SETS,
  statefulSetController,
  type TestEnv,
} from '../../controllers/index.ts';
import { websiteController } from './controller.ts';
import { WEBSITES } from './website.ts';

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

it('serves a Website from a StatefulSet and reports it Ready once its pods are', async () => {
  env = await createTestEnv({
    // Files or directories of CRDs (as envtest's CRD paths), installed and Established before the test runs.
    crds: [new URL('./crd.yaml', import.meta.url)],
    controllers: [websiteController(), statefulSetController(), podLifecycleSimulator({ readyDelayMs: 1_000 }), garbageCollector()],
  });
  const websites = env.resource(WEBSITES, 'default'); // typed as Website
  await websites.create({ metadata: { name: 'blog' }, spec: { host: 'blog.example.com', replicas: 2 } });

  const sts = await env.waitFor(STATEFUL_SETS, 'default/blog', (s) => s !== undefined);
  expect(sts?.spec?.replicas).toBe(2);

  await env.settle();
  await env.advance(1_000); // virtual time: the simulator makes the pods ready
  const blog = await env.waitFor(WEBSITES, 'default/blog', (w) => w?.status?.conditions?.[0]?.status === 'True');
  expect(blog?.status?.url).toBe('http://blog.example.com/');

  // The CRD's CEL rule, enforced by the server.
  await expect(websites.create({ metadata: { name: 'big' }, spec: { host: 'big.example.com', replicas: 5 } })).rejects.toThrow(
    'a small website has at most 3 replicas, not 5',
  );
  expect(env.errors).toEqual([]);
});
