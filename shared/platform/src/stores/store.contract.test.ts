import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { MemoryKeyValueStore } from './memory-store.ts';
import { createStoreRedisConnection } from './redis-connection.ts';
import { RedisKeyValueStore } from './redis-store.ts';
import type { RestRedisDouble } from '../testing/rest-redis-double.ts';
import { startRestRedisDouble } from '../testing/rest-redis-double.ts';
import { RestKeyValueStore } from './rest-store.ts';
import { redisUrlForTests, requireRedis } from '../testing/redis-test-helper.ts';
import type { KeyValueStore } from './store.ts';
import { StoreClosedError, StoreValueNotIntegerError } from './store-errors.ts';

const redisAvailable = await requireRedis();

/** What the contract needs from an adapter; everything else is the same assertions. */
interface AdapterUnderTest {
  name: string;
  skip: boolean;
  start(): Promise<void>;
  /** A fresh, empty store. */
  createStore(): KeyValueStore;
  /** Let `ms` of store time pass: memory moves its injected clock, Redis really waits. */
  elapse(ms: number): Promise<void>;
  cleanUp(): Promise<void>;
  stop(): Promise<void>;
}

function memoryAdapter(): AdapterUnderTest {
  let now = 1_700_000_000_000;
  return {
    name: 'MemoryKeyValueStore',
    skip: false,
    start: async () => undefined,
    createStore: () => new MemoryKeyValueStore({ now: () => now }),
    elapse: async (ms) => {
      now += ms;
    },
    cleanUp: async () => undefined,
    stop: async () => undefined,
  };
}

/** One connection for the suite; each store gets a unique prefix whose keys are deleted afterwards. */
function redisAdapter(): AdapterUnderTest & { redis(): Redis; usePrefix(): string } {
  let redis: Redis | undefined;
  const prefixes: string[] = [];
  const connection = (): Redis => {
    if (!redis) throw new Error('redis adapter not started');
    return redis;
  };
  const usePrefix = (): string => {
    const prefix = `test-${randomUUID()}:`;
    prefixes.push(prefix);
    return prefix;
  };
  return {
    name: 'RedisKeyValueStore',
    skip: !redisAvailable,
    redis: connection,
    usePrefix,
    start: async () => {
      redis = createStoreRedisConnection(redisUrlForTests(), { name: 'store-contract-test' });
    },
    createStore: () => new RedisKeyValueStore({ redis: connection(), keyPrefix: usePrefix() }),
    elapse: (ms) => sleep(ms),
    cleanUp: async () => {
      for (const prefix of prefixes.splice(0)) {
        const keys = await connection().keys(`${prefix}*`);
        if (keys.length > 0) await connection().del(...keys);
      }
    },
    stop: async () => {
      await redis?.quit();
    },
  };
}

function describeStoreContract(adapter: AdapterUnderTest): void {
  describe.skipIf(adapter.skip)(`KeyValueStore contract: ${adapter.name}`, () => {
    let store: KeyValueStore;

    beforeAll(() => adapter.start());
    afterAll(() => adapter.stop());
    // A fresh store per test; the Redis adapter gives each one its own prefix.
    const fresh = (): KeyValueStore => (store = adapter.createStore());
    afterEach(async () => {
      await store.close();
      await adapter.cleanUp();
    });

    it('gets, overwrites and deletes values', async () => {
      fresh();
      expect(await store.get('missing')).toBeNull();
      await store.set('k', 'one');
      expect(await store.get('k')).toBe('one');
      await store.set('k', 'two');
      expect(await store.get('k')).toBe('two');
      expect(await store.delete('k')).toBe(true);
      expect(await store.delete('k')).toBe(false);
      expect(await store.get('k')).toBeNull();
    });

    it('expires a value after its TTL, and a plain overwrite clears the TTL', async () => {
      fresh();
      await store.set('short', 'v', { ttlMs: 150 });
      await store.set('cleared', 'a', { ttlMs: 150 });
      await store.set('cleared', 'b');
      expect(await store.get('short')).toBe('v');
      await adapter.elapse(300);
      expect(await store.get('short')).toBeNull();
      expect(await store.get('cleared')).toBe('b');
    });

    it('setIfAbsent writes only when the key is absent or expired', async () => {
      fresh();
      expect(await store.setIfAbsent('state', 'first', { ttlMs: 150 })).toBe(true);
      expect(await store.setIfAbsent('state', 'second')).toBe(false);
      expect(await store.get('state')).toBe('first');
      await adapter.elapse(300);
      expect(await store.setIfAbsent('state', 'third')).toBe(true);
      expect(await store.get('state')).toBe('third');
    });

    it('increments by 1 by default, by any integer on request, and stores the counter as a string', async () => {
      fresh();
      expect(await store.increment('n')).toBe(1);
      expect(await store.increment('n', { by: 5 })).toBe(6);
      expect(await store.increment('n', { by: -2 })).toBe(4);
      expect(await store.get('n')).toBe('4');
    });

    it('sets the increment TTL on creation only: later increments do not extend it', async () => {
      fresh();
      expect(await store.increment('window', { ttlMs: 300 })).toBe(1);
      await adapter.elapse(200);
      expect(await store.increment('window', { ttlMs: 300 })).toBe(2);
      await adapter.elapse(200); // 400 ms after creation: gone, though only 200 ms after the last increment
      expect(await store.get('window')).toBeNull();
      expect(await store.increment('window', { ttlMs: 300 })).toBe(1);
    });

    it('rejects counter operations on a non-integer value', async () => {
      fresh();
      await store.set('text', 'abc');
      await expect(store.increment('text')).rejects.toBeInstanceOf(StoreValueNotIntegerError);
      await expect(store.incrementUpTo('text', 5)).rejects.toBeInstanceOf(StoreValueNotIntegerError);
      expect(await store.get('text')).toBe('abc');
    });

    it('incrementUpTo stops at the limit and never creates a key it refuses', async () => {
      fresh();
      expect(await store.incrementUpTo('quota', 2)).toEqual({ allowed: true, value: 1 });
      expect(await store.incrementUpTo('quota', 2)).toEqual({ allowed: true, value: 2 });
      expect(await store.incrementUpTo('quota', 2)).toEqual({ allowed: false, value: 2 });
      expect(await store.get('quota')).toBe('2');
      expect(await store.incrementUpTo('none', 0)).toEqual({ allowed: false, value: 0 });
      expect(await store.get('none')).toBeNull();
    });

    it('incrementUpTo is exact under concurrency: 50 parallel calls with limit 5 allow exactly 5', async () => {
      fresh();
      const results = await Promise.all(Array.from({ length: 50 }, () => store.incrementUpTo('lifetime', 5)));
      const allowed = results.filter((result) => result.allowed).map((result) => result.value);
      expect(allowed.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
      expect(results.filter((result) => !result.allowed).every((result) => result.value === 5)).toBe(true);
      expect(await store.get('lifetime')).toBe('5');
    });

    it('incrementUpTo keeps no TTL unless given one, and applies it on creation', async () => {
      fresh();
      await store.incrementUpTo('forever', 10);
      await store.incrementUpTo('daily', 10, { ttlMs: 150 });
      await adapter.elapse(300);
      expect(await store.get('forever')).toBe('1');
      expect(await store.get('daily')).toBeNull();
    });

    it('hitWindow admits up to the limit per window, counts down, and says when a slot frees', async () => {
      fresh();
      const window = { limit: 3, windowMs: 400 };
      expect(await store.peekWindow('ip', window)).toEqual({ allowed: true, remaining: 3, resetMs: 0 });
      const first = await store.hitWindow('ip', window);
      expect(first).toMatchObject({ allowed: true, remaining: 2 });
      expect(first.resetMs).toBeGreaterThan(300);
      expect(first.resetMs).toBeLessThanOrEqual(400);
      expect(await store.hitWindow('ip', window)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await store.peekWindow('ip', window)).toMatchObject({ allowed: true, remaining: 1 }); // a peek records nothing
      expect(await store.hitWindow('ip', window)).toMatchObject({ allowed: true, remaining: 0 });
      const refused = await store.hitWindow('ip', window);
      expect(refused).toMatchObject({ allowed: false, remaining: 0 });
      expect(refused.resetMs).toBeGreaterThan(0);
      expect(refused.resetMs).toBeLessThanOrEqual(400);
      expect(await store.hitWindow('other-ip', window)).toMatchObject({ allowed: true, remaining: 2 });
    });

    it('hitWindow slides: hits older than the window stop counting, refused hits never counted', async () => {
      fresh();
      const window = { limit: 2, windowMs: 300 };
      await store.hitWindow('ip', window);
      await adapter.elapse(150);
      await store.hitWindow('ip', window);
      expect((await store.hitWindow('ip', window)).allowed).toBe(false);
      await adapter.elapse(200); // the first hit has left the window; the second has not
      expect(await store.hitWindow('ip', window)).toMatchObject({ allowed: true, remaining: 0 });
      await adapter.elapse(400);
      expect(await store.peekWindow('ip', window)).toEqual({ allowed: true, remaining: 2, resetMs: 0 });
    });

    it('hitWindow is exact under concurrency: 200 parallel hits with limit 60 admit exactly 60', async () => {
      fresh();
      const results = await Promise.all(
        Array.from({ length: 200 }, () => store.hitWindow('burst', { limit: 60, windowMs: 60_000 })),
      );
      expect(results.filter((result) => result.allowed)).toHaveLength(60);
      expect(
        results
          .filter((result) => result.allowed)
          .map((result) => result.remaining)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: 60 }, (_v, i) => i));
    });

    it('rejects invalid arguments the same way', async () => {
      fresh();
      await expect(store.set('k', 'v', { ttlMs: 0 })).rejects.toBeInstanceOf(RangeError);
      await expect(store.increment('k', { by: 1.5 })).rejects.toBeInstanceOf(RangeError);
      await expect(store.incrementUpTo('k', -1)).rejects.toBeInstanceOf(RangeError);
      await expect(store.hitWindow('k', { limit: 1, windowMs: 0 })).rejects.toBeInstanceOf(RangeError);
      expect(await store.get('k')).toBeNull();
    });

    it('answers ping while open and rejects every call once closed', async () => {
      fresh();
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
      await store.close(); // idempotent
      await expect(store.ping()).rejects.toBeInstanceOf(StoreClosedError);
      await expect(store.get('k')).rejects.toBeInstanceOf(StoreClosedError);
      await expect(store.increment('k')).rejects.toBeInstanceOf(StoreClosedError);
    });
  });
}

describeStoreContract(memoryAdapter());

const redis = redisAdapter();
describeStoreContract(redis);
describeStoreContract(restAdapter());

/** The REST protocol served by a double in front of the same real Redis. */
function restAdapter(): AdapterUnderTest {
  const backing = redisAdapter();
  let double: RestRedisDouble | undefined;
  return {
    ...backing,
    name: 'RestKeyValueStore',
    start: async () => {
      await backing.start();
      double = await startRestRedisDouble({ redisUrl: redisUrlForTests() });
    },
    createStore: () => {
      if (!double) throw new Error('rest adapter not started');
      // The contract is about results, not latency: 200 parallel requests may take over the default 1 s bound on a
      // loaded CI machine (the bound itself is tested in the specifics below).
      return new RestKeyValueStore({
        url: double.url,
        token: double.token,
        keyPrefix: backing.usePrefix(),
        commandTimeoutMs: 10_000,
      });
    },
    stop: async () => {
      await double?.close();
      await backing.stop();
    },
  };
}

describe.skipIf(!redisAvailable)('RestKeyValueStore specifics', () => {
  let double: RestRedisDouble;
  beforeAll(async () => {
    double = await startRestRedisDouble({ redisUrl: redisUrlForTests() });
  });
  afterAll(() => double.close());

  it('speaks the REST wire format: one POST per command, no client retries, rejected within its bound when the endpoint is down', async () => {
    const store = new RestKeyValueStore({
      url: double.url,
      token: double.token,
      keyPrefix: `test-${randomUUID()}:`,
      commandTimeoutMs: 500,
    });
    await store.set('k', 'v', { ttlMs: 60_000 });
    expect(double.commands.at(-1)).toEqual(['set', expect.stringMatching(/:k$/), 'v', 'px', '60000']);
    await store.delete('k');
    await double.stop();
    const started = Date.now();
    await expect(store.hitWindow('ip', { limit: 1, windowMs: 1000 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
    await double.restart();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('refuses a wrong token', async () => {
    const store = new RestKeyValueStore({ url: double.url, token: 'wrong', keyPrefix: 'test-wrong:' });
    await expect(store.get('k')).rejects.toThrow(/Unauthorized/);
  });
});

describe.skipIf(!redisAvailable)('RedisKeyValueStore specifics', () => {
  beforeAll(() => redis.start());
  afterAll(() => redis.stop());
  afterEach(() => redis.cleanUp());

  it('keeps stores with different prefixes apart on one connection', async () => {
    const prefixA = redis.usePrefix();
    const a = new RedisKeyValueStore({ redis: redis.redis(), keyPrefix: prefixA });
    const b = new RedisKeyValueStore({ redis: redis.redis(), keyPrefix: redis.usePrefix() });
    await a.set('shared-name', 'from a');
    expect(await b.get('shared-name')).toBeNull();
    await b.set('shared-name', 'from b');
    await b.increment('counter');
    expect(await a.get('shared-name')).toBe('from a');
    expect(await a.get('counter')).toBeNull();
    expect(await b.delete('shared-name')).toBe(true);
    expect(await a.get('shared-name')).toBe('from a');
    // The prefix is literally prepended, so operators can find the keys.
    expect(await redis.redis().get(`${prefixA}shared-name`)).toBe('from a');
  });

  it('rejects ping within a bounded time when Redis is unreachable', async () => {
    // Nothing listens on port 1; the store connection must fail fast rather than hang.
    const unreachable = createStoreRedisConnection('redis://127.0.0.1:1', {
      name: 'unreachable',
      onError: () => undefined,
    });
    const store = new RedisKeyValueStore({ redis: unreachable, keyPrefix: redis.usePrefix(), ownsConnection: true });
    const started = Date.now();
    try {
      await expect(store.ping()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await store.close(); // ownsConnection: also stops the reconnect loop
    }
  });
});
