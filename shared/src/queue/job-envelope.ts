import { z } from 'zod';

/**
 * What travels on the queue: the payload plus the producer's deadline, so a worker can skip a job
 * nobody waits for any more and abort a running one on time. Exported for tests that enqueue raw.
 */
export interface JobEnvelope {
  payload: unknown;
  deadline: number;
}

export const jobEnvelopeSchema: z.ZodType<JobEnvelope> = z.object({
  payload: z.unknown(),
  deadline: z.number().int(),
});
