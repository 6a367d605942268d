/**
 * `apiserver_request_total`: one count per answered request, with the labels the real server
 * gives it. Requests the handlers answer are counted there; requests flow control rejects (429)
 * are counted by the security stage through the same function, as the real priority-and-fairness
 * filter records its dropped requests.
 */
import type { RequestInfo, ResourceRequestInfo } from '../http/request-info.ts';
import { type Metrics, metricVerb } from './metrics.ts';

/** What the labels are read from besides the request's parsed path. */
export interface CountedRequest {
  readonly method: string;
  readonly query: URLSearchParams;
  readonly contentType: string | null;
}

/** The real scope label: a named object (or a create) is `resource`, else `namespace`, `cluster`, or '' off the resource paths. */
export function requestScope(info: RequestInfo): string {
  if (!info.isResourceRequest) return '';
  if (info.name || info.verb === 'create') return 'resource';
  return info.namespace ? 'namespace' : 'cluster';
}

export function countRequest(metrics: Metrics, req: CountedRequest, info: RequestInfo, status: number): void {
  const code = String(status);
  if (!info.isResourceRequest) {
    const dryRun = req.query.has('dryRun') ? req.query.getAll('dryRun').join(',') : '';
    const verb = req.method.toUpperCase();
    metrics.requests.count(`${code}\u0000${dryRun}\u0000\u0000\u0000\u0000\u0000\u0000${verb}`, () => ({
      code,
      component: 'apiserver',
      dry_run: dryRun,
      group: '',
      resource: '',
      scope: '',
      subresource: '',
      verb,
      version: '',
    }));
    return;
  }
  const series = resourceRequestSeries(req, info);
  metrics.requests.count(`${code}\u0000${series.identity}`, () => ({ code, ...series.labels() }));
}

/**
 * The labels a resource request's count and its duration share (all but `code`), and a text that
 * identifies them, for the metrics' label cache (see Series.count and Histogram.observeBy).
 */
export function resourceRequestSeries(
  req: CountedRequest,
  info: ResourceRequestInfo,
): { readonly identity: string; labels(): Readonly<Record<string, string>> } {
  const dryRun = req.query.has('dryRun') ? req.query.getAll('dryRun').join(',') : '';
  const scope = requestScope(info);
  const verb = metricVerb(info.verb, req.method, (req.contentType ?? '').startsWith('application/apply-patch'));
  return {
    identity: `${dryRun}\u0000${info.group}\u0000${info.version}\u0000${info.resource}\u0000${info.subresource}\u0000${scope}\u0000${verb}`,
    labels: () => ({
      component: 'apiserver',
      dry_run: dryRun,
      group: info.group,
      resource: info.resource,
      scope,
      subresource: info.subresource,
      verb,
      version: info.version,
    }),
  };
}

/** `apiserver_request_terminations_total`: a request the server refused in self-defense (flow control's 429). */
export function countTermination(metrics: Metrics, req: CountedRequest, info: RequestInfo, status: number): void {
  const code = String(status);
  const scope = requestScope(info);
  const labels = info.isResourceRequest
    ? {
        code,
        component: 'apiserver',
        group: info.group,
        resource: info.resource,
        scope,
        subresource: info.subresource,
        verb: metricVerb(info.verb, req.method, (req.contentType ?? '').startsWith('application/apply-patch')),
        version: info.version,
      }
    : { code, component: 'apiserver', group: '', resource: '', scope, subresource: info.path, verb: req.method.toUpperCase(), version: '' };
  metrics.requestTerminations.add(labels);
}
