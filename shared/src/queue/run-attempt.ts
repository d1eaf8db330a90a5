import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';

import { whenDeadlinePasses } from './deadline-timer.ts';
import { JobDeadlineExceededError } from './errors.ts';
import { jobEnvelopeSchema } from './job-envelope.ts';
import type { JobHandler, JobQueueDefinition } from './job-queue.ts';

/**
 * One attempt at a job, shared by both adapters so they fail the same way. Throws
 * UnrecoverableError for what a retry cannot fix: a malformed envelope or payload, a deadline that
 * has passed, a result that breaks the schema. Any other error is the handler's, to be retried.
 */
export async function runAttempt<P, R>(
  definition: JobQueueDefinition<P, R>,
  handler: JobHandler<P, R>,
  data: unknown,
  { attempt, jobId }: { attempt: number; jobId: string },
): Promise<R> {
  const envelope = jobEnvelopeSchema.safeParse(data);
  if (!envelope.success) throw new UnrecoverableError(`malformed job envelope: ${z.prettifyError(envelope.error)}`);
  const { deadline } = envelope.data;
  if (Date.now() >= deadline) throw new UnrecoverableError('deadline passed before the job started');
  const payload = definition.payload.safeParse(envelope.data.payload);
  if (!payload.success) throw new UnrecoverableError(`invalid payload: ${z.prettifyError(payload.error)}`);

  const controller = new AbortController();
  const cancelTimer = whenDeadlinePasses(deadline, () => {
    controller.abort(new JobDeadlineExceededError(definition.name, jobId, deadline));
  });
  try {
    const output = await handler(payload.data, { attempt, signal: controller.signal, deadline });
    // A handler that returns after being cut off by the deadline has no trustworthy result.
    if (controller.signal.aborted) throw new UnrecoverableError('deadline passed while the job ran');
    const result = definition.result.safeParse(output);
    if (!result.success) throw new UnrecoverableError(`handler result breaks the schema: ${z.prettifyError(result.error)}`);
    return result.data;
  } catch (error) {
    if (error instanceof UnrecoverableError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // Nobody waits for the result any more: retrying would only waste work.
    if (controller.signal.aborted) throw new UnrecoverableError(`deadline passed: ${message}`);
    throw error instanceof Error ? error : new Error(message);
  } finally {
    cancelTimer();
  }
}
