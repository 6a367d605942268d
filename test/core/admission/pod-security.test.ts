/**
 * PodSecurity admission (core/admission/pod-security-admission/), through the API: the namespace
 * labels (either spelling), the three modes and their versions, pods refused with the real
 * message, workload templates warned about, updates checked only when they matter, the
 * namespace's own label validation, the warnings about existing pods, and the audit annotations.
 * The checks are core/admission/pod-security/checks.ts's; the texts below are the real server's.
 */
import { describe, expect, it } from 'vitest';
import { MemoryAuditSink } from '../../../core/index.ts';
import { call, inProcess, serverPerTest, type Target } from '../../support/targets.ts';

const NS = '/api/v1/namespaces';
const MERGE = { 'content-type': 'application/merge-patch+json' };

const PRIVILEGED_RESTRICTED =
  'privileged (container "c" must not set securityContext.privileged=true), ' +
  'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';
const PRIVILEGED_BASELINE = 'privileged (container "c" must not set securityContext.privileged=true)';
const HOST_NETWORK = 'host namespaces (hostNetwork=true)';

type Spec = Record<string, unknown>;
const plain: Spec = { containers: [{ name: 'c', image: 'busybox' }] };
const privileged: Spec = { containers: [{ name: 'c', image: 'busybox', securityContext: { privileged: true } }] };
const hostNetwork: Spec = { hostNetwork: true, containers: [{ name: 'c', image: 'busybox' }] };
const restricted: Spec = {
  securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
  containers: [{ name: 'c', image: 'busybox', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
};

function pod(name: string, spec: Spec, meta: Record<string, unknown> = {}) {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, ...meta }, spec };
}

async function namespace(t: Target, name: string, labels: Record<string, string>): Promise<void> {
  const r = await call(t, 'POST', NS, { metadata: { name, labels } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

function warnings(r: { headers: Headers }): string[] {
  const h = r.headers.get('warning');
  if (!h) return [];
  return [...h.matchAll(/299 - "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
}

describe('pods, by the namespace’s labels', () => {
  const t = serverPerTest();

  const rows: { rule: string; labels: Record<string, string>; spec: Spec; status: number; message?: string; warnings?: string[] }[] = [
    { rule: 'no labels: privileged, anything goes', labels: {}, spec: privileged, status: 201, warnings: [] },
    {
      rule: 'enforce=restricted refuses a privileged pod with every violation',
      labels: { 'pod-security.orchestrator.io/enforce': 'restricted' },
      spec: privileged,
      status: 403,
      message: `pods "p" is forbidden: violates PodSecurity "restricted:latest": ${PRIVILEGED_RESTRICTED}`,
    },
    {
      rule: 'the real platform’s label spelling is read too',
      labels: { 'pod-security.kubernetes.io/enforce': 'baseline' },
      spec: hostNetwork,
      status: 403,
      message: `pods "p" is forbidden: violates PodSecurity "baseline:latest": ${HOST_NETWORK}`,
    },
    {
      rule: 'with both spellings, orch’s wins',
      labels: { 'pod-security.orchestrator.io/enforce': 'privileged', 'pod-security.kubernetes.io/enforce': 'restricted' },
      spec: privileged,
      status: 201,
      warnings: [],
    },
    {
      rule: 'the enforce version is named in the message',
      labels: { 'pod-security.orchestrator.io/enforce': 'baseline', 'pod-security.orchestrator.io/enforce-version': 'v1.24' },
      spec: privileged,
      status: 403,
      message: `pods "p" is forbidden: violates PodSecurity "baseline:v1.24": ${PRIVILEGED_BASELINE}`,
    },
    {
      rule: 'a restricted pod passes restricted',
      labels: { 'pod-security.orchestrator.io/enforce': 'restricted' },
      spec: restricted,
      status: 201,
      warnings: [],
    },
    {
      rule: 'warn: allowed, with the warning',
      labels: { 'pod-security.orchestrator.io/warn': 'baseline' },
      spec: privileged,
      status: 201,
      warnings: [`would violate PodSecurity "baseline:latest": ${PRIVILEGED_BASELINE}`],
    },
    {
      rule: 'enforce baseline, warn restricted: a baseline pod is warned about restricted',
      labels: { 'pod-security.orchestrator.io/enforce': 'baseline', 'pod-security.orchestrator.io/warn': 'restricted' },
      spec: plain,
      status: 201,
      warnings: [
        'would violate PodSecurity "restricted:latest": ' +
          'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
          'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
          'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
          'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      ],
    },
    {
      rule: 'a refused pod gets no warning besides',
      labels: { 'pod-security.orchestrator.io/enforce': 'baseline', 'pod-security.orchestrator.io/warn': 'restricted' },
      spec: privileged,
      status: 403,
      message: `pods "p" is forbidden: violates PodSecurity "baseline:latest": ${PRIVILEGED_BASELINE}`,
      warnings: [],
    },
    {
      rule: 'audit alone neither refuses nor warns',
      labels: { 'pod-security.orchestrator.io/audit': 'restricted' },
      spec: privileged,
      status: 201,
      warnings: [],
    },
  ];

  it.each(rows)('$rule', async (row) => {
    await namespace(t, 'psa', row.labels);
    const r = await call(t, 'POST', `${NS}/psa/pods`, pod('p', row.spec));
    expect(r.status, JSON.stringify(r.body)).toBe(row.status);
    if (row.message)
      expect(r.body).toMatchObject({ reason: 'Forbidden', code: 403, message: row.message, details: { name: 'p', kind: 'pods' } });
    if (row.warnings) expect(warnings(r)).toEqual(row.warnings);
  });

  it('a generated name is the one refused', async () => {
    await namespace(t, 'psa', { 'pod-security.orchestrator.io/enforce': 'baseline' });
    const r = await call(t, 'POST', `${NS}/psa/pods`, { metadata: { generateName: 'gen-' }, spec: hostNetwork });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/^pods "gen-[a-z0-9]{5}" is forbidden: violates PodSecurity "baseline:latest": host namespaces/);
  });

  it('a dry run is refused the same', async () => {
    await namespace(t, 'psa', { 'pod-security.orchestrator.io/enforce': 'baseline' });
    const r = await call(t, 'POST', `${NS}/psa/pods?dryRun=All`, pod('dry', privileged));
    expect(r.status).toBe(403);
  });
});

describe('pod updates', () => {
  const t = serverPerTest();

  async function runningPodThenEnforce(): Promise<void> {
    await namespace(t, 'upd', {});
    expect((await call(t, 'POST', `${NS}/upd/pods`, pod('p', privileged))).status).toBe(201);
    const r = await call(t, 'PATCH', `${NS}/upd`, { metadata: { labels: { 'pod-security.orchestrator.io/enforce': 'baseline' } } }, MERGE);
    expect(r.status).toBe(200);
  }

  it.each([
    { change: 'labels', patch: { metadata: { labels: { a: 'b' } } }, status: 200 },
    { change: 'activeDeadlineSeconds', patch: { spec: { activeDeadlineSeconds: 30 } }, status: 200 },
    { change: 'an image', patch: { spec: { containers: [{ name: 'c', image: 'busybox:2' }] } }, status: 403 },
  ])('changing $change of a violating pod → $status', async ({ patch, status }) => {
    await runningPodThenEnforce();
    const r = await call(t, 'PATCH', `${NS}/upd/pods/p`, patch, { 'content-type': 'application/strategic-merge-patch+json' });
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    if (status === 403)
      expect(r.body.message).toBe(`pods "p" is forbidden: violates PodSecurity "baseline:latest": ${PRIVILEGED_BASELINE}`);
  });

  it('the status subresource is not checked', async () => {
    await runningPodThenEnforce();
    const r = await call(t, 'PATCH', `${NS}/upd/pods/p/status`, { status: { message: 'still here' } }, MERGE);
    expect(r.status).toBe(200);
  });
});

describe('workload templates', () => {
  const t = serverPerTest();
  const sts = (spec: Spec) => ({
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web' },
    spec: { serviceName: 'web', selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec } },
  });

  it.each<{ rule: string; labels: Record<string, string>; warnings: string[] }>([
    {
      rule: 'enforce alone: created, warned at the enforce level (warn follows enforce)',
      labels: { 'pod-security.orchestrator.io/enforce': 'baseline' },
      warnings: [`would violate PodSecurity "baseline:latest": ${PRIVILEGED_BASELINE}`],
    },
    {
      rule: 'a warn level of its own wins over enforce',
      labels: { 'pod-security.orchestrator.io/enforce': 'baseline', 'pod-security.orchestrator.io/warn': 'privileged' },
      warnings: [],
    },
    {
      rule: 'warn follows the enforce version too',
      labels: { 'pod-security.orchestrator.io/enforce': 'baseline', 'pod-security.orchestrator.io/enforce-version': 'v1.30' },
      warnings: [`would violate PodSecurity "baseline:v1.30": ${PRIVILEGED_BASELINE}`],
    },
  ])('$rule', async ({ labels, warnings: expected }) => {
    await namespace(t, 'wl', labels);
    const r = await call(t, 'POST', '/apis/apps/v1/namespaces/wl/statefulsets', sts(privileged));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(warnings(r)).toEqual(expected);
  });
});

describe('namespace labels', () => {
  const t = serverPerTest();

  it.each([
    {
      label: 'pod-security.orchestrator.io/enforce',
      value: 'strict',
      message:
        'metadata.labels[pod-security.orchestrator.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted',
    },
    {
      label: 'pod-security.kubernetes.io/warn-version',
      value: 'v2.0',
      message: 'metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "v2.0": must be "latest" or "v1.x"',
    },
    {
      label: 'pod-security.orchestrator.io/audit-version',
      value: 'v1.01',
      message: 'metadata.labels[pod-security.orchestrator.io/audit-version]: Invalid value: "v1.01": must be "latest" or "v1.x"',
    },
  ])('$label=$value is refused on create and update', async ({ label, value, message }) => {
    const created = await call(t, 'POST', NS, { metadata: { name: 'bad', labels: { [label]: value } } });
    expect(created.status).toBe(422);
    expect(created.body.message).toBe(`Namespace "bad" is invalid: ${message}`);
    const updated = await call(t, 'PATCH', `${NS}/default`, { metadata: { labels: { [label]: value } } }, MERGE);
    expect(updated.status).toBe(422);
    expect(updated.body.message).toBe(`Namespace "default" is invalid: ${message}`);
  });

  it.each(['latest', 'v1.0', 'v1.32', 'v1.99'])('version %s is valid', async (version) => {
    await namespace(t, 'ok', { 'pod-security.orchestrator.io/enforce-version': version });
  });
});

describe('a stricter enforce level warns about existing pods', () => {
  const t = serverPerTest();

  async function podsThenLabel(pods: [string, Spec][], from: Record<string, string>, to: Record<string, string | null>) {
    await namespace(t, 'live', from);
    for (const [name, spec] of pods) expect((await call(t, 'POST', `${NS}/live/pods`, pod(name, spec))).status).toBe(201);
    const r = await call(t, 'PATCH', `${NS}/live`, { metadata: { labels: to } }, MERGE);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return warnings(r);
  }

  const E = 'pod-security.orchestrator.io/enforce';
  const V = 'pod-security.orchestrator.io/enforce-version';

  it.each<{ rule: string; pods: [string, Spec][]; from: Record<string, string>; to: Record<string, string>; expected: string[] }>([
    {
      rule: 'pods with the same violations are named once, the first by name, with how many others',
      pods: [
        ['web-2', privileged],
        ['web-1', privileged],
        ['web-3', privileged],
        ['net', hostNetwork],
        ['db-1', hostNetwork],
        ['ok', plain],
      ] as [string, Spec][],
      from: {},
      to: { [E]: 'baseline' },
      expected: [
        'existing pods in namespace "live" violate the new PodSecurity enforce level "baseline:latest"',
        'db-1 (and 1 other pod): host namespaces',
        'web-1 (and 2 other pods): privileged',
      ],
    },
    {
      rule: 'the real spelling of the label counts',
      pods: [['one', privileged]] as [string, Spec][],
      from: {},
      to: { 'pod-security.kubernetes.io/enforce': 'baseline' },
      expected: ['existing pods in namespace "live" violate the new PodSecurity enforce level "baseline:latest"', 'one: privileged'],
    },
    { rule: 'no violating pod: no warning', pods: [['ok', plain]] as [string, Spec][], from: {}, to: { [E]: 'baseline' }, expected: [] },
    {
      rule: 'a relaxed level at the same version: not checked',
      pods: [['p', plain]] as [string, Spec][],
      from: { [E]: 'baseline' },
      to: { [E]: 'privileged' },
      expected: [],
    },
    {
      rule: 'the same level at another version is checked',
      pods: [['p', privileged]] as [string, Spec][],
      from: { [E]: 'privileged' },
      to: { [E]: 'baseline', [V]: 'v1.30' },
      expected: ['existing pods in namespace "live" violate the new PodSecurity enforce level "baseline:v1.30"', 'p: privileged'],
    },
    {
      rule: 'a changed warn level is no enforce change',
      pods: [['p', privileged]] as [string, Spec][],
      from: {},
      to: { 'pod-security.orchestrator.io/warn': 'restricted' },
      expected: [],
    },
  ])('$rule', async ({ pods, from, to, expected }) => {
    expect(await podsThenLabel(pods, from, to)).toEqual(expected);
  });
});

describe('audit annotations', () => {
  it('an audited pod write carries the enforced policy and the audit level’s violations', async () => {
    const sink = new MemoryAuditSink();
    const t = await inProcess({
      security: { audit: { policy: 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n', sink } },
    });
    try {
      await namespace(t, 'aud', { 'pod-security.orchestrator.io/enforce': 'baseline', 'pod-security.orchestrator.io/audit': 'baseline' });
      const refused = await call(t, 'POST', `${NS}/aud/pods`, pod('p', privileged));
      expect(refused.status).toBe(403);
      const allowed = await call(t, 'POST', `${NS}/aud/pods`, pod('q', plain));
      expect(allowed.status).toBe(201);
      const complete = (r: { headers: Headers }) =>
        sink.events.find((e) => e.auditID === r.headers.get('audit-id') && e.stage === 'ResponseComplete')?.annotations;
      // Beside the authorization filter's own annotations.
      const authorized = { 'authorization.orch.io/decision': 'allow', 'authorization.orch.io/reason': '' };
      expect(complete(refused)).toEqual({
        ...authorized,
        'pod-security.orchestrator.io/enforce-policy': 'baseline:latest',
        'pod-security.orchestrator.io/audit-violations': `would violate PodSecurity "baseline:latest": ${PRIVILEGED_BASELINE}`,
      });
      expect(complete(allowed)).toEqual({ ...authorized, 'pod-security.orchestrator.io/enforce-policy': 'baseline:latest' });
    } finally {
      await t.close();
    }
  });
});
