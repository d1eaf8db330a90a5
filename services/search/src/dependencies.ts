import type { PageJob, PageResult } from '@rankgate/contracts';
import type { DiscoverProvider } from './discover/index.ts';
import { createDiscoverProvider } from './discover/index.ts';
import type { Logger } from '@rankgate/platform/logger';
import type { QueueState } from '@rankgate/platform/metrics';
import type { InProcessBroker, JobProducer } from '@rankgate/platform/queue';
import type { Judge } from '@rankgate/ranking';
import { createJudge, judgeSettingsFromEnv } from '@rankgate/ranking';
import type { KeyValueStore } from '@rankgate/platform/stores';
import { createStoreRedisConnection, MemoryKeyValueStore, RedisKeyValueStore } from '@rankgate/platform/stores';

import type { SearchConfig } from './config.ts';
import { createPageQueue } from './page-queue.ts';
import { missingProviderSettings } from './provider-settings.ts';

export interface SearchAdapters {
  /** The configured discover providers, in `DISCOVER_PROVIDER` order. */
  providers: DiscoverProvider[];
  judge: Judge;
  store: KeyValueStore;
  pages: JobProducer<PageJob, PageResult> | undefined;
  pageQueueDepth: (() => Promise<Partial<Record<QueueState, number>>>) | undefined;
  readiness: Record<string, () => Promise<void>>;
  close(): Promise<void>;
}

export interface AdapterOptions {
  /** The broker of a ranking worker running in this process (`npm start`); ignored when Redis is configured. */
  pageBroker?: InProcessBroker;
}

/** The `local` provider loads SQLite (WebAssembly) only when it is the one configured. */
async function createLocal(config: SearchConfig, logger: Logger): Promise<DiscoverProvider> {
  const { createLocalProvider } = await import('./discover/local/index.ts');
  const local = createLocalProvider({
    indexPath: config.LOCAL_INDEX_PATH,
    corpusPath: config.LOCAL_CORPUS,
    baseUrl: config.LOCAL_BASE_URL,
    logger,
  });
  // Fail fast on a stale or damaged index; a missing corpus is answered per request (503 naming LOCAL_CORPUS).
  await local.init().catch((error: unknown) => logger.error({ err: error }, 'local index is not usable'));
  return local;
}

/** Chooses the adapters named in config, once, at boot. */
export async function createSearchAdapters(
  config: SearchConfig,
  logger: Logger,
  options: AdapterOptions = {},
): Promise<SearchAdapters> {
  for (const warning of missingProviderSettings(config)) logger.warn({ providers: config.DISCOVER_PROVIDER }, warning);
  const local = config.DISCOVER_PROVIDER.includes('local') ? await createLocal(config, logger) : undefined;
  const providers = config.DISCOVER_PROVIDER.map((name) =>
    createDiscoverProvider({
      local,
      provider: name,
      keys: {
        brave: config.BRAVE_API_KEY,
        tavily: config.TAVILY_API_KEY,
        exa: config.EXA_API_KEY,
        serper: config.SERPER_API_KEY,
      },
      baseUrls: {
        wikipedia: config.WIKIPEDIA_BASE_URL,
        brave: config.BRAVE_BASE_URL,
        tavily: config.TAVILY_BASE_URL,
        exa: config.EXA_BASE_URL,
        serper: config.SERPER_BASE_URL,
      },
      searxngUrl: config.SEARXNG_URL,
      timeoutMs: config.DISCOVER_TIMEOUT_MS,
    }),
  );
  const store: KeyValueStore = config.REDIS_URL
    ? new RedisKeyValueStore({
        redis: createStoreRedisConnection(config.REDIS_URL, {
          name: 'search',
          onError: (err) => logger.warn({ err }, 'redis connection error'),
        }),
        keyPrefix: config.REDIS_KEY_PREFIX,
        ownsConnection: true,
      })
    : new MemoryKeyValueStore();
  const pageQueue = createPageQueue(config, logger, options.pageBroker);
  return {
    providers,
    judge: createJudge({
      ...judgeSettingsFromEnv(config),
      onWarning: (warning) =>
        logger.warn(
          { judge: warning.judge, kind: warning.kind, status: warning.status, candidates: warning.candidates },
          warning.message,
        ),
    }),
    store,
    pages: pageQueue.producer,
    pageQueueDepth: pageQueue.depth,
    readiness: config.REDIS_URL ? { redis: () => store.ping() } : {},
    close: async () => {
      await pageQueue.close();
      for (const provider of providers) await provider.close?.();
      await store.close();
    },
  };
}
