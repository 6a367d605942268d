/**
 * StatefulSet revisions as the real controller keeps them. A revision's `data` is a strategic
 * merge patch that puts the pod template back (`{"spec":{"template":{"$patch":"replace",...}}}`),
 * serialized as Go's encoding/json does (map keys sorted, `<>&` escaped); its name is
 * `<set>-<hash>`, the hash being FNV-1 (32 bit) of those bytes and the collision count, written
 * in decimal and then spelled with the "safe" alphabet that avoids vowels and look-alikes.
 */
import type { ControllerRevision, PodTemplateSpec, StatefulSet } from '../../core/registry/types/index.ts';
import { goJson, type JsonObject } from '../../core/util/index.ts';
import { STATEFUL_SETS } from '../runtime/api/resources.ts';
import { parseTime } from '../runtime/api/time.ts';
import { controllerReference } from '../runtime/helpers/owner-refs.ts';
import type { StoredStatefulSet } from './stored-set.ts';

/** The label a revision carries its hash in (`controller.kubernetes.io/hash` upstream). */
export const CONTROLLER_REVISION_HASH_LABEL = 'controller.orchestrator.io/hash';

const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
/** Room left for `-<hash>` in a 253-character name. */
const MAX_PREFIX = 223;

/** FNV-1, 32 bit (Go's `fnv.New32`, not 1a: multiply, then xor). */
function fnv1(bytes: Uint8Array, seed = 0x811c9dc5): number {
  let h = seed;
  for (const b of bytes) h = (Math.imul(h, 0x01000193) ^ b) >>> 0;
  return h;
}

export function safeEncode(text: string): string {
  let out = '';
  for (const ch of text) out += SAFE_ALPHABET[ch.codePointAt(0)! % SAFE_ALPHABET.length];
  return out;
}

/** The hash of a revision's data bytes and the collision count. */
export function hashRevision(data: string, collisionCount: number | undefined): string {
  const enc = new TextEncoder();
  let h = fnv1(enc.encode(data));
  if (collisionCount !== undefined) h = fnv1(enc.encode(String(collisionCount)), h);
  return safeEncode(String(h));
}

export function revisionName(prefix: string, hash: string): string {
  return `${prefix.length > MAX_PREFIX ? prefix.slice(0, MAX_PREFIX) : prefix}-${hash}`;
}

/**
 * The patch a revision stores: the template as the v1.32 encoder writes it (an unset
 * creationTimestamp is `null` there), marked to replace what it is applied to. As JSON, for a
 * revision keeps it as raw data. (Any set from the server has a template; `{}` stands in for
 * the one a set made by hand may lack.)
 */
export function revisionData(set: StatefulSet): { spec: { template: JsonObject } } {
  const template = structuredClone(set.spec?.template ?? {}) as JsonObject;
  const metadata = { ...((template.metadata as JsonObject | undefined) ?? {}) };
  if (!('creationTimestamp' in metadata)) metadata.creationTimestamp = null;
  return { spec: { template: { ...template, metadata, $patch: 'replace' } } };
}

/** A revision of `set` numbered `revision`, named for `collisionCount` (not yet created). */
export function newRevision(set: StoredStatefulSet, revision: number, collisionCount: number): ControllerRevision {
  const data = revisionData(set);
  const hash = hashRevision(goJson(data), collisionCount);
  const annotations = { ...set.metadata.annotations };
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: revisionName(set.metadata.name ?? '', hash),
      namespace: set.metadata.namespace,
      labels: { ...set.spec.template.metadata?.labels, [CONTROLLER_REVISION_HASH_LABEL]: hash },
      ...(Object.keys(annotations).length ? { annotations } : {}),
      ownerReferences: [controllerReference(set, STATEFUL_SETS)],
    },
    data,
    revision,
  };
}

/** Same stored state: the same data bytes (the hash label cannot be compared: it is not a number). */
export function equalRevision(a: ControllerRevision, b: ControllerRevision): boolean {
  return goJson(a.data) === goJson(b.data);
}

function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** By revision number, then age, then name. */
export function sortRevisions(revisions: ControllerRevision[]): ControllerRevision[] {
  return revisions.sort(
    (a, b) =>
      // The server always writes a revision number (Go's zero when unset).
      (a.revision ?? 0) - (b.revision ?? 0) ||
      (parseTime(a.metadata.creationTimestamp) ?? 0) - (parseTime(b.metadata.creationTimestamp) ?? 0) ||
      byteOrder(a.metadata.name ?? '', b.metadata.name ?? ''),
  );
}

export function nextRevision(sorted: readonly ControllerRevision[]): number {
  return sorted.length ? (sorted[sorted.length - 1].revision ?? 0) + 1 : 1;
}

/** `set` with the template the revision recorded (applying its replace patch). */
export function applyRevision(set: StoredStatefulSet, revision: ControllerRevision): StoredStatefulSet {
  const data = revision.data as { spec?: { template?: JsonObject } } | undefined;
  const recorded = data?.spec?.template;
  if (!recorded) return set;
  const { $patch: _replace, ...template } = structuredClone(recorded);
  const metadata = { ...((template.metadata as JsonObject | undefined) ?? {}) };
  if (metadata.creationTimestamp === null) delete metadata.creationTimestamp;
  return { ...set, spec: { ...set.spec, template: { ...template, metadata } as unknown as PodTemplateSpec } };
}
