import { commonEnv, internalTokenField, portField, redisUrlField } from '@rankgate/shared/config';
import { z } from 'zod';

/** The ranking-worker service's environment, parsed once at start (see docs/configuration.md). */
export const RankingWorkerEnvSchema = z.object({
  ...commonEnv,
  RANKING_WORKER_PORT: portField(8084, 'Port of the ranking-worker service (internal).'),
  INTERNAL_TOKEN: internalTokenField,
  REDIS_URL: redisUrlField,
});

export type RankingWorkerConfig = z.output<typeof RankingWorkerEnvSchema>;
