/** Request options of the client's verbs, and how they become query parameters and bodies. */

export interface GetOptions {
  readonly resourceVersion?: string;
}

export interface ListOptions {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  readonly limit?: number;
  readonly continue?: string;
  readonly resourceVersion?: string;
  readonly resourceVersionMatch?: 'NotOlderThan' | 'Exact';
  readonly timeoutSeconds?: number;
}

export interface WatchOptions extends ListOptions {
  readonly allowWatchBookmarks?: boolean;
  /** Streaming list: the stream starts with the current state, then a BOOKMARK marking its end. */
  readonly sendInitialEvents?: boolean;
}

export interface WriteOptions {
  readonly dryRun?: boolean;
  readonly fieldManager?: string;
  readonly fieldValidation?: 'Ignore' | 'Warn' | 'Strict';
}

export interface PatchOptions extends WriteOptions {
  /** Apply only: take ownership of conflicting fields. */
  readonly force?: boolean;
  /** `status`, `scale`, ... ('' for the object itself). */
  readonly subresource?: string;
}

export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';

export interface DeleteOptions {
  readonly preconditions?: { readonly uid?: string; readonly resourceVersion?: string };
  readonly propagationPolicy?: PropagationPolicy;
  readonly gracePeriodSeconds?: number;
  readonly dryRun?: boolean;
}

export interface JsonPatchOperation {
  readonly op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  readonly path: string;
  readonly value?: unknown;
  readonly from?: string;
}

/** The four patch kinds; the media type tells the server which one a body is. */
export type Patch =
  | { readonly type: 'json'; readonly operations: readonly JsonPatchOperation[] }
  | { readonly type: 'merge'; readonly patch: object }
  | { readonly type: 'strategic'; readonly patch: object }
  | { readonly type: 'apply'; readonly object: object };

export const PATCH_CONTENT_TYPES: Readonly<Record<Patch['type'], string>> = {
  json: 'application/json-patch+json',
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  apply: 'application/apply-patch+yaml',
};

export function patchBody(p: Patch): string {
  switch (p.type) {
    case 'json':
      return JSON.stringify(p.operations);
    case 'merge':
    case 'strategic':
      return JSON.stringify(p.patch);
    case 'apply':
      // JSON is YAML; the server reads either.
      return JSON.stringify(p.object);
  }
}

type QueryValue = string | number | boolean | undefined;

export function toQuery(params: Readonly<Record<string, QueryValue>>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '') continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function listQuery(o: ListOptions): Record<string, QueryValue> {
  return {
    labelSelector: o.labelSelector,
    fieldSelector: o.fieldSelector,
    limit: o.limit,
    continue: o.continue,
    resourceVersion: o.resourceVersion,
    resourceVersionMatch: o.resourceVersionMatch,
    timeoutSeconds: o.timeoutSeconds,
  };
}

export function writeQuery(o: WriteOptions): Record<string, QueryValue> {
  return {
    dryRun: o.dryRun ? 'All' : undefined,
    fieldManager: o.fieldManager,
    fieldValidation: o.fieldValidation,
  };
}

export function deleteBody(o: DeleteOptions): string {
  return JSON.stringify({
    kind: 'DeleteOptions',
    apiVersion: 'v1',
    ...(o.gracePeriodSeconds !== undefined ? { gracePeriodSeconds: o.gracePeriodSeconds } : {}),
    ...(o.preconditions ? { preconditions: o.preconditions } : {}),
    ...(o.propagationPolicy ? { propagationPolicy: o.propagationPolicy } : {}),
    ...(o.dryRun ? { dryRun: ['All'] } : {}),
  });
}
