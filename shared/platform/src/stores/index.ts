// First: ioredis must not load before it (see the module).
import '../runtime/string-subclass-guard.ts';

export type {
  ExpiryOptions,
  IncrementOptions,
  IncrementUpToResult,
  KeyValueStore,
  WindowOptions,
  WindowState,
} from './store.ts';
export { StoreClosedError, StoreValueNotIntegerError } from './store-errors.ts';
export type { MemoryKeyValueStoreOptions } from './memory-store.ts';
export { MemoryKeyValueStore } from './memory-store.ts';
export type { RedisKeyValueStoreOptions } from './redis-store.ts';
export { RedisKeyValueStore } from './redis-store.ts';
export type { RedisConnectionOptions, StoreRedisConnectionOptions } from './redis-connection.ts';
export { createQueueRedisConnection, createStoreRedisConnection } from './redis-connection.ts';
export type { RestKeyValueStoreOptions } from './rest-store.ts';
export { RestKeyValueStore } from './rest-store.ts';
