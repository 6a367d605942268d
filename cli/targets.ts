/**
 * What a command acts on: `TYPE NAME...`, `TYPE/NAME...`, `TYPE1,TYPE2` (lists), or the objects of
 * `-f`, each resolved against discovery to a resource, a namespace and a name.
 */
import { type ApiResource, collectionPath, objectPath } from './discovery.ts';
import { usageError } from './errors.ts';
import { readManifests } from './manifests.ts';
import type { JsonObject } from './objects.ts';
import type { Session } from './session.ts';

export interface Target {
  readonly resource: ApiResource;
  /** Undefined for cluster-scoped resources (and for lists across namespaces). */
  readonly namespace: string | undefined;
  /** Undefined for "every object of the type". */
  readonly name: string | undefined;
  /** The object as given in a file (`-f`). */
  readonly object?: JsonObject;
  readonly source?: string;
}

export interface FileOptions {
  readonly filename?: string[];
  readonly recursive?: boolean;
  readonly kustomize?: string;
}

/** Targets from the positional arguments. `allowList`: a TYPE alone means all of its objects. */
export async function argTargets(session: Session, args: readonly string[], allowList: boolean, allNamespaces = false): Promise<Target[]> {
  const namespace = await session.namespace();
  const ns = (r: ApiResource) => (r.namespaced ? (allNamespaces ? undefined : namespace) : undefined);
  if (args.length === 0) return [];
  if (args.some((a) => a.includes('/'))) {
    const out: Target[] = [];
    for (const a of args) {
      const slash = a.indexOf('/');
      if (slash < 0)
        throw usageError(
          `there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'orchctl get resource/<resource_name>' instead of 'orchctl get resource resource/<resource_name>'`,
        );
      const r = await session.findType(a.slice(0, slash));
      const name = a.slice(slash + 1);
      if (!name) throw usageError(`arguments in resource/name form must have a single resource and name`);
      out.push({ resource: r, namespace: ns(r), name });
    }
    return out;
  }
  const [typeArg, ...names] = args;
  const types: ApiResource[] = [];
  for (const t of typeArg!.split(',')) types.push(await session.findType(t));
  if (names.length === 0) {
    if (!allowList) throw usageError(`resource(s) were provided, but no name was specified`);
    return types.map((r) => ({ resource: r, namespace: ns(r), name: undefined }));
  }
  return types.flatMap((r) => names.map((name) => ({ resource: r, namespace: ns(r), name })));
}

/** Targets from `-f` files (and `-k`, refused clearly where it cannot be done). */
export async function fileTargets(session: Session, opts: FileOptions, needServer = true): Promise<Target[]> {
  if (opts.kustomize) {
    if (opts.filename?.length || opts.recursive) throw usageError('only one of -f or -k can be specified');
    return kustomizeTargets(session, opts.kustomize, needServer);
  }
  const manifests = await readManifests(session.io, opts.filename ?? [], Boolean(opts.recursive));
  const namespace = await session.namespace();
  const out: Target[] = [];
  for (const m of manifests) {
    const resource = needServer ? await session.forKind(m.object.apiVersion ?? '', m.object.kind ?? '') : undefined;
    out.push(toTarget(m.object, m.source, needServer, resource, namespace, session.explicitNamespace));
  }
  return out;
}

function toTarget(
  obj: JsonObject,
  source: string,
  needServer: boolean,
  found: ApiResource | undefined,
  namespace: string,
  explicit: boolean,
): Target {
  const apiVersion = obj.apiVersion ?? '';
  const kind = obj.kind ?? '';
  let resource = found;
  if (needServer && !resource)
    throw usageError(
      `resource mapping not found for name: "${obj.metadata?.name ?? ''}" namespace: "${obj.metadata?.namespace ?? ''}" from "${source}": no matches for kind "${kind}" in version "${apiVersion}"\nensure CRDs are installed first`,
    );
  resource ??= localResource(apiVersion, kind);
  const fileNs = obj.metadata?.namespace;
  if (explicit && fileNs && fileNs !== namespace && resource.namespaced)
    throw usageError(
      `the namespace from the provided object "${fileNs}" does not match the namespace "${namespace}". You must pass '--namespace=${fileNs}' to perform this operation.`,
    );
  return { resource, namespace: resource.namespaced ? (fileNs ?? namespace) : undefined, name: obj.metadata?.name, object: obj, source };
}

/** Without a server (`--local`): the resource as far as apiVersion and kind tell. */
function localResource(apiVersion: string, kind: string): ApiResource {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/', 2) : ['', apiVersion];
  const plural = `${kind.toLowerCase()}s`;
  return {
    group: group!,
    version: version!,
    resource: plural,
    singular: kind.toLowerCase(),
    kind,
    namespaced: kind !== 'Namespace',
    shortNames: [],
    categories: [],
    verbs: [],
    subresources: [],
    preferred: true,
  };
}

/**
 * `-k DIR`: the kustomization's plain `resources:` files and its `namespace:` are honoured; what
 * needs kustomize itself (generators, patches, overlays, remote bases, transformers) is refused,
 * naming the field, rather than silently applied half-way.
 */
async function kustomizeTargets(session: Session, dir: string, needServer: boolean): Promise<Target[]> {
  const io = session.io;
  const { load } = await import('js-yaml');
  let file = '';
  for (const name of ['kustomization.yaml', 'kustomization.yml', 'Kustomization']) {
    if ((await io.pathKind(io.join(dir, name))) === 'file') {
      file = io.join(dir, name);
      break;
    }
  }
  if (!file) throw usageError(`unable to find one of 'kustomization.yaml', 'kustomization.yml' or 'Kustomization' in directory '${dir}'`);
  const k = (load(await io.readFile(file)) ?? {}) as Record<string, unknown>;
  const supported = new Set(['apiVersion', 'kind', 'resources', 'namespace']);
  const unsupported = Object.keys(k).filter((key) => !supported.has(key));
  if (unsupported.length)
    throw usageError(
      `orchctl builds only kustomizations of plain resource files (and namespace); ${file} uses ${unsupported.join(', ')}, which needs kustomize: run \`kustomize build ${dir} | orchctl <command> -f -\``,
    );
  const resources = (k.resources as string[] | undefined) ?? [];
  const remote = resources.filter((r) => /^(https?:|git@|github\.com)/.test(r));
  if (remote.length) throw usageError(`remote kustomize resources are not supported by orchctl: ${remote.join(', ')}`);
  const targets: Target[] = [];
  for (const r of resources) {
    const path = io.join(dir, r);
    if ((await io.pathKind(path)) === 'dir') {
      targets.push(...(await kustomizeTargets(session, path, needServer)));
      continue;
    }
    targets.push(...(await fileTargets(session, { filename: [path] }, needServer)));
  }
  const ns = k.namespace as string | undefined;
  return ns
    ? targets.map((t) =>
        t.resource.namespaced
          ? { ...t, namespace: ns, object: t.object && { ...t.object, metadata: { ...t.object.metadata, namespace: ns } } }
          : t,
      )
    : targets;
}

export function targetPath(t: Target, subresource = ''): string {
  if (!t.name) throw usageError('a resource name is required');
  return objectPath(t.resource, t.namespace, t.name, subresource);
}

/** Lists (`TYPE` alone, `--all`, `-l`, `--field-selector`) become the objects they hold now. */
export async function expandLists(
  session: Session,
  targets: readonly Target[],
  selectors: { readonly selector?: string; readonly fieldSelector?: string },
): Promise<Target[]> {
  const expanded: Target[] = [];
  for (const t of targets) {
    if (t.name !== undefined) {
      expanded.push(t);
      continue;
    }
    const q = new URLSearchParams();
    if (selectors.selector) q.set('labelSelector', selectors.selector);
    if (selectors.fieldSelector) q.set('fieldSelector', selectors.fieldSelector);
    const list = await session.json<{ items?: JsonObject[] }>('GET', `${collectionPath(t.resource, t.namespace)}?${q}`);
    for (const item of list.items ?? [])
      expanded.push({ ...t, name: item.metadata?.name, namespace: item.metadata?.namespace ?? t.namespace });
  }
  return expanded;
}
