/**
 * Queue metrics for the deep-fetch consumer (ranking-worker) and anyone watching its backlog:
 * job duration by outcome, and the BullMQ depth that KEDA scales on (infra/k8s).
 */
import type { Redis } from 'ioredis';

import { JobHandedBackError } from './errors.ts';
import type { InProcessBroker } from './in-process-broker.ts';
import type { JobHandler } from './job-queue.ts';
import type { AppMetrics, JobOutcome, QueueState } from '../metrics/app-metrics.ts';

/** BullMQ's default key prefix in this code base (shared/platform/src/queue/bullmq-queue.ts). */
export const BULLMQ_PREFIX = 'rankgate:bull';

/**
 * The Redis list of jobs waiting for a worker: `<prefix>:<queue>:wait`. KEDA's `redis` trigger
 * scales the ranking workers on its length (LLEN).
 */
export const bullMqWaitKey = (queue: string, prefix = BULLMQ_PREFIX): string => `${prefix}:${queue}:wait`;

/**
 * Reads a BullMQ queue's depth straight from its keys in one round trip (no Queue object, so a
 * scrape opens no extra connection): `wait` and `active` are lists; `delayed`, `prioritized`
 * and `failed` sorted sets.
 */
export function bullMqQueueDepth(
  redis: Redis,
  { queue, prefix = BULLMQ_PREFIX }: { queue: string; prefix?: string },
): () => Promise<Record<QueueState, number>> {
  const key = (suffix: string) => `${prefix}:${queue}:${suffix}`;
  return async () => {
    const replies = await redis
      .multi()
      .llen(key('wait'))
      .llen(key('active'))
      .zcard(key('delayed'))
      .zcard(key('prioritized'))
      .zcard(key('failed'))
      .exec();
    const [wait, active, delayed, prioritized, failed] = (replies ?? []).map(([error, value]) => {
      if (error) throw error;
      return Number(value);
    });
    return {
      wait: wait ?? 0,
      active: active ?? 0,
      delayed: delayed ?? 0,
      prioritized: prioritized ?? 0,
      failed: failed ?? 0,
    };
  };
}

/** The in-process queue's depth (`npm start`): jobs waiting, running and waiting for a retry. */
export function inProcessQueueDepth(
  broker: InProcessBroker,
  queue: string,
): () => Promise<Partial<Record<QueueState, number>>> {
  return async () => broker.depth(queue);
}

/** Why an attempt's signal aborted: its deadline passed, or its consumer closed and handed it back. */
const abortedOutcome = (signal: AbortSignal): JobOutcome =>
  signal.reason instanceof JobHandedBackError ? 'handed_back' : 'expired';

/**
 * The same handler, recording each attempt in `rankgate_queue_job_duration_seconds`: completed,
 * failed (it threw; the queue may retry), expired (the producer's deadline passed meanwhile) or
 * handed_back (the consumer was closing and put the job back for another one). An attempt cut off
 * by its signal counts as expired or handed back even when the handler returned: its result is
 * discarded. Wrap the handler given to `createBullMqConsumer` / `createInProcessConsumer`.
 */
export function instrumentJobHandler<P, R>(
  queue: string,
  handler: JobHandler<P, R>,
  metrics: AppMetrics,
): JobHandler<P, R> {
  return async (payload, context) => {
    const started = performance.now();
    const record = (outcome: JobOutcome) =>
      metrics.recordJob({ queue, outcome, seconds: (performance.now() - started) / 1000 });
    try {
      const result = await handler(payload, context);
      record(context.signal.aborted ? abortedOutcome(context.signal) : 'completed');
      return result;
    } catch (error) {
      record(context.signal.aborted ? abortedOutcome(context.signal) : 'failed');
      throw error;
    }
  };
}
