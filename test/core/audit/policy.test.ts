/**
 * Which rule of an audit policy a request matches, by the real checker's rules: a group in its
 * `k8s.io` spelling names the served `orch.io` group requests are audited as (published policies
 * are written so); `pods/*` is pods and each of its subresources; an entry without resources is
 * its whole group, whatever its resourceNames. A policy the real validation refuses is refused.
 * And a list of one object by its field selector is audited as about that object.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AuditPolicyError, auditLevelOf, MemoryAuditSink, parseAuditPolicy } from '../../../core/audit/index.ts';
import type { Attributes } from '../../../core/auth/attributes.ts';
import type { ApiServer } from '../../../core/index.ts';
import { as, securedServer, TOKENS } from '../../support/secured.ts';

const user = { name: 'u', groups: [] };
const req = (apiGroup: string, resource: string, subresource = '', name = ''): Attributes => ({
  isResourceRequest: true,
  user,
  verb: 'get',
  namespace: 'ns',
  apiGroup,
  apiVersion: 'v1',
  resource,
  subresource,
  name,
});

/** The level a policy of one `resources` entry (else Metadata) gives a request. */
const levelOf = (entry: string, a: Attributes) =>
  auditLevelOf(
    parseAuditPolicy(`apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: None\n  resources: [${entry}]\n- level: Metadata\n`),
    a,
  ).level;

describe('a resources entry of an audit policy rule', () => {
  it.each([
    ['a group in its k8s.io spelling', '{group: coordination.k8s.io, resources: [leases]}', req('coordination.orch.io', 'leases'), true],
    ['a group in its orch.io spelling', '{group: coordination.orch.io, resources: [leases]}', req('coordination.orch.io', 'leases'), true],
    ['a whole group in its k8s.io spelling', '{group: rbac.authorization.k8s.io}', req('rbac.authorization.orch.io', 'clusterroles'), true],
    ['another group', '{group: networking.k8s.io, resources: [leases]}', req('coordination.orch.io', 'leases'), false],
    ['the core group', '{group: "", resources: [pods]}', req('', 'pods'), true],
    ['the core group, not another', '{group: "", resources: [pods]}', req('apps', 'pods'), false],
    ['a subresource by name', '{resources: [pods/log]}', req('', 'pods', 'log'), true],
    ['not the subresource for the resource', '{resources: [pods]}', req('', 'pods', 'log'), false],
    ['resource/* for a subresource', '{resources: [pods/*]}', req('', 'pods', 'log'), true],
    ['resource/* for the resource itself', '{resources: [pods/*]}', req('', 'pods'), true],
    ['resource/* not for another resource', '{resources: [pods/*]}', req('', 'services', 'status'), false],
    ['*/subresource', '{resources: ["*/status"]}', req('', 'services', 'status'), true],
    ['*/subresource not for the resource', '{resources: ["*/status"]}', req('', 'services'), false],
    ['every resource', '{resources: ["*"]}', req('', 'secrets', 'x'), true],
    ['a named object', '{resources: [configmaps], resourceNames: [a]}', req('', 'configmaps', '', 'a'), true],
    ['another named object', '{resources: [configmaps], resourceNames: [a]}', req('', 'configmaps', '', 'b'), false],
    ['names without resources', '{resourceNames: [a]}', req('', 'configmaps', '', 'b'), true],
  ])('%s: %s', (_what, entry, a, matches) => {
    expect(levelOf(entry, a)).toBe(matches ? 'None' : 'Metadata');
  });
});

describe('an audit policy the real validation refuses', () => {
  const rules = (rule: string) => `apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [${rule}]`;
  it.each([
    ['a group that is no DNS subdomain', rules('{level: None, resources: [{group: rbac.authorization.k8s.io/v1}]}')],
    ['a group that is no string', rules('{level: None, resources: [{group: 5}]}')],
    ['resources that are no list', rules('{level: None, resources: pods}')],
    ['a resources entry that is no object', rules('{level: None, resources: [pods]}')],
    ['resource names that are no list', rules('{level: None, resources: [{resourceNames: a}]}')],
    ['namespaces and non-resource URLs', rules('{level: None, namespaces: [a], nonResourceURLs: [/x]}')],
  ])('is refused: %s', (_what, text) => {
    expect(() => parseAuditPolicy(text)).toThrow(AuditPolicyError);
  });
});

describe('the objectRef of a list of one object', () => {
  let api: ApiServer | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it.each([
    ['a list selecting one name', '?fieldSelector=metadata.name%3Dcm1', 'cm1'],
    ['a list selecting another field', '?fieldSelector=metadata.namespace%3Ddefault', undefined],
  ])('%s: objectRef.name %s', async (_what, query, name) => {
    const sink = new MemoryAuditSink();
    api = await securedServer({
      security: {
        authentication: { tokens: TOKENS },
        authorization: { modes: 'AlwaysAllow' },
        audit: { policy: 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: [{level: Metadata}]', sink },
      },
    });
    const res = await as(api, 'alice', 'GET', `/api/v1/namespaces/default/configmaps${query}`);
    expect(res.status).toBe(200);
    const events = sink.events.filter((e) => e.auditID === res.headers.get('audit-id'));
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.verb).toBe('list');
      expect(e.objectRef).toMatchObject({ resource: 'configmaps', namespace: 'default' });
      expect(e.objectRef?.name).toBe(name);
    }
  });
});
