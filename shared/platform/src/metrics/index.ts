export type {
  AppMetricsOptions,
  CacheResult,
  JobOutcome,
  LimiterDecision,
  QueueState,
  UpstreamKind,
  UpstreamOutcome,
} from './app-metrics.ts';
export { AppMetrics, createAppMetrics, HTTP_BUCKETS, JOB_BUCKETS, UPSTREAM_BUCKETS } from './app-metrics.ts';
export type { Exposition, MetricSample } from './parse-exposition.ts';
export { familyOf, parseExposition } from './parse-exposition.ts';
export type { ExpositionSource } from './combine-expositions.ts';
export { combinedMetrics, combineExpositions } from './combine-expositions.ts';
