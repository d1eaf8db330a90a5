import { randomUUID } from 'node:crypto';

import { UnrecoverableError } from 'bullmq';

import { JobHandedBackError, JobProducerClosedError } from './errors.ts';
import type { InProcessBroker, InProcessJob } from './in-process-broker.ts';
import { envelopeOf } from './job-envelope.ts';
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

export interface InProcessProducerOptions extends RetryOptions {
  /** The broker this producer's consumers also use. */
  broker: InProcessBroker;
}

export interface InProcessConsumerOptions extends ConsumerOptions {
  broker: InProcessBroker;
}

/** Producer for the single-process deployment: same contract as the BullMQ one, no Redis. */
export function createInProcessProducer<P, R>(
  definition: JobQueueDefinition<P, R>,
  { broker, attempts = DEFAULT_ATTEMPTS, backoffMs = DEFAULT_BACKOFF_MS }: InProcessProducerOptions,
): JobProducer<P, R> {
  const { name } = definition;
  const pending = new Set<RunWaiter>();
  let closed = false;

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
        abandon: (self) => broker.abandon(name, id, self),
        settled: (self) => pending.delete(self),
      });
      pending.add(waiter);
      try {
        broker.submit(name, envelope, waiter, { jobId: id, attempts, backoffMs });
      } catch (error) {
        waiter.reject(error as Error); // e.g. not JSON-serialisable; also stops the deadline timer
      }
      return outcome;
    },

    async close() {
      closed = true;
      for (const waiter of [...pending]) {
        broker.abandon(name, waiter.jobId, waiter);
        waiter.reject(new JobProducerClosedError(name));
      }
    },
  };
}

/**
 * Consumer for the single-process deployment: bounded concurrency, retries with backoff. Closing
 * past `graceMs` hands running jobs back to the broker, as the BullMQ consumer does.
 */
export function createInProcessConsumer<P, R>(
  definition: JobQueueDefinition<P, R>,
  handler: JobHandler<P, R>,
  { broker, concurrency = 1 }: InProcessConsumerOptions,
): JobConsumer {
  const { name } = definition;
  const running = new Set<Promise<void>>();
  const closingController = new AbortController();
  let closing: Promise<void> | undefined;

  const attempt = async (job: InProcessJob): Promise<void> => {
    try {
      const result = await runAttempt(definition, handler, job.data, {
        attempt: job.attemptsMade,
        jobId: job.id,
        closing: closingController.signal,
      });
      broker.complete(name, job, result);
    } catch (error) {
      if (error instanceof JobHandedBackError) return broker.handBack(name, job);
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof UnrecoverableError || job.attemptsMade >= job.attempts) broker.fail(name, job, reason);
      else broker.retryLater(name, job, job.backoffMs * 2 ** (job.attemptsMade - 1));
    }
  };

  const pull = (): void => {
    while (!closing && running.size < concurrency) {
      const job = broker.take(name);
      if (!job) return;
      // Start on a microtask so the task is counted before a handler could re-enter pull().
      const task: Promise<void> = Promise.resolve()
        .then(() => attempt(job))
        .finally(() => {
          running.delete(task);
          pull();
        });
      running.add(task);
    }
  };

  const unsubscribe = broker.onAvailable(name, pull);
  pull();

  return {
    close({ graceMs } = {}) {
      closing ??= (async () => {
        unsubscribe();
        const timer = graceMs === undefined ? undefined : setTimeout(() => closingController.abort(), graceMs);
        try {
          await Promise.all([...running]);
        } finally {
          clearTimeout(timer);
        }
      })();
      return closing;
    },
  };
}
