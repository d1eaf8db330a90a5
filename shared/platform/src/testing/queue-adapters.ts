/**
 * Test support for the job-queue tests: the in-process and BullMQ adapters behind one interface, so the same
 * contract runs against both (../queue/job-queue.contract.test.ts), plus the test queue's schemas and helpers.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';

import type { JobFailedError } from '../queue/errors.ts';
import { createBullMqConsumer, createBullMqProducer } from '../queue/bullmq-queue.ts';
import { createInProcessBroker, type InProcessBroker } from '../queue/in-process-broker.ts';
import { createInProcessConsumer, createInProcessProducer } from '../queue/in-process-queue.ts';
import type {
  ConsumerOptions,
  JobConsumer,
  JobHandler,
  JobProducer,
  JobQueueDefinition,
  RetryOptions,
} from '../queue/job-queue.ts';
import { createQueueRedisConnection } from '../stores/redis-connection.ts';
import { redisUrlForTests, requireRedis } from './redis-test-helper.ts';

export const redisAvailable = await requireRedis();

const payloadSchema = z.object({ text: z.string().min(1) });
const resultSchema = z.object({ echoed: z.string(), attempt: z.number().int() });
export type Payload = z.infer<typeof payloadSchema>;
export type Result = z.infer<typeof resultSchema>;

/** A raw job's end state, read from the transport directly. */
interface RawOutcome {
  state: 'completed' | 'failed';
  failedReason?: string;
  attemptsMade?: number;
}

/** What the contract needs from an adapter; everything else is the same assertions. */
export interface AdapterUnderTest {
  name: string;
  skip: boolean;
  start(): Promise<void>;
  producer(definition: JobQueueDefinition<Payload, Result>, options?: RetryOptions): JobProducer<Payload, Result>;
  consumer(
    definition: JobQueueDefinition<Payload, Result>,
    handler: JobHandler<Payload, Result>,
    options?: ConsumerOptions,
  ): JobConsumer;
  /** Enqueue straight onto the transport, bypassing the producer's validation, and wait for the end state. */
  enqueueRaw(queueName: string, data: unknown, options: { attempts: number }): Promise<RawOutcome>;
  /** Close what the test created and delete its queues. */
  cleanUp(): Promise<void>;
  stop(): Promise<void>;
}

const quickRetries: RetryOptions = { attempts: 3, backoffMs: 10 };

export function inProcessAdapter(): AdapterUnderTest {
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
    producer: (definition, options = quickRetries) =>
      track(createInProcessProducer(definition, { broker, ...options })),
    consumer: (definition, handler, options) =>
      track(createInProcessConsumer(definition, handler, { broker, ...options })),
    enqueueRaw: (queueName, data, { attempts }) =>
      new Promise((resolve) => {
        broker.submit(
          queueName,
          data,
          {
            jobId: randomUUID(),
            settled: false,
            resolve: () => resolve({ state: 'completed' }),
            reject: (error) =>
              resolve({
                state: 'failed',
                failedReason: (error as JobFailedError).reason,
                attemptsMade: (error as JobFailedError).attemptsMade,
              }),
          },
          { attempts, backoffMs: 10 },
        );
      }),
    cleanUp: async () => {
      await Promise.all(opened.splice(0).map((closeable) => closeable.close()));
      broker = createInProcessBroker();
    },
    stop: async () => undefined,
  };
}

/** One Redis connection for the file; a unique BullMQ prefix per test; queues obliterated afterwards. */
export function bullMqAdapter(): AdapterUnderTest & { prefix(): string; connection(): Redis } {
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
    stop: async () => {
      await connection?.quit();
    },
  };
}

/** A definition with a queue name unique to the test. */
export function defineQueue(): JobQueueDefinition<Payload, Result> {
  return { name: `test-${randomUUID()}`, payload: payloadSchema, result: resultSchema };
}

export const inFuture = (ms: number): number => Date.now() + ms;
export const echo: JobHandler<Payload, Result> = async ({ text }, { attempt }) => ({ echoed: text, attempt });
