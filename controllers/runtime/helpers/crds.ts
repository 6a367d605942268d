/**
 * Installing CustomResourceDefinitions and waiting until they can be used, as the real platform's
 * envtest does before a test starts: create each CRD (or update the one already there), wait
 * until its `Established` condition is True, then until discovery lists its resource in every
 * served version. Waiting follows a watch of the CRDs; it never polls them.
 */
import { loadAll } from 'js-yaml';
import { EmptyError, filter, firstValueFrom, map, throwError, timeout } from 'rxjs';
import {
  CUSTOM_RESOURCE_DEFINITIONS,
  crdName,
  resourceTypeOfCrd,
  type CustomResourceDefinition,
  type UnstructuredObject,
} from '../api/custom-resources.ts';
import { apiVersionOf, type ResourceType } from '../api/resources.ts';
import { ApiError, isAlreadyExists, isNotFound } from '../client/api-error.ts';
import type { Client } from '../client/client.ts';

/** The CRD kind as manifests written for the real platform spell it, and as orch does. */
const CRD_API_VERSIONS = new Set(['apiextensions.orch.io/v1', 'apiextensions.k8s.io/v1']);

export interface InstallCrdsOptions {
  /** Real milliseconds to wait for every CRD to be Established and discovered (default 10,000). */
  readonly timeoutMs?: number;
  readonly fieldManager?: string;
}

/** Whether a manifest is a CustomResourceDefinition (either spelling of its group). */
export function isCrd(obj: unknown): obj is CustomResourceDefinition {
  const o = obj as { apiVersion?: unknown; kind?: unknown } | null;
  return typeof o === 'object' && o !== null && o.kind === 'CustomResourceDefinition' && CRD_API_VERSIONS.has(String(o.apiVersion));
}

/**
 * The objects of a YAML or JSON text: every document of a multi-document YAML, the items of a
 * `List`; empty documents are skipped.
 */
export function parseManifests(text: string, source = 'manifest'): UnstructuredObject[] {
  let docs: unknown[];
  try {
    docs = loadAll(text);
  } catch (err) {
    throw new Error(`${source}: not valid YAML: ${(err as Error).message}`);
  }
  const out: UnstructuredObject[] = [];
  const add = (doc: unknown, where: string) => {
    if (doc === null || doc === undefined) return;
    if (typeof doc !== 'object' || Array.isArray(doc)) throw new Error(`${where}: a manifest must be an object`);
    const obj = doc as UnstructuredObject & { items?: unknown };
    if (typeof obj.kind === 'string' && obj.kind.endsWith('List') && Array.isArray(obj.items)) {
      obj.items.forEach((item, j) => add(item, `${where}, item ${j + 1}`));
      return;
    }
    if (typeof obj.metadata !== 'object' || obj.metadata === null) obj.metadata = {};
    out.push(obj);
  };
  docs.forEach((doc, i) => add(doc, `${source}, document ${i + 1}`));
  return out;
}

/**
 * Creates (or updates) each CRD and resolves once all are Established and served, with each one as
 * the server has it. Fails with the CRDs' conditions when one is not Established in time or its
 * names are refused (they conflict with another CRD's), and with the server's Status when one is
 * invalid.
 */
export async function installCrds(
  client: Client,
  crds: readonly CustomResourceDefinition[],
  opts: InstallCrdsOptions = {},
): Promise<CustomResourceDefinition[]> {
  const rc = client.resource(CUSTOM_RESOURCE_DEFINITIONS);
  const names: string[] = [];
  for (const given of crds) {
    // Manifests written for the real platform say apiextensions.k8s.io: the same group to orch,
    // sent here in the spelling of the path it is sent to.
    const crd: CustomResourceDefinition = {
      ...given,
      apiVersion: apiVersionOf(CUSTOM_RESOURCE_DEFINITIONS),
      kind: 'CustomResourceDefinition',
      metadata: { ...given.metadata, name: given.metadata?.name ?? crdName(given) },
    };
    names.push(crd.metadata.name ?? '');
    try {
      await rc.create(crd, { fieldManager: opts.fieldManager });
    } catch (err) {
      if (isNotFound(err)) throw new Error('the server does not serve apiextensions.orch.io/v1 CustomResourceDefinitions', { cause: err });
      if (!isAlreadyExists(err)) throw err;
      const existing = await rc.get(crd.metadata.name ?? '');
      await rc.update({ ...crd, metadata: { ...crd.metadata, resourceVersion: existing.metadata.resourceVersion } });
    }
  }
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const established = await waitForEstablished(client, names, { timeoutMs: Math.max(0, deadline - Date.now()) });
  for (const crd of established) await waitForDiscovery(client, crd, deadline);
  return established;
}

/** Whether a CRD's `Established` condition is True. */
export function isEstablished(crd: CustomResourceDefinition): boolean {
  return crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') ?? false;
}

/** Resolves with the named CRDs once each is Established: a list, then a watch from its revision. */
export async function waitForEstablished(
  client: Client,
  names: readonly string[],
  opts: { readonly timeoutMs?: number } = {},
): Promise<CustomResourceDefinition[]> {
  const rc = client.resource(CUSTOM_RESOURCE_DEFINITIONS);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const seen = new Map<string, CustomResourceDefinition>();
  const done = () => names.every((n) => seen.has(n) && isEstablished(seen.get(n)!));
  // Names another CRD holds stay refused until that one goes: a test would only time out.
  const refused = () => names.some((n) => seen.get(n)?.status?.conditions?.some((c) => c.type === 'NamesAccepted' && c.status === 'False'));
  const check = () => {
    if (refused()) throw new Error(`CRDs not Established: ${describe()}`);
    return done();
  };
  const result = () => names.map((n) => seen.get(n)!);
  const describe = () =>
    names
      .map((name) => {
        const conds = seen.get(name)?.status?.conditions ?? [];
        const text = conds.map((c) => `${c.type}=${c.status}${c.reason ? ` (${c.reason}: ${c.message ?? ''})` : ''}`).join(', ');
        return `${name}: ${seen.has(name) ? text || 'no conditions yet' : 'not found'}`;
      })
      .join('; ');

  let list: Awaited<ReturnType<typeof rc.list>>;
  try {
    list = await rc.list();
  } catch (err) {
    if (isNotFound(err)) throw new Error('the server does not serve apiextensions.orch.io/v1 CustomResourceDefinitions', { cause: err });
    throw err;
  }
  for (const crd of list.items) seen.set(crd.metadata.name ?? '', crd);
  if (check()) return result();

  const established = firstValueFrom(
    rc.watch({ resourceVersion: list.metadata.resourceVersion, allowWatchBookmarks: true }).pipe(
      map((ev) => {
        if (ev.type === 'ERROR') throw new ApiError(ev.object);
        if (ev.type === 'ADDED' || ev.type === 'MODIFIED') seen.set(ev.object.metadata.name ?? '', ev.object);
        if (ev.type === 'DELETED') seen.delete(ev.object.metadata.name ?? '');
        return check();
      }),
      filter(Boolean),
      timeout({ first: timeoutMs, with: () => throwError(() => new Error(`CRDs not Established within ${timeoutMs} ms: ${describe()}`)) }),
    ),
  );
  await established.catch((err: unknown) => {
    if (err instanceof EmptyError) throw new Error(`the watch of CRDs ended before they were Established: ${describe()}`);
    throw err;
  });
  return result();
}

/**
 * Discovery may follow the Established condition by a moment (the real server's does); a client
 * that resolves names through discovery (kubectl, a REST mapper) needs the resource there.
 */
async function waitForDiscovery(client: Client, crd: CustomResourceDefinition, deadline: number): Promise<void> {
  for (const v of (crd.spec?.versions ?? []).filter((x) => x.served)) {
    const type: ResourceType = resourceTypeOfCrd(crd, v.name);
    for (let delay = 1; ; delay = Math.min(delay * 2, 100)) {
      const list = await client
        .requestJson<{ resources?: { name: string }[] }>('GET', `/apis/${type.group}/${type.version}`)
        .catch((err: unknown) => (isNotFound(err) ? { resources: [] } : Promise.reject(err)));
      if (list.resources?.some((r) => r.name === type.resource)) break;
      if (Date.now() >= deadline)
        throw new Error(`${crdName(crd)} is Established but ${type.group}/${type.version} does not list ${type.resource}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
