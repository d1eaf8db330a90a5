import { z } from 'zod';

import { whenDeadlinePasses } from './deadline-timer.ts';
import { JobDeadlineExceededError, JobFailedError, JobRunAbortedError } from './errors.ts';

/** One `run()` call waiting for its job's outcome; settles once, later calls are ignored. */
export interface RunWaiter {
  readonly jobId: string;
  /** True once resolved or rejected (including by the deadline). */
  readonly settled: boolean;
  /** The worker's raw result; validated against the queue's result schema here. */
  resolve(rawResult: unknown): void;
  reject(error: Error): void;
}

export interface RunWaiterOptions<R> {
  queue: string;
  jobId: string;
  deadline: number;
  result: z.ZodType<R>;
  /** The caller's own reason to stop waiting before the deadline (RunOptions.signal). */
  signal?: AbortSignal | undefined;
  /**
   * The deadline passed or the signal aborted: stop waiting on the transport and drop the job if it has not started.
   */
  abandon(waiter: RunWaiter): void;
  /** Called once, however the run settled, so the producer can forget it. */
  settled(waiter: RunWaiter): void;
}

/** The producer side of a run, identical for both adapters: deadline timer, abort signal and result validation. */
export function createRunWaiter<R>(options: RunWaiterOptions<R>): { waiter: RunWaiter; outcome: Promise<R> } {
  const { queue, jobId, deadline } = options;
  let done = false;
  let cancelTimer = (): void => undefined;
  let stopListening = (): void => undefined;
  let resolveOutcome!: (result: R) => void;
  let rejectOutcome!: (error: Error) => void;
  const outcome = new Promise<R>((resolve, reject) => {
    resolveOutcome = resolve;
    rejectOutcome = reject;
  });

  const finish = (settle: () => void): void => {
    if (done) return;
    done = true;
    cancelTimer();
    stopListening();
    options.settled(waiter);
    settle();
  };
  // The worker's deadline timer and ours target the same instant and may fire in either order:
  // whatever arrives at or after the deadline is late, so the run ends as a deadline either way.
  const late = (): boolean => Date.now() >= deadline;
  const exceeded = (): JobDeadlineExceededError => new JobDeadlineExceededError(queue, jobId, deadline);
  const waiter: RunWaiter = {
    jobId,
    get settled() {
      return done;
    },
    resolve: (rawResult) =>
      finish(() => {
        if (late()) return rejectOutcome(exceeded());
        const parsed = options.result.safeParse(rawResult);
        if (parsed.success) resolveOutcome(parsed.data);
        else
          rejectOutcome(new JobFailedError(queue, jobId, `result breaks the schema: ${z.prettifyError(parsed.error)}`));
      }),
    reject: (error) => finish(() => rejectOutcome(error instanceof JobFailedError && late() ? exceeded() : error)),
  };
  cancelTimer = whenDeadlinePasses(deadline, () => {
    if (done) return;
    options.abandon(waiter);
    waiter.reject(new JobDeadlineExceededError(queue, jobId, deadline));
  });
  const { signal } = options;
  const onAbort = (): void => {
    if (done) return;
    options.abandon(waiter);
    waiter.reject(new JobRunAbortedError(queue, jobId, signal?.reason));
  };
  if (signal?.aborted) {
    onAbort();
  } else if (signal) {
    signal.addEventListener('abort', onAbort, { once: true });
    stopListening = () => signal.removeEventListener('abort', onAbort);
  }
  return { waiter, outcome };
}
