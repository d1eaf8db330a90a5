import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { createQueueRedisConnection } from '../stores/redis-connection.ts';
import { redisUrlForTests, requireRedis } from '../testing/redis-test-helper.ts';
import { createBullMqConsumer, createBullMqProducer } from './bullmq-queue.ts';
import { continueOrStartTrace, currentTraceparent, parseTraceparent, traceStorage } from '../tracing/trace-context.ts';
import {
  InvalidJobPayloadError, JobDeadlineExceededError, JobFailedError, JobProducerClosedError, JobRunAbortedError, UnrecoverableError,
} from './errors.ts';
import { createInProcessBroker, type InProcessBroker } from './in-process-broker.ts';
import { createInProcessConsumer, createInProcessProducer } from './in-process-queue.ts';
import type { JobEnvelope } from './job-envelope.ts';
import type { ConsumerOptions, JobConsumer, JobHandler, JobProducer, JobQueueDefinition, RetryOptions } from './job-queue.ts';

const redisAvailable = await requireRedis();

const payloadSchema = z.object({ text: z.string().min(1) });
const resultSchema = z.object({ echoed: z.string(), attempt: z.number().int() });
type Payload = z.infer<typeof payloadSchema>;
type Result = z.infer<typeof resultSchema>;

/** A raw job's end state, read from the transport directly. */
interface RawOutcome {
  state: 'completed' | 'failed';
  failedReason?: string;
  attemptsMade?: number;
}

/** What the contract needs from an adapter; everything else is the same assertions. */
interface AdapterUnderTest {
  name: string;
  skip: boolean;
  start(): Promise<void>;
  producer(definition: JobQueueDefinition<Payload, Result>, options?: RetryOptions): JobProducer<Payload, Result>;
  consumer(definition: JobQueueDefinition<Payload, Result>, handler: JobHandler<Payload, Result>, options?: ConsumerOptions): JobConsumer;
  /** Enqueue straight onto the transport, bypassing the producer's validation, and wait for the end state. */
  enqueueRaw(queueName: string, data: unknown, options: { attempts: number }): Promise<RawOutcome>;
  /** Close what the test created and delete its queues. */
  cleanUp(): Promise<void>;
  stop(): Promise<void>;
}

const quickRetries: RetryOptions = { attempts: 3, backoffMs: 10 };

function inProcessAdapter(): AdapterUnderTest {
  let broker: InProcessBroker = createInProcessBroker();
  const opened: { close(): Promise<void> }[] = [];
  const track = <T extends { close(): Promise<void> }>(closeable: T): T => {
    opened.push(closeable);
    return closeable;
  };
  return {
    name: 'in-process',
    skip: false,
    start: async () => undefined,
    producer: (definition, options = quickRetries) => track(createInProcessProducer(definition, { broker, ...options })),
    consumer: (definition, handler, options) => track(createInProcessConsumer(definition, handler, { broker, ...options })),
    enqueueRaw: (queueName, data, { attempts }) => new Promise((resolve) => {
      broker.submit(queueName, data, {
        jobId: randomUUID(),
        settled: false,
        resolve: () => resolve({ state: 'completed' }),
        reject: (error) => resolve({
          state: 'failed',
          failedReason: (error as JobFailedError).reason,
          attemptsMade: (error as JobFailedError).attemptsMade,
        }),
      }, { attempts, backoffMs: 10 });
    }),
    cleanUp: async () => {
      await Promise.all(opened.splice(0).map((closeable) => closeable.close()));
      broker = createInProcessBroker();
    },
    stop: async () => undefined,
  };
}

/** One Redis connection for the file; a unique BullMQ prefix per test; queues obliterated afterwards. */
function bullMqAdapter(): AdapterUnderTest & { prefix(): string; connection(): Redis } {
  let connection: Redis | undefined;
  let prefix = `test-${randomUUID()}`;
  const queueNames = new Set<string>();
  const opened: { close(): Promise<void> }[] = [];
  const redis = (): Redis => {
    if (!connection) throw new Error('bullmq adapter not started');
    return connection;
  };
  const track = <T extends { close(): Promise<void> }>(closeable: T): T => {
    opened.push(closeable);
    return closeable;
  };
  const onError = (error: Error): void => {
    throw error;
  };
  return {
    name: 'BullMQ',
    skip: !redisAvailable,
    prefix: () => prefix,
    connection: redis,
    start: async () => {
      connection = createQueueRedisConnection(redisUrlForTests(), { name: 'queue-contract-test' });
    },
    producer: (definition, options = quickRetries) => {
      queueNames.add(definition.name);
      return track(createBullMqProducer(definition, { connection: redis(), prefix, onError, ...options }));
    },
    consumer: (definition, handler, options) => {
      queueNames.add(definition.name);
      return track(createBullMqConsumer(definition, handler, { connection: redis(), prefix, onError, ...options }));
    },
    enqueueRaw: async (queueName, data, { attempts }) => {
      queueNames.add(queueName);
      const queue = new Queue(queueName, { connection: redis(), prefix });
      try {
        const job = await queue.add('run', data, { attempts, backoff: { type: 'exponential', delay: 10 } });
        for (const started = Date.now(); Date.now() - started < 5_000; await sleep(20)) {
          const state = await job.getState();
          if (state === 'completed' || state === 'failed') {
            const finished = await queue.getJob(job.id ?? '');
            return { state, failedReason: finished?.failedReason, attemptsMade: finished?.attemptsMade };
          }
        }
        throw new Error('raw job did not finish within 5 s');
      } finally {
        await queue.close();
      }
    },
    cleanUp: async () => {
      await Promise.all(opened.splice(0).map((closeable) => closeable.close()));
      for (const queueName of queueNames) {
        const queue = new Queue(queueName, { connection: redis(), prefix });
        await queue.obliterate({ force: true });
        await queue.close();
      }
      queueNames.clear();
      const leftovers = await redis().keys(`${prefix}:*`);
      if (leftovers.length > 0) await redis().del(...leftovers);
      prefix = `test-${randomUUID()}`;
    },
    stop: async () => { await connection?.quit(); },
  };
}

/** A definition with a queue name unique to the test. */
function defineQueue(): JobQueueDefinition<Payload, Result> {
  return { name: `test-${randomUUID()}`, payload: payloadSchema, result: resultSchema };
}

const inFuture = (ms: number): number => Date.now() + ms;
const echo: JobHandler<Payload, Result> = async ({ text }, { attempt }) => ({ echoed: text, attempt });

function describeQueueContract(adapter: AdapterUnderTest): void {
  describe.skipIf(adapter.skip)(`JobQueue contract: ${adapter.name}`, () => {
    beforeAll(() => adapter.start());
    afterAll(() => adapter.stop());
    afterEach(() => adapter.cleanUp());

    it('round-trips a payload to a result', async () => {
      const queue = defineQueue();
      adapter.consumer(queue, echo);
      const producer = adapter.producer(queue);
      await expect(producer.run({ text: 'hello' }, { deadline: inFuture(5_000) })).resolves.toEqual({ echoed: 'hello', attempt: 1 });
    });

    it('honours the consumer concurrency', async () => {
      const queue = defineQueue();
      let inFlight = 0;
      let maxInFlight = 0;
      adapter.consumer(queue, async ({ text }, { attempt }) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await sleep(200);
        inFlight -= 1;
        return { echoed: text, attempt };
      }, { concurrency: 3 });
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
      await expect(producer.run({ text: 'x' }, { deadline: inFuture(5_000) })).resolves.toEqual({ echoed: 'x', attempt: 3 });
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
      await expect(producer.run({ text: '' }, { deadline: inFuture(5_000) })).rejects.toBeInstanceOf(InvalidJobPayloadError);
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
      await expect(producer.run({ text: 'x' }, { deadline: inFuture(5_000) })).rejects.toThrow(/result breaks the schema/);
      expect(calls).toBe(1);
    });

    it('rejects with JobDeadlineExceededError on time and aborts the handler signal', async () => {
      const queue = defineQueue();
      let abortedWith: unknown;
      adapter.consumer(queue, async ({ text }, { attempt, signal }) => {
        await sleep(5_000, undefined, { signal }).catch(() => { abortedWith = signal.reason; });
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
      const gate = new Promise<void>((resolve) => { release = resolve; });
      adapter.consumer(queue, async ({ text }, { attempt }) => {
        handled.push(text);
        if (text === 'blocker') await gate;
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      const blocker = producer.run({ text: 'blocker' }, { deadline: inFuture(5_000) });
      await expect(producer.run({ text: 'expired' }, { deadline: inFuture(200) })).rejects.toBeInstanceOf(JobDeadlineExceededError);
      release();
      await blocker;
      await producer.run({ text: 'after' }, { deadline: inFuture(5_000) });
      expect(handled).toEqual(['blocker', 'after']);
    });

    it('resolves 20 concurrent runs without listener warnings', async () => {
      const queue = defineQueue();
      const warnings: Error[] = [];
      const onWarning = (warning: Error): void => { warnings.push(warning); };
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

    it('stops waiting when the run\'s signal aborts, removing a job that has not started', async () => {
      const queue = defineQueue();
      const handled: string[] = [];
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => { release = resolve; });
      adapter.consumer(queue, async ({ text }, { attempt }) => {
        handled.push(text);
        if (text === 'blocker') await gate;
        return { echoed: text, attempt };
      });
      const producer = adapter.producer(queue);
      const blocker = producer.run({ text: 'blocker' }, { deadline: inFuture(5_000) });
      const controller = new AbortController();
      const queued = producer.run({ text: 'queued' }, { deadline: inFuture(5_000), signal: controller.signal }).catch((caught: unknown) => caught);
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
      await expect(producer.run({ text: 'late' }, { deadline: inFuture(5_000), signal: controller.signal })).rejects.toBeInstanceOf(JobRunAbortedError);
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
      await producer.run({ text: 'explicit' }, { deadline: inFuture(5_000), traceparent: '00-11111111111111111111111111111111-2222222222222222-01' });
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
      const running = new Promise<void>((resolve) => { started = resolve; });
      let abortedWith: unknown;
      const closingConsumer = adapter.consumer(queue, async ({ text }, { attempt, signal }) => {
        started();
        await sleep(10_000, undefined, { signal }).catch(() => { abortedWith = signal.reason; });
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
      const running = new Promise<void>((resolve) => { started = resolve; });
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
      await expect(producer.run({ text: 'y' }, { deadline: inFuture(1_000) })).rejects.toBeInstanceOf(JobProducerClosedError);
    });
  });
}

describeQueueContract(inProcessAdapter());

const bullMq = bullMqAdapter();
describeQueueContract(bullMq);

describe.skipIf(!redisAvailable)('BullMQ adapter specifics', () => {
  beforeAll(() => bullMq.start());
  afterAll(() => bullMq.stop());
  afterEach(() => bullMq.cleanUp());

  it('trims completed jobs by count instead of keeping them all (or none)', async () => {
    const queue = defineQueue();
    bullMq.consumer(queue, echo);
    const producer = createBullMqProducer(queue, {
      connection: bullMq.connection(), prefix: bullMq.prefix(), keepCompleted: { count: 2 },
    });
    try {
      for (let index = 0; index < 5; index += 1) await producer.run({ text: `t${index}` }, { deadline: inFuture(5_000) });
    } finally {
      await producer.close();
    }
    const inspector = new Queue(queue.name, { connection: bullMq.connection(), prefix: bullMq.prefix() });
    try {
      expect(await inspector.getCompletedCount()).toBe(2);
    } finally {
      await inspector.close();
    }
  });

  it('answers a run reusing the id of a recently completed job with its stored result', async () => {
    const queue = defineQueue();
    let calls = 0;
    bullMq.consumer(queue, async ({ text }, { attempt }) => {
      calls += 1;
      return { echoed: text, attempt };
    });
    const producer = bullMq.producer(queue);
    const jobId = randomUUID();
    const first = await producer.run({ text: 'stored' }, { deadline: inFuture(5_000), jobId });
    await expect(producer.run({ text: 'stored' }, { deadline: inFuture(2_000), jobId })).resolves.toEqual(first);
    expect(calls).toBe(1);
  });

  it('records the consumer that ran each job (processedBy)', async () => {
    const queue = defineQueue();
    const consumer = createBullMqConsumer(queue, echo, { connection: bullMq.connection(), prefix: bullMq.prefix(), workerName: 'page-reader-7' });
    const producer = bullMq.producer(queue);
    const jobId = randomUUID();
    try {
      await producer.run({ text: 'who' }, { deadline: inFuture(5_000), jobId });
    } finally {
      await consumer.close();
    }
    const inspector = new Queue(queue.name, { connection: bullMq.connection(), prefix: bullMq.prefix() });
    try {
      expect((await inspector.getJob(jobId))?.processedBy).toBe('page-reader-7');
    } finally {
      await inspector.close();
    }
  });

  it('rejects a run closed while it was still being enqueued, with no unhandled rejection', async () => {
    const queue = defineQueue();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => { unhandled.push(reason); };
    process.on('unhandledRejection', onUnhandled);
    try {
      const producer = bullMq.producer(queue);
      // Closed in the same tick: the run is still waiting for the event stream when its outcome settles.
      const pending = producer.run({ text: 'late' }, { deadline: inFuture(2_000) }).catch((caught: unknown) => caught);
      await producer.close();
      expect(await pending).toBeInstanceOf(JobProducerClosedError);
      await sleep(50);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
