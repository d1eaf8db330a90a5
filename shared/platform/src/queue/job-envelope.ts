import { z } from 'zod';

import { currentTraceparent } from '../tracing/trace-context.ts';

/**
 * What travels on the queue: the payload plus the producer's deadline, so a worker can skip a job
 * nobody waits for any more and abort a running one on time, and the W3C `traceparent` of the
 * request that enqueued it, so the job's work joins that request's trace. Exported for tests that
 * enqueue raw.
 */
export interface JobEnvelope {
  payload: unknown;
  deadline: number;
  /** Absent when the job was enqueued outside any trace (the worker then starts one). */
  traceparent?: string;
}

export const jobEnvelopeSchema: z.ZodType<JobEnvelope> = z.object({
  payload: z.unknown(),
  deadline: z.number().int(),
  // An unreadable value only loses the trace link (a new trace starts), never the job.
  traceparent: z.string().max(512).optional().catch(undefined),
});

/** The envelope of one run: its trace is the one given, else the current request's (if any). */
export function envelopeOf(
  payload: unknown,
  deadline: number,
  traceparent: string | undefined = currentTraceparent(),
): JobEnvelope {
  return { payload, deadline, ...(traceparent ? { traceparent } : {}) };
}
