/**
 * orch-apiserver runs the controllers a small cluster would (README, "orch-apiserver";
 * docs/architecture.md, "Controllers"): `--controllers` picks them (default all; '' or 'none' for
 * none; '*' and '-name' as kube-controller-manager takes them; unknown names are a start-up
 * error), `--pod-ready-delay` and `--pod-stop-delay` pace the pod simulator, and they stop with
 * the server. Over HTTP, on the real clock: a StatefulSet gets ready pods, a deleted namespace
 * goes, the garbage collector takes a set's pods along, a pod gets its claim.
 */
import { generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { realClock } from '../../core/index.ts';
import { CONTROLLER_NAMES, DEFAULT_CONTROLLERS, HELP, parseFlags, type StartOptions } from '../../server/index.ts';
import { selfSigned } from '../../server/x509.ts';
import {
  CONFIG_MAPS,
  FLOW_SCHEMAS,
  NAMESPACES,
  PODS,
  RESOURCE_CLAIM_TEMPLATES,
  RESOURCE_CLAIMS,
  STATEFUL_SETS,
} from '../../controllers/index.ts';
import { pod, resourceClaimTemplate, statefulSet } from '../support/builders.ts';
import { controllerEnvs } from '../support/controller-env.ts';

/** Every built-in controller, in orch-apiserver's order (the list test/controllers/builtin.test.ts spells out). */
const EVERY = CONTROLLER_NAMES;

describe('--controllers and --pod-ready-delay', () => {
  it('default: every controller, pods ready after 2s, deleted pods stop in 1s', () => {
    expect(parseFlags([])).toMatchObject({ controllers: EVERY, podReadyDelayMs: 2000, podStopDelayMs: 1000 });
    expect(DEFAULT_CONTROLLERS).toEqual(EVERY);
    expect(CONTROLLER_NAMES).toEqual(DEFAULT_CONTROLLERS);
  });

  it.each([
    { argv: ['--controllers='], runs: [] },
    { argv: ['--controllers=none'], runs: [] },
    { argv: ['--controllers', 'statefulset,pod-lifecycle'], runs: ['statefulset', 'pod-lifecycle'] },
    { argv: ['--controllers=pod-lifecycle,namespace'], runs: ['namespace', 'pod-lifecycle'] },
    {
      argv: ['--controllers=*,-resource-claim,-namespace'],
      runs: ['garbage-collector', 'serviceaccount', 'serviceaccount-token', 'statefulset', 'pod-lifecycle', 'flowcontrol'],
    },
    {
      argv: ['--controllers=*,flowcontrol'],
      runs: EVERY,
    },
  ])('$argv runs $runs', ({ argv, runs }) => {
    expect(parseFlags(argv).controllers).toEqual(runs);
  });

  it.each([
    {
      argv: ['--controllers=statefulset,replicaset'],
      message: 'invalid argument "statefulset,replicaset" for "--controllers" flag: "replicaset" is not in the list of known controllers',
    },
    { argv: ['--controllers=-nope'], message: '"nope" is not in the list of known controllers' },
    { argv: ['--pod-ready-delay=soon'], message: 'invalid argument "soon" for "--pod-ready-delay" flag' },
    { argv: ['--pod-stop-delay=later'], message: 'invalid argument "later" for "--pod-stop-delay" flag' },
  ])('$argv fails at start-up: $message', ({ argv, message }) => {
    expect(() => parseFlags(argv)).toThrow(message);
  });

  it('takes the delay as a Go duration', () => {
    expect(parseFlags(['--pod-ready-delay=1m30s']).podReadyDelayMs).toBe(90_000);
    expect(parseFlags(['--pod-ready-delay', '0']).podReadyDelayMs).toBe(0);
    expect(parseFlags(['--pod-stop-delay=2500ms']).podStopDelayMs).toBe(2500);
    expect(parseFlags(['--pod-stop-delay', '0s']).podStopDelayMs).toBe(0);
  });

  it('--help documents both flags', () => {
    expect(HELP).toContain('--controllers strings');
    expect(HELP).toContain('--pod-ready-delay duration');
    expect(HELP).toContain('--pod-stop-delay duration');
    for (const name of CONTROLLER_NAMES) expect(HELP).toContain(name);
  });
});

describe('orch-apiserver with controllers, over HTTP', () => {
  const envs = controllerEnvs();

  /** orch-apiserver on the real clock running `controllers`, and an env that only watches it (its own clock paces nothing). */
  async function serve(controllers: StartOptions['controllers'], server: Omit<StartOptions, 'port'> = {}) {
    return envs.overHttp({ server: { clock: realClock, controllers, podReadyDelayMs: 0, ...server } });
  }

  it('runs none unless asked (startServer), and says which it runs', async () => {
    const plain = await envs.serve();
    expect(plain.controllers).toBeUndefined();
    await plain.shutdown();
    const server = await envs.serve({ controllers: ['statefulset', 'resource-claim'] });
    expect(server.controllers?.names).toEqual(['statefulset']);
    expect(server.controllers?.skipped).toEqual([{ name: 'resource-claim', reason: 'feature gate DynamicResourceAllocation is off' }]);
  });

  it('a StatefulSet gets ready pods; deleting it takes them along (garbage collector)', async () => {
    const { env: w } = await serve(['garbage-collector', 'statefulset', 'pod-lifecycle']);
    await w.resource(STATEFUL_SETS, 'default').create(statefulSet('web', { replicas: 2 }));
    await w.waitFor(STATEFUL_SETS, 'default/web', (s) => s?.status?.readyReplicas === 2);
    await w.resource(STATEFUL_SETS, 'default').delete('web');
    await w.waitForList(PODS, (l) => l.length === 0);
  });

  it('a deleted pod shows Terminating until its containers have stopped, then goes', async () => {
    const { env: w } = await serve(['pod-lifecycle'], { podStopDelayMs: 400 });
    const pods = w.resource(PODS, 'default');
    await pods.create(pod('p'));
    await w.waitFor(PODS, 'default/p', (p) => p?.status?.phase === 'Running');
    await pods.delete('p');
    const terminating = await pods.get('p');
    expect(terminating.metadata.deletionGracePeriodSeconds).toBe(30);
    await w.waitFor(PODS, 'default/p', (p) => p === undefined);
  });

  it('kubectl delete namespace finishes: the namespace is emptied and goes', async () => {
    const { env: w } = await serve(['namespace']);
    await w.resource(NAMESPACES).create({ metadata: { name: 'doomed' } });
    await w.resource(CONFIG_MAPS, 'doomed').create({ metadata: { name: 'c' } });
    await w.resource(NAMESPACES).delete('doomed');
    await w.waitFor(NAMESPACES, 'doomed', (n) => n === undefined);
  });

  it('flowcontrol marks a FlowSchema whose priority level is missing as Dangling', async () => {
    const { env: w } = await serve(['flowcontrol']);
    await w.resource(FLOW_SCHEMAS).create({
      metadata: { name: 'orphaned' },
      spec: { priorityLevelConfiguration: { name: 'nowhere' }, rules: [] },
    });
    const fs = await w.waitFor(FLOW_SCHEMAS, 'orphaned', (f) => (f?.status?.conditions ?? []).length > 0);
    expect(fs?.status?.conditions?.[0]).toMatchObject({ type: 'Dangling', status: 'True', reason: 'NotFound' });
  });

  it('a pod naming a claim template gets its claim (DynamicResourceAllocation on)', async () => {
    const { env: w } = await serve(['resource-claim'], { featureGates: { DynamicResourceAllocation: true } });
    await w.resource(RESOURCE_CLAIM_TEMPLATES, 'default').create(resourceClaimTemplate('gpu'));
    await w.resource(PODS, 'default').create(pod('p', { spec: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'gpu' }] } }));
    const [claim] = await w.waitForList(RESOURCE_CLAIMS, (l) => l.length === 1);
    expect(claim.metadata.generateName).toBe('p-gpu-');
  });

  it('under RBAC with anonymous access off, the controllers act as the controller manager (a new namespace gets its default ServiceAccount)', async () => {
    const server = await envs.serve({
      clock: realClock,
      controllers: ['serviceaccount'],
      security: {
        authentication: { tokens: 'admin-token,admin,1,"system:masters"\n', anonymous: false },
        authorization: { modes: ['RBAC'] },
      },
    });
    const as =
      (token: string | undefined) =>
      (path: string, init: RequestInit = {}) =>
        fetch(`${server.url}${path}`, {
          ...init,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
    const admin = as('admin-token');
    expect((await as(undefined)('/api/v1/namespaces')).status).toBe(401);
    expect((await admin('/api/v1/namespaces', { method: 'POST', body: JSON.stringify({ metadata: { name: 'fresh' } }) })).status).toBe(201);
    for (let i = 0; ; i++) {
      const res = await admin('/api/v1/namespaces/fresh/serviceaccounts/default');
      if (res.status === 200) break;
      expect(i, 'the default ServiceAccount never came').toBeLessThan(200);
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  it('serviceaccount-token runs only with a signing key; then it fills token Secrets, the serving certificate as their ca.crt', async () => {
    const keyless = await envs.serve({ controllers: ['serviceaccount-token'] });
    expect(keyless.controllers?.names).toEqual([]);
    expect(keyless.controllers?.skipped).toEqual([
      { name: 'serviceaccount-token', reason: 'no ServiceAccount signing key (--service-account-signing-key-file)' },
    ]);
    await keyless.shutdown();

    const serving = selfSigned({ commonName: 'orch-apiserver' }, ['localhost'], ['127.0.0.1']);
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const server = await envs.serve({
      clock: realClock,
      controllers: ['serviceaccount-token'],
      tls: { certPem: serving.certPem, keyPem: serving.keyPem },
      security: {
        authentication: {
          tokens: 'admin-token,admin,1,"system:masters"\n',
          serviceAccounts: { signingKey: { key: privateKey, alg: 'ES256', publicKey } },
        },
        authorization: { modes: ['RBAC'] },
      },
    });
    expect(server.controllers?.names).toEqual(['serviceaccount-token']);
    const admin = (path: string, body?: object) =>
      server.api.fetch(
        new Request(`http://orch${path}`, {
          method: body ? 'POST' : 'GET',
          headers: { authorization: 'Bearer admin-token', 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      );
    expect((await admin('/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'robot' } })).status).toBe(201);
    const secret = {
      metadata: { name: 'robot-token', annotations: { 'kubernetes.io/service-account.name': 'robot' } },
      type: 'kubernetes.io/service-account-token',
    };
    expect((await admin('/api/v1/namespaces/default/secrets', secret)).status).toBe(201);
    let data: Record<string, string> = {};
    for (let i = 0; !data.token; i++) {
      expect(i, 'the token Secret was never filled').toBeLessThan(200);
      await new Promise((r) => setTimeout(r, 25));
      data =
        ((await (await admin('/api/v1/namespaces/default/secrets/robot-token')).json()) as { data?: Record<string, string> }).data ?? {};
    }
    expect(Buffer.from(data['ca.crt'], 'base64').toString()).toBe(serving.certPem);
    // The token it wrote is the account's, to the server that signed it.
    const who = await server.api.fetch(
      new Request('http://orch/apis/authentication.orch.io/v1/selfsubjectreviews', {
        method: 'POST',
        headers: { authorization: `Bearer ${Buffer.from(data.token, 'base64').toString()}`, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    expect(((await who.json()) as { status: { userInfo: { username: string } } }).status.userInfo.username).toBe(
      'system:serviceaccount:default:robot',
    );
  });

  it('stops the controllers on shutdown', async () => {
    const { env, server } = await serve(['statefulset']);
    const manager = server.controllers!.manager;
    expect(manager.running).toBe(true);
    await env.stop();
    await server.shutdown();
    expect(manager.running).toBe(false);
  });
});
