/**
 * In the Service Worker: the app shell, cached so the playground opens with the network off.
 * It is cached once a page asks (after the Service Worker serves), not during the install: a
 * first visit would otherwise wait for every file of the build to be fetched a second time
 * before its first API request could be answered. Hashed assets (they never change under one
 * name) come from the cache first; pages and fixed names (index.html, the worker script) from
 * the network first, falling back to the cache. Anything outside the app's folder is left alone.
 */

export interface PrecacheManifest {
  /** Changes with any file's content: a new version installs a new cache. */
  readonly version: string;
  /** Files relative to the app's folder. */
  readonly files: readonly string[];
}

const CACHE_PREFIX = 'orch-shell-';
/**
 * Servers answer `Vary: Origin` (CORS), and a module script's request carries an Origin the
 * install-time fetch did not: the cached copy is the same file all the same.
 */
const MATCH: CacheQueryOptions = { ignoreVary: true };
/** Vite names files here after their content hash. */
const IMMUTABLE_DIR = 'assets/';

export class AppShell {
  private readonly paths: ReadonlySet<string>;
  private filling: Promise<void> | undefined;

  constructor(
    private readonly base: string,
    private readonly manifest: PrecacheManifest | null,
    private readonly caches: CacheStorage,
  ) {
    const files = manifest?.files ?? [];
    this.paths = new Set([new URL(base).pathname, ...files.map((f) => new URL(f, base).pathname)]);
  }

  /** The build this shell caches (`dev` for the dev server, which caches nothing). */
  get version(): string {
    return this.manifest?.version ?? 'dev';
  }

  private get cacheName(): string {
    return `${CACHE_PREFIX}${this.version}`;
  }

  /**
   * Caches every file of the build that is not cached yet, then drops the caches of older builds
   * (not before: until this one is whole, an older one is what opens offline). Runs once at a
   * time; a failed run (the network went away) is tried again by the next call.
   */
  fill(): Promise<void> {
    this.filling ??= this.fillOnce().finally(() => {
      this.filling = undefined;
    });
    return this.filling;
  }

  private async fillOnce(): Promise<void> {
    if (!this.manifest) return;
    const cache = await this.caches.open(this.cacheName);
    const missing: Request[] = [];
    for (const f of ['./', ...this.manifest.files]) {
      const url = new URL(f, this.base);
      // `reload`: the HTTP cache may hold an older index.html or worker script.
      if (!(await cache.match(url.href, MATCH))) missing.push(new Request(url, { cache: 'reload' }));
    }
    if (missing.length) await cache.addAll(missing);
    await this.dropOlder();
  }

  /** Whether every file of the build is in the cache, so the app opens with the network off. */
  async cached(): Promise<boolean> {
    if (!this.manifest || !(await this.caches.has(this.cacheName))) return false;
    const cache = await this.caches.open(this.cacheName);
    for (const f of ['./', ...this.manifest.files]) {
      if (!(await cache.match(new URL(f, this.base).href, MATCH))) return false;
    }
    return true;
  }

  private async dropOlder(): Promise<void> {
    for (const name of await this.caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== this.cacheName) await this.caches.delete(name);
    }
  }

  /** The answer for a request of the app, or undefined to let the browser fetch it as usual. */
  handle(request: Request): Promise<Response> | undefined {
    if (!this.manifest || request.method !== 'GET' || !request.url.startsWith(this.base)) return undefined;
    const url = new URL(request.url);
    if (url.href.startsWith(new URL(IMMUTABLE_DIR, this.base).href)) return this.cacheFirst(request);
    if (request.mode === 'navigate' || this.paths.has(url.pathname)) return this.networkFirst(request, url);
    return undefined;
  }

  private async cacheFirst(request: Request): Promise<Response> {
    const cache = await this.caches.open(this.cacheName);
    return (await cache.match(request, MATCH)) ?? fetch(request);
  }

  private async networkFirst(request: Request, url: URL): Promise<Response> {
    const cache = await this.caches.open(this.cacheName);
    try {
      const res = await fetch(request);
      if (res.ok && this.paths.has(url.pathname) && !url.search) void cache.put(request, res.clone()).catch(() => undefined);
      return res;
    } catch (err) {
      const hit =
        (await cache.match(request, { ...MATCH, ignoreSearch: true })) ??
        (request.mode === 'navigate' ? await cache.match(new URL('./', this.base).href, MATCH) : undefined);
      if (hit) return hit;
      throw err;
    }
  }
}
