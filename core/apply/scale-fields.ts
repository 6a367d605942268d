/**
 * Ownership through the `scale` subresource, as the real platform's ScaleHandler maps it. A write
 * to `/scale` is a write of an autoscaling/v1 Scale, so its managers see the parent's entries
 * that own the replicas field as Scale entries owning `spec.replicas` (`toScaleManaged`); after
 * the write, the Scale's entries go back to the parent (`toParentManaged`): a parent entry keeps
 * the replicas field only if its manager still owns it in the Scale, and a Scale manager that
 * owns `spec.replicas` gets (or keeps) a parent entry owning the replicas field, in the parent's
 * version, with its own operation and subresource (`scale` for the writer).
 */
import { FieldSet } from './field-set.ts';
import { decodeManaged, encodeManaged, identityKey, type Managed, type ManagerEntry } from './managers.ts';
import { fieldPath, type Path } from './path.ts';
import type { JsonObject, JsonValue } from '../util/json.ts';

export const SCALE_API_VERSION = 'autoscaling/v1';
const SCALE_REPLICAS = fieldPath('spec', 'replicas');

/** Where the parent keeps its replica count, in the parent's version. */
export interface ReplicasMapping {
  readonly apiVersion: string;
  readonly replicasPath: readonly string[];
}

/** The parent's entries that own the replicas field, as entries of the Scale. */
export function toScaleManaged(parentEntries: JsonValue | undefined, mapping: ReplicasMapping): JsonObject[] {
  const parent = decodeManaged(parentEntries);
  const replicas = fieldPath(...mapping.replicasPath);
  const scale: Managed = new Map();
  for (const e of parent.values()) {
    // Entries of another version are not mapped (the real platform skips them).
    if (e.apiVersion !== mapping.apiVersion || !e.set.has(replicas)) continue;
    const entry: ManagerEntry = { ...withoutOriginal(e), apiVersion: SCALE_API_VERSION, set: FieldSet.of(SCALE_REPLICAS) };
    scale.set(identityKey(entry), entry);
  }
  return encodeManaged(scale);
}

/** The parent's entries after a write through `scale` left the Scale with `scaleEntries`. */
export function toParentManaged(
  parentEntries: JsonValue | undefined,
  scaleEntries: JsonValue | undefined,
  mapping: ReplicasMapping,
): JsonObject[] {
  const parent = decodeManaged(parentEntries);
  const scale = decodeManaged(scaleEntries);
  const replicas = fieldPath(...mapping.replicasPath);
  const out: Managed = new Map();
  for (const [key, e] of parent) {
    // Entries of another version are dropped, as the real platform drops them.
    if (e.apiVersion !== mapping.apiVersion) continue;
    if (!e.set.has(replicas)) {
      out.set(key, e);
      continue;
    }
    const kept = scale.get(identityKey({ ...e, apiVersion: SCALE_API_VERSION }));
    if (kept?.set.has(SCALE_REPLICAS)) {
      out.set(key, e);
      scale.delete(identityKey(kept));
      continue;
    }
    // The Scale's manager gave the replicas up (or another took them): the rest stays its.
    const rest = e.set.difference(FieldSet.of(replicas));
    if (!rest.empty) out.set(key, { ...withoutOriginal(e), set: rest });
  }
  for (const e of scale.values()) {
    if (!e.set.has(SCALE_REPLICAS)) continue;
    const entry: ManagerEntry = { ...withoutOriginal(e), apiVersion: mapping.apiVersion, set: FieldSet.of(replicas as Path) };
    const key = identityKey(entry);
    const existing = out.get(key);
    out.set(key, existing ? { ...entry, set: existing.set.union(entry.set) } : entry);
  }
  return encodeManaged(out);
}

function withoutOriginal(e: ManagerEntry): ManagerEntry {
  const { original: _drop, ...rest } = e;
  return rest;
}
