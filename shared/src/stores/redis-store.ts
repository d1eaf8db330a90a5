import type { Redis } from 'ioredis';

import { randomUUID } from 'node:crypto';

import { INCREMENT_LUA, INCREMENT_UP_TO_LUA, SLIDING_WINDOW_LUA, windowState } from './redis-scripts.ts';
import type { ExpiryOptions, IncrementOptions, IncrementUpToResult, KeyValueStore, WindowOptions, WindowState } from './store.ts';
import { assertIncrement, assertLimit, assertTtlMs, assertWindow } from './store-arguments.ts';
import { StoreClosedError, StoreValueNotIntegerError } from './store-errors.ts';

/** The commands `defineCommand` adds (EVALSHA with a transparent EVAL fallback). */
interface CounterCommands {
  rankgateIncrement(key: string, by: number, ttlMs: number): Promise<number>;
  rankgateIncrementUpTo(key: string, limit: number, ttlMs: number): Promise<[number, number]>;
  rankgateWindow(key: string, limit: number, windowMs: number, record: 0 | 1, member: string): Promise<[number, number, number]>;
}

export interface RedisKeyValueStoreOptions {
  /**
   * The connection; create it with `createStoreRedisConnection` so an outage fails fast. It may be
   * shared by several stores (each with its own prefix).
   */
  redis: Redis;
  /** Prepended to every key, e.g. `rankgate:`; isolates this store's keys from others'. Required. */
  keyPrefix: string;
  /** When true, `close()` also closes `redis`. Default false: the caller owns the connection. */
  ownsConnection?: boolean;
}

/** Redis-backed {@link KeyValueStore}, shared by every replica of every service. */
export class RedisKeyValueStore implements KeyValueStore {
  private readonly redis: Redis;
  private readonly commands: CounterCommands;
  private readonly keyPrefix: string;
  private readonly ownsConnection: boolean;
  private closed = false;

  constructor({ redis, keyPrefix, ownsConnection = false }: RedisKeyValueStoreOptions) {
    if (keyPrefix === '') throw new RangeError('keyPrefix must not be empty');
    redis.defineCommand('rankgateIncrement', { numberOfKeys: 1, lua: INCREMENT_LUA });
    redis.defineCommand('rankgateIncrementUpTo', { numberOfKeys: 1, lua: INCREMENT_UP_TO_LUA });
    redis.defineCommand('rankgateWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW_LUA });
    this.redis = redis;
    this.commands = redis as unknown as CounterCommands;
    this.keyPrefix = keyPrefix;
    this.ownsConnection = ownsConnection;
  }

  async get(key: string): Promise<string | null> {
    this.assertOpen();
    return this.redis.get(this.keyPrefix + key);
  }

  async set(key: string, value: string, { ttlMs }: ExpiryOptions = {}): Promise<void> {
    this.assertOpen();
    assertTtlMs(ttlMs);
    const fullKey = this.keyPrefix + key;
    await (ttlMs === undefined ? this.redis.set(fullKey, value) : this.redis.set(fullKey, value, 'PX', ttlMs));
  }

  async setIfAbsent(key: string, value: string, { ttlMs }: ExpiryOptions = {}): Promise<boolean> {
    this.assertOpen();
    assertTtlMs(ttlMs);
    const fullKey = this.keyPrefix + key;
    const reply = ttlMs === undefined
      ? await this.redis.set(fullKey, value, 'NX')
      : await this.redis.set(fullKey, value, 'PX', ttlMs, 'NX');
    return reply === 'OK';
  }

  async delete(key: string): Promise<boolean> {
    this.assertOpen();
    return (await this.redis.del(this.keyPrefix + key)) > 0;
  }

  async increment(key: string, { by = 1, ttlMs }: IncrementOptions = {}): Promise<number> {
    this.assertOpen();
    assertIncrement(by);
    assertTtlMs(ttlMs);
    return this.counter(key, () => this.commands.rankgateIncrement(this.keyPrefix + key, by, ttlMs ?? 0));
  }

  async incrementUpTo(key: string, limit: number, { ttlMs }: ExpiryOptions = {}): Promise<IncrementUpToResult> {
    this.assertOpen();
    assertLimit(limit);
    assertTtlMs(ttlMs);
    const [allowed, value] = await this.counter(
      key,
      () => this.commands.rankgateIncrementUpTo(this.keyPrefix + key, limit, ttlMs ?? 0),
    );
    return { allowed: allowed === 1, value };
  }

  async hitWindow(key: string, options: WindowOptions): Promise<WindowState> {
    return this.window(key, options, 1);
  }

  async peekWindow(key: string, options: WindowOptions): Promise<WindowState> {
    return this.window(key, options, 0);
  }

  async ping(): Promise<void> {
    this.assertOpen();
    await this.redis.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.ownsConnection) return;
    // QUIT flushes pending replies; a connection that is not up has nothing to flush.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private async window(key: string, options: WindowOptions, record: 0 | 1): Promise<WindowState> {
    this.assertOpen();
    assertWindow(options);
    const reply = await this.commands.rankgateWindow(this.keyPrefix + key, options.limit, options.windowMs, record, randomUUID());
    return windowState(reply, options.limit);
  }

  /** Runs a counter command, turning Redis' "not an integer" reply into the port's error. */
  private async counter<T>(key: string, command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      if (error instanceof Error && /not an integer/i.test(error.message)) throw new StoreValueNotIntegerError(key);
      throw error;
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreClosedError();
  }
}
