/** Baseline: hostPath volumes are forbidden (restricted replaces this with its volume type list). */
import type { Check } from './check.ts';
import { joinQuote, pluralize } from './helpers.ts';

export const HOST_PATH_VOLUMES_ID = 'hostPathVolumes';

export const hostPathVolumes: Check = {
  id: HOST_PATH_VOLUMES_ID,
  level: 'baseline',
  versions: [
    {
      minimumMinor: 0,
      checkPod: (_meta, spec) => {
        const bad = (spec.volumes ?? []).filter((v) => v.hostPath != null).map((v) => v.name);
        if (bad.length === 0) return undefined;
        return { forbiddenReason: 'hostPath volumes', forbiddenDetail: `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)}` };
      },
    },
  ],
};
