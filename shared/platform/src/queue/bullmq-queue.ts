import { randomUUID } from 'node:crypto';

import { type Job, type KeepJobs, Queue, QueueEvents, WaitingError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';

import { JobFailedError, JobHandedBackError, JobProducerClosedError } from './errors.ts';
import { envelopeOf, type JobEnvelope } from './job-envelope.ts';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  type ConsumerOptions,
  type JobConsumer,
  type JobHandler,
  type JobProducer,
  type JobQueueDefinition,
  type RetryOptions,
} from './job-queue.ts';
import { runAttempt } from './run-attempt.ts';
import { createRunWaiter, type RunWaiter } from './run-waiter.ts';
import { admitRun } from './admit-run.ts';

/** BullMQ's own name for jobs; the queue name already says what they are. */
const JOB_NAME = 'run';

/** Default retention: long enough for late duplicates to find the outcome, bounded by count. */
export const DEFAULT_KEEP_COMPLETED: KeepJobs = { age: 60, count: 1_000 };
export const DEFAULT_KEEP_FAILED: KeepJobs = { age: 3_600, count: 1_000 };

export interface BullMqConnectionOptions {
  /**
   * Create it with `createQueueRedisConnection` (BullMQ requires `maxRetriesPerRequest: null`).
   * Caller-owned and shareable: closing a producer or consumer leaves it open; BullMQ duplicates
   * it for its blocking clients.
   */
  connection: Redis;
  /** Key prefix of every BullMQ key (`<prefix>:<queue>:…`). Default `rankgate:bull`. */
  prefix?: string;
  /** Connection and background errors. Default: `console.error`. */
  onError?: (error: Error) => void;
}

export interface BullMqProducerOptions extends BullMqConnectionOptions, RetryOptions {
  /** Completed jobs kept in Redis. Default {@link DEFAULT_KEEP_COMPLETED}. Never `true`: it races with waiting. */
  keepCompleted?: KeepJobs;
  /** Failed jobs kept in Redis, for inspection. Default {@link DEFAULT_KEEP_FAILED}. */
  keepFailed?: KeepJobs;
}

export interface BullMqConsumerOptions extends BullMqConnectionOptions, ConsumerOptions {
  /**
   * How long a running job's lock lasts; the worker renews it at half that while the job runs. A job
   * whose worker died is found stalled once its lock has expired, at the next stalled check. Default
   * BullMQ's 30 s; short jobs under a deadline want less, so a dead worker's job is settled soon.
   */
  lockDurationMs?: number;
  /** How often this worker looks for stalled jobs (of any worker). Default BullMQ's 30 s. */
  stalledIntervalMs?: number;
  /** Recorded on every job this consumer runs (`job.processedBy`), to see which process did what. */
  workerName?: string;
}

const DEFAULT_PREFIX = 'rankgate:bull';

/** The BullMQ prefix under a deployment's Redis key prefix: `rankgate:` → `rankgate:bull`. */
export const bullMqPrefix = (redisKeyPrefix: string): string => `${redisKeyPrefix}bull`;
const logError = (error: Error): void => console.error('[bullmq]', error);

/**
 * Producer over BullMQ. One QueueEvents per producer feeds a jobId → waiters map from a single
 * `completed`/`failed` listener, instead of a listener per waiting job (which would trip
 * MaxListenersExceededWarning past 10 concurrent runs and cost a lookup per event per job).
 * Beyond the port's contract: a run reusing the id of a job that finished within the retention
 * window (`keepCompleted` / `keepFailed`) gets that job's stored outcome instead of a re-run.
 */
export function createBullMqProducer<P, R>(
  definition: JobQueueDefinition<P, R>,
  options: BullMqProducerOptions,
): JobProducer<P, R> {
  const { name } = definition;
  const {
    connection,
    prefix = DEFAULT_PREFIX,
    onError = logError,
    attempts = DEFAULT_ATTEMPTS,
    backoffMs = DEFAULT_BACKOFF_MS,
    keepCompleted = DEFAULT_KEEP_COMPLETED,
    keepFailed = DEFAULT_KEEP_FAILED,
  } = options;
  const queue = new Queue<JobEnvelope>(name, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts,
      backoff: { type: 'exponential', delay: backoffMs },
      removeOnComplete: keepCompleted,
      removeOnFail: keepFailed,
    },
  });
  queue.on('error', onError);
  const waiters = new Map<string, Set<RunWaiter>>();
  let closed = false;

  const settleAll = (jobId: string, settle: (waiter: RunWaiter) => void): void => {
    for (const waiter of [...(waiters.get(jobId) ?? [])]) settle(waiter);
  };
  const failAll = async (jobId: string, reason: string, knownAttempts?: number): Promise<void> => {
    const attemptsMade =
      knownAttempts ??
      (await queue.getJob(jobId).then(
        (job) => job?.attemptsMade,
        () => undefined,
      ));
    settleAll(jobId, (waiter) => waiter.reject(new JobFailedError(name, jobId, reason, attemptsMade)));
  };
  /** A duplicate id joined an existing job, which may have finished before we started listening. */
  const settleIfFinished = async (jobId: string): Promise<void> => {
    const job = await queue.getJob(jobId);
    const state = await job?.getState();
    if (job && state === 'completed') settleAll(jobId, (waiter) => waiter.resolve(job.returnvalue));
    if (job && state === 'failed') await failAll(jobId, job.failedReason, job.attemptsMade);
  };

  let listeningStarted = false;
  const listening = startListening();
  listening.catch(() => undefined); // surfaced to run() callers, not as an unhandled rejection

  async function startListening(): Promise<QueueEvents> {
    // Read events from "now" on the Redis clock rather than from `$` (whatever is newest when the
    // first blocking read happens), so no outcome is missed between enqueueing and listening.
    const [seconds, micros] = await connection.time();
    const nowMs = Number(seconds) * 1_000 + Math.floor(Number(micros) / 1_000);
    const events = new QueueEvents(name, { connection, prefix, lastEventId: `${nowMs - 1}-0` });
    events.on('error', onError);
    events.on('completed', ({ jobId, returnvalue }) => settleAll(jobId, (waiter) => waiter.resolve(returnvalue)));
    events.on('failed', ({ jobId, failedReason }) => {
      if (waiters.has(jobId)) failAll(jobId, failedReason).catch(onError);
    });
    events.on('duplicated', ({ jobId }) => {
      if (waiters.has(jobId)) settleIfFinished(jobId).catch(onError);
    });
    await events.waitUntilReady();
    listeningStarted = true;
    return events;
  }

  const forget = (waiter: RunWaiter): boolean => {
    const set = waiters.get(waiter.jobId);
    set?.delete(waiter);
    if (set?.size !== 0) return false;
    waiters.delete(waiter.jobId);
    return true;
  };
  /** Removes the job unless it is running (BullMQ refuses to remove a locked job). */
  const removeIfNotStarted = (jobId: string): Promise<unknown> => queue.remove(jobId).catch(() => undefined);

  return {
    async run(payload, { deadline, jobId, signal, traceparent }) {
      const data = admitRun(definition, closed, payload, { deadline, jobId, signal });
      const envelope = envelopeOf(data, deadline, traceparent);

      const id = jobId ?? randomUUID();
      const { waiter, outcome } = createRunWaiter({
        queue: name,
        jobId: id,
        deadline,
        signal,
        result: definition.result,
        abandon: (self) => {
          if (forget(self)) void removeIfNotStarted(id);
        },
        settled: forget,
      });
      // The outcome may settle (close(), the deadline) while this call still awaits Redis below,
      // before the caller holds it: mark it handled so that is not an unhandled rejection. The
      // caller still sees the rejection through the promise returned below.
      outcome.catch(() => undefined);
      // Registered before enqueueing, so even an instant outcome finds its waiter.
      waiters.set(id, (waiters.get(id) ?? new Set()).add(waiter));
      try {
        await listening;
        if (!waiter.settled) await queue.add(JOB_NAME, envelope, { jobId: id });
      } catch (error) {
        waiter.reject(error as Error);
      }
      return outcome;
    },

    async close() {
      if (closed) return;
      closed = true;
      const abandoned = [...waiters.keys()];
      for (const jobId of abandoned) settleAll(jobId, (waiter) => waiter.reject(new JobProducerClosedError(name)));
      await Promise.all(abandoned.map(removeIfNotStarted));
      // While Redis is down, listening may only start (and so can only close) once it is back:
      // wait for it only when it has already started.
      const closingEvents = listening.then(
        (events) => events.close(),
        () => undefined,
      );
      closingEvents.catch(onError);
      await Promise.all([listeningStarted ? closingEvents : undefined, queue.close()]);
    },
  };
}

/**
 * Consumer over BullMQ: a Worker with bounded concurrency; BullMQ applies the producer's retries.
 * Closing stops taking jobs and lets running ones finish; past `graceMs` the jobs still running are
 * moved back to the wait list (uncounted) for another worker, instead of being left locked until
 * their lock expires.
 */
export function createBullMqConsumer<P, R>(
  definition: JobQueueDefinition<P, R>,
  handler: JobHandler<P, R>,
  {
    connection,
    prefix = DEFAULT_PREFIX,
    onError = logError,
    concurrency = 1,
    lockDurationMs,
    stalledIntervalMs,
    workerName,
  }: BullMqConsumerOptions,
): JobConsumer {
  const closingController = new AbortController();
  const processJob = async (job: Job<unknown, R>, token?: string): Promise<R> => {
    try {
      return await runAttempt(definition, handler, job.data, {
        attempt: job.attemptsMade + 1,
        jobId: job.id ?? '',
        closing: closingController.signal,
      });
    } catch (error) {
      if (!(error instanceof JobHandedBackError)) throw error;
      // Back to the wait list with its lock released and no attempt counted; WaitingError tells the
      // worker the job has moved on, so it neither completes nor fails it.
      await job.moveToWait(token);
      throw new WaitingError();
    }
  };
  const worker = new Worker<unknown, R>(definition.name, processJob, {
    connection,
    prefix,
    concurrency,
    ...(lockDurationMs === undefined ? {} : { lockDuration: lockDurationMs }),
    ...(stalledIntervalMs === undefined ? {} : { stalledInterval: stalledIntervalMs }),
    ...(workerName === undefined ? {} : { name: workerName }),
    // Fallbacks for jobs enqueued without retention options (producers set their own).
    removeOnComplete: DEFAULT_KEEP_COMPLETED,
    removeOnFail: DEFAULT_KEEP_FAILED,
  });
  worker.on('error', onError);
  let closing: Promise<void> | undefined;
  return {
    close: ({ graceMs } = {}) =>
      (closing ??= (async () => {
        const timer = graceMs === undefined ? undefined : setTimeout(() => closingController.abort(), graceMs);
        try {
          await worker.close();
        } finally {
          clearTimeout(timer);
        }
      })()),
  };
}
