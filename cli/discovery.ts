/**
 * Which resource a TYPE on the command line names, from the server's aggregated discovery (`/api`
 * and `/apis`, two requests): plural, singular, kind and short names, case-insensitively,
 * optionally qualified as `resource.group` or `resource.version.group`, as the real client's
 * REST mapper resolves them.
 */
import { usageError } from './errors.ts';

export interface ApiResource {
  readonly group: string;
  readonly version: string;
  readonly resource: string;
  readonly singular: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly shortNames: readonly string[];
  readonly categories: readonly string[];
  readonly verbs: readonly string[];
  readonly subresources: readonly string[];
  /** Whether this version is the group's preferred one. */
  readonly preferred: boolean;
}

interface DiscoveryResource {
  resource: string;
  responseKind?: { group?: string; version?: string; kind?: string };
  scope?: string;
  singularResource?: string;
  shortNames?: string[];
  categories?: string[];
  verbs?: string[];
  subresources?: { subresource: string }[];
}

interface DiscoveryList {
  items?: { metadata?: { name?: string }; versions?: { version: string; resources?: DiscoveryResource[] }[] }[];
}

const ACCEPT_AGGREGATED =
  'application/json;g=apidiscovery.orch.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json';

/** GETs a path with an Accept header and answers the parsed JSON (errors as ApiError). */
export type JsonGetter = (path: string, accept: string) => Promise<unknown>;

export async function discover(get: JsonGetter): Promise<ApiResource[]> {
  const [core, groups] = await Promise.all([aggregated(get, '/api'), aggregated(get, '/apis')]);
  return [...core, ...groups];
}

async function aggregated(get: JsonGetter, path: string): Promise<ApiResource[]> {
  const list = (await get(path, ACCEPT_AGGREGATED)) as DiscoveryList;
  const out: ApiResource[] = [];
  for (const g of list.items ?? []) {
    const group = g.metadata?.name ?? '';
    (g.versions ?? []).forEach((v, i) => {
      for (const r of v.resources ?? []) {
        out.push({
          group,
          version: v.version,
          resource: r.resource,
          singular: r.singularResource || r.resource,
          kind: r.responseKind?.kind ?? '',
          namespaced: r.scope === 'Namespaced',
          shortNames: r.shortNames ?? [],
          categories: r.categories ?? [],
          verbs: r.verbs ?? [],
          subresources: (r.subresources ?? []).map((s) => s.subresource),
          preferred: i === 0,
        });
      }
    });
  }
  return out;
}

export class ResourceMapper {
  constructor(readonly resources: readonly ApiResource[]) {}

  /** The resource a TYPE names, or the real client's error. */
  find(type: string): ApiResource {
    const found = this.lookup(type);
    if (!found) throw usageError(`the server doesn't have a resource type "${type}"`);
    return found;
  }

  lookup(type: string): ApiResource | undefined {
    const t = type.toLowerCase();
    const candidates: { name: string; group?: string; version?: string }[] = [{ name: t }];
    const parts = t.split('.');
    if (parts.length >= 2) candidates.push({ name: parts[0]!, group: parts.slice(1).join('.') });
    if (parts.length >= 3) candidates.push({ name: parts[0]!, version: parts[1]!, group: parts.slice(2).join('.') });
    for (const c of candidates) {
      const matches = this.resources.filter(
        (r) =>
          (c.group === undefined || r.group === c.group || (c.group === 'core' && r.group === '')) &&
          (c.version === undefined || r.version === c.version) &&
          (r.resource === c.name || r.singular === c.name || r.kind.toLowerCase() === c.name || r.shortNames.includes(c.name)),
      );
      if (matches.length === 0) continue;
      // The preferred version of the group listed first (the core group comes first in discovery).
      return matches.find((m) => m.preferred) ?? matches[0];
    }
    return undefined;
  }

  /** By apiVersion and kind (objects from files). */
  forKind(apiVersion: string, kind: string): ApiResource | undefined {
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/', 2) : ['', apiVersion];
    return this.resources.find((r) => r.group === group && r.version === version && r.kind === kind);
  }
}

/** `configmap`, `statefulset.apps`: how names are printed (`-o name`, messages). */
export function qualifiedKind(r: Pick<ApiResource, 'group' | 'kind'>): string {
  const kind = r.kind.toLowerCase();
  return r.group ? `${kind}.${r.group}` : kind;
}

export function apiPath(r: Pick<ApiResource, 'group' | 'version'>): string {
  return r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
}

export function collectionPath(r: ApiResource, namespace: string | undefined): string {
  const ns = r.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return `${apiPath(r)}${ns}/${r.resource}`;
}

export function objectPath(r: ApiResource, namespace: string | undefined, name: string, subresource = ''): string {
  return `${collectionPath(r, namespace)}/${encodeURIComponent(name)}${subresource ? `/${subresource}` : ''}`;
}
