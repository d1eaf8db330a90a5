import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { AdapterUnderTest, Result } from '../testing/queue-adapters.ts';
import { bullMqAdapter, defineQueue, echo, inFuture, inProcessAdapter } from '../testing/queue-adapters.ts';
import { continueOrStartTrace, currentTraceparent, parseTraceparent, traceStorage } from '../tracing/trace-context.ts';
import {
  InvalidJobPayloadError,
  JobDeadlineExceededError,
  JobFailedError,
  JobProducerClosedError,
  JobRunAbortedError,
  UnrecoverableError,
} from './errors.ts';
import type { JobEnvelope } from './job-envelope.ts';

/** One contract, both adapters: what the search service and the ranking-worker rely on, whichever queue runs. */
function describeQueueContract(adapter: AdapterUnderTest): void {
  describe.skipIf(adapter.skip)(`JobQueue contract: ${adapter.name}`, () => {
    beforeAll(() => adapter.start());
    afterAll(() => adapter.stop());
    afterEach(() => adapter.cleanUp());

    it('round-trips a payload to a result', async () => {
      const queue = defineQueue();
      adapter.consumer(queue, echo);
      const producer = adapter.producer(queue);
      await expect(producer.run({ text: 'hello' }, { deadline: inFuture(5_000) })).resolves.toEqual({
        echoed: 'hello',
        attempt: 1,
      });
    });

    it('honours the consumer concurrency', async () => {
      const queue = defineQueue();
      let inFlight = 0;
      let maxInFlight = 0;
      adapter.consumer(
        queue,
        async ({ text }, { attempt }) => {
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          await sleep(200);
          inFlight -= 1;
          return { echoed: text, attempt };
        },
        { concurrency: 3 },
      );
      const producer = adapter.producer(queue);
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, index) => producer.run({ text: `job ${index}` }, { deadline: inFuture(5_000) })),
      );
      const elapsed = Date.now() - started;
      expect(results.map((result) => result.echoed)).toEqual(Array.from({ length: 6 }, (_, index) => `job ${index}`));
      expect(maxInFlight).toBe(3);
      // maxInFlight proves the bound; the time proves no more than three ran at once.
      expect(elapsed).toBeGreaterThanOrEqual(390); // two waves of 200 ms
    });

    it('retries a transient failure and then succeeds', async () => {
      const queue = defineQueue();
      const attemptsSeen: number[] = [];
      adapter.consumer(queue, async ({ text }, { attempt }) => {
        attemptsSeen.push(attempt);
        if (attempt < 3) throw new Error('upstream timeout');
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue, { attempts: 3, backoffMs: 10 });
      await expect(producer.run({ text: 'x' }, { deadline: inFuture(5_000) })).resolves.toEqual({
        echoed: 'x',
        attempt: 3,
      });
      expect(attemptsSeen).toEqual([1, 2, 3]);
    });

    it('fails with JobFailedError once the attempts run out', async () => {
      const queue = defineQueue();
      let calls = 0;
      adapter.consumer(queue, async () => {
        calls += 1;
        throw new Error('still down');
      });
      const producer = adapter.producer(queue, { attempts: 2, backoffMs: 10 });
      const error = await producer.run({ text: 'x' }, { deadline: inFuture(5_000) }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(JobFailedError);
      expect(error).toMatchObject({ reason: 'still down', attemptsMade: 2 });
      expect(calls).toBe(2);
    });

    it('rejects an invalid payload in the producer, before enqueueing', async () => {
      const queue = defineQueue();
      const handled: string[] = [];
      adapter.consumer(queue, async ({ text }, { attempt }) => {
        handled.push(text);
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      await expect(producer.run({ text: '' }, { deadline: inFuture(5_000) })).rejects.toBeInstanceOf(
        InvalidJobPayloadError,
      );
      // With concurrency 1 jobs run in order, so once this one is done an enqueued bad one would have run.
      await producer.run({ text: 'valid' }, { deadline: inFuture(5_000) });
      expect(handled).toEqual(['valid']);
    });

    it('fails an invalid payload reaching the worker without retrying it', async () => {
      const queue = defineQueue();
      let calls = 0;
      adapter.consumer(queue, async ({ text }, { attempt }) => {
        calls += 1;
        return { echoed: text, attempt };
      });
      const envelope: JobEnvelope = { payload: { text: 42 }, deadline: inFuture(5_000) };
      const outcome = await adapter.enqueueRaw(queue.name, envelope, { attempts: 3 });
      expect(outcome).toMatchObject({ state: 'failed', attemptsMade: 1 });
      expect(outcome.failedReason).toMatch(/invalid payload/);
      expect(calls).toBe(0);
    });

    it('fails once, with the message, when the handler throws UnrecoverableError', async () => {
      const queue = defineQueue();
      let calls = 0;
      adapter.consumer(queue, async () => {
        calls += 1;
        throw new UnrecoverableError('query is not searchable');
      });
      const producer = adapter.producer(queue, { attempts: 3, backoffMs: 10 });
      const error = await producer.run({ text: 'x' }, { deadline: inFuture(5_000) }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(JobFailedError);
      expect((error as Error).message).toContain('query is not searchable');
      expect(error).toMatchObject({ reason: 'query is not searchable', attemptsMade: 1 });
      expect(calls).toBe(1);
    });

    it('fails a result that breaks the result schema, without retrying', async () => {
      const queue = defineQueue();
      let calls = 0;
      adapter.consumer(queue, async () => {
        calls += 1;
        return { echoed: 7 } as unknown as Result;
      });
      const producer = adapter.producer(queue);
      await expect(producer.run({ text: 'x' }, { deadline: inFuture(5_000) })).rejects.toThrow(
        /result breaks the schema/,
      );
      expect(calls).toBe(1);
    });

    it('rejects with JobDeadlineExceededError on time and aborts the handler signal', async () => {
      const queue = defineQueue();
      let abortedWith: unknown;
      adapter.consumer(queue, async ({ text }, { attempt, signal }) => {
        await sleep(5_000, undefined, { signal }).catch(() => {
          abortedWith = signal.reason;
        });
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      const deadline = inFuture(300);
      const error = await producer.run({ text: 'slow' }, { deadline }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(JobDeadlineExceededError);
      expect(Date.now() - deadline).toBeGreaterThanOrEqual(-5);
      // Well before the handler's 5 s: the run ends at the deadline (slack for a loaded CI machine).
      expect(Date.now() - deadline).toBeLessThan(1_000);
      await adapter.cleanUp(); // closing the consumer waits for the handler to finish
      expect(abortedWith).toBeInstanceOf(JobDeadlineExceededError);
    });

    it('never runs a job whose deadline passed while it waited', async () => {
      const queue = defineQueue();
      const handled: string[] = [];
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      adapter.consumer(queue, async ({ text }, { attempt }) => {
        handled.push(text);
        if (text === 'blocker') await gate;
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      const blocker = producer.run({ text: 'blocker' }, { deadline: inFuture(5_000) });
      await expect(producer.run({ text: 'expired' }, { deadline: inFuture(200) })).rejects.toBeInstanceOf(
        JobDeadlineExceededError,
      );
      release();
      await blocker;
      await producer.run({ text: 'after' }, { deadline: inFuture(5_000) });
      expect(handled).toEqual(['blocker', 'after']);
    });

    it('resolves 20 concurrent runs without listener warnings', async () => {
      const queue = defineQueue();
      const warnings: Error[] = [];
      const onWarning = (warning: Error): void => {
        warnings.push(warning);
      };
      process.on('warning', onWarning);
      try {
        adapter.consumer(queue, echo, { concurrency: 5 });
        const producer = adapter.producer(queue);
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, index) => producer.run({ text: `n${index}` }, { deadline: inFuture(5_000) })),
        );
        expect(results.map((result) => result.echoed)).toEqual(Array.from({ length: 20 }, (_, index) => `n${index}`));
        await sleep(10); // warnings are emitted on the next tick
      } finally {
        process.off('warning', onWarning);
      }
      expect(warnings).toEqual([]);
    });

    it('joins a run to a still-running job with the same id instead of running it twice', async () => {
      const queue = defineQueue();
      let calls = 0;
      adapter.consumer(queue, async ({ text }, { attempt }) => {
        calls += 1;
        await sleep(100);
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      const jobId = randomUUID();
      const [first, second] = await Promise.all([
        producer.run({ text: 'once' }, { deadline: inFuture(5_000), jobId }),
        producer.run({ text: 'once' }, { deadline: inFuture(5_000), jobId }),
      ]);
      expect(first).toEqual({ echoed: 'once', attempt: 1 });
      expect(second).toEqual(first);
      expect(calls).toBe(1);
    });

    it("stops waiting when the run's signal aborts, removing a job that has not started", async () => {
      const queue = defineQueue();
      const handled: string[] = [];
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      adapter.consumer(queue, async ({ text }, { attempt }) => {
        handled.push(text);
        if (text === 'blocker') await gate;
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      const blocker = producer.run({ text: 'blocker' }, { deadline: inFuture(5_000) });
      const controller = new AbortController();
      const queued = producer
        .run({ text: 'queued' }, { deadline: inFuture(5_000), signal: controller.signal })
        .catch((caught: unknown) => caught);
      await sleep(100);
      const abortedAt = Date.now();
      controller.abort(new Error('the service is shutting down'));
      const error = await queued;
      expect(error).toBeInstanceOf(JobRunAbortedError);
      expect((error as Error).message).toContain('the service is shutting down');
      expect(Date.now() - abortedAt).toBeLessThan(500);
      release();
      await blocker;
      await producer.run({ text: 'after' }, { deadline: inFuture(5_000) });
      // The aborted job was taken off the queue before any consumer started it.
      expect(handled).toEqual(['blocker', 'after']);
      await expect(
        producer.run({ text: 'late' }, { deadline: inFuture(5_000), signal: controller.signal }),
      ).rejects.toBeInstanceOf(JobRunAbortedError);
    });

    it('runs the handler inside the trace of the request that enqueued the job', async () => {
      const queue = defineQueue();
      const seen: { traceId: string; current: string | undefined }[] = [];
      adapter.consumer(queue, async ({ text }, { attempt, traceId }) => {
        seen.push({ traceId, current: currentTraceparent() });
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      const request = continueOrStartTrace('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
      await traceStorage.run(request, () => producer.run({ text: 'traced' }, { deadline: inFuture(5_000) }));
      await producer.run(
        { text: 'explicit' },
        { deadline: inFuture(5_000), traceparent: '00-11111111111111111111111111111111-2222222222222222-01' },
      );
      await producer.run({ text: 'untraced' }, { deadline: inFuture(5_000) });
      const [traced, explicit, untraced] = seen;
      expect(traced?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
      // Calls the handler makes continue that trace, from a span of the job's own, whose parent is the enqueuing
      // request's span.
      expect(parseTraceparent(traced?.current)).toMatchObject({ traceId: '0af7651916cd43dd8448eb211c80319c' });
      expect(parseTraceparent(traced?.current)?.parentSpanId).not.toBe(request.spanId);
      expect(explicit?.traceId).toBe('11111111111111111111111111111111');
      // No trace to continue: the job starts its own.
      expect(untraced?.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect([traced?.traceId, explicit?.traceId]).not.toContain(untraced?.traceId);
    });

    it('hands a job back when its consumer closes past the grace period; another consumer runs it, the attempt uncounted', async () => {
      const queue = defineQueue();
      let started = (): void => undefined;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      let abortedWith: unknown;
      const closingConsumer = adapter.consumer(queue, async ({ text }, { attempt, signal }) => {
        started();
        await sleep(10_000, undefined, { signal }).catch(() => {
          abortedWith = signal.reason;
        });
        return { echoed: `${text} (cut short)`, attempt };
      });
      const producer = adapter.producer(queue);
      const pending = producer.run({ text: 'long' }, { deadline: inFuture(8_000) });
      await running;
      adapter.consumer(queue, echo);
      const closedAt = Date.now();
      await closingConsumer.close({ graceMs: 200 });
      expect(Date.now() - closedAt).toBeGreaterThanOrEqual(190);
      expect(Date.now() - closedAt).toBeLessThan(2_000);
      expect(abortedWith).toMatchObject({ name: 'JobHandedBackError' });
      // The cut-short result is discarded; the other consumer's first counted attempt answers.
      await expect(pending).resolves.toEqual({ echoed: 'long', attempt: 1 });
    });

    it('lets running jobs finish within the grace period', async () => {
      const queue = defineQueue();
      let started = (): void => undefined;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const consumer = adapter.consumer(queue, async ({ text }, { attempt }) => {
        started();
        await sleep(150);
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      const pending = producer.run({ text: 'short' }, { deadline: inFuture(5_000) });
      await running;
      await consumer.close({ graceMs: 2_000 });
      await expect(pending).resolves.toEqual({ echoed: 'short', attempt: 1 });
    });

    it('rejects pending and later runs once the producer is closed', async () => {
      const queue = defineQueue();
      adapter.consumer(queue, async ({ text }, { attempt, signal }) => {
        await sleep(5_000, undefined, { signal }).catch(() => undefined);
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      const pending = producer.run({ text: 'x' }, { deadline: inFuture(300) }).catch((caught: unknown) => caught);
      await sleep(50);
      await producer.close();
      expect(await pending).toBeInstanceOf(JobProducerClosedError);
      await expect(producer.run({ text: 'y' }, { deadline: inFuture(1_000) })).rejects.toBeInstanceOf(
        JobProducerClosedError,
      );
    });
  });
}

describeQueueContract(inProcessAdapter());

describeQueueContract(bullMqAdapter());
