/** Objects the workload controller tests make: a valid StatefulSet, a pod, a claim template. */
import type { StatefulSet, StatefulSetSpec } from '../../../controllers/index.ts';

export interface SetOptions extends Partial<Omit<StatefulSetSpec, 'selector' | 'template' | 'serviceName'>> {
  readonly image?: string;
  readonly claims?: readonly string[];
  readonly annotations?: Record<string, string>;
}

/** A StatefulSet `name` selecting `app=<name>`, one container `app`, optionally claim templates mounted by it. */
export function statefulSet(name: string, opts: SetOptions = {}): StatefulSet {
  const { image = 'nginx:1.27', claims = [], annotations, ...spec } = opts;
  return {
    metadata: { name, ...(annotations ? { annotations } : {}) },
    spec: {
      serviceName: name,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [{ name: 'app', image, volumeMounts: claims.map((c) => ({ name: c, mountPath: `/data/${c}` })) }],
        },
      },
      volumeClaimTemplates: claims.map((c) => ({
        metadata: { name: c },
        spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
      })),
      ...spec,
    },
  };
}
