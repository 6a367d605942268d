/**
 * The finalizer sample controller (docs/writing-a-controller.md, "A finalizer"): a ConfigMap
 * mirrored into another namespace keeps its `samples.orch.io/cleanup` finalizer until its copy
 * is deleted, and its deletion finishes only then (docs/api-rules.md, "Deletion lifecycle").
 * In-process, and once against orch-apiserver over HTTP.
 */
import { describe, expect, it } from 'vitest';
import {
  CLEANUP_FINALIZER,
  CONFIG_MAPS,
  EVENTS,
  finalizerController,
  isStatus,
  MIRROR_OF_ANNOTATION,
  MIRROR_TO_LABEL,
  NAMESPACES,
  objectKey,
  REPORTING_CONTROLLER,
  type ConfigMap,
  type TestEnv,
} from '../../controllers/index.ts';
import { controllerEnvs } from '../support/controller-env.ts';

const envs = controllerEnvs();

async function scenario(e: TestEnv) {
  await e.resource(NAMESPACES).create({ metadata: { name: 'source' } });
  await e.resource(NAMESPACES).create({ metadata: { name: 'target' } });
  const sources = e.resource(CONFIG_MAPS, 'source');
  await sources.create({ metadata: { name: 'settings', labels: { [MIRROR_TO_LABEL]: 'target' } }, data: { mode: 'fast' } });

  const held = await e.waitFor(CONFIG_MAPS, 'source/settings', (o) => !!o?.metadata.finalizers?.includes(CLEANUP_FINALIZER));
  expect(held?.metadata.finalizers).toEqual([CLEANUP_FINALIZER]);
  const copy = await e.waitFor(CONFIG_MAPS, 'target/source.settings', (o) => o !== undefined);
  expect(copy?.data).toEqual({ mode: 'fast' });
  expect(copy?.metadata.annotations?.[MIRROR_OF_ANNOTATION]).toBe('source/settings');

  // The copy follows its source.
  await sources.patch('settings', { type: 'merge', patch: { data: { mode: 'safe' } } });
  await e.waitFor(CONFIG_MAPS, 'target/source.settings', (o) => o?.data?.mode === 'safe');

  // Deleting the source: it lingers, terminating, until the copy is gone.
  const order: string[] = [];
  const sub = e.manager.informer(CONFIG_MAPS).changes$.subscribe((ev) => {
    if (ev.type === 'DELETED') order.push(`deleted ${objectKey(ev.object)}`);
    else if (ev.object.metadata.deletionTimestamp && !ev.old?.metadata.deletionTimestamp) order.push(`terminating ${objectKey(ev.object)}`);
  });
  const answer = await sources.delete('settings');
  expect(isStatus(answer)).toBe(false);
  expect((answer as ConfigMap).metadata.deletionTimestamp).toBeTruthy();
  await e.waitFor(CONFIG_MAPS, 'source/settings', (o) => o === undefined);
  sub.unsubscribe();
  expect(order).toEqual(['terminating source/settings', 'deleted target/source.settings', 'deleted source/settings']);
}

describe('finalizer sample controller', () => {
  it('holds the source with its finalizer until the copy is cleaned up', async () => {
    await scenario(await envs.start({ controllers: [finalizerController()] }));
  });

  it('says what it did in events.orch.io/v1 Events', async () => {
    const env = await envs.start({ controllers: [finalizerController()] });
    await scenario(env);
    const events = await env.waitForList(EVENTS, (l) => l.some((e) => e.reason === 'MirrorDeleted'));
    const byReason = new Map(events.map((e) => [e.reason, e]));
    expect(byReason.get('Mirrored')).toMatchObject({
      type: 'Normal',
      action: 'Create',
      reportingController: REPORTING_CONTROLLER,
      regarding: { kind: 'ConfigMap', namespace: 'source', name: 'settings' },
      note: 'Mirrored to target/source.settings',
    });
    expect(byReason.get('MirrorDeleted')).toMatchObject({
      action: 'Delete',
      note: 'Deleted mirror target/source.settings',
      metadata: { namespace: 'source' },
    });
  });

  it('a copy deleted by someone else is made again', async () => {
    const env = await envs.start({ controllers: [finalizerController()] });
    await env.resource(NAMESPACES).create({ metadata: { name: 'target' } });
    await env
      .resource(CONFIG_MAPS, 'default')
      .create({ metadata: { name: 'a', labels: { [MIRROR_TO_LABEL]: 'target' } }, data: { k: 'v' } });
    const first = await env.waitFor(CONFIG_MAPS, 'target/default.a', (o) => o !== undefined);
    await env.resource(CONFIG_MAPS, 'target').delete('default.a');
    const again = await env.waitFor(CONFIG_MAPS, 'target/default.a', (o) => o !== undefined && o.metadata.uid !== first?.metadata.uid);
    expect(again?.data).toEqual({ k: 'v' });
  });

  it('removing the label cleans up the copy and lets go of the source', async () => {
    const env = await envs.start({ controllers: [finalizerController()] });
    await env.resource(NAMESPACES).create({ metadata: { name: 'target' } });
    const cms = env.resource(CONFIG_MAPS, 'default');
    await cms.create({ metadata: { name: 'a', labels: { [MIRROR_TO_LABEL]: 'target' } } });
    await env.waitFor(CONFIG_MAPS, 'target/default.a', (o) => o !== undefined);
    await cms.patch('a', { type: 'merge', patch: { metadata: { labels: { [MIRROR_TO_LABEL]: null } } } });
    await env.waitFor(CONFIG_MAPS, 'target/default.a', (o) => o === undefined);
    const src = await env.waitFor(CONFIG_MAPS, 'default/a', (o) => !o?.metadata.finalizers?.length);
    expect(src).toBeDefined();
  });

  it('a copy whose source was removed behind its back (finalizer forced off) is deleted too', async () => {
    const env = await envs.start({ controllers: [finalizerController()] });
    await env.resource(NAMESPACES).create({ metadata: { name: 'target' } });
    const cms = env.resource(CONFIG_MAPS, 'default');
    await cms.create({ metadata: { name: 'a', labels: { [MIRROR_TO_LABEL]: 'target' } } });
    await env.waitFor(CONFIG_MAPS, 'target/default.a', (o) => o !== undefined);
    await env.manager.stop(); // the controller is down...
    await cms.delete('a');
    await cms.patch('a', { type: 'merge', patch: { metadata: { finalizers: null } } }); // ...and someone forces the finalizer off
    const again = await envs.start({
      clock: env.clock,
      connect: { fetch: (r) => env.api!.fetch(r), baseUrl: 'http://orch.test' },
      controllers: [finalizerController()],
    });
    await again.waitFor(CONFIG_MAPS, 'target/default.a', (o) => o === undefined);
  });

  it('leaves unlabelled ConfigMaps alone', async () => {
    const env = await envs.start({ controllers: [finalizerController()] });
    const cms = env.resource(CONFIG_MAPS, 'default');
    await cms.create({ metadata: { name: 'plain' } });
    await cms.create({ metadata: { name: 'marker', labels: { [MIRROR_TO_LABEL]: 'default' } } });
    await env.waitFor(CONFIG_MAPS, 'default/default.marker', (o) => o !== undefined); // the controller has run
    const plain = await cms.get('plain');
    expect(plain.metadata.finalizers).toBeUndefined();
  });

  it('works the same against orch-apiserver over HTTP', async () => {
    const { env } = await envs.overHttp({ controllers: [finalizerController()] });
    await scenario(env);
  });
});
