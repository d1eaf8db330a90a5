// First: ioredis must not load before it (see the module).
import '../runtime/string-subclass-guard.ts';

export type {
  CloseOptions,
  ConsumerOptions,
  JobConsumer,
  JobContext,
  JobHandler,
  JobProducer,
  JobQueueDefinition,
  RetryOptions,
  RunOptions,
} from './job-queue.ts';
export { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS } from './job-queue.ts';
export {
  InvalidJobPayloadError,
  JobDeadlineExceededError,
  JobFailedError,
  JobHandedBackError,
  JobProducerClosedError,
  JobRunAbortedError,
  UnrecoverableError,
} from './errors.ts';
export type { JobEnvelope } from './job-envelope.ts';
export type { InProcessConsumerOptions, InProcessProducerOptions } from './in-process-queue.ts';
export { createInProcessConsumer, createInProcessProducer } from './in-process-queue.ts';
export type { InProcessBroker } from './in-process-broker.ts';
export { createInProcessBroker } from './in-process-broker.ts';
export type { BullMqConnectionOptions, BullMqConsumerOptions, BullMqProducerOptions } from './bullmq-queue.ts';
export {
  bullMqPrefix,
  createBullMqConsumer,
  createBullMqProducer,
  DEFAULT_KEEP_COMPLETED,
  DEFAULT_KEEP_FAILED,
} from './bullmq-queue.ts';
// The queue connection factory lives with the store's, so both Redis policies sit side by side.
export { createQueueRedisConnection } from '../stores/redis-connection.ts';
export {
  BULLMQ_PREFIX,
  bullMqQueueDepth,
  bullMqWaitKey,
  inProcessQueueDepth,
  instrumentJobHandler,
} from './queue-metrics.ts';
