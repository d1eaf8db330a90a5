import { Redis } from 'ioredis';

export interface RedisConnectionOptions {
  /** Client name shown by `CLIENT LIST`, e.g. `gateway:store`. */
  name: string;
  /**
   * Connection-level errors (refused, reset, …). Failed commands also reject to their callers, so
   * this is for logging. Omitted: ioredis prints unhandled connection errors itself.
   */
  onError?: (error: Error) => void;
}

export interface StoreRedisConnectionOptions extends RedisConnectionOptions {
  /** Upper bound for one command, including any wait for a (re)connection. Default 1_000 ms. */
  commandTimeoutMs?: number;
}

/**
 * A connection for {@link RedisKeyValueStore}: fail fast. Commands issued before the first connect
 * still wait (offline queue), but never longer than `commandTimeoutMs`, and are retried across at
 * most one reconnect, so an outage surfaces as a rejection within about a second and the gateway
 * can fail closed with 503 instead of hanging. `url` is a `redis://` or `rediss://` URL.
 */
export function createStoreRedisConnection(
  url: string,
  { name, onError, commandTimeoutMs = 1_000 }: StoreRedisConnectionOptions,
): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
  });
  if (onError) redis.on('error', onError);
  return redis;
}

/**
 * A connection for the BullMQ adapter. BullMQ requires `maxRetriesPerRequest: null` (its blocking
 * commands must survive reconnects rather than fail), and must not get a command timeout either.
 * Pass it as `connection`; BullMQ duplicates it for its blocking clients.
 */
export function createQueueRedisConnection(url: string, { name, onError }: RedisConnectionOptions): Redis {
  const redis = new Redis(url, { connectionName: name, maxRetriesPerRequest: null });
  if (onError) redis.on('error', onError);
  return redis;
}
