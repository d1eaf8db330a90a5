import { hostname } from 'node:os';

import type { PageJob, PageResult } from '@rankgate/shared/contracts';
import { pageQueue } from '@rankgate/shared/contracts';
import { createSafeFetcher, fetchPolicyFromEnv } from '@rankgate/shared/fetch';
import type { Logger } from '@rankgate/shared/logger';
import type { InProcessBroker, JobConsumer, JobHandler } from '@rankgate/shared/queue';
import { bullMqPrefix, createBullMqConsumer, createInProcessConsumer, type createQueueRedisConnection } from '@rankgate/shared/queue';
import { createJudge, judgeSettingsFromEnv } from '@rankgate/shared/ranking';

import type { RankingWorkerConfig } from './config.ts';
import { judgeReserveMs } from './config.ts';
import { readPage } from './domain/read-page.ts';

/** Where the page jobs come from: BullMQ on Redis (split topology) or the in-process broker (one process). */
export type PageQueueSource =
  | { kind: 'bullmq'; connection: ReturnType<typeof createQueueRedisConnection> }
  | { kind: 'in-process'; broker: InProcessBroker };

export interface PageConsumer {
  /** Stop taking jobs, let running ones finish, close the fetcher. */
  close(): Promise<void>;
}

/**
 * A job whose worker died is found once its lock expires (renewed every 5 s while the job runs), so
 * it is settled within seconds instead of BullMQ's default 30 s: page jobs live under a deadline.
 */
const LOCK_DURATION_MS = 10_000;
const STALLED_INTERVAL_MS = 5_000;

/** Consumes deep-mode page jobs with the fetcher and judge the config names. */
export function startPageConsumer(config: RankingWorkerConfig, logger: Logger, source: PageQueueSource): PageConsumer {
  const fetcher = createSafeFetcher(fetchPolicyFromEnv(config));
  if (config.FETCH_ALLOW_HOSTS && config.FETCH_ALLOW_HOSTS.length > 0) {
    logger.warn({ hosts: config.FETCH_ALLOW_HOSTS }, 'FETCH_ALLOW_HOSTS is set: the page fetcher may reach these non-public hosts (tests only)');
  }
  const judge = createJudge({
    ...judgeSettingsFromEnv(config),
    onWarning: (warning) => logger.warn({ judge: warning.judge, kind: warning.kind, status: warning.status }, warning.message),
  });
  const deps = {
    fetcher, judge, judgeReserveMs: judgeReserveMs(config), excerptChars: config.PAGE_EXCERPT_CHARS, maxTextChars: config.PAGE_TEXT_MAX_CHARS,
  };
  const handler: JobHandler<PageJob, PageResult> = async (job, context) => {
    try {
      const result = await readPage(job, context, deps);
      logger.debug({ requestId: job.request_id, url: job.candidate.url, outcome: result.outcome, ms: result.timings_ms.total }, 'page read');
      return result;
    } catch (error) {
      logger.info({ requestId: job.request_id, url: job.candidate.url, attempt: context.attempt, err: error }, 'page read failed');
      throw error;
    }
  };
  const onError = (err: Error) => logger.warn({ err }, 'page queue error');
  const consumer: JobConsumer = source.kind === 'bullmq'
    ? createBullMqConsumer(pageQueue, handler, {
      connection: source.connection, prefix: bullMqPrefix(config.REDIS_KEY_PREFIX), concurrency: config.RANKING_WORKER_CONCURRENCY,
      lockDurationMs: LOCK_DURATION_MS, stalledIntervalMs: STALLED_INTERVAL_MS, onError, workerName: `ranking-worker@${hostname()}:${process.pid}`,
    })
    : createInProcessConsumer(pageQueue, handler, { broker: source.broker, concurrency: config.RANKING_WORKER_CONCURRENCY });
  logger.info({ queue: pageQueue.name, transport: source.kind, concurrency: config.RANKING_WORKER_CONCURRENCY, judge: judge.name }, 'consuming deep-mode page jobs');
  return {
    async close() {
      await consumer.close();
      await fetcher.close();
    },
  };
}
