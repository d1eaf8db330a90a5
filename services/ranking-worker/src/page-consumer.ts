import { hostname } from 'node:os';

import type { PageJob, PageResult } from '@rankgate/contracts';
import { pageQueue } from '@rankgate/contracts';
import { createSafeFetcher, fetchPolicyFromEnv } from '@rankgate/platform/fetch';
import type { Logger } from '@rankgate/platform/logger';
import type { AppMetrics } from '@rankgate/platform/metrics';
import { bullMqQueueDepth, inProcessQueueDepth, instrumentJobHandler } from '@rankgate/platform/queue';
import type { CloseOptions, InProcessBroker, JobConsumer, JobHandler } from '@rankgate/platform/queue';
import {
  bullMqPrefix,
  createBullMqConsumer,
  createInProcessConsumer,
  type createQueueRedisConnection,
} from '@rankgate/platform/queue';
import { createJudge, instrumentJudge, judgeSettingsFromEnv } from '@rankgate/ranking';

import type { RankingWorkerConfig } from './config.ts';
import { judgeReserveMs } from './config.ts';
import { readPage } from './domain/read-page.ts';
import { createExtractPool, defaultExtractThreads } from './extract/extract-pool.ts';

/** Where the page jobs come from: BullMQ on Redis (split topology) or the in-process broker (one process). */
export type PageQueueSource =
  | { kind: 'bullmq'; connection: ReturnType<typeof createQueueRedisConnection> }
  | { kind: 'in-process'; broker: InProcessBroker };

export interface PageConsumer {
  /**
   * Stop taking jobs, let running ones finish (past `graceMs` they go back to the queue for another
   * worker), close the fetcher.
   */
  close(options?: CloseOptions): Promise<void>;
}

/**
 * A job whose worker died is found once its lock expires (renewed every 5 s while the job runs), so
 * it is settled within seconds instead of BullMQ's default 30 s: page jobs live under a deadline.
 */
const LOCK_DURATION_MS = 10_000;
const STALLED_INTERVAL_MS = 5_000;

/**
 * Consumes deep-mode page jobs with the fetcher and judge the config names. With `metrics`, each
 * attempt's duration and outcome, the page judge's calls and the queue's depth are recorded there.
 */
export function startPageConsumer(
  config: RankingWorkerConfig,
  logger: Logger,
  source: PageQueueSource,
  metrics?: AppMetrics,
): PageConsumer {
  const fetcher = createSafeFetcher(fetchPolicyFromEnv(config));
  if (config.FETCH_ALLOW_HOSTS && config.FETCH_ALLOW_HOSTS.length > 0) {
    logger.warn(
      { hosts: config.FETCH_ALLOW_HOSTS },
      'FETCH_ALLOW_HOSTS is set: the page fetcher may reach these non-public hosts (tests only)',
    );
  }
  const baseJudge = createJudge({
    ...judgeSettingsFromEnv(config),
    onWarning: (warning) =>
      logger.warn({ judge: warning.judge, kind: warning.kind, status: warning.status }, warning.message),
  });
  const judge = metrics ? instrumentJudge(baseJudge, metrics) : baseJudge;
  const extractor = createExtractPool({
    threads: config.PAGE_EXTRACT_THREADS ?? defaultExtractThreads(),
    timeMs: config.PAGE_EXTRACT_TIMEOUT_MS,
    memoryMb: config.PAGE_EXTRACT_MEMORY_MB,
  });
  const deps = {
    fetcher,
    extractor,
    judge,
    judgeReserveMs: judgeReserveMs(config),
    excerptChars: config.PAGE_EXCERPT_CHARS,
    maxTextChars: config.PAGE_TEXT_MAX_CHARS,
  };
  // One line per attempt, with the trace of the search that asked for the page (it travels in the job).
  const readOne: JobHandler<PageJob, PageResult> = async (job, context) => {
    const line = {
      request_id: job.request_id,
      trace_id: context.traceId,
      url: job.candidate.url,
      attempt: context.attempt,
    };
    try {
      const result = await readPage(job, context, deps);
      logger.info(
        { ...line, outcome: result.outcome === 'read' ? 'read' : result.failure, ms: result.timings_ms.total },
        'page read',
      );
      return result;
    } catch (error) {
      logger.info({ ...line, err: error }, 'page read failed');
      throw error;
    }
  };
  const handler = metrics ? instrumentJobHandler(pageQueue.name, readOne, metrics) : readOne;
  const onError = (err: Error) => logger.warn({ err }, 'page queue error');
  let consumer: JobConsumer;
  if (source.kind === 'bullmq') {
    const prefix = bullMqPrefix(config.REDIS_KEY_PREFIX);
    consumer = createBullMqConsumer(pageQueue, handler, {
      connection: source.connection,
      prefix,
      concurrency: config.RANKING_WORKER_CONCURRENCY,
      lockDurationMs: LOCK_DURATION_MS,
      stalledIntervalMs: STALLED_INTERVAL_MS,
      onError,
      workerName: `ranking-worker@${hostname()}:${process.pid}`,
    });
    metrics?.trackQueueDepth(pageQueue.name, bullMqQueueDepth(source.connection, { queue: pageQueue.name, prefix }));
  } else {
    consumer = createInProcessConsumer(pageQueue, handler, {
      broker: source.broker,
      concurrency: config.RANKING_WORKER_CONCURRENCY,
    });
    metrics?.trackQueueDepth(pageQueue.name, inProcessQueueDepth(source.broker, pageQueue.name));
  }
  logger.info(
    {
      queue: pageQueue.name,
      transport: source.kind,
      concurrency: config.RANKING_WORKER_CONCURRENCY,
      judge: judge.name,
    },
    'consuming deep-mode page jobs',
  );
  return {
    async close(options) {
      await consumer.close(options);
      await Promise.all([fetcher.close(), extractor.close()]);
    },
  };
}
