import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';

import { continueOrStartTrace, traceStorage } from '../tracing/trace-context.ts';
import { whenDeadlinePasses } from './deadline-timer.ts';
import { JobDeadlineExceededError, JobHandedBackError } from './errors.ts';
import { jobEnvelopeSchema } from './job-envelope.ts';
import type { JobHandler, JobQueueDefinition } from './job-queue.ts';

export interface AttemptOptions {
  attempt: number;
  jobId: string;
  /** Aborts when the consumer's close grace runs out: the attempt stops and the job is handed back. */
  closing?: AbortSignal;
}

/**
 * One attempt at a job, shared by both adapters so they fail the same way. Throws
 * UnrecoverableError for what a retry cannot fix: a malformed envelope or payload, a deadline that
 * has passed, a result that breaks the schema; JobHandedBackError when the consumer closed before
 * the attempt finished (the adapter puts the job back). Any other error is the handler's, to be
 * retried. The handler runs inside the trace the envelope carries.
 */
export async function runAttempt<P, R>(
  definition: JobQueueDefinition<P, R>,
  handler: JobHandler<P, R>,
  data: unknown,
  { attempt, jobId, closing }: AttemptOptions,
): Promise<R> {
  const envelope = jobEnvelopeSchema.safeParse(data);
  if (!envelope.success) throw new UnrecoverableError(`malformed job envelope: ${z.prettifyError(envelope.error)}`);
  const { deadline } = envelope.data;
  if (Date.now() >= deadline) throw new UnrecoverableError('deadline passed before the job started');
  const payload = definition.payload.safeParse(envelope.data.payload);
  if (!payload.success) throw new UnrecoverableError(`invalid payload: ${z.prettifyError(payload.error)}`);
  if (closing?.aborted) throw new JobHandedBackError(definition.name, jobId);

  const controller = new AbortController();
  const cancelTimer = whenDeadlinePasses(deadline, () => {
    controller.abort(new JobDeadlineExceededError(definition.name, jobId, deadline));
  });
  const handBack = (): void => controller.abort(new JobHandedBackError(definition.name, jobId));
  closing?.addEventListener('abort', handBack, { once: true });
  const deadlinePassed = (): boolean => controller.signal.reason instanceof JobDeadlineExceededError;
  const trace = continueOrStartTrace(envelope.data.traceparent);
  try {
    const output = await traceStorage.run(trace, () =>
      handler(payload.data, { attempt, signal: controller.signal, deadline, traceId: trace.traceId }),
    );
    // A handler that returns after being cut off has no trustworthy result (the abort may have spoilt it).
    if (deadlinePassed()) throw new UnrecoverableError('deadline passed while the job ran');
    if (controller.signal.aborted) throw new JobHandedBackError(definition.name, jobId);
    const result = definition.result.safeParse(output);
    if (!result.success)
      throw new UnrecoverableError(`handler result breaks the schema: ${z.prettifyError(result.error)}`);
    return result.data;
  } catch (error) {
    if (error instanceof UnrecoverableError || error instanceof JobHandedBackError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // Nobody waits for the result any more: retrying would only waste work.
    if (deadlinePassed()) throw new UnrecoverableError(`deadline passed: ${message}`);
    if (controller.signal.aborted) throw new JobHandedBackError(definition.name, jobId);
    throw error instanceof Error ? error : new Error(message);
  } finally {
    cancelTimer();
    closing?.removeEventListener('abort', handBack);
  }
}
