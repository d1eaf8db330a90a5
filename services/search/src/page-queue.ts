import type { PageJob, PageResult } from '@rankgate/contracts';
import { pageQueue } from '@rankgate/contracts';
import type { Logger } from '@rankgate/platform/logger';
import type { QueueState } from '@rankgate/platform/metrics';
import { bullMqQueueDepth, inProcessQueueDepth } from '@rankgate/platform/queue';
import type { InProcessBroker, JobProducer } from '@rankgate/platform/queue';
import {
  bullMqPrefix,
  createBullMqProducer,
  createInProcessProducer,
  createQueueRedisConnection,
} from '@rankgate/platform/queue';

import type { SearchConfig } from './config.ts';

/** Backoff before a page job's retry; with the default three attempts a page has ~0.6 s of retries. */
const PAGE_RETRY_BACKOFF_MS = 200;

export interface PageQueue {
  producer: JobProducer<PageJob, PageResult> | undefined;
  /** The queue's depth by state, for `rankgate_queue_jobs` (absent without a queue). */
  depth: (() => Promise<Partial<Record<QueueState, number>>>) | undefined;
  /** Closes the producer, then the connection it (and the depth reader) used. */
  close(): Promise<void>;
}

/**
 * Deep mode's page queue, chosen at boot: BullMQ when Redis is configured (ranking-worker processes
 * consume it), the in-process broker when the launcher runs a ranking worker in this process
 * (`npm start`), else none (deep-mode rows then say no worker can read pages here).
 */
export function createPageQueue(
  config: Pick<SearchConfig, 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'DEEP_JOB_ATTEMPTS'>,
  logger: Logger,
  broker?: InProcessBroker,
): PageQueue {
  const retries = { attempts: config.DEEP_JOB_ATTEMPTS, backoffMs: PAGE_RETRY_BACKOFF_MS };
  if (config.REDIS_URL) {
    const onError = (err: Error) => logger.warn({ err }, 'page queue error');
    const connection = createQueueRedisConnection(config.REDIS_URL, { name: 'search:pages', onError });
    const prefix = bullMqPrefix(config.REDIS_KEY_PREFIX);
    const producer = createBullMqProducer(pageQueue, { connection, prefix, onError, ...retries });
    return {
      producer,
      depth: bullMqQueueDepth(connection, { queue: pageQueue.name, prefix }),
      close: async () => {
        await producer.close();
        await connection.quit().catch(() => undefined);
      },
    };
  }
  if (broker) {
    const producer = createInProcessProducer(pageQueue, { broker, ...retries });
    return { producer, depth: inProcessQueueDepth(broker, pageQueue.name), close: () => producer.close() };
  }
  logger.warn(
    'deep mode cannot read pages: no REDIS_URL for ranking-worker processes and no in-process ranking worker (use `npm start` or the split topology)',
  );
  return { producer: undefined, depth: undefined, close: async () => undefined };
}
