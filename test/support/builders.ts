/**
 * The objects tests send, made one way everywhere: a ConfigMap, a Pod, a StatefulSet, a
 * ResourceClaimTemplate. Each is valid as made; a test names only what its rule is about.
 */
import type { Pod, ResourceClaimTemplate, StatefulSet, StatefulSetSpec } from '../../controllers/index.ts';

/**
 * A ConfigMap `name` holding `data` (no `data` field when none is given), with `metadata` besides
 * its name (labels, namespace, finalizers, …).
 */
export function configMap(name: string, data?: Record<string, string>, metadata: Record<string, unknown> = {}) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...metadata }, ...(data ? { data } : {}) };
}

export interface PodOptions {
  /** The containers' names; each runs the image `example.com/<name>:1` (default: one, `app`). */
  readonly containers?: readonly string[];
  readonly labels?: Record<string, string>;
  readonly annotations?: Record<string, string>;
  /** More metadata (finalizers, …). */
  readonly metadata?: Record<string, unknown>;
  /** More of the spec (nodeName, schedulingGates, terminationGracePeriodSeconds, …). */
  readonly spec?: Record<string, unknown>;
}

/** A Pod `name` with its containers, labels, annotations and whatever more of metadata and spec a test adds. */
export function pod(name: string, opts: PodOptions = {}): Pod {
  const { containers = ['app'], labels, annotations, metadata = {}, spec = {} } = opts;
  return {
    metadata: { name, ...(labels ? { labels } : {}), ...(annotations ? { annotations } : {}), ...metadata },
    spec: { containers: containers.map((c) => ({ name: c, image: `example.com/${c}:1` })), ...spec },
  } as Pod;
}

export interface SetOptions extends Partial<Omit<StatefulSetSpec, 'selector' | 'template' | 'serviceName'>> {
  readonly image?: string;
  readonly claims?: readonly string[];
  readonly annotations?: Record<string, string>;
  /** The selector's labels (default `app=<name>`). */
  readonly selectorLabels?: Record<string, string>;
  /** The pod template's labels (default: the selector's). */
  readonly templateLabels?: Record<string, string>;
}

/**
 * A StatefulSet `name` selecting `app=<name>`, one container `app`, optionally claim templates
 * mounted by it; the rest of the spec as given.
 */
export function statefulSet(name: string, opts: SetOptions = {}): StatefulSet {
  const { image = 'nginx:1.27', claims = [], annotations, selectorLabels = { app: name }, templateLabels = selectorLabels, ...spec } = opts;
  return {
    metadata: { name, ...(annotations ? { annotations } : {}) },
    spec: {
      serviceName: name,
      selector: { matchLabels: selectorLabels },
      template: {
        metadata: { labels: templateLabels },
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

/** A ResourceClaimTemplate `name` asking for one device of class `gpu.example.com`, with its claims' labels and annotations. */
export function resourceClaimTemplate(
  name: string,
  claimMetadata?: { labels?: Record<string, string>; annotations?: Record<string, string> },
): ResourceClaimTemplate {
  return {
    metadata: { name },
    spec: {
      ...(claimMetadata ? { metadata: claimMetadata } : {}),
      spec: { devices: { requests: [{ name: 'gpu', deviceClassName: 'gpu.example.com', allocationMode: 'ExactCount', count: 1 }] } },
    },
  };
}
