import type { Redis } from 'ioredis';

import type { StoreScript } from './redis-scripts.ts';
import { STORE_SCRIPTS } from './redis-scripts.ts';
import { ScriptedKeyValueStore } from './scripted-store.ts';
import type { ExpiryOptions } from './store.ts';
import { assertTtlMs } from './store-arguments.ts';

/** The commands `defineCommand` adds (EVALSHA with a transparent EVAL fallback), one per script. */
type ScriptCommands = Record<
  `rankgate_${StoreScript}`,
  (key: string, ...args: (string | number)[]) => Promise<unknown>
>;

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
export class RedisKeyValueStore extends ScriptedKeyValueStore {
  private readonly redis: Redis;
  private readonly commands: ScriptCommands;
  private readonly ownsConnection: boolean;

  constructor({ redis, keyPrefix, ownsConnection = false }: RedisKeyValueStoreOptions) {
    super(keyPrefix);
    for (const [name, lua] of Object.entries(STORE_SCRIPTS))
      redis.defineCommand(`rankgate_${name}`, { numberOfKeys: 1, lua });
    this.redis = redis;
    this.commands = redis as unknown as ScriptCommands;
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
    const reply =
      ttlMs === undefined
        ? await this.redis.set(fullKey, value, 'NX')
        : await this.redis.set(fullKey, value, 'PX', ttlMs, 'NX');
    return reply === 'OK';
  }

  async delete(key: string): Promise<boolean> {
    this.assertOpen();
    return (await this.redis.del(this.keyPrefix + key)) > 0;
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

  protected runScript(script: StoreScript, fullKey: string, args: (string | number)[]): Promise<unknown> {
    return this.commands[`rankgate_${script}`](fullKey, ...args);
  }
}
