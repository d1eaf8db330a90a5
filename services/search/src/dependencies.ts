import type { DiscoverProvider } from '@rankgate/shared/discover';
import { createDiscoverProvider } from '@rankgate/shared/discover';
import type { Logger } from '@rankgate/shared/logger';
import type { Judge } from '@rankgate/shared/ranking';
import { createLocalJudge } from '@rankgate/shared/ranking';
import type { KeyValueStore } from '@rankgate/shared/stores';
import { createStoreRedisConnection, MemoryKeyValueStore, RedisKeyValueStore } from '@rankgate/shared/stores';

import type { SearchConfig } from './config.ts';

export interface SearchAdapters {
  provider: DiscoverProvider;
  judge: Judge;
  store: KeyValueStore;
  readiness: Record<string, () => Promise<void>>;
  close(): Promise<void>;
}

/** Chooses the adapters named in config, once, at boot. */
export function createSearchAdapters(config: SearchConfig, logger: Logger): SearchAdapters {
  const provider = createDiscoverProvider({
    provider: config.DISCOVER_PROVIDER,
    keys: { brave: config.BRAVE_API_KEY, tavily: config.TAVILY_API_KEY, exa: config.EXA_API_KEY, serper: config.SERPER_API_KEY },
    baseUrls: {
      wikipedia: config.WIKIPEDIA_BASE_URL, brave: config.BRAVE_BASE_URL, tavily: config.TAVILY_BASE_URL,
      exa: config.EXA_BASE_URL, serper: config.SERPER_BASE_URL,
    },
    searxngUrl: config.SEARXNG_URL,
    timeoutMs: config.DISCOVER_TIMEOUT_MS,
  });
  const store: KeyValueStore = config.REDIS_URL
    ? new RedisKeyValueStore({
      redis: createStoreRedisConnection(config.REDIS_URL, { name: 'search', onError: (err) => logger.warn({ err }, 'redis connection error') }),
      keyPrefix: config.REDIS_KEY_PREFIX,
      ownsConnection: true,
    })
    : new MemoryKeyValueStore();
  return {
    provider,
    judge: createLocalJudge(),
    store,
    readiness: config.REDIS_URL ? { redis: () => store.ping() } : {},
    close: async () => {
      await provider.close?.();
      await store.close();
    },
  };
}
