/**
 * What the Go struct layout cannot tell the generator, by type and JSON field:
 *
 * - `required`: the field is rejected with a plain `Required value` wherever the type is used
 *   (only where the real validation says exactly that; conditional or worded requirements are
 *   the kinds' own validation).
 * - `enum`: the schema rejects other values, listing these in this order (the order the real
 *   validation lists the supported values); the field's Go type must document the same values
 *   in descriptions/. Without it, the documented values are published but not checked here.
 * - `minimum` (the real `must be greater than or equal to 0` checks), `default` (the real
 *   defaulting functions, where the default does not depend on other fields).
 * - merge markers of types the testdata does not cover (`listType`, `listMapKeys`, `mapType`),
 *   and `structType` for types marked `+structType=atomic`.
 * - `schema: 'raw'` for fields kept as arbitrary JSON.
 *
 * Keys are `<group>/<version>.<Type>`.
 */

const TCP_UDP_SCTP = ['SCTP', 'TCP', 'UDP'];
const CONDITION_STATUS = ['True', 'False', 'Unknown'];
const DEFAULT_MODE = 0o644;

const container = {
  name: { required: true },
  image: {},
  imagePullPolicy: { enum: ['Always', 'IfNotPresent', 'Never'] },
  terminationMessagePath: { default: '/dev/termination-log' },
  terminationMessagePolicy: { default: 'File' },
};

export default {
  // ---------------------------------------------------------------- core/v1: pod spec
  'core/v1.PodSpec': {
    fields: {
      restartPolicy: { default: 'Always', enum: ['Always', 'OnFailure', 'Never'] },
      dnsPolicy: { default: 'ClusterFirst', enum: ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'] },
      terminationGracePeriodSeconds: { default: 30 },
      schedulerName: { default: 'default-scheduler' },
      securityContext: { default: {} },
    },
  },
  'core/v1.Container': { fields: container },
  'core/v1.EphemeralContainerCommon': { fields: container },
  'core/v1.ContainerPort': { fields: { protocol: { default: 'TCP', enum: TCP_UDP_SCTP } } },
  'core/v1.EnvVar': { fields: { name: { required: true } } },
  'core/v1.VolumeMount': { fields: { name: { required: true }, mountPath: { required: true } } },
  'core/v1.VolumeDevice': { fields: { name: { required: true }, devicePath: { required: true } } },
  'core/v1.Volume': { fields: { name: { required: true } } },
  'core/v1.Probe': {
    fields: {
      initialDelaySeconds: { minimum: 0 },
      timeoutSeconds: { default: 1, minimum: 0 },
      periodSeconds: { default: 10, minimum: 0 },
      successThreshold: { default: 1, minimum: 0 },
      failureThreshold: { default: 3, minimum: 0 },
    },
  },
  'core/v1.HTTPGetAction': { fields: { path: { default: '/' }, scheme: { default: 'HTTP', enum: ['HTTP', 'HTTPS'] } } },
  'core/v1.GRPCAction': { fields: { service: { default: '' } } },
  'core/v1.SecretVolumeSource': { fields: { defaultMode: { default: DEFAULT_MODE } } },
  'core/v1.ConfigMapVolumeSource': { fields: { defaultMode: { default: DEFAULT_MODE } } },
  'core/v1.DownwardAPIVolumeSource': { fields: { defaultMode: { default: DEFAULT_MODE } } },
  'core/v1.ProjectedVolumeSource': { fields: { defaultMode: { default: DEFAULT_MODE } } },
  'core/v1.HostPathVolumeSource': { fields: { path: { required: true }, type: { default: '' } } },
  'core/v1.ISCSIVolumeSource': { fields: { iscsiInterface: { default: 'default' } } },
  'core/v1.RBDVolumeSource': {
    fields: { pool: { default: 'rbd' }, user: { default: 'admin' }, keyring: { default: '/etc/ceph/keyring' } },
  },
  'core/v1.AzureDiskVolumeSource': {
    fields: {
      cachingMode: { default: 'ReadWrite' },
      fsType: { default: 'ext4' },
      readOnly: { default: false },
      kind: { default: 'Shared' },
    },
  },
  'core/v1.ScaleIOVolumeSource': { fields: { storageMode: { default: 'ThinProvisioned' }, fsType: { default: 'xfs' } } },
  'core/v1.ServiceAccountTokenProjection': { fields: { expirationSeconds: { default: 3600 } } },
  'core/v1.ObjectFieldSelector': { fields: { apiVersion: { default: 'v1' } } },
  'core/v1.Toleration': { fields: { operator: { enum: ['Equal', 'Exists'] } } },

  // ---------------------------------------------------------------- core/v1: pod status
  'core/v1.PodStatus': {
    fields: {
      phase: { enum: ['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown'] },
      conditions: { listType: 'map', listMapKeys: ['type'] },
      hostIPs: { listType: 'atomic' },
      podIPs: { listType: 'map', listMapKeys: ['ip'] },
      initContainerStatuses: { listType: 'atomic' },
      containerStatuses: { listType: 'atomic' },
      ephemeralContainerStatuses: { listType: 'atomic' },
      resourceClaimStatuses: { listType: 'map', listMapKeys: ['name'] },
    },
  },
  'core/v1.PodCondition': { fields: { type: { required: true }, status: { required: true, enum: CONDITION_STATUS } } },
  'core/v1.ContainerStatus': {
    fields: {
      name: { required: true },
      volumeMounts: { listType: 'map', listMapKeys: ['mountPath'] },
      allocatedResourcesStatus: { listType: 'map', listMapKeys: ['name'] },
    },
  },
  'core/v1.ResourceStatus': { fields: { resources: { listType: 'map', listMapKeys: ['resourceID'] } } },
  'core/v1.LinuxContainerUser': { fields: { supplementalGroups: { listType: 'atomic' } } },

  // ---------------------------------------------------------------- core/v1: claims
  'core/v1.PersistentVolumeClaimSpec': { fields: { volumeMode: { default: 'Filesystem', enum: ['Block', 'Filesystem'] } } },
  'core/v1.PersistentVolumeClaimStatus': { fields: { phase: { enum: ['Pending', 'Bound', 'Lost'] } } },
  'core/v1.PersistentVolumeClaimCondition': { fields: { type: { required: true }, status: { required: true } } },

  // ---------------------------------------------------------------- core/v1: services
  'core/v1.ServiceSpec': {
    fields: {
      ports: { listType: 'map', listMapKeys: ['port', 'protocol'] },
      selector: { mapType: 'atomic' },
      clusterIPs: { listType: 'atomic' },
      type: { default: 'ClusterIP', enum: ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] },
      externalIPs: { listType: 'atomic' },
      sessionAffinity: { default: 'None', enum: ['ClientIP', 'None'] },
      loadBalancerSourceRanges: { listType: 'atomic' },
      externalTrafficPolicy: { enum: ['Cluster', 'Local'] },
      ipFamilies: { listType: 'atomic' },
      ipFamilyPolicy: { enum: ['PreferDualStack', 'RequireDualStack', 'SingleStack'] },
      internalTrafficPolicy: { enum: ['Cluster', 'Local'] },
    },
  },
  'core/v1.ServicePort': { fields: { protocol: { default: 'TCP', enum: TCP_UDP_SCTP } } },
  'core/v1.ServiceStatus': { fields: { conditions: { listType: 'map', listMapKeys: ['type'] } } },
  'core/v1.LoadBalancerStatus': { fields: { ingress: { listType: 'atomic' } } },
  'core/v1.LoadBalancerIngress': { fields: { ports: { listType: 'atomic' } } },
  'core/v1.PortStatus': { fields: { protocol: { required: true, enum: TCP_UDP_SCTP } } },

  // ---------------------------------------------------------------- apps/v1
  'apps/v1.StatefulSetSpec': {
    fields: {
      replicas: { default: 1, minimum: 0 },
      selector: { required: true },
      podManagementPolicy: { default: 'OrderedReady' },
      revisionHistoryLimit: { default: 10 },
      minReadySeconds: { minimum: 0 },
      persistentVolumeClaimRetentionPolicy: { default: {} },
    },
  },
  'apps/v1.StatefulSetPersistentVolumeClaimRetentionPolicy': {
    fields: {
      whenDeleted: { default: 'Retain', enum: ['Retain', 'Delete'] },
      whenScaled: { default: 'Retain', enum: ['Retain', 'Delete'] },
    },
  },
  'apps/v1.StatefulSetOrdinals': { fields: { start: { minimum: 0 } } },
  'apps/v1.RollingUpdateStatefulSetStrategy': { fields: { partition: { minimum: 0 } } },
  'apps/v1.StatefulSetStatus': {
    fields: {
      observedGeneration: { minimum: 0 },
      replicas: { minimum: 0 },
      readyReplicas: { minimum: 0 },
      currentReplicas: { minimum: 0 },
      updatedReplicas: { minimum: 0 },
      collisionCount: { minimum: 0 },
      availableReplicas: { minimum: 0 },
    },
  },
  'apps/v1.StatefulSetCondition': { fields: { type: { required: true }, status: { required: true, enum: CONDITION_STATUS } } },
  'apps/v1.ControllerRevision': { fields: { data: { schema: 'raw' }, revision: { minimum: 0 } } },

  // ---------------------------------------------------------------- networking/v1
  'networking/v1.HTTPIngressRuleValue': { fields: { paths: { required: true } } },
  'networking/v1.IngressPortStatus': { fields: { protocol: { required: true, enum: ['TCP', 'UDP', 'SCTP'] } } },
  'networking/v1.IngressClassParametersReference': { fields: { scope: { default: 'Cluster' } } },
};
