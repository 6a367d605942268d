/**
 * What the apps/v1 types and their fields mean, in this project's words (from the field tables
 * of the API's specification where they cover a field). See core-v1.mjs for the format.
 */

const conditionStatusNote = 'Whether the condition holds: True, False or Unknown.';

export const types = {
  'apps/v1.StatefulSet': {
    description:
      'A set of pods with stable identities: each pod keeps its ordinal name, its DNS name and its own volume claims across restarts and rescheduling, so a network identity always maps to the same storage.',
    fields: {
      spec: 'The desired state of the set.',
      status: 'The most recently observed state of the set, written by its controller; it may lag behind the spec.',
    },
  },
  'apps/v1.StatefulSetSpec': {
    description: 'The desired state of a StatefulSet: how many pods, made from which template, with which claims, updated how.',
    fields: {
      replicas: 'The desired number of pods (default 1). Unset and 0 differ: 0 asks for no pods.',
      selector: 'A label query over pods; it must match the labels of the pod template. Required.',
      template: 'The pod each replica is made from; pods are named <set name>-<ordinal>. The only restartPolicy allowed in it is Always.',
      volumeClaimTemplates:
        'Claims every pod gets, one per template, named <template name>-<pod name>. Each must be mounted, by name, by a container of the template, and takes the place of a template volume of the same name.',
      serviceName:
        'The governing Service, which must exist before the set; it gives each pod the DNS name <pod name>.<serviceName>.<namespace>.svc.<cluster domain>.',
      podManagementPolicy: 'How pods are created and deleted when the set scales, and when lost pods are replaced (default OrderedReady).',
      updateStrategy: 'How pods are replaced when the template changes (default RollingUpdate).',
      revisionHistoryLimit: 'How many old revisions (ControllerRevisions) of the template are kept for rolling back (default 10).',
      minReadySeconds:
        'How long a new pod must be ready, with no container crashing, before it counts as available (default 0: as soon as it is ready).',
      persistentVolumeClaimRetentionPolicy:
        'Whether the claims made from volumeClaimTemplates are kept or deleted when the set is deleted or scaled down (default: kept in both cases).',
      ordinals: 'How the replicas are numbered; by default from 0.',
    },
  },
  'apps/v1.StatefulSetUpdateStrategy': {
    description: 'How the controller rolls out a changed pod template to the pods of the set.',
    fields: {
      type: 'The kind of update (default RollingUpdate).',
      rollingUpdate: 'Settings of a RollingUpdate; only with type RollingUpdate.',
    },
  },
  'apps/v1.RollingUpdateStatefulSetStrategy': {
    description: 'Settings of a rolling update of a StatefulSet.',
    fields: {
      partition:
        'Only pods with an ordinal at or above this number are updated; those below keep the old revision, even when recreated (default 0). A value above replicas stages an update without rolling it out, for canaries.',
      maxUnavailable:
        'How many pods may be unavailable during the update, as a number or a percentage of replicas (rounded up); not 0, default 1. Alpha: honoured only with feature MaxUnavailableStatefulSet, and counts pods with ordinals 0 to replicas-1.',
    },
  },
  'apps/v1.StatefulSetPersistentVolumeClaimRetentionPolicy': {
    description: 'What happens to the claims made from volumeClaimTemplates when they are no longer needed.',
    fields: {
      whenDeleted: 'The fate of the claims when the StatefulSet is deleted (default Retain).',
      whenScaled: 'The fate of the claims of the pods removed when the set scales down (default Retain); the pods that remain keep theirs.',
    },
  },
  'apps/v1.StatefulSetOrdinals': {
    description: 'How the replicas of a StatefulSet are numbered.',
    fields: {
      start: 'The ordinal of the first replica (default 0): replicas get the ordinals start to start+replicas-1.',
    },
  },
  'apps/v1.StatefulSetStatus': {
    description: 'The observed state of a StatefulSet.',
    fields: {
      observedGeneration: 'The most recent generation of the set seen by the controller; the status describes that generation.',
      replicas: 'How many pods the controller has created.',
      readyReplicas: 'How many pods have a Ready condition.',
      currentReplicas: 'How many pods run the revision in currentRevision.',
      updatedReplicas: 'How many pods run the revision in updateRevision.',
      currentRevision: 'The revision of the pods with ordinals 0 to currentReplicas-1.',
      updateRevision: 'The revision of the pods with ordinals replicas-updatedReplicas to replicas-1: the one the set is moving to.',
      collisionCount:
        'How many hash collisions the controller met when naming the newest ControllerRevision; it is part of the name to avoid them.',
      conditions: 'The latest observations of the state of the set.',
      availableReplicas: 'How many pods have been ready for at least minReadySeconds.',
    },
  },
  'apps/v1.StatefulSetCondition': {
    description: 'One aspect of the state of a StatefulSet at a point in time.',
    fields: {
      type: 'The kind of condition.',
      status: conditionStatusNote,
      lastTransitionTime: 'When the condition last changed from one status to another.',
      reason: 'A one-word CamelCase reason for the last transition.',
      message: 'A human readable explanation of the last transition.',
    },
  },
  'apps/v1.ControllerRevision': {
    description:
      'An immutable snapshot of the state a controller rolls out (for a StatefulSet, its pod template), kept so that the controller can roll forward and back between revisions.',
    fields: {
      data: 'The snapshot, as the controller that owns the revision encodes it.',
      revision: 'The number of the revision among those of the same owner; higher is newer.',
    },
  },
};

export const enums = {
  'apps/v1.PodManagementPolicyType': {
    OrderedReady:
      'creates pods one at a time in ordinal order, each once the ones before it are running and ready, and deletes them in reverse order, one at a time.',
    Parallel: 'creates and deletes pods all at once, without waiting for others to be ready or gone.',
  },
  'apps/v1.StatefulSetUpdateStrategyType': {
    RollingUpdate:
      'replaces the pods automatically when the template changes, from the highest ordinal down to the partition, one at a time, each once the one before it is ready.',
    OnDelete: 'leaves running pods alone; a pod gets the new template only when it is recreated after being deleted.',
  },
  'apps/v1.PersistentVolumeClaimRetentionPolicyType': {
    Retain: 'keeps the claims, so that a pod with the same name gets them back.',
    Delete: 'deletes the claims once their pod is gone.',
  },
};
