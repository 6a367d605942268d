/**
 * The interfaces generated beside the schemas (core/registry/types, the package entry
 * `orch/types`), checked by the TypeScript compiler from the test run: the rules of rules.ts
 * hold, and every object the server returns — decoded by the schemas, defaulted, with what the
 * server sets — is a value of its kind's interface as it comes, nulls and all.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../../core/index.ts';
import type { JsonObject } from '../../../core/util/json.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const RULES = join(HERE, 'rules.ts');

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  types: [],
};

/** Type-checks the files (some given as text), in one program; the errors of each, by file. */
function typeCheck(files: readonly string[], texts: Readonly<Record<string, string>>): Map<string, string[]> {
  const host = ts.createCompilerHost(OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, lang, ...rest) =>
    texts[name] !== undefined ? ts.createSourceFile(name, texts[name], lang) : getSourceFile.call(host, name, lang, ...rest);
  host.fileExists = (name) => texts[name] !== undefined || fileExists.call(host, name);
  host.readFile = (name) => texts[name] ?? readFile.call(host, name);
  const program = ts.createProgram([...files, ...Object.keys(texts)], OPTIONS, host);
  const errors = new Map<string, string[]>();
  for (const file of [...files, ...Object.keys(texts)]) {
    const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file));
    errors.set(
      file,
      diagnostics.map((d) => {
        const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
        return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      }),
    );
  }
  return errors;
}

/** A module that declares `value`, of the type given (a member of orch/types), as the JSON given. */
function typed(type: string, value: unknown): string {
  return `import type * as types from '../../../core/registry/types/index.ts';\n\nexport const value: types.${type} = ${JSON.stringify(value, null, 2)};\n`;
}

const labels = { app: 'web' };
const podSpec = {
  containers: [
    {
      name: 'web',
      image: 'nginx:1.27',
      ports: [{ name: 'http', containerPort: 80 }],
      resources: { requests: { cpu: '250m', memory: 64 * 1024 * 1024 } },
      volumeMounts: [{ name: 'data', mountPath: '/data' }],
      readinessProbe: { httpGet: { path: '/', port: 'http' } },
    },
  ],
};
const claimSpec = { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com' }] } };
const roleRef = { apiGroup: 'rbac.authorization.orch.io', kind: 'ClusterRole', name: 'view' };
const subjects = [{ kind: 'ServiceAccount', name: 'default', namespace: 'default' }];

const NS = '/api/v1/namespaces/default';
const APPS = '/apis/apps/v1/namespaces/default';

/** The interface, and the path to create an object at with `body` (or, without one, to read). */
const ROWS: readonly { type: string; path: string; body?: JsonObject }[] = [
  {
    type: 'coreV1.ConfigMap',
    path: `${NS}/configmaps`,
    body: { metadata: { name: 'c' }, data: { greeting: 'hello' }, binaryData: { bin: '/wD+' } },
  },
  { type: 'coreV1.Secret', path: `${NS}/secrets`, body: { metadata: { name: 's' }, stringData: { password: 'p' } } },
  {
    type: 'coreV1.ServiceAccount',
    path: `${NS}/serviceaccounts`,
    body: { metadata: { name: 'builder' }, imagePullSecrets: [{ name: 'registry' }] },
  },
  {
    type: 'coreV1.Pod',
    path: `${NS}/pods`,
    body: { metadata: { name: 'p', labels }, spec: { ...podSpec, volumes: [{ name: 'data', emptyDir: {} }] } },
  },
  {
    type: 'coreV1.Service',
    path: `${NS}/services`,
    body: { metadata: { name: 'web' }, spec: { selector: labels, ports: [{ name: 'http', port: 80, targetPort: 'http' }] } },
  },
  {
    type: 'coreV1.PersistentVolumeClaim',
    path: `${NS}/persistentvolumeclaims`,
    body: { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
  },
  {
    type: 'coreV1.Event',
    path: `${NS}/events`,
    body: {
      metadata: { name: 'old' },
      involvedObject: { kind: 'Pod', namespace: 'default', name: 'p' },
      reason: 'Pulled',
      message: 'pulled',
      type: 'Normal',
    },
  },
  {
    type: 'eventsV1.Event',
    path: '/apis/events.orch.io/v1/namespaces/default/events',
    body: {
      metadata: { name: 'new' },
      eventTime: '2024-05-01T10:00:00.123456Z',
      reportingController: 'orchestrator.io/scheduler',
      reportingInstance: 'scheduler-1',
      action: 'Binding',
      reason: 'Scheduled',
      regarding: { kind: 'Pod', namespace: 'default', name: 'p', apiVersion: 'v1' },
      note: 'assigned default/p to node-1',
      type: 'Normal',
    },
  },
  {
    type: 'appsV1.StatefulSet',
    path: `${APPS}/statefulsets`,
    body: {
      metadata: { name: 'web' },
      spec: {
        serviceName: 'web',
        selector: { matchLabels: labels },
        template: { metadata: { labels }, spec: podSpec },
        volumeClaimTemplates: [
          { metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
        ],
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0, maxUnavailable: '50%' } },
      },
    },
  },
  { type: 'autoscalingV1.Scale', path: `${APPS}/statefulsets/web/scale` },
  { type: 'appsV1.StatefulSetList', path: `${APPS}/statefulsets` },
  {
    type: 'appsV1.ControllerRevision',
    path: `${APPS}/controllerrevisions`,
    body: { metadata: { name: 'web-1' }, data: { spec: { template: {} } }, revision: 1 },
  },
  {
    type: 'networkingV1.Ingress',
    path: '/apis/networking.orch.io/v1/namespaces/default/ingresses',
    body: {
      metadata: { name: 'shop' },
      spec: {
        rules: [
          {
            host: 'shop.example.com',
            http: { paths: [{ path: '/cart', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] },
          },
        ],
      },
    },
  },
  {
    type: 'networkingV1.IngressClass',
    path: '/apis/networking.orch.io/v1/ingressclasses',
    body: { metadata: { name: 'nginx' }, spec: { controller: 'example.com/ingress' } },
  },
  {
    type: 'rbacV1.Role',
    path: '/apis/rbac.authorization.orch.io/v1/namespaces/default/roles',
    body: { metadata: { name: 'reader' }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }] },
  },
  {
    type: 'rbacV1.RoleBinding',
    path: '/apis/rbac.authorization.orch.io/v1/namespaces/default/rolebindings',
    body: { metadata: { name: 'read' }, subjects, roleRef },
  },
  {
    type: 'rbacV1.ClusterRoleBinding',
    path: '/apis/rbac.authorization.orch.io/v1/clusterrolebindings',
    body: { metadata: { name: 'read' }, subjects, roleRef },
  },
  {
    type: 'resourceV1beta1.ResourceClaim',
    path: '/apis/resource.orch.io/v1beta1/namespaces/default/resourceclaims',
    body: { metadata: { name: 'gpu' }, spec: claimSpec },
  },
  {
    type: 'resourceV1beta1.ResourceClaimTemplate',
    path: '/apis/resource.orch.io/v1beta1/namespaces/default/resourceclaimtemplates',
    body: { metadata: { name: 'gpu' }, spec: { metadata: { labels }, spec: claimSpec } },
  },
  // What the server makes itself, at its start.
  { type: 'coreV1.NamespaceList', path: '/api/v1/namespaces' },
  { type: 'coreV1.ComponentStatusList', path: '/api/v1/componentstatuses' },
  { type: 'flowcontrolV1.FlowSchemaList', path: '/apis/flowcontrol.apiserver.orch.io/v1/flowschemas' },
  { type: 'flowcontrolV1.PriorityLevelConfigurationList', path: '/apis/flowcontrol.apiserver.orch.io/v1/prioritylevelconfigurations' },
  // A failure.
  { type: 'metaV1.Status', path: `${NS}/configmaps/missing` },
];

let api: ApiServer;
const served = new Map<string, unknown>();

beforeAll(async () => {
  api = createApiServer({ featureGates: { DynamicResourceAllocation: true } });
  await api.ready;
  for (const { type, path, body } of ROWS) {
    const init = body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {};
    const res = await api.fetch(new Request(`http://orch${path}`, init));
    const json = (await res.json()) as unknown;
    if (body && res.status !== 201) throw new Error(`creating a ${type}: ${res.status} ${JSON.stringify(json)}`);
    served.set(type, json);
  }
});

afterAll(async () => {
  await api?.close();
});

describe('the generated interfaces', () => {
  let errors: Map<string, string[]>;
  const fileOf = (type: string) => join(HERE, `served-${type.replace('.', '-')}.ts`);
  // A StatefulSet without its required selector: the check below must see that it is not one.
  const broken = join(HERE, 'served-without-selector.ts');

  beforeAll(() => {
    const texts: Record<string, string> = {};
    for (const [type, value] of served) texts[fileOf(type)] = typed(type, value);
    const sts = structuredClone(served.get('appsV1.StatefulSet')) as { spec: { selector?: unknown } };
    delete sts.spec.selector;
    texts[broken] = typed('appsV1.StatefulSet', sts);
    errors = typeCheck([RULES], texts);
  }, 60_000);

  it('state what rules.ts says they do', () => {
    expect(errors.get(RULES)).toEqual([]);
  });

  it.each(ROWS)('a $type the server returns ($path) is one', ({ type }) => {
    expect(errors.get(fileOf(type))).toEqual([]);
  });

  it('tell an object that lacks a required field from one that has it', () => {
    expect(errors.get(broken)?.join('\n')).toMatch(/Property 'selector' is missing/);
  });
});
