/**
 * Discovery endpoints. Plain documents by default; the aggregated form when the client's Accept
 * asks for `as=APIGroupDiscoveryList` (spelled `g=apidiscovery.orch.io` or, as kubectl spells it,
 * `g=apidiscovery.k8s.io`), answered in the spelling asked for.
 */
import type { Codecs } from '../codecs/negotiate.ts';
import { parseAccept } from '../codecs/media-type.ts';
import type { DiscoveryDocuments } from '../discovery/documents.ts';
import { removedMessage } from '../discovery/removed.ts';
import { StatusError } from '../errors/status-error.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import type { NonResourceRequestInfo } from '../http/request-info.ts';
import type { JsonObject } from '../util/json.ts';

const DISCOVERY_GROUPS = new Set(['apidiscovery.orch.io', 'apidiscovery.k8s.io']);
const DISCOVERY_VERSIONS = new Set(['v2', 'v2beta1']);

type Format = { aggregated: true; group: string; version: string } | { aggregated: false };

function format(accept: string | null): Format | undefined {
  for (const mt of parseAccept(accept)) {
    const as = mt.params.get('as');
    if (as) {
      const g = mt.params.get('g') ?? '';
      const v = mt.params.get('v') ?? '';
      if (as === 'APIGroupDiscoveryList' && mt.subtype === 'json' && DISCOVERY_GROUPS.has(g) && DISCOVERY_VERSIONS.has(v)) {
        return { aggregated: true, group: g, version: v };
      }
      continue;
    }
    if (mt.type === '*' || (mt.type === 'application' && (mt.subtype === '*' || mt.subtype === 'json' || mt.subtype === 'yaml')))
      return { aggregated: false };
  }
  return undefined;
}

function plain(codecs: Codecs, req: ApiRequest, doc: JsonObject): ApiResponse {
  const n = codecs.forResponse(req.headers.get('accept'), undefined, false);
  return {
    status: 200,
    headers: { 'content-type': n.contentType, 'cache-control': 'no-cache, private' },
    body: n.serializer.encodeValue(doc, { pretty: false }),
  };
}

export function handleDiscovery(req: ApiRequest, info: NonResourceRequestInfo, docs: DiscoveryDocuments, codecs: Codecs): ApiResponse {
  const d = info.discovery!;
  if (req.method !== 'GET' && req.method !== 'HEAD') throw StatusError.methodNotAllowed();
  const f = format(req.headers.get('accept'));
  if (!f) throw StatusError.notAcceptable(['application/json', 'application/json;g=apidiscovery.orch.io;v=v2;as=APIGroupDiscoveryList']);
  // /api or /apis: the root documents.
  if (d.version === undefined && d.group === undefined) {
    if (f.aggregated) {
      const body = docs.aggregated(d.legacy, f.group);
      (body as { apiVersion: string }).apiVersion = `${f.group}/${f.version}`;
      return {
        status: 200,
        headers: {
          'content-type': `application/json;g=${f.group};v=${f.version};as=APIGroupDiscoveryList`,
          vary: 'Accept',
          'cache-control': 'no-cache, private',
        },
        body: `${JSON.stringify(body)}\n`,
      };
    }
    return plain(codecs, req, d.legacy ? docs.apiVersions(req.url.host) : docs.groupList());
  }
  if (d.version === undefined) {
    const g = docs.group(d.group!);
    if (!g) throw StatusError.pathNotFound();
    return plain(codecs, req, g);
  }
  const group = d.legacy ? '' : d.group!;
  const list = docs.resourceList(group, d.version);
  if (!list) {
    const removed = removedMessage(group, d.version);
    if (removed) throw new StatusError(404, 'NotFound', removed, {});
    throw StatusError.pathNotFound();
  }
  return plain(codecs, req, list);
}
