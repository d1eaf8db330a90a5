import { loadConfigOrExit } from '@rankgate/shared/config';
import { runService } from '@rankgate/shared/http';
import { createLogger } from '@rankgate/shared/logger';
import { createQueueRedisConnection } from '@rankgate/shared/queue';

import { buildRankingWorkerApp } from './app.ts';
import { RankingWorkerEnvSchema } from './config.ts';

const config = loadConfigOrExit('ranking-worker', RankingWorkerEnvSchema);
const logger = createLogger({ service: 'ranking-worker', level: config.LOG_LEVEL });
// With Redis configured the worker consumes BullMQ; readiness follows that connection.
const redis = config.REDIS_URL
  ? createQueueRedisConnection(config.REDIS_URL, { name: 'ranking-worker', onError: (err) => logger.warn({ err }, 'redis connection error') })
  : undefined;
const app = buildRankingWorkerApp({
  config, logger,
  ...(redis ? { readiness: { redis: async () => { await redis.ping(); } } } : {}),
});
await runService({
  app, service: 'ranking-worker', port: config.RANKING_WORKER_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  closeAfter: redis ? [async () => { await redis.quit(); }] : [],
});
