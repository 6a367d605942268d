export { Metrics, metricVerb } from './metrics.ts';
export { type CountedRequest, countRequest, countTermination, requestScope } from './request-count.ts';
