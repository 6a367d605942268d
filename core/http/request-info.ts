/**
 * What a request is about, from its method, path and query, by the real platform's rules:
 * `/api/v1/namespaces/{ns}/{resource}/{name}/{subresource}`, `/apis/{group}/{version}/...`, the
 * legacy `/watch/` prefix, and `namespaces/{name}/status|finalize` as subresources of namespaces.
 * A list or watch whose field selector pins `metadata.name` is about that object.
 */
import { queryBool } from './query-bool.ts';
import { nameIsPathSegment } from '../meta/names.ts';
import type { Verb } from '../registry/definition.ts';
import { parseFieldSelector } from '../selection/field-selector.ts';
import { parseLabelSelector } from '../selection/label-selector.ts';

export interface ResourceRequestInfo {
  readonly isResourceRequest: true;
  readonly verb: Verb;
  readonly apiPrefix: 'api' | 'apis';
  readonly group: string;
  readonly version: string;
  /** '' when none was in the path. */
  readonly namespace: string;
  readonly resource: string;
  /**
   * The object the request is about: the path's, or for a list or watch of a collection the one
   * its field selector pins (`?fieldSelector=metadata.name=cm1`, as `kubectl get cm cm1 -w` and
   * single-object informers ask), as the real resolver names it for authorization (RBAC
   * `resourceNames`), audit (`objectRef.name`), flow control and metrics.
   */
  readonly name: string;
  /** Set when `name` came from the field selector: the path names no object, and routes as the collection. */
  readonly nameFromSelector?: true;
  readonly subresource: string;
  /** Path segments after the subresource (never valid for our kinds). */
  readonly extra: readonly string[];
}

export interface NonResourceRequestInfo {
  readonly isResourceRequest: false;
  readonly path: string;
  /** `/api`, `/apis`, `/apis/{group}`, `/api/v1`, `/apis/{group}/{version}` (discovery). */
  readonly discovery?: { readonly group?: string; readonly version?: string; readonly legacy: boolean };
}

export type RequestInfo = ResourceRequestInfo | NonResourceRequestInfo;

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

function watchAsked(v: string | null): boolean {
  return v !== null && queryBool(v);
}

export function requestInfo(method: string, path: string, query: URLSearchParams): RequestInfo | 'method-not-allowed' {
  const segs = segments(path);
  if (segs[0] !== 'api' && segs[0] !== 'apis') return { isResourceRequest: false, path };

  const legacy = segs[0] === 'api';
  let rest: string[];
  let group = '';
  let version: string;
  if (legacy) {
    if (segs.length === 1) return { isResourceRequest: false, path, discovery: { legacy: true } };
    version = segs[1];
    if (segs.length === 2) return { isResourceRequest: false, path, discovery: { legacy: true, version } };
    rest = segs.slice(2);
  } else {
    if (segs.length === 1) return { isResourceRequest: false, path, discovery: { legacy: false } };
    group = segs[1];
    if (segs.length === 2) return { isResourceRequest: false, path, discovery: { legacy: false, group } };
    version = segs[2];
    if (segs.length === 3) return { isResourceRequest: false, path, discovery: { legacy: false, group, version } };
    rest = segs.slice(3);
  }

  let watchPrefix = false;
  if (rest[0] === 'watch') {
    watchPrefix = true;
    rest = rest.slice(1);
  }
  let namespace = '';
  if (rest[0] === 'namespaces' && rest.length > 1) {
    namespace = rest[1];
    if (rest.length > 2 && !NAMESPACE_SUBRESOURCES.has(rest[2])) rest = rest.slice(2);
  }
  const [resource = '', name = '', subresource = '', ...extra] = rest;
  if (!resource) return { isResourceRequest: false, path };

  // `/watch/...` paths serve GET only (the real platform registers no other route there).
  if (watchPrefix && method !== 'GET' && method !== 'HEAD') return 'method-not-allowed';
  let verb: Verb;
  switch (method) {
    case 'GET':
    case 'HEAD':
      verb = watchPrefix || watchAsked(query.get('watch')) ? 'watch' : name ? 'get' : 'list';
      break;
    case 'POST':
      verb = 'create';
      break;
    case 'PUT':
      verb = 'update';
      break;
    case 'PATCH':
      verb = 'patch';
      break;
    case 'DELETE':
      verb = name ? 'delete' : 'deletecollection';
      break;
    default:
      return 'method-not-allowed';
  }
  // Only a GET of a collection reads the selector: not a deletecollection, not a named object,
  // and not the `/watch/` prefix (its verb comes from the path, so the real resolver never
  // decodes list options there).
  const selected = !name && (verb === 'list' || verb === 'watch') && !watchPrefix ? selectedName(query) : '';
  return {
    isResourceRequest: true,
    verb,
    apiPrefix: legacy ? 'api' : 'apis',
    group,
    version,
    namespace,
    resource,
    name: selected || name,
    ...(selected ? { nameFromSelector: true as const } : {}),
    subresource,
    extra,
  };
}

/**
 * The name a list's field selector pins with `=` or `==` on `metadata.name` (other requirements
 * beside it do not matter), by the real resolver's rule: none when the query does not decode as
 * list options (a selector or a number that does not parse: the request then fails as a plain
 * list), nor when the name could not be a path segment (`.`, `..`, `/` or `%` in it).
 */
function selectedName(query: URLSearchParams): string {
  const fs = query.get('fieldSelector');
  // The cheap test first: every list and watch comes through here.
  if (!fs?.includes('metadata.name')) return '';
  let name: string | undefined;
  try {
    name = parseFieldSelector(fs).exact('metadata.name');
    const ls = query.get('labelSelector');
    if (ls) parseLabelSelector(ls);
  } catch {
    return '';
  }
  if (!name || !INT_PARAMS.every((p) => isInt64(query.get(p)))) return '';
  return nameIsPathSegment(name, false).length ? '' : name;
}

/** The list options that are integers: one that does not parse fails the decoding of them all. */
const INT_PARAMS = ['limit', 'timeoutSeconds'] as const;
const INT64_MAX = 2n ** 63n - 1n;

/** Whether a parameter is absent or parses by Go's strconv.ParseInt(v, 10, 64) (an empty one does not). */
function isInt64(v: string | null): boolean {
  if (v === null) return true;
  if (!/^[+-]?\d+$/.test(v)) return false;
  const n = BigInt(v);
  return n <= INT64_MAX && n >= -INT64_MAX - 1n;
}

/**
 * The path's segments, decoded: the leading slash and trailing empty segments dropped, inner
 * empty ones kept (`/api//v1` has an empty segment, and is no API path). One pass, as every
 * request goes through it.
 */
function segments(path: string): string[] {
  const out: string[] = [];
  let start = path.charCodeAt(0) === 47 /* / */ ? 1 : 0;
  const n = path.length;
  while (start <= n) {
    let end = path.indexOf('/', start);
    if (end < 0) end = n;
    out.push(safeDecode(path.slice(start, end)));
    start = end + 1;
  }
  if (out[0] === '') out.shift(); // `//api/...`: one more leading slash is tolerated
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
}

function safeDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
