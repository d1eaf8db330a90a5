import type { Logger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { createPolicyStore } from '@rankgate/platform/limits';

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
  config: Pick<
    GatewayConfig,
    'RATE_LIMIT_REST_URL' | 'RATE_LIMIT_REST_TOKEN' | 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'DEMO_MODE' | 'DEMO_LIMIT'
  >,
  logger: Logger,
): GatewayAdapters {
  const policyStore = createPolicyStore(config, logger, 'gateway:policy');
  if (!policyStore) {
    logger.info('no policy store configured: the burst limiter and the demo quota are off');
    if (config.DEMO_MODE === 'enabled' && config.DEMO_LIMIT > 0)
      logger.warn('demo mode is enabled without a policy store: the demo key is not limited');
  }
  return {
    policyStore,
    close: async () => {
      await policyStore?.close();
    },
  };
}
