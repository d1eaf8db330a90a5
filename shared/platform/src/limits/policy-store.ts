import type { Logger } from '../logger/index.ts';
import type { KeyValueStore } from '../stores/index.ts';
import { createStoreRedisConnection, RedisKeyValueStore, RestKeyValueStore } from '../stores/index.ts';

/** Where the search limits are counted: the settings every process that charges them reads. */
export interface PolicyStoreSettings {
  RATE_LIMIT_REST_URL?: string | undefined;
  RATE_LIMIT_REST_TOKEN?: string | undefined;
  REDIS_URL?: string | undefined;
  REDIS_KEY_PREFIX: string;
}

/**
 * The policy store, chosen once at boot: the Redis REST store when both its settings are present,
 * else Redis, else none — the limits then stay off rather than count per process, which would let
 * each replica grant the full allowance again.
 */
export function createPolicyStore(
  settings: PolicyStoreSettings,
  logger: Logger,
  connectionName: string,
): KeyValueStore | undefined {
  if (settings.RATE_LIMIT_REST_URL && settings.RATE_LIMIT_REST_TOKEN) {
    return new RestKeyValueStore({
      url: settings.RATE_LIMIT_REST_URL,
      token: settings.RATE_LIMIT_REST_TOKEN,
      keyPrefix: settings.REDIS_KEY_PREFIX,
    });
  }
  if (settings.REDIS_URL) {
    const redis = createStoreRedisConnection(settings.REDIS_URL, {
      name: connectionName,
      onError: (err) => logger.warn({ err }, 'redis connection error'),
    });
    return new RedisKeyValueStore({ redis, keyPrefix: settings.REDIS_KEY_PREFIX, ownsConnection: true });
  }
  return undefined;
}
