export { Metrics, metricVerb } from './metrics.ts';
