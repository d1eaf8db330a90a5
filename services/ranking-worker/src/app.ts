import { createServiceApp } from '@rankgate/platform/http';
import type { Logger } from '@rankgate/platform/logger';
import type { AppMetrics } from '@rankgate/platform/metrics';
import type { FastifyInstance } from 'fastify';

import type { RankingWorkerConfig } from './config.ts';

export interface RankingWorkerAppDependencies {
  config: Pick<RankingWorkerConfig, 'BASE_URL' | 'INTERNAL_TOKEN' | 'METRICS_TOKEN'>;
  logger: Logger;
  /** Dependency checks for the readiness probe (Redis when BullMQ is used). */
  readiness?: Record<string, () => Promise<void>>;
  /** The registry the page consumer records in (job durations, queue depth, page judge), served at /metrics. */
  metrics?: AppMetrics;
}

/**
 * Builds the ranking-worker service's Fastify app (never listens). The worker's HTTP surface is its
 * probes and /metrics; its work arrives on the deep-mode page queue (see page-consumer.ts).
 */
export function buildRankingWorkerApp({
  config,
  logger,
  readiness,
  metrics,
}: RankingWorkerAppDependencies): FastifyInstance {
  return createServiceApp({
    service: 'ranking-worker',
    baseUrl: config.BASE_URL,
    logger,
    internalToken: config.INTERNAL_TOKEN,
    metricsToken: config.METRICS_TOKEN,
    ...(readiness ? { readiness } : {}),
    ...(metrics ? { metrics } : {}),
  });
}
