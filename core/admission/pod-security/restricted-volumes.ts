/**
 * Restricted: a volume's source must be one that grants no access to the node or to storage
 * outside the cluster's control (configMap, csi, downwardAPI, emptyDir, ephemeral,
 * persistentVolumeClaim, projected, secret). It replaces the baseline hostPath check.
 */
import type { Volume } from '../../registry/types/index.ts';
import type { Check } from './check.ts';
import { HOST_PATH_VOLUMES_ID } from './host-path-volumes.ts';
import { joinQuote, pluralize, sortedSet } from './helpers.ts';

const ALLOWED_SOURCES = [
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'persistentVolumeClaim',
  'projected',
  'secret',
] as const;

/** The sources the real check names, in the order it tries them; any other source is "unknown". */
const NAMED_SOURCES = [
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
] as const satisfies readonly (keyof Volume)[];

export const restrictedVolumes: Check = {
  id: 'restrictedVolumes',
  level: 'restricted',
  versions: [
    {
      minimumMinor: 0,
      overrides: [HOST_PATH_VOLUMES_ID],
      checkPod: (_meta, spec) => {
        const bad: string[] = [];
        const types: string[] = [];
        for (const volume of spec.volumes ?? []) {
          if (ALLOWED_SOURCES.some((source) => volume[source] != null)) continue;
          bad.push(volume.name);
          types.push(NAMED_SOURCES.find((source) => volume[source] != null) ?? 'unknown');
        }
        if (bad.length === 0) return undefined;
        const listed = sortedSet(types);
        return {
          forbiddenReason: 'restricted volume types',
          forbiddenDetail: `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('restricted volume type', 'restricted volume types', listed.length)} ${joinQuote(listed)}`,
        };
      },
    },
  ],
};
