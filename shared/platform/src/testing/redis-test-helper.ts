import { Redis } from 'ioredis';

/** The Redis the adapter-contract tests use: `REDIS_URL`, default `redis://127.0.0.1:6379`. */
export function redisUrlForTests(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/**
 * Resolves true when the test Redis answers PING. When it does not: throws under `CI=true` (a CI
 * run must never silently skip the Redis adapters), otherwise warns and resolves false so the
 * caller can `describe.skipIf(!available)`.
 */
export async function requireRedis(): Promise<boolean> {
  const url = redisUrlForTests();
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let connectionError: Error | undefined; // e.g. ECONNREFUSED: more telling than "Connection is closed"
  redis.on('error', (error: Error) => {
    connectionError = error;
  });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch (error) {
    const reason = (connectionError ?? (error as Error)).message;
    const message =
      `Redis is not reachable at ${url} (${reason}). ` +
      'Start it with `redis-server --daemonize yes` or set REDIS_URL.';
    if (process.env.CI === 'true')
      throw new Error(`${message} CI=true, so the Redis adapter tests cannot be skipped.`, { cause: error });
    console.warn(`${message} Skipping the Redis adapter tests.`);
    return false;
  } finally {
    redis.disconnect();
  }
}
