import { InvalidJobPayloadError, JobDeadlineExceededError, JobProducerClosedError } from './errors.ts';
import type { JobQueueDefinition } from './job-queue.ts';

/**
 * What every producer checks before enqueueing, identically for both adapters: the producer is
 * open, the payload matches the schema, the deadline has not passed. Returns the parsed payload.
 */
export function admitRun<P, R>(
  definition: JobQueueDefinition<P, R>,
  closed: boolean,
  payload: P,
  { deadline, jobId }: { deadline: number; jobId?: string },
): P {
  if (closed) throw new JobProducerClosedError(definition.name);
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayloadError(definition.name, parsed.error);
  if (Date.now() >= deadline) throw new JobDeadlineExceededError(definition.name, jobId, deadline);
  return parsed.data;
}
