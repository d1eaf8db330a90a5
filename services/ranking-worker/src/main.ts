import { loadConfigOrExit } from '@rankgate/shared/config';
import { runService } from '@rankgate/shared/http';
import { createLogger } from '@rankgate/shared/logger';
import { createQueueRedisConnection } from '@rankgate/shared/queue';

import { buildRankingWorkerApp } from './app.ts';
import { RankingWorkerEnvSchema } from './config.ts';
import { startPageConsumer } from './page-consumer.ts';

const config = loadConfigOrExit('ranking-worker', RankingWorkerEnvSchema);
const logger = createLogger({ service: 'ranking-worker', level: config.LOG_LEVEL });
// With Redis configured the worker consumes BullMQ; readiness follows that connection. Without it
// there is no queue to consume across processes: one-process deep mode is `npm start`.
const redis = config.REDIS_URL
  ? createQueueRedisConnection(config.REDIS_URL, { name: 'ranking-worker', onError: (err) => logger.warn({ err }, 'redis connection error') })
  : undefined;
if (!redis) logger.warn('REDIS_URL is not set: this process has no page queue to consume (deep mode in one process is `npm start`)');
const consumer = redis ? startPageConsumer(config, logger, { kind: 'bullmq', connection: redis }) : undefined;
const app = buildRankingWorkerApp({
  config, logger,
  ...(redis ? { readiness: { redis: async () => { await redis.ping(); } } } : {}),
});
await runService({
  app, service: 'ranking-worker', port: config.RANKING_WORKER_PORT, host: config.HOST, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  // Running page jobs finish (or reach their deadline) before the connection closes.
  closeAfter: redis && consumer ? [() => consumer.close(), async () => { await redis.quit(); }] : [],
});
