/** The serviceaccount controller: a `default` ServiceAccount in every namespace, made again when deleted. */
import { afterEach, describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../../controllers/index.ts';
import { SERVICE_ACCOUNTS } from '../../../controllers/runtime/api/resources.ts';
import { serviceAccountController } from '../../../controllers/serviceaccount/index.ts';
import { createTestEnv, type TestEnv } from '../../../controllers/testing/index.ts';

let env: TestEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

describe('the serviceaccount controller', () => {
  it('creates default in every namespace, and again after it is deleted', async () => {
    env = await createTestEnv({ controllers: [serviceAccountController()] });
    await env.resource(NAMESPACES).create({ metadata: { name: 'team' } });
    const exists = (sa: unknown) => sa !== undefined;
    const first = await env.waitFor(SERVICE_ACCOUNTS, 'team/default', exists);
    await env.waitFor(SERVICE_ACCOUNTS, 'default/default', exists);
    await env.resource(SERVICE_ACCOUNTS, 'team').delete('default');
    const again = await env.waitFor(SERVICE_ACCOUNTS, 'team/default', (sa) => sa !== undefined && sa.metadata.uid !== first?.metadata.uid);
    expect(again?.metadata.name).toBe('default');
  });
});
