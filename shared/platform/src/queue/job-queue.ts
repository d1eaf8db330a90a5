import type { z } from 'zod';

/**
 * A queue's identity and wire contract, shared by the producing and the consuming service.
 * Payloads and results cross process boundaries, so both are validated on each side and must be
 * JSON-serialisable (the in-process adapter round-trips them through JSON as well).
 */
export interface JobQueueDefinition<P, R> {
  /** Queue name, e.g. `ranking`. Letters, digits, `-` and `_`. */
  name: string;
  payload: z.ZodType<P>;
  result: z.ZodType<R>;
}

export interface RunOptions {
  /** Epoch ms. The caller stops waiting then, and the handler's signal aborts. */
  deadline: number;
  /**
   * Job id, e.g. the request id, for correlation. Default: a random UUID. A run whose id matches a
   * job still queued or running joins that job instead of enqueuing a second one.
   */
  jobId?: string;
  /**
   * Stop waiting when this aborts: the run rejects with JobRunAbortedError and the job is removed
   * if it has not started (a running one finishes on its worker, its result unused).
   */
  signal?: AbortSignal;
  /**
   * W3C `traceparent` the job's work continues. Default: the current request's trace (the one the
   * HTTP layer holds while a handler runs), so a job joins the trace of the request that enqueued it.
   */
  traceparent?: string;
}

export interface JobProducer<P, R> {
  /**
   * Validate `payload`, enqueue it and wait for the result until `options.deadline`.
   * Rejects with InvalidJobPayloadError (nothing enqueued), JobDeadlineExceededError (the job is
   * removed if it has not started), JobFailedError (the worker failed it, after retries unless
   * unrecoverable), JobRunAbortedError (`options.signal` aborted) or JobProducerClosedError.
   */
  run(payload: P, options: RunOptions): Promise<R>;
  /** Stop waiting: pending runs reject with JobProducerClosedError. Idempotent. */
  close(): Promise<void>;
}

export interface JobContext {
  /** 1 on the first try, 2 on the first retry, … */
  attempt: number;
  /** Aborts when the deadline passes: stop work (and fetching) then; the result is unwanted. */
  signal: AbortSignal;
  /** The producer's deadline, epoch ms. */
  deadline: number;
  /**
   * The trace this attempt belongs to: the enqueueing request's trace id (a new one when the job
   * carried none). The handler runs inside that trace, so calls it makes send `traceparent`.
   */
  traceId: string;
}

/** Does the work. Throw to retry, throw UnrecoverableError to fail without retrying. */
export type JobHandler<P, R> = (payload: P, context: JobContext) => Promise<R>;

export interface CloseOptions {
  /**
   * How long running jobs may take to finish. Past it their handlers' signals abort and each job
   * still running goes back to the queue, its attempt not counted, for another consumer. Default:
   * no limit (wait for every running job, which its deadline bounds).
   */
  graceMs?: number;
}

export interface JobConsumer {
  /** Stop taking jobs and wait for the running ones to finish (see `graceMs`). Idempotent. */
  close(options?: CloseOptions): Promise<void>;
}

/** Retry policy, set by the producer because it travels with each job. */
export interface RetryOptions {
  /** Tries in total for a handler that throws. Default 3. */
  attempts?: number;
  /** Exponential backoff base: retry n waits `backoffMs * 2^(n-1)`. Default 200 ms. */
  backoffMs?: number;
}

export interface ConsumerOptions {
  /** Jobs handled at once by this consumer. Default 1. */
  concurrency?: number;
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 200;
