import { loadConfigOrExit } from '@rankgate/contracts/config';
import { runService } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';
import { createAppMetrics } from '@rankgate/platform/metrics';
import { createQueueRedisConnection } from '@rankgate/platform/queue';

import { buildRankingWorkerApp } from './app.ts';
import { RankingWorkerEnvSchema } from './config.ts';
import { startPageConsumer } from './page-consumer.ts';
import { handBackAfterMs } from './shutdown.ts';

const config = loadConfigOrExit('ranking-worker', RankingWorkerEnvSchema);
const logger = createLogger({ service: 'ranking-worker', level: config.LOG_LEVEL });
const metrics = createAppMetrics({ service: 'ranking-worker' });
// With Redis configured the worker consumes BullMQ; readiness follows that connection. Without it
// there is no queue to consume across processes: one-process deep mode is `npm start`.
const redis = config.REDIS_URL
  ? createQueueRedisConnection(config.REDIS_URL, {
      name: 'ranking-worker',
      onError: (err) => logger.warn({ err }, 'redis connection error'),
    })
  : undefined;
if (!redis)
  logger.warn(
    'REDIS_URL is not set: this process has no page queue to consume (deep mode in one process is `npm start`)',
  );
const consumer = redis ? startPageConsumer(config, logger, { kind: 'bullmq', connection: redis }, metrics) : undefined;
const app = buildRankingWorkerApp({
  config,
  logger,
  metrics,
  ...(redis
    ? {
        readiness: {
          redis: async () => {
            await redis.ping();
          },
        },
      }
    : {}),
});
await runService({
  app,
  service: 'ranking-worker',
  port: config.RANKING_WORKER_PORT,
  host: config.HOST,
  shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  // Running page jobs finish within the shutdown bound, or go back to the queue for another worker;
  // the consumer is closed before the Redis connection it uses.
  closeAfter:
    redis && consumer
      ? [
          () => consumer.close({ graceMs: handBackAfterMs(config.SHUTDOWN_TIMEOUT_MS) }),
          async () => {
            await redis.quit();
          },
        ]
      : [],
});
