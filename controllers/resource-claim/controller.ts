/**
 * The ResourceClaim controller's claim creation: every pod entry of `spec.resourceClaims` naming
 * a `resourceClaimTemplateName` gets one ResourceClaim made from that template, as the real
 * controller makes it:
 *
 * - `generateName: <pod>-<claim>-` (both parts shortened in proportion past 57 characters), so the
 *   server appends 5 random characters;
 * - the template's `spec.metadata` labels and annotations, plus the annotation
 *   `resource.orchestrator.io/pod-claim-name: <claim>`; `spec` is the template's `spec.spec` as is;
 * - the pod as controller (`controller: true`, `blockOwnerDeletion: true`), so the claim goes with it;
 * - recorded in the pod's `status.resourceClaimStatuses` by a server-side apply of the status
 *   (field manager `ResourceClaimController`).
 *
 * A claim is never updated afterwards. One that was created but not yet recorded (a failure in
 * between) is found by its owner and annotation and recorded instead of made twice; one the pod
 * records but that is gone or no longer the pod's is made anew.
 */
import type { Pod, ResourceClaim } from '../../core/registry/types/index.ts';
import { keyOf, PODS, RESOURCE_CLAIM_TEMPLATES, RESOURCE_CLAIMS } from '../runtime/api/resources.ts';
import type { KubeObject } from '../runtime/api/types.ts';
import type { RunnableFactory } from '../runtime/controller/manager.ts';
import { controllerReference, getControllerOf } from '../runtime/helpers/owner-refs.ts';
import { OWNER_INDEX } from '../runtime/informer/store.ts';

/** On a generated claim: which of the pod's claims it is (`resource.kubernetes.io/pod-claim-name` upstream). */
export const POD_CLAIM_NAME_ANNOTATION = 'resource.orchestrator.io/pod-claim-name';
export const RESOURCE_CLAIM_FIELD_MANAGER = 'ResourceClaimController';

/** Leaves room for a hyphen and 5 random characters in 63. */
const MAX_BASE_LEN = 57;

export interface ResourceClaimControllerOptions {
  /** Workers (the real default is 10). */
  readonly concurrency?: number;
}

/** `<pod>-<claim>-`, or both parts cut in proportion when that is too long (then without the final hyphen, as upstream). */
export function claimGenerateName(podName: string, claimName: string): string {
  const full = `${podName}-${claimName}-`;
  if (full.length <= MAX_BASE_LEN) return full;
  const cut = (s: string) => s.slice(0, Math.floor((s.length * MAX_BASE_LEN) / full.length));
  return `${cut(podName)}-${cut(claimName)}`;
}

function isForPod(claim: KubeObject, pod: Pod): boolean {
  return getControllerOf(claim)?.uid === pod.metadata.uid;
}

export function resourceClaimController(opts: ResourceClaimControllerOptions = {}): RunnableFactory {
  return (mgr) => {
    const pods = mgr.informer(PODS);
    const claims = mgr.informer(RESOURCE_CLAIMS);
    const templates = mgr.informer(RESOURCE_CLAIM_TEMPLATES);
    /** Claims made but maybe not yet in the cache, by `<pod uid>/<claim name>` (the real one's mutation cache). */
    const made = new Map<string, ResourceClaim>();
    // Once the cache has a claim, it speaks for it (and for its deletion).
    claims.changes$.subscribe((ev) => {
      for (const [k, c] of made) if (c.metadata.uid === ev.object.metadata.uid) made.delete(k);
    });

    const podsNaming = (template: KubeObject): string[] =>
      pods.store
        .byIndex('namespace', template.metadata.namespace ?? '')
        .filter((p) => (p.spec?.resourceClaims ?? []).some((c) => c.resourceClaimTemplateName === template.metadata.name))
        .map((p) => keyOf(p.metadata.namespace ?? '', p.metadata.name ?? ''));

    /** A claim generated for the pod's claim `claimName` earlier (made, or in the cache). */
    function generatedFor(pod: Pod, claimName: string): ResourceClaim | undefined {
      const inCache = claims.store
        .byIndex(OWNER_INDEX, pod.metadata.uid ?? '')
        .find((c) => isForPod(c, pod) && c.metadata.annotations?.[POD_CLAIM_NAME_ANNOTATION] === claimName);
      return inCache ?? made.get(`${pod.metadata.uid}/${claimName}`);
    }

    /** The claim for the pod's claim `claimName`, made from `templateName` unless it exists. */
    async function claimFor(pod: Pod, claimName: string, templateName: string): Promise<string | undefined> {
      const ns = pod.metadata.namespace ?? '';
      const recorded = pod.status?.resourceClaimStatuses?.find((s) => s.name === claimName);
      if (recorded) {
        // Recorded without a claim: none is needed.
        if (!recorded.resourceClaimName) return undefined;
        const claim = claims.store.get(keyOf(ns, recorded.resourceClaimName)) ?? made.get(`${pod.metadata.uid}/${claimName}`);
        if (claim && isForPod(claim, pod) && claim.metadata.name === recorded.resourceClaimName) return undefined;
      }
      let claim = generatedFor(pod, claimName);
      if (!claim || claim.metadata.name === recorded?.resourceClaimName) {
        const template = templates.store.get(keyOf(ns, templateName));
        if (!template)
          throw new Error(`resource claim template "${templateName}": resourceclaimtemplate.resource.orch.io "${templateName}" not found`);
        const meta = template.spec.metadata ?? {};
        claim = await mgr.client.resource(RESOURCE_CLAIMS, ns).create({
          metadata: {
            generateName: claimGenerateName(pod.metadata.name ?? '', claimName),
            namespace: ns,
            ownerReferences: [controllerReference(pod, PODS)],
            annotations: { ...meta.annotations, [POD_CLAIM_NAME_ANNOTATION]: claimName },
            ...(meta.labels ? { labels: meta.labels } : {}),
          },
          spec: structuredClone(template.spec.spec),
        });
        made.set(`${pod.metadata.uid}/${claimName}`, claim);
      }
      return claim.metadata.name;
    }

    const controller = mgr.createController<Pod>({
      name: 'resource-claim-controller',
      for: PODS,
      predicates: [(ev) => (ev.object.spec?.resourceClaims ?? []).length > 0],
      watches: [
        {
          resource: RESOURCE_CLAIMS,
          map: (obj) => (getControllerOf(obj)?.kind === 'Pod' ? [keyOf(obj.metadata.namespace ?? '', getControllerOf(obj)!.name)] : []),
        },
        { resource: RESOURCE_CLAIM_TEMPLATES, map: podsNaming },
      ],
      concurrency: opts.concurrency ?? 10,
      async reconcile(key) {
        const pod = pods.store.get(key);
        if (!pod || pod.metadata.deletionTimestamp) return;
        const statuses: { name: string; resourceClaimName: string }[] = [];
        for (const pc of pod.spec?.resourceClaims ?? []) {
          // A claim named directly needs none made (and validation gives every entry a name).
          if (pc.resourceClaimName || !pc.resourceClaimTemplateName || !pc.name) continue;
          const name = await claimFor(pod, pc.name, pc.resourceClaimTemplateName);
          if (name) statuses.push({ name: pc.name, resourceClaimName: name });
        }
        if (!statuses.length) return;
        await mgr.client.resource(PODS, pod.metadata.namespace).apply(
          {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace },
            status: { resourceClaimStatuses: statuses },
          },
          { fieldManager: RESOURCE_CLAIM_FIELD_MANAGER, force: true, subresource: 'status' },
        );
      },
    });
    return controller;
  };
}
