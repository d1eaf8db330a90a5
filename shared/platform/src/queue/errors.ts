import type { ZodError } from 'zod';

/**
 * Throw `UnrecoverableError` from a handler when a retry cannot help (invalid input, a permanent
 * 4xx from upstream): the job fails at once instead of after `attempts` tries. Both adapters use
 * BullMQ's class, so a handler behaves the same in one process and across processes. The adapters
 * throw it themselves for a payload failing its schema or a job whose deadline has passed.
 */
export { UnrecoverableError } from 'bullmq';

/** `run()` stopped waiting because the deadline passed; a job still waiting was removed. */
export class JobDeadlineExceededError extends Error {
  readonly queue: string;
  readonly jobId: string | undefined;
  readonly deadline: number;

  constructor(queue: string, jobId: string | undefined, deadline: number) {
    super(
      `job ${jobId ?? '(not enqueued)'} on queue "${queue}" missed its deadline ${new Date(deadline).toISOString()}`,
    );
    this.name = 'JobDeadlineExceededError';
    this.queue = queue;
    this.jobId = jobId;
    this.deadline = deadline;
  }
}

/** The worker failed the job: the handler threw an UnrecoverableError, or kept failing until attempts ran out. */
export class JobFailedError extends Error {
  readonly queue: string;
  readonly jobId: string;
  /** The failure message of the last attempt, as the handler threw it. */
  readonly reason: string;
  /** Attempts the worker made, when known. */
  readonly attemptsMade: number | undefined;

  constructor(queue: string, jobId: string, reason: string, attemptsMade?: number) {
    super(`job ${jobId} on queue "${queue}" failed: ${reason}`);
    this.name = 'JobFailedError';
    this.queue = queue;
    this.jobId = jobId;
    this.reason = reason;
    this.attemptsMade = attemptsMade;
  }
}

/** The producer refused a payload that does not match the queue's schema; nothing was enqueued. */
export class InvalidJobPayloadError extends Error {
  readonly queue: string;
  readonly issues: ZodError['issues'];

  constructor(queue: string, cause: ZodError) {
    super(
      `invalid payload for queue "${queue}": ${cause.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`,
      { cause },
    );
    this.name = 'InvalidJobPayloadError';
    this.queue = queue;
    this.issues = cause.issues;
  }
}

/**
 * `run()` stopped waiting because its `signal` aborted (the caller no longer wants the result, e.g.
 * a service wrapping up before it exits); a job that had not started was removed.
 */
export class JobRunAbortedError extends Error {
  readonly queue: string;
  readonly jobId: string;

  constructor(queue: string, jobId: string, reason: unknown) {
    super(
      `run of job ${jobId} on queue "${queue}" was aborted: ${reason instanceof Error ? reason.message : String(reason ?? 'no reason given')}`,
      { cause: reason },
    );
    this.name = 'JobRunAbortedError';
    this.queue = queue;
    this.jobId = jobId;
  }
}

/**
 * Thrown by an attempt that a closing consumer cut short (its grace period ran out): the adapter puts
 * the job back in the queue, uncounted, for another consumer. Handlers never see or throw it.
 */
export class JobHandedBackError extends Error {
  constructor(queue: string, jobId: string) {
    super(`job ${jobId} on queue "${queue}" was handed back: its consumer closed before the attempt finished`);
    this.name = 'JobHandedBackError';
  }
}

/** `run()` was called on, or was still waiting when, its producer closed. */
export class JobProducerClosedError extends Error {
  constructor(queue: string) {
    super(`producer for queue "${queue}" is closed`);
    this.name = 'JobProducerClosedError';
  }
}
