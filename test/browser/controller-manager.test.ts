/**
 * The worker's controllers write under the field manager they have in Node
 * (`orch-controller-manager`, server/controllers.ts): what managed fields show must not depend
 * on where the playground's API server runs.
 */
import { expect } from 'chai';
import { before, describe, it } from './support/mocha.ts';
import { call, runtime } from './support/runtime.ts';

const PODS = '/api/v1/namespaces/default/pods';

/** Polls until `ok` holds for the object at `path`, failing with what it last saw. */
async function objectWhen<T>(path: string, ok: (body: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    const r = await call('GET', path);
    last = r.body;
    if (r.status === 200 && ok(r.body as T)) return r.body as T;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`not so within ${ms} ms; last seen: ${JSON.stringify(last)}`);
}

interface ManagedPod {
  metadata: { managedFields?: { manager: string; operation: string; subresource?: string }[] };
  status?: { phase?: string };
}

describe("the worker's controllers", () => {
  before(async () => {
    await runtime();
  });

  it('write under the field manager orch-controller-manager, as in Node', async () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'managed' },
      spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] },
    };
    expect((await call('POST', `${PODS}?fieldManager=test-author`, pod)).status).to.equal(201);

    // The pod simulator (scheduler and node) binds the pod and reports its status.
    const running = await objectWhen<ManagedPod>(`${PODS}/managed`, (p) => p.status?.phase === 'Running');
    const managers = new Set((running.metadata.managedFields ?? []).map((f) => f.manager));
    expect([...managers].sort()).to.deep.equal(['orch-controller-manager', 'test-author']);
  });
});
