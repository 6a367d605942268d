/**
 * The typed client: every verb of the API over a `fetch` function, so the same code talks to an
 * in-process server (`api.fetch`), a remote one (global `fetch` with a base URL) or the browser's
 * Service Worker. Failures come back as `ApiError`s carrying the server's Status.
 */
import type { Observable } from 'rxjs';
import type { Status } from '../../../core/registry/types/index.ts';
import { apiVersionOf, type ResourceType } from '../api/resources.ts';
import type { KubeObject, ObjectList } from '../api/types.ts';
import { ApiError, isGone } from './api-error.ts';
import {
  deleteBody,
  listQuery,
  PATCH_CONTENT_TYPES,
  patchBody,
  toQuery,
  writeQuery,
  type DeleteOptions,
  type GetOptions,
  type ListOptions,
  type Patch,
  type PatchOptions,
  type WatchOptions,
  type WriteOptions,
} from './options.ts';
import { fetchTransport, type ClientResponse, type FetchLike, type Transport } from './transport.ts';
import { watchStream, type WatchEvent } from './watch-stream.ts';

export interface ClientOptions {
  /** How the client reaches the server: a `fetch` function … */
  readonly fetch?: FetchLike;
  /** … or a transport (see transport.ts); one of the two is required, the transport wins. */
  readonly transport?: Transport;
  /** Requests resolve against this (default `http://orch.local`, which in-process servers ignore). */
  readonly baseUrl?: string;
  /** Sent as User-Agent; the server names field managers after it when none is given. */
  readonly userAgent?: string;
  /** Extra headers on every request (e.g. Authorization). */
  readonly headers?: Readonly<Record<string, string>>;
}

interface RequestSpec {
  readonly body?: string;
  /** The Accept header (default `application/json`). */
  readonly accept?: string;
  readonly contentType?: string;
  readonly signal?: AbortSignal;
}

const DEFAULT_PAGE_SIZE = 500;

export class Client {
  private readonly transport: Transport;
  readonly baseUrl: string;
  private readonly headers: Readonly<Record<string, string>>;

  constructor(opts: ClientOptions) {
    if (!opts.transport && !opts.fetch) throw new TypeError('Client needs a fetch function or a transport');
    this.transport = opts.transport ?? fetchTransport(opts.fetch as FetchLike);
    this.baseUrl = opts.baseUrl ?? 'http://orch.local';
    const headers: Record<string, string> = { 'user-agent': opts.userAgent ?? 'orch-controllers' };
    for (const [k, v] of Object.entries(opts.headers ?? {})) headers[k.toLowerCase()] = v;
    this.headers = headers;
  }

  /** A client for one resource; `namespace` binds namespaced verbs (omit it to list or watch across namespaces). */
  resource<T extends KubeObject>(type: ResourceType<T>, namespace?: string): ResourceClient<T> {
    return new ResourceClient<T>(this, type, namespace);
  }

  /** A raw request; the response is returned whatever its status. */
  async request(method: string, path: string, spec: RequestSpec = {}): Promise<ClientResponse> {
    const headers: Record<string, string> = { accept: spec.accept ?? 'application/json', ...this.headers };
    if (spec.contentType) headers['content-type'] = spec.contentType;
    return this.transport({ method, url: new URL(path, this.baseUrl), headers, body: spec.body, signal: spec.signal });
  }

  /** A request whose success body is JSON; anything but 2xx becomes an ApiError. */
  async requestJson<R>(method: string, path: string, spec: RequestSpec = {}): Promise<R> {
    const res = await this.request(method, path, spec);
    const text = await res.text();
    if (res.status < 200 || res.status > 299) throw ApiError.fromResponse(res.status, text);
    try {
      return JSON.parse(text) as R;
    } catch {
      throw ApiError.fromResponse(500, `the server answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
  }
}

export class ResourceClient<T extends KubeObject> {
  constructor(
    readonly client: Client,
    readonly type: ResourceType<T>,
    readonly namespace?: string,
  ) {}

  /** The same resource bound to another namespace. */
  inNamespace(namespace: string): ResourceClient<T> {
    return new ResourceClient<T>(this.client, this.type, namespace);
  }

  /** The collection path (`/api/v1/namespaces/ns/configmaps`); across namespaces when none is bound. */
  collectionPath(namespace = this.namespace): string {
    const t = this.type;
    const base = t.group ? `/apis/${t.group}/${t.version}` : `/api/${t.version}`;
    const ns = t.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
    return `${base}${ns}/${t.resource}`;
  }

  objectPath(name: string, subresource = '', namespace = this.namespace): string {
    if (!name) throw new Error('resource name may not be empty');
    if (this.type.namespaced && !namespace) throw new Error(`a namespace is required for ${this.type.resource} "${name}"`);
    return `${this.collectionPath(namespace)}/${encodeURIComponent(name)}${subresource ? `/${subresource}` : ''}`;
  }

  private namespaceFor(obj: KubeObject): string | undefined {
    return this.type.namespaced ? (this.namespace ?? obj.metadata.namespace) : undefined;
  }

  async get(name: string, opts: GetOptions = {}): Promise<T> {
    return this.client.requestJson<T>('GET', this.objectPath(name) + toQuery({ resourceVersion: opts.resourceVersion }));
  }

  /** One page (or everything, without `limit`). */
  async list(opts: ListOptions = {}): Promise<ObjectList<T>> {
    return this.client.requestJson<ObjectList<T>>('GET', this.collectionPath() + toQuery(listQuery(opts)));
  }

  /**
   * Every page of one consistent snapshot. If a continue token expires half-way, the list is
   * redone in one request, as the real client's pager does.
   */
  async listAll(opts: Omit<ListOptions, 'limit' | 'continue'> & { readonly pageSize?: number } = {}): Promise<ObjectList<T>> {
    const { pageSize = DEFAULT_PAGE_SIZE, ...rest } = opts;
    const first = await this.list({ ...rest, limit: pageSize });
    const items = [...first.items];
    let cont = first.metadata.continue;
    while (cont) {
      let page: ObjectList<T>;
      try {
        page = await this.list({ ...rest, limit: pageSize, continue: cont, resourceVersion: undefined, resourceVersionMatch: undefined });
      } catch (err) {
        if (!isGone(err)) throw err;
        return this.list(rest);
      }
      items.push(...page.items);
      cont = page.metadata.continue;
    }
    return { ...first, metadata: { resourceVersion: first.metadata.resourceVersion }, items };
  }

  watch(opts: WatchOptions = {}): Observable<WatchEvent<T>> {
    const query = toQuery({
      watch: 'true',
      ...listQuery(opts),
      allowWatchBookmarks: opts.allowWatchBookmarks ? 'true' : undefined,
      sendInitialEvents: opts.sendInitialEvents === undefined ? undefined : String(opts.sendInitialEvents),
    });
    const path = this.collectionPath() + query;
    return watchStream<T>((signal) => this.client.request('GET', path, { signal }));
  }

  async create(obj: T, opts: WriteOptions = {}): Promise<T> {
    const ns = this.namespaceFor(obj);
    if (this.type.namespaced && !ns) throw new Error(`a namespace is required to create ${this.type.resource}`);
    return this.client.requestJson<T>('POST', this.collectionPath(ns) + toQuery(writeQuery(opts)), {
      body: JSON.stringify(this.typed(obj)),
      contentType: 'application/json',
    });
  }

  /** PUT of the whole object; `metadata.resourceVersion`, when set, must be the stored one. */
  async update(obj: T, opts: WriteOptions = {}): Promise<T> {
    return this.updateSubresource(obj, '', opts);
  }

  /** PUT of the status subresource: only `status` changes. */
  async updateStatus(obj: T, opts: WriteOptions = {}): Promise<T> {
    return this.updateSubresource(obj, 'status', opts);
  }

  /** PUT of any subresource that takes the whole object (`status`, Namespace `finalize`). */
  async updateSubresource(obj: T, subresource: string, opts: WriteOptions = {}): Promise<T> {
    const path = this.objectPath(obj.metadata.name ?? '', subresource, this.namespaceFor(obj));
    return this.client.requestJson<T>('PUT', path + toQuery(writeQuery(opts)), {
      body: JSON.stringify(this.typed(obj)),
      contentType: 'application/json',
    });
  }

  async patch(name: string, patch: Patch, opts: PatchOptions = {}): Promise<T> {
    if (patch.type === 'apply' && !opts.fieldManager) throw new Error('apply needs a fieldManager');
    const query = toQuery({
      ...writeQuery(opts),
      force: patch.type === 'apply' && opts.force !== undefined ? String(opts.force) : undefined,
    });
    return this.client.requestJson<T>('PATCH', this.objectPath(name, opts.subresource ?? '') + query, {
      body: patchBody(patch),
      contentType: PATCH_CONTENT_TYPES[patch.type],
    });
  }

  /** Server-side apply of a (partial) object under a field manager. */
  async apply(obj: Partial<T> & KubeObject, opts: PatchOptions & { readonly fieldManager: string }): Promise<T> {
    return this.patch(obj.metadata.name ?? '', { type: 'apply', object: this.typed(obj) }, opts);
  }

  /**
   * The answer is the object while it lingers (finalizers pending, or a kind that returns what it
   * deleted), else a success Status.
   */
  async delete(name: string, opts: DeleteOptions = {}): Promise<T | Status> {
    return this.client.requestJson<T | Status>('DELETE', this.objectPath(name), {
      body: deleteBody(opts),
      contentType: 'application/json',
    });
  }

  /** The objects deleted, as they were listed before deletion (with `limit`, one page of them). */
  async deleteCollection(opts: DeleteOptions & ListOptions = {}): Promise<ObjectList<T>> {
    const { preconditions, propagationPolicy, gracePeriodSeconds, dryRun, ...list } = opts;
    return this.client.requestJson<ObjectList<T>>('DELETE', this.collectionPath() + toQuery(listQuery(list)), {
      body: deleteBody({ preconditions, propagationPolicy, gracePeriodSeconds, dryRun }),
      contentType: 'application/json',
    });
  }

  /** apiVersion, kind and the bound namespace filled in, so callers may leave them out. */
  private typed<O extends KubeObject>(obj: O): O {
    const { apiVersion, kind, ...rest } = obj;
    const out = { apiVersion: apiVersion ?? apiVersionOf(this.type), kind: kind ?? this.type.kind, ...rest } as O;
    if (this.type.namespaced && this.namespace && out.metadata && !out.metadata.namespace)
      out.metadata = { ...out.metadata, namespace: this.namespace };
    return out;
  }
}
