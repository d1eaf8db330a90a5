import type { Logger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { createStoreRedisConnection, RedisKeyValueStore, RestKeyValueStore } from '@rankgate/platform/stores';

import type { GatewayConfig } from './config.ts';

export interface GatewayAdapters {
  /** Backs the burst limiter and the demo quota; undefined turns both off. */
  policyStore: KeyValueStore | undefined;
  close(): Promise<void>;
}

/**
 * The policy store, chosen once at boot: the Redis REST store when both its settings are present,
 * else Redis, else none — the limiter and quota then stay off rather than count per process,
 * which would let each replica grant the full allowance again.
 */
export function createGatewayAdapters(
  config: Pick<GatewayConfig, 'RATE_LIMIT_REST_URL' | 'RATE_LIMIT_REST_TOKEN' | 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'DEMO_MODE' | 'DEMO_LIMIT'>,
  logger: Logger,
): GatewayAdapters {
  let policyStore: KeyValueStore | undefined;
  if (config.RATE_LIMIT_REST_URL && config.RATE_LIMIT_REST_TOKEN) {
    policyStore = new RestKeyValueStore({ url: config.RATE_LIMIT_REST_URL, token: config.RATE_LIMIT_REST_TOKEN, keyPrefix: config.REDIS_KEY_PREFIX });
  } else if (config.REDIS_URL) {
    const redis = createStoreRedisConnection(config.REDIS_URL, { name: 'gateway:policy', onError: (err) => logger.warn({ err }, 'redis connection error') });
    policyStore = new RedisKeyValueStore({ redis, keyPrefix: config.REDIS_KEY_PREFIX, ownsConnection: true });
  }
  if (!policyStore) {
    logger.info('no policy store configured: the burst limiter and the demo quota are off');
    if (config.DEMO_MODE === 'enabled' && config.DEMO_LIMIT > 0) logger.warn('demo mode is enabled without a policy store: the demo key is not limited');
  }
  return { policyStore, close: async () => { await policyStore?.close(); } };
}
