import {
  InvalidJobPayloadError,
  JobDeadlineExceededError,
  JobProducerClosedError,
  JobRunAbortedError,
} from './errors.ts';
import type { JobQueueDefinition } from './job-queue.ts';

/**
 * What every producer checks before enqueueing, identically for both adapters: the producer is
 * open, the payload matches the schema, the deadline has not passed, the caller still wants it.
 * Returns the parsed payload.
 */
export function admitRun<P, R>(
  definition: JobQueueDefinition<P, R>,
  closed: boolean,
  payload: P,
  { deadline, jobId, signal }: { deadline: number; jobId?: string | undefined; signal?: AbortSignal | undefined },
): P {
  if (closed) throw new JobProducerClosedError(definition.name);
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayloadError(definition.name, parsed.error);
  if (Date.now() >= deadline) throw new JobDeadlineExceededError(definition.name, jobId, deadline);
  if (signal?.aborted) throw new JobRunAbortedError(definition.name, jobId ?? '(not enqueued)', signal.reason);
  return parsed.data;
}
