/**
 * What a request is about, from its method, path and query, by the real platform's rules:
 * `/api/v1/namespaces/{ns}/{resource}/{name}/{subresource}`, `/apis/{group}/{version}/...`, the
 * legacy `/watch/` prefix, and `namespaces/{name}/status|finalize` as subresources of namespaces.
 */
import { queryBool } from './query-bool.ts';
import type { Verb } from '../registry/definition.ts';

export interface ResourceRequestInfo {
  readonly isResourceRequest: true;
  readonly verb: Verb;
  readonly apiPrefix: 'api' | 'apis';
  readonly group: string;
  readonly version: string;
  /** '' when none was in the path. */
  readonly namespace: string;
  readonly resource: string;
  readonly name: string;
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
  return {
    isResourceRequest: true,
    verb,
    apiPrefix: legacy ? 'api' : 'apis',
    group,
    version,
    namespace,
    resource,
    name,
    subresource,
    extra,
  };
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
