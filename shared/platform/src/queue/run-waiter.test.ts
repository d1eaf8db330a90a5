import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { JobDeadlineExceededError, JobFailedError } from './errors.ts';
import { createRunWaiter } from './run-waiter.ts';

const waiterUntil = (deadline: number) =>
  createRunWaiter({
    queue: 'q',
    jobId: 'j1',
    deadline,
    result: z.object({ ok: z.boolean() }),
    abandon: () => undefined,
    settled: () => undefined,
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('a run waiter', () => {
  it('resolves a result that arrives before the deadline', async () => {
    const { waiter, outcome } = waiterUntil(Date.now() + 10_000);
    waiter.resolve({ ok: true });
    await expect(outcome).resolves.toEqual({ ok: true });
  });

  it('treats a result or a failure arriving at the deadline as the deadline, whichever timer fired first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.now();
    const late = waiterUntil(now);
    late.waiter.resolve({ ok: true });
    await expect(late.outcome).rejects.toBeInstanceOf(JobDeadlineExceededError);
    const failed = waiterUntil(now);
    failed.waiter.reject(new JobFailedError('q', 'j1', 'deadline passed while the job ran'));
    await expect(failed.outcome).rejects.toBeInstanceOf(JobDeadlineExceededError);
  });
});
