import type { SafeFetcher } from '@rankgate/platform/fetch';
import { createSafeFetcher, fetchPolicyFromEnv } from '@rankgate/platform/fetch';
import type { Logger } from '@rankgate/platform/logger';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { createStoreRedisConnection, MemoryKeyValueStore, RedisKeyValueStore } from '@rankgate/platform/stores';

import type { AuthServerConfig } from './config.ts';
import { clientMetadataFetch } from './oauth/client-metadata-fetch.ts';
import type { SigningKeys } from './oauth/signing-keys.ts';
import { loadSigningKeys } from './oauth/signing-keys.ts';

export interface AuthServerAdapters {
  store: KeyValueStore;
  signing: SigningKeys;
  /** Fetches client ID metadata documents; undefined when the feature is disabled. */
  clientIdMetadataFetch?: ReturnType<typeof clientMetadataFetch>;
  readiness: Record<string, () => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Chooses the state store once, at boot: memory in the embedded default (lost on restart, as the
 * spec says), Redis in the split deployment so several replicas agree on codes, registrations,
 * claims and revocations. Then loads (or creates and shares) the signing key.
 */
export async function createAuthServerAdapters(config: AuthServerConfig, logger: Logger): Promise<AuthServerAdapters> {
  const store: KeyValueStore = config.REDIS_URL
    ? new RedisKeyValueStore({
        redis: createStoreRedisConnection(config.REDIS_URL, {
          name: 'auth-server',
          onError: (err) => logger.warn({ err }, 'redis connection error'),
        }),
        keyPrefix: config.REDIS_KEY_PREFIX,
        ownsConnection: true,
      })
    : new MemoryKeyValueStore();
  const signing = await loadSigningKeys(config.AUTH_SIGNING_JWKS, store);
  const fetcher: SafeFetcher | undefined =
    config.CLIENT_ID_METADATA_DOCUMENTS === 'enabled' ? createSafeFetcher(fetchPolicyFromEnv(config)) : undefined;
  return {
    store,
    signing,
    ...(fetcher ? { clientIdMetadataFetch: clientMetadataFetch(fetcher, logger) } : {}),
    readiness: config.REDIS_URL ? { redis: () => store.ping() } : {},
    close: async () => {
      await fetcher?.close();
      await store.close();
    },
  };
}
