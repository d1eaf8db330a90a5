import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { Queue } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { bullMqAdapter, defineQueue, echo, inFuture, redisAvailable } from '../testing/queue-adapters.ts';
import { createBullMqConsumer, createBullMqProducer } from './bullmq-queue.ts';
import { JobProducerClosedError } from './errors.ts';

/** What only the BullMQ adapter does (the shared behaviour is job-queue.contract.test.ts). */
const bullMq = bullMqAdapter();

describe.skipIf(!redisAvailable)('BullMQ adapter specifics', () => {
  beforeAll(() => bullMq.start());
  afterAll(() => bullMq.stop());
  afterEach(() => bullMq.cleanUp());

  it('trims completed jobs by count instead of keeping them all (or none)', async () => {
    const queue = defineQueue();
    bullMq.consumer(queue, echo);
    const producer = createBullMqProducer(queue, {
      connection: bullMq.connection(),
      prefix: bullMq.prefix(),
      keepCompleted: { count: 2 },
    });
    try {
      for (let index = 0; index < 5; index += 1)
        await producer.run({ text: `t${index}` }, { deadline: inFuture(5_000) });
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
    const consumer = createBullMqConsumer(queue, echo, {
      connection: bullMq.connection(),
      prefix: bullMq.prefix(),
      workerName: 'page-reader-7',
    });
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
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
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
