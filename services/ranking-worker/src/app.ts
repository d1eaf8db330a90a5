import { createServiceApp } from '@rankgate/shared/http';
import type { Logger } from '@rankgate/shared/logger';
import type { FastifyInstance } from 'fastify';

import type { RankingWorkerConfig } from './config.ts';

export interface RankingWorkerAppDependencies {
  config: Pick<RankingWorkerConfig, 'BASE_URL' | 'INTERNAL_TOKEN' | 'METRICS_TOKEN'>;
  logger: Logger;
  /** Dependency checks for the readiness probe (Redis when BullMQ is used). */
  readiness?: Record<string, () => Promise<void>>;
}

/**
 * Builds the ranking-worker service's Fastify app (never listens). The worker's HTTP surface is its
 * readiness probe only; its work arrives on the deep-mode page queue (see page-consumer.ts).
 */
export function buildRankingWorkerApp({ config, logger, readiness }: RankingWorkerAppDependencies): FastifyInstance {
  return createServiceApp({ service: 'ranking-worker', baseUrl: config.BASE_URL, logger, internalToken: config.INTERNAL_TOKEN, metricsToken: config.METRICS_TOKEN, ...(readiness ? { readiness } : {}) });
}
