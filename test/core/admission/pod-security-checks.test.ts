/**
 * The Pod Security Standards checks of policy v1.32: for each check, pods that pass and fail at
 * the baseline and restricted levels with the exact reason and detail the real evaluator gives;
 * the variants by policy version; the order checks run in and how restricted replaces baseline
 * checks; and the aggregate text of the PodSecurity admission.
 */
import { describe, expect, it } from 'vitest';
import {
  type CheckResult,
  checkPod,
  formatViolations,
  type PodSecurityLevel,
  parsePolicyVersion,
} from '../../../core/admission/pod-security/checks.ts';
import { StatusError } from '../../../core/errors/index.ts';
import type { Container, ObjectMeta, PodSpec, SecurityContext, Volume } from '../../../core/registry/types/index.ts';

const fail = (forbiddenReason: string, forbiddenDetail: string): CheckResult => ({ forbiddenReason, forbiddenDetail });

/** A container that passes every check, with `sc` laid over its security context. */
function c(name: string, sc: SecurityContext = {}, extra: Partial<Container> = {}): Container {
  return { name, securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, ...sc }, ...extra };
}

/** A pod that passes every check (given passing containers), with `spec` laid over it. */
function pod(spec: PodSpec): PodSpec {
  return { ...spec, securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' }, ...spec.securityContext } };
}

interface Case {
  what: string;
  meta?: ObjectMeta;
  spec: PodSpec;
  baseline: CheckResult[];
  /** What restricted gives, when it differs from baseline. */
  restricted?: CheckResult[];
  version?: string;
}

function runCases(cases: Case[]): void {
  it.each(cases)('$what', ({ meta = {}, spec, baseline, restricted = baseline, version = 'latest' }) => {
    expect(checkPod('baseline', version, meta, spec)).toEqual(baseline);
    expect(checkPod('restricted', version, meta, spec)).toEqual(restricted);
    expect(checkPod('privileged', version, meta, spec)).toEqual([]);
  });
}

describe('privileged', () => {
  runCases([
    { what: 'no container privileged passes', spec: pod({ containers: [c('a'), c('b', { privileged: false })] }), baseline: [] },
    {
      what: 'privileged containers fail',
      spec: pod({ containers: [c('a'), c('d', { privileged: true }), c('e', { privileged: true }), c('f', { privileged: false })] }),
      baseline: [fail('privileged', 'containers "d", "e" must not set securityContext.privileged=true')],
    },
    {
      what: 'init, then regular, then ephemeral containers are named in that order',
      spec: pod({
        initContainers: [c('z', { privileged: true })],
        containers: [c('y', { privileged: true })],
        ephemeralContainers: [c('x', { privileged: true })],
      }),
      baseline: [fail('privileged', 'containers "z", "y", "x" must not set securityContext.privileged=true')],
    },
    {
      what: 'one privileged container is named in the singular',
      spec: pod({ containers: [c('a', { privileged: true })] }),
      baseline: [fail('privileged', 'container "a" must not set securityContext.privileged=true')],
    },
  ]);
});

describe('capabilities: baseline allows the default set, restricted drops ALL and adds only NET_BIND_SERVICE', () => {
  runCases([
    {
      what: 'NET_BIND_SERVICE passes',
      spec: pod({ containers: [c('a', { capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] } })] }),
      baseline: [],
    },
    {
      what: 'a default capability passes baseline, not restricted',
      spec: pod({ containers: [c('a', { capabilities: { drop: ['ALL'], add: ['CHOWN'] } })] }),
      baseline: [],
      restricted: [fail('unrestricted capabilities', 'container "a" must not include "CHOWN" in securityContext.capabilities.add')],
    },
    {
      what: 'non-default capabilities, each listed once and sorted',
      spec: pod({
        containers: [
          c('a', { capabilities: { drop: ['ALL'], add: ['FOO', 'BAR'] } }),
          c('b', { capabilities: { drop: ['ALL'], add: ['BAZ', 'CHOWN', 'FOO'] } }),
          c('c', { capabilities: { drop: ['ALL'], add: ['CHOWN'] } }),
        ],
      }),
      baseline: [
        fail('non-default capabilities', 'containers "a", "b" must not include "BAR", "BAZ", "FOO" in securityContext.capabilities.add'),
      ],
      restricted: [
        fail(
          'unrestricted capabilities',
          'containers "a", "b", "c" must not include "BAR", "BAZ", "CHOWN", "FOO" in securityContext.capabilities.add',
        ),
      ],
    },
    {
      what: 'restricted wants drop ALL, exactly so spelled, and reports both faults',
      spec: pod({
        containers: [
          c('a', { capabilities: { add: ['FOO'] } }),
          c('b', { capabilities: { drop: ['all'], add: ['BAR', 'NET_BIND_SERVICE'] } }),
          c('c', { capabilities: { drop: ['ALL'], add: ['BAZ', 'CHOWN'] } }),
        ],
      }),
      baseline: [
        fail(
          'non-default capabilities',
          'containers "a", "b", "c" must not include "BAR", "BAZ", "FOO" in securityContext.capabilities.add',
        ),
      ],
      restricted: [
        fail(
          'unrestricted capabilities',
          'containers "a", "b" must set securityContext.capabilities.drop=["ALL"]; containers "a", "b", "c" must not include "BAR", "BAZ", "CHOWN", "FOO" in securityContext.capabilities.add',
        ),
      ],
    },
    {
      what: 'no capabilities at all fail restricted only',
      spec: pod({ containers: [c('x', { capabilities: undefined }), { name: 'y', securityContext: { allowPrivilegeEscalation: false } }] }),
      baseline: [],
      restricted: [fail('unrestricted capabilities', 'containers "x", "y" must set securityContext.capabilities.drop=["ALL"]')],
    },
  ]);
});

describe('host namespaces', () => {
  runCases([
    { what: 'false passes', spec: pod({ hostNetwork: false, hostPID: false, hostIPC: false, containers: [c('a')] }), baseline: [] },
    {
      what: 'every shared namespace is listed',
      spec: pod({ hostNetwork: true, hostPID: true, hostIPC: true, containers: [c('a')] }),
      baseline: [fail('host namespaces', 'hostNetwork=true, hostPID=true, hostIPC=true')],
    },
    { what: 'hostPID alone', spec: pod({ hostPID: true, containers: [c('a')] }), baseline: [fail('host namespaces', 'hostPID=true')] },
  ]);
});

describe('hostPath volumes (restricted: its volume type list instead)', () => {
  runCases([
    {
      what: 'hostPath volumes fail',
      spec: pod({
        containers: [c('a')],
        volumes: [
          { name: 'a', hostPath: { path: '/a' } },
          { name: 'b', hostPath: { path: '/b' } },
          { name: 'c', emptyDir: {} },
        ],
      }),
      baseline: [fail('hostPath volumes', 'volumes "a", "b"')],
      restricted: [fail('restricted volume types', 'volumes "a", "b" use restricted volume type "hostPath"')],
    },
    {
      what: 'one hostPath volume',
      spec: pod({ containers: [c('a')], volumes: [{ name: 'a', hostPath: { path: '/' } }] }),
      baseline: [fail('hostPath volumes', 'volume "a"')],
      restricted: [fail('restricted volume types', 'volume "a" uses restricted volume type "hostPath"')],
    },
  ]);
});

describe('host ports', () => {
  runCases([
    {
      what: 'container ports without host port, or host port 0, pass',
      spec: pod({ containers: [c('a', {}, { ports: [{ containerPort: 80 }, { containerPort: 81, hostPort: 0 }] })] }),
      baseline: [],
    },
    {
      what: 'one container, one host port',
      spec: pod({
        containers: [c('a', {}, { ports: [{ containerPort: 10 }] }), c('b', {}, { ports: [{ containerPort: 20, hostPort: 20 }] })],
      }),
      baseline: [fail('hostPort', 'container "b" uses hostPort 20')],
    },
    {
      what: 'several containers and ports, each port once',
      spec: pod({
        containers: [
          c('a', {}, { ports: [{ containerPort: 10 }] }),
          c(
            'b',
            {},
            {
              ports: [
                { containerPort: 20, hostPort: 20 },
                { containerPort: 10, hostPort: 10 },
              ],
            },
          ),
          c(
            'c',
            {},
            {
              ports: [
                { containerPort: 30, hostPort: 30 },
                { containerPort: 20, hostPort: 20 },
              ],
            },
          ),
        ],
      }),
      baseline: [fail('hostPort', 'containers "b", "c" use hostPorts 10, 20, 30')],
    },
    {
      what: 'ports are listed in string order',
      spec: pod({ containers: [c('a', {}, { ports: [8080, 10000, 9].map((p) => ({ containerPort: p, hostPort: p })) })] }),
      baseline: [fail('hostPort', 'container "a" uses hostPorts 10000, 8080, 9')],
    },
  ]);
});

const APPARMOR = 'container.apparmor.security.beta.orchestrator.io/';

describe('AppArmor profile', () => {
  runCases([
    {
      what: 'RuntimeDefault and Localhost pass',
      spec: pod({
        securityContext: { appArmorProfile: { type: 'RuntimeDefault' } },
        containers: [c('a', { appArmorProfile: { type: 'Localhost', localhostProfile: 'p' } })],
      }),
      baseline: [],
    },
    {
      what: 'allowed annotation values pass, other annotations are not read',
      meta: {
        annotations: {
          [`${APPARMOR}a`]: '',
          [`${APPARMOR}b`]: 'runtime/default',
          [`${APPARMOR}c`]: 'localhost/',
          [`${APPARMOR}d`]: 'localhost/foo',
          'container.apparmor.security.beta.kubernetes.io/e': 'unconfined',
          other: 'unconfined',
        },
      },
      spec: pod({ containers: [c('a')] }),
      baseline: [],
    },
    {
      what: 'an Unconfined pod',
      spec: pod({ securityContext: { appArmorProfile: { type: 'Unconfined' } }, containers: [c('a')] }),
      baseline: [fail('forbidden AppArmor profile', 'pod must not set AppArmor profile type to "Unconfined"')],
    },
    {
      what: 'an Unconfined init container',
      spec: pod({ initContainers: [c('bar', { appArmorProfile: { type: 'Unconfined' } })], containers: [c('a')] }),
      baseline: [fail('forbidden AppArmor profile', 'container "bar" must not set AppArmor profile type to "Unconfined"')],
    },
    {
      what: 'pod and containers, each type once',
      spec: pod({
        securityContext: { appArmorProfile: { type: 'Unconfined' } },
        containers: [c('a', { appArmorProfile: { type: 'Unconfined' } }), c('b', { appArmorProfile: { type: 'Unconfined' } })],
      }),
      baseline: [fail('forbidden AppArmor profile', 'pod and containers "a", "b" must not set AppArmor profile type to "Unconfined"')],
    },
    {
      what: 'forbidden annotations, sorted, their values quoted as Go does',
      meta: {
        annotations: {
          [`${APPARMOR}f`]: 'unknown',
          [APPARMOR]: 'bogus',
          [`${APPARMOR}a`]: '',
          [`${APPARMOR}b`]: 'runtime/default',
          [`${APPARMOR}e`]: 'unconfined',
          [`${APPARMOR}g`]: 'say "hi"',
        },
      },
      spec: pod({ containers: [c('a')] }),
      baseline: [
        fail(
          'forbidden AppArmor profiles',
          `annotations must not set AppArmor profile type to "${APPARMOR}="bogus"", "${APPARMOR}e="unconfined"", "${APPARMOR}f="unknown"", "${APPARMOR}g="say \\"hi\\"""`,
        ),
      ],
    },
    {
      what: 'profile types and annotations together: types first',
      meta: { annotations: { [`${APPARMOR}a`]: 'unconfined' } },
      spec: pod({ securityContext: { appArmorProfile: { type: 'Unconfined' } }, containers: [c('a')] }),
      baseline: [
        fail(
          'forbidden AppArmor profiles',
          `pod and annotation must not set AppArmor profile type to "Unconfined", "${APPARMOR}a="unconfined""`,
        ),
      ],
    },
  ]);
});

describe('SELinux options', () => {
  runCases([
    {
      what: 'container types, a level, or nothing pass',
      spec: pod({
        securityContext: { seLinuxOptions: { level: 's0:c123,c456' } },
        containers: [
          c('a', { seLinuxOptions: { type: 'container_t' } }),
          c('b', { seLinuxOptions: { type: 'container_init_t' } }),
          c('c', { seLinuxOptions: { type: 'container_kvm_t' } }),
          c('d', { seLinuxOptions: { type: 'container_engine_t' } }),
          c('e', { seLinuxOptions: {} }),
        ],
      }),
      baseline: [],
    },
    {
      what: 'invalid pod and containers: every fault listed',
      spec: pod({
        securityContext: { seLinuxOptions: { type: 'foo', user: 'bar', role: 'baz' } },
        containers: [
          c('a', { seLinuxOptions: { type: 'container_t' } }),
          c('d', { seLinuxOptions: { type: 'container_engine_t' } }),
          c('e', { seLinuxOptions: { type: 'bar' } }),
          c('f', { seLinuxOptions: { user: 'bar' } }),
          c('g', { seLinuxOptions: { role: 'baz' } }),
        ],
      }),
      baseline: [
        fail(
          'seLinuxOptions',
          'pod and containers "e", "f", "g" set forbidden securityContext.seLinuxOptions: types "bar", "foo"; user may not be set; role may not be set',
        ),
      ],
    },
    {
      what: 'a bad type',
      spec: pod({ securityContext: { seLinuxOptions: { type: 'bad' } }, containers: [c('a')] }),
      baseline: [fail('seLinuxOptions', 'pod set forbidden securityContext.seLinuxOptions: type "bad"')],
    },
    {
      what: 'a user',
      spec: pod({ securityContext: { seLinuxOptions: { user: 'bad' } }, containers: [c('a')] }),
      baseline: [fail('seLinuxOptions', 'pod set forbidden securityContext.seLinuxOptions: user may not be set')],
    },
    {
      what: 'a role',
      spec: pod({ containers: [c('a', { seLinuxOptions: { role: 'bad' } })] }),
      baseline: [fail('seLinuxOptions', 'container "a" set forbidden securityContext.seLinuxOptions: role may not be set')],
    },
  ]);
});

describe('procMount', () => {
  const spec = pod({
    containers: [
      { name: 'a', securityContext: undefined },
      c('b'),
      c('c', { procMount: 'Default' }),
      c('d', { procMount: 'Unmasked' }),
      c('e', { procMount: 'other' }),
      c('f', { procMount: 'Unmasked' }),
    ],
  });
  const procMountFailure = fail('procMount', 'containers "d", "e", "f" must not set securityContext.procMount to "Unmasked", "other"');

  it('allows unset and Default, and names the other types once', () => {
    expect(checkPod('baseline', 'latest', {}, spec)).toEqual([procMountFailure]);
  });

  it.each([
    ['relaxed, in a user namespace', { ...spec, hostUsers: false }, true, []],
    ['relaxed, on the node', { ...spec, hostUsers: true }, true, [procMountFailure]],
    ['not relaxed, in a user namespace', { ...spec, hostUsers: false }, false, [procMountFailure]],
  ])('user namespace pods: %s', (_what, s, relax, want) => {
    expect(checkPod('baseline', 'latest', {}, s, { relaxForUserNamespacePods: relax })).toEqual(want);
  });
});

describe('seccomp profile (restricted: required)', () => {
  runCases([
    {
      what: 'RuntimeDefault on the pod, Localhost on a container pass',
      spec: pod({ containers: [c('a', { seccompProfile: { type: 'Localhost', localhostProfile: 'p.json' } }), c('b')] }),
      baseline: [],
    },
    {
      what: 'an Unconfined pod',
      spec: pod({
        securityContext: { seccompProfile: { type: 'Unconfined' } },
        containers: [c('a', { seccompProfile: { type: 'RuntimeDefault' } })],
      }),
      baseline: [fail('seccompProfile', 'pod must not set securityContext.seccompProfile.type to "Unconfined"')],
    },
    {
      what: 'Unconfined containers',
      spec: pod({
        containers: [
          c('a'),
          c('b', { seccompProfile: { type: 'RuntimeDefault' } }),
          c('c', { seccompProfile: { type: 'Unconfined' } }),
          c('d', { seccompProfile: { type: 'Unconfined' } }),
        ],
      }),
      baseline: [fail('seccompProfile', 'containers "c", "d" must not set securityContext.seccompProfile.type to "Unconfined"')],
    },
    {
      what: 'pod and containers, types sorted',
      spec: pod({
        securityContext: { seccompProfile: { type: 'Unconfined' } },
        containers: [c('c', { seccompProfile: { type: 'Unconfined' } }), c('d', { seccompProfile: { type: 'Bogus' } })],
      }),
      baseline: [
        fail('seccompProfile', 'pod and containers "c", "d" must not set securityContext.seccompProfile.type to "Bogus", "Unconfined"'),
      ],
    },
    {
      what: 'none set anywhere: baseline passes, restricted names the uncovered containers',
      spec: {
        securityContext: { runAsNonRoot: true },
        containers: [c('a'), c('b'), c('c', { seccompProfile: { type: 'RuntimeDefault' } })],
      },
      baseline: [],
      restricted: [
        fail(
          'seccompProfile',
          'pod or containers "a", "b" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"',
        ),
      ],
    },
    {
      what: 'an explicit bad type is reported before uncovered containers',
      spec: { securityContext: { runAsNonRoot: true }, containers: [c('a'), c('b', { seccompProfile: { type: 'Unconfined' } })] },
      baseline: [fail('seccompProfile', 'container "b" must not set securityContext.seccompProfile.type to "Unconfined"')],
    },
  ]);
});

describe('sysctls', () => {
  runCases([
    {
      what: 'the safe set passes',
      spec: pod({
        securityContext: {
          sysctls: ['kernel.shm_rmid_forced', 'net.ipv4.tcp_rmem', 'net.ipv4.ip_local_reserved_ports'].map((name) => ({
            name,
            value: '1',
          })),
        },
        containers: [c('a')],
      }),
      baseline: [],
    },
    {
      what: 'others are listed in spec order, unquoted',
      spec: pod({ securityContext: { sysctls: [{ name: 'b' }, { name: 'kernel.shm_rmid_forced' }, { name: 'a' }] }, containers: [c('a')] }),
      baseline: [fail('forbidden sysctls', 'b, a')],
    },
  ]);
});

describe('Windows HostProcess', () => {
  runCases([
    {
      what: 'false or unset passes',
      spec: pod({
        securityContext: { windowsOptions: { hostProcess: false } },
        containers: [c('a'), c('b', { windowsOptions: { hostProcess: false } })],
      }),
      baseline: [],
    },
    {
      what: 'pod and containers',
      spec: pod({
        securityContext: { windowsOptions: { hostProcess: true } },
        containers: [
          c('a'),
          c('b', { windowsOptions: {} }),
          c('e', { windowsOptions: { hostProcess: true } }),
          c('f', { windowsOptions: { hostProcess: true } }),
        ],
      }),
      baseline: [fail('hostProcess', 'pod and containers "e", "f" must not set securityContext.windowsOptions.hostProcess=true')],
    },
    {
      what: 'one container',
      spec: pod({ containers: [c('e', { windowsOptions: { hostProcess: true } })] }),
      baseline: [fail('hostProcess', 'container "e" must not set securityContext.windowsOptions.hostProcess=true')],
    },
  ]);
});

describe('allowPrivilegeEscalation (restricted)', () => {
  runCases([
    {
      what: 'unset or true fail',
      spec: pod({ containers: [c('a', { allowPrivilegeEscalation: undefined }), c('b', { allowPrivilegeEscalation: true }), c('c')] }),
      baseline: [],
      restricted: [
        fail('allowPrivilegeEscalation != false', 'containers "a", "b" must set securityContext.allowPrivilegeEscalation=false'),
      ],
    },
    {
      what: 'a Linux pod is checked',
      spec: pod({ os: { name: 'linux' }, containers: [{ name: 'a', securityContext: { capabilities: { drop: ['ALL'] } } }] }),
      baseline: [],
      restricted: [fail('allowPrivilegeEscalation != false', 'container "a" must set securityContext.allowPrivilegeEscalation=false')],
    },
  ]);
});

describe('restricted volume types', () => {
  const allowed: Volume[] = [
    { name: 'a1', emptyDir: {} },
    { name: 'a2', secret: {} },
    { name: 'a3', persistentVolumeClaim: { claimName: 'c' } },
    { name: 'a4', downwardAPI: {} },
    { name: 'a5', configMap: {} },
    { name: 'a6', projected: {} },
    { name: 'a7', csi: { driver: 'd' } },
    { name: 'a8', ephemeral: {} },
  ];
  const restrictedTypes = [
    'hostPath',
    'gcePersistentDisk',
    'awsElasticBlockStore',
    'gitRepo',
    'nfs',
    'iscsi',
    'glusterfs',
    'rbd',
    'flexVolume',
    'cinder',
    'cephfs',
    'flocker',
    'fc',
    'azureFile',
    'vsphereVolume',
    'quobyte',
    'azureDisk',
    'photonPersistentDisk',
    'portworxVolume',
    'scaleIO',
    'storageos',
  ];
  const restricted = restrictedTypes.map((type, i) => ({ name: `b${i + 1}`, [type]: {} }) as Volume);
  // No source at all, and the image source the v1.32 check does not know yet.
  const unknown: Volume[] = [{ name: 'c1' }, { name: 'c2', image: { reference: 'r' } }];

  runCases([
    { what: 'the allowed sources pass', spec: pod({ containers: [c('a')], volumes: allowed }), baseline: [] },
    {
      what: 'every other source fails, volumes in spec order and types sorted',
      spec: pod({ containers: [c('a')], volumes: [...allowed, ...restricted, ...unknown] }),
      baseline: [fail('hostPath volumes', 'volume "b1"')],
      restricted: [
        fail(
          'restricted volume types',
          'volumes ' +
            '"b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11", "b12", "b13", "b14", "b15", "b16", "b17", "b18", "b19", "b20", "b21", "c1", "c2"' +
            ' use restricted volume types ' +
            '"awsElasticBlockStore", "azureDisk", "azureFile", "cephfs", "cinder", "fc", "flexVolume", "flocker", "gcePersistentDisk", "gitRepo", "glusterfs", ' +
            '"hostPath", "iscsi", "nfs", "photonPersistentDisk", "portworxVolume", "quobyte", "rbd", "scaleIO", "storageos", "unknown", "vsphereVolume"',
        ),
      ],
    },
  ]);
});

describe('runAsNonRoot (restricted)', () => {
  runCases([
    {
      what: 'not set anywhere',
      spec: { securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, containers: [c('a')] },
      baseline: [],
      restricted: [fail('runAsNonRoot != true', 'pod or container "a" must set securityContext.runAsNonRoot=true')],
    },
    {
      what: 'false on the pod',
      spec: pod({ securityContext: { runAsNonRoot: false }, containers: [c('a')] }),
      baseline: [],
      restricted: [fail('runAsNonRoot != true', 'pod must not set securityContext.runAsNonRoot=false')],
    },
    {
      what: 'false on containers',
      spec: pod({ containers: [c('a'), c('b', { runAsNonRoot: true }), c('c', { runAsNonRoot: false }), c('d', { runAsNonRoot: false })] }),
      baseline: [],
      restricted: [fail('runAsNonRoot != true', 'containers "c", "d" must not set securityContext.runAsNonRoot=false')],
    },
    {
      what: 'an explicit false hides the containers that set nothing',
      spec: pod({ securityContext: { runAsNonRoot: false }, containers: [c('a'), c('c', { runAsNonRoot: false })] }),
      baseline: [],
      restricted: [fail('runAsNonRoot != true', 'pod and container "c" must not set securityContext.runAsNonRoot=false')],
    },
    {
      what: 'containers that set it need no pod setting',
      spec: {
        securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
        containers: [c('a'), c('b'), c('c', { runAsNonRoot: true })],
      },
      baseline: [],
      restricted: [fail('runAsNonRoot != true', 'pod or containers "a", "b" must set securityContext.runAsNonRoot=true')],
    },
  ]);

  it('is relaxed for user namespace pods only when asked', () => {
    const spec: PodSpec = {
      hostUsers: false,
      securityContext: { seccompProfile: { type: 'RuntimeDefault' }, runAsUser: 0 },
      containers: [c('a')],
    };
    expect(checkPod('restricted', 'latest', {}, spec, { relaxForUserNamespacePods: true })).toEqual([]);
    expect(checkPod('restricted', 'latest', {}, spec)).toEqual([
      fail('runAsNonRoot != true', 'pod or container "a" must set securityContext.runAsNonRoot=true'),
      fail('runAsUser=0', 'pod must not set runAsUser=0'),
    ]);
  });
});

describe('runAsUser (restricted)', () => {
  runCases([
    { what: 'non-zero passes', spec: pod({ securityContext: { runAsUser: 1000 }, containers: [c('a', { runAsUser: 1 })] }), baseline: [] },
    {
      what: '0 on the pod',
      spec: pod({ securityContext: { runAsUser: 0 }, containers: [c('a')] }),
      baseline: [],
      restricted: [fail('runAsUser=0', 'pod must not set runAsUser=0')],
    },
    {
      what: '0 on pod and containers',
      spec: pod({
        securityContext: { runAsUser: 0 },
        containers: [c('a', { runAsUser: 1 }), c('c', { runAsUser: 0 }), c('d', { runAsUser: 0 })],
      }),
      baseline: [],
      restricted: [fail('runAsUser=0', 'pod and containers "c", "d" must not set runAsUser=0')],
    },
  ]);
});

describe('the order of checks: baseline ones by id, then restricted ones by id, restricted replacing three baseline ones', () => {
  const spec: PodSpec = {
    hostNetwork: true,
    containers: [{ name: 'a', securityContext: { privileged: true, capabilities: { add: ['NET_RAW'] } } }],
    volumes: [{ name: 'v', hostPath: { path: '/' } }],
    securityContext: { seccompProfile: { type: 'Unconfined' } },
  };

  it('baseline', () => {
    expect(checkPod('baseline', 'latest', {}, spec)).toEqual([
      fail('non-default capabilities', 'container "a" must not include "NET_RAW" in securityContext.capabilities.add'),
      fail('host namespaces', 'hostNetwork=true'),
      fail('hostPath volumes', 'volume "v"'),
      fail('privileged', 'container "a" must not set securityContext.privileged=true'),
      fail('seccompProfile', 'pod must not set securityContext.seccompProfile.type to "Unconfined"'),
    ]);
  });

  it('restricted', () => {
    expect(checkPod('restricted', 'latest', {}, spec)).toEqual([
      fail('host namespaces', 'hostNetwork=true'),
      fail('privileged', 'container "a" must not set securityContext.privileged=true'),
      fail('allowPrivilegeEscalation != false', 'container "a" must set securityContext.allowPrivilegeEscalation=false'),
      fail(
        'unrestricted capabilities',
        'container "a" must set securityContext.capabilities.drop=["ALL"]; container "a" must not include "NET_RAW" in securityContext.capabilities.add',
      ),
      fail('restricted volume types', 'volume "v" uses restricted volume type "hostPath"'),
      fail('runAsNonRoot != true', 'pod or container "a" must set securityContext.runAsNonRoot=true'),
      fail('seccompProfile', 'pod must not set securityContext.seccompProfile.type to "Unconfined"'),
    ]);
  });

  it('privileged checks nothing', () => {
    expect(checkPod('privileged', 'v1.0', {}, spec)).toEqual([]);
  });
});

describe('policy versions', () => {
  const bare: PodSpec = { containers: [{ name: 'a' }] };
  const bareRestricted = [
    fail('allowPrivilegeEscalation != false', 'container "a" must set securityContext.allowPrivilegeEscalation=false'),
    fail('unrestricted capabilities', 'container "a" must set securityContext.capabilities.drop=["ALL"]'),
    fail('runAsNonRoot != true', 'pod or container "a" must set securityContext.runAsNonRoot=true'),
    fail('seccompProfile', 'pod or container "a" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"'),
  ];
  const nonRoot = fail('runAsNonRoot != true', 'pod or container "a" must set securityContext.runAsNonRoot=true');
  const windows: PodSpec = { ...bare, os: { name: 'windows' } };

  it.each<[string, string, PodSpec, CheckResult[]]>([
    ['a check does not run before its first version (allowPrivilegeEscalation from v1.8)', 'v1.7', bare, [nonRoot]],
    ['allowPrivilegeEscalation from v1.8', 'v1.8', bare, [bareRestricted[0]!, nonRoot]],
    ['restricted seccomp from v1.19', 'v1.19', bare, [bareRestricted[0]!, nonRoot, bareRestricted[3]!]],
    ['restricted capabilities from v1.22', 'v1.22', bare, bareRestricted],
    ['Windows pods are checked before v1.25', 'v1.24', windows, bareRestricted],
    ['Windows pods skip the Linux-only checks from v1.25', 'v1.25', windows, [nonRoot]],
    ['the latest version', 'latest', bare, bareRestricted],
  ])('%s', (_what, version, spec, want) => {
    expect(checkPod('restricted', version, {}, spec)).toEqual(want);
  });

  it('restricted before v1.22 keeps the baseline capabilities check', () => {
    const spec = pod({ containers: [c('a', { capabilities: { drop: ['ALL'], add: ['NET_RAW'] } })] });
    expect(checkPod('restricted', 'v1.21', {}, spec)).toEqual([
      fail('non-default capabilities', 'container "a" must not include "NET_RAW" in securityContext.capabilities.add'),
    ]);
    expect(checkPod('restricted', 'v1.22', {}, spec)).toEqual([
      fail('unrestricted capabilities', 'container "a" must not include "NET_RAW" in securityContext.capabilities.add'),
    ]);
  });

  it('runAsUser is checked from v1.23', () => {
    const spec = pod({ securityContext: { runAsUser: 0 }, containers: [c('a')] });
    expect(checkPod('restricted', 'v1.22', {}, spec)).toEqual([]);
    expect(checkPod('restricted', 'v1.23', {}, spec)).toEqual([fail('runAsUser=0', 'pod must not set runAsUser=0')]);
  });

  describe('seccomp before v1.19 reads the alpha annotations, not the fields', () => {
    const SECCOMP = 'container.seccomp.security.alpha.orchestrator.io/';
    const POD = 'seccomp.security.alpha.orchestrator.io/pod';
    const spec: PodSpec = { securityContext: { seccompProfile: { type: 'Unconfined' } }, containers: [{ name: 'a' }, { name: 'b' }] };
    it.each<[string, Record<string, string>, CheckResult[]]>([
      ['the pod annotation', { [POD]: 'unconfined' }, [fail('seccompProfile', `forbidden annotation ${POD}="unconfined"`)]],
      [
        'container annotations',
        { [`${SECCOMP}a`]: 'unconfined', [`${SECCOMP}b`]: 'unknown' },
        [fail('seccompProfile', `forbidden annotations ${SECCOMP}a="unconfined", ${SECCOMP}b="unknown"`)],
      ],
      [
        'both, sorted',
        { [POD]: 'unconfined', [`${SECCOMP}b`]: 'unknown', [`${SECCOMP}a`]: 'unconfined' },
        [fail('seccompProfile', `forbidden annotations ${SECCOMP}a="unconfined", ${SECCOMP}b="unknown", ${POD}="unconfined"`)],
      ],
      [
        'allowed values, and containers the pod does not have',
        { [POD]: 'runtime/default', [`${SECCOMP}a`]: 'docker/default', [`${SECCOMP}b`]: 'localhost/p', [`${SECCOMP}z`]: 'unconfined' },
        [],
      ],
      ['an empty value', { [POD]: '' }, [fail('seccompProfile', `forbidden annotation ${POD}=""`)]],
    ])('%s', (_what, annotations, want) => {
      expect(checkPod('baseline', 'v1.18', { annotations }, spec)).toEqual(want);
    });

    it('and from v1.19 the fields, not the annotations', () => {
      expect(checkPod('baseline', 'v1.19', { annotations: { [POD]: 'unconfined' } }, spec)).toEqual([
        fail('seccompProfile', 'pod must not set securityContext.seccompProfile.type to "Unconfined"'),
      ]);
    });
  });

  it.each<[string, string, string[]]>([
    ['v1.26', 'net.ipv4.ip_local_reserved_ports', ['net.ipv4.ip_local_reserved_ports']],
    ['v1.27', 'net.ipv4.ip_local_reserved_ports', []],
    ['v1.28', 'net.ipv4.tcp_keepalive_time', ['net.ipv4.tcp_keepalive_time']],
    ['v1.29', 'net.ipv4.tcp_keepalive_time', []],
    ['v1.28', 'net.ipv4.tcp_fin_timeout', ['net.ipv4.tcp_fin_timeout']],
    ['v1.29', 'net.ipv4.tcp_keepalive_probes', []],
    ['v1.31', 'net.ipv4.tcp_rmem', ['net.ipv4.tcp_rmem']],
    ['v1.32', 'net.ipv4.tcp_wmem', []],
    ['latest', 'net.ipv4.tcp_rmem', []],
    ['v1.99', 'net.ipv4.tcp_rmem', []],
  ])('sysctls at %s: %s', (version, name, forbidden) => {
    const spec = pod({ securityContext: { sysctls: [{ name, value: '1' }] }, containers: [c('a')] });
    expect(checkPod('baseline', version, {}, spec)).toEqual(forbidden.map((f) => fail('forbidden sysctls', f)));
  });

  it('container_engine_t is an allowed SELinux type from v1.31', () => {
    const spec = pod({
      containers: [c('d', { seLinuxOptions: { type: 'container_engine_t' } }), c('e', { seLinuxOptions: { type: 'bar' } })],
    });
    expect(checkPod('baseline', 'v1.30', {}, spec)).toEqual([
      fail('seLinuxOptions', 'containers "d", "e" set forbidden securityContext.seLinuxOptions: types "bar", "container_engine_t"'),
    ]);
    expect(checkPod('baseline', 'v1.31', {}, spec)).toEqual([
      fail('seLinuxOptions', 'container "e" set forbidden securityContext.seLinuxOptions: type "bar"'),
    ]);
  });

  it.each([
    ['latest', 32],
    ['v1.0', 0],
    ['v1.25', 25],
    ['v1.100', 100],
    ['v1.01', undefined],
    ['v2.0', undefined],
    ['1.25', undefined],
    ['v1.', undefined],
    ['Latest', undefined],
    ['', undefined],
  ])('parses %j as %j', (version, want) => {
    expect(parsePolicyVersion(version)).toBe(want);
  });

  it.each<[PodSecurityLevel, string]>([
    ['baseline', 'v1.01'],
    ['baseline', 'v2.0'],
    ['restricted', ''],
    ['strict' as PodSecurityLevel, 'latest'],
  ])('refuses level %j at version %j with a 400', (level, version) => {
    const err = (() => {
      try {
        checkPod(level, version, {}, bare);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StatusError);
    expect((err as StatusError).code).toBe(400);
  });
});

describe('the aggregate message', () => {
  it('is each reason with its detail in parentheses, comma-separated', () => {
    const spec: PodSpec = { containers: [{ name: 'nginx', image: 'nginx' }] };
    expect(formatViolations(checkPod('restricted', 'latest', {}, spec))).toBe(
      'allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), ' +
        'unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), ' +
        'runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), ' +
        'seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    );
  });

  it.each<[string, CheckResult[], string]>([
    ['nothing', [], ''],
    [
      'an empty detail leaves the parentheses out',
      [fail('host namespaces', ''), fail('hostPort', 'container "a" uses hostPort 80')],
      'host namespaces, hostPort (container "a" uses hostPort 80)',
    ],
    ['an empty reason gets the placeholder', [fail('', 'x')], 'unknown forbidden reason (x)'],
  ])('%s', (_what, results, want) => {
    expect(formatViolations(results)).toBe(want);
  });
});
