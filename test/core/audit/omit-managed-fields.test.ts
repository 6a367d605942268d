/**
 * `omitManagedFields` (on the policy, or on a rule, which wins): at the Request and
 * RequestResponse levels, the objects of an audit event lose `metadata.managedFields` — the
 * request object of a create or update, the response object, each item of a list — while a
 * patch document is logged as sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAuditSink } from '../../../core/audit/index.ts';
import { withoutManagedFields } from '../../../core/audit/managed-fields.ts';
import type { ApiServer } from '../../../core/index.ts';
import { as, securedServer, TOKENS } from '../../support/secured.ts';

const CM = '/api/v1/namespaces/default/configmaps';
const MANAGED = [{ manager: 'm', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: {} }];

let api: ApiServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function policy(onPolicy: string, onRule: string): string {
  return `apiVersion: audit.k8s.io/v1
kind: Policy
${onPolicy}
rules:
  - level: RequestResponse
    ${onRule}
`;
}

/** Every object an event carries, flattened to the objects that have metadata. */
function carried(e: { requestObject?: unknown; responseObject?: unknown }): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const v of [e.requestObject, e.responseObject]) {
    const o = v as { items?: Record<string, unknown>[]; metadata?: unknown } | undefined;
    if (o?.items) out.push(...o.items);
    else if (o?.metadata) out.push(o as Record<string, unknown>);
  }
  return out;
}

describe('audit omitManagedFields', () => {
  it.each([
    ['set on the policy', true, 'omitManagedFields: true', ''],
    ['set on the rule', true, '', 'omitManagedFields: true'],
    ['turned off by the rule over the policy', false, 'omitManagedFields: true', 'omitManagedFields: false'],
    ['set nowhere', false, '', ''],
  ])('%s: managedFields omitted = %s', async (_what, omitted, onPolicy, onRule) => {
    const sink = new MemoryAuditSink();
    api = await securedServer({
      security: {
        authentication: { tokens: TOKENS },
        authorization: { modes: 'AlwaysAllow' },
        audit: { policy: policy(onPolicy, onRule), sink },
      },
    });
    expect((await as(api, 'alice', 'POST', CM, { metadata: { name: 'c' }, data: { a: '1' } })).status).toBe(201);
    const got = await as(api, 'alice', 'GET', `${CM}/c`);
    expect(got.body.metadata.managedFields).toBeDefined();
    // The object read back, managedFields and all, is the body of an update.
    expect((await as(api, 'alice', 'PUT', `${CM}/c`, { ...got.body, data: { a: '2' } })).status).toBe(200);
    expect((await as(api, 'alice', 'GET', CM)).status).toBe(200);

    const complete = sink.events.filter((e) => e.stage === 'ResponseComplete' && e.user.username === 'alice');
    expect(complete.map((e) => e.verb)).toEqual(['create', 'get', 'update', 'list']);
    // Kept, they are in the create's, get's and update's answers, the update's body and the listed item.
    const withManaged = complete.flatMap(carried).filter((o) => (o.metadata as Record<string, unknown>).managedFields !== undefined);
    expect(withManaged.length).toBe(omitted ? 0 : 5);
  });

  it('logs a patch document as sent', async () => {
    const sink = new MemoryAuditSink();
    api = await securedServer({
      security: {
        authentication: { tokens: TOKENS },
        authorization: { modes: 'AlwaysAllow' },
        audit: { policy: policy('omitManagedFields: true', ''), sink },
      },
    });
    await as(api, 'alice', 'POST', CM, { metadata: { name: 'p' } });
    const patch = { metadata: { managedFields: MANAGED } };
    await as(api, 'alice', 'PATCH', `${CM}/p`, patch, { 'content-type': 'application/merge-patch+json' });
    const event = sink.events.find((e) => e.stage === 'ResponseComplete' && e.verb === 'patch');
    expect(event?.requestObject).toEqual(patch);
  });

  it.each([
    ['an object', { kind: 'Pod', metadata: { name: 'a', managedFields: MANAGED } }, { kind: 'Pod', metadata: { name: 'a' } }],
    [
      'a list',
      { kind: 'PodList', metadata: {}, items: [{ metadata: { name: 'a', managedFields: MANAGED } }] },
      { kind: 'PodList', metadata: {}, items: [{ metadata: { name: 'a' } }] },
    ],
    [
      'a Table',
      { kind: 'Table', rows: [{ cells: [], object: { metadata: { name: 'a', managedFields: MANAGED } } }] },
      { kind: 'Table', rows: [{ cells: [], object: { metadata: { name: 'a' } } }] },
    ],
    ['a Status', { kind: 'Status', status: 'Failure' }, { kind: 'Status', status: 'Failure' }],
    ['not an object', 'text', 'text'],
  ])('copies %s without managed fields', (_what, input, expected) => {
    const before = JSON.stringify(input);
    expect(withoutManagedFields(input)).toEqual(expected);
    expect(JSON.stringify(input)).toBe(before);
  });
});
