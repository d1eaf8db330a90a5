import type { DiscoverProvider } from './discover/index.ts';
import { createServiceApp } from '@rankgate/platform/http';
import type { Logger } from '@rankgate/platform/logger';
import type { AppMetrics, QueueState } from '@rankgate/platform/metrics';
import { createAppMetrics } from '@rankgate/platform/metrics';
import { instrumentDiscoverProvider } from './discover/instrument-discover.ts';
import type { PageJob, PageResult } from '@rankgate/contracts';
import { pageQueue } from '@rankgate/contracts';
import type { JobProducer } from '@rankgate/platform/queue';
import type { Judge } from '@rankgate/ranking';
import { instrumentJudge } from '@rankgate/ranking';
import { ScreeningMemo } from '@rankgate/ranking/screening';
import type { KeyValueStore } from '@rankgate/platform/stores';
import type { FastifyInstance } from 'fastify';

import type { SearchConfig } from './config.ts';
import { deepWrapUpOnClose } from './deep-wrap-up.ts';
import { CircuitBreaker } from './discover/circuit-breaker.ts';
import { DiscoverCache } from './domain/discover-cache.ts';
import { registerSandboxRoute } from './routes/sandbox.ts';
import { registerExtractRoutes } from './routes/extract.ts';
import { registerSearchRoutes } from './routes/search.ts';
import { buildSandboxTemplate } from './sandbox/canned-response.ts';

export interface SearchAppDependencies {
  config: Pick<
    SearchConfig,
    | 'BASE_URL'
    | 'INTERNAL_TOKEN'
    | 'METRICS_TOKEN'
    | 'DISCOVER_CACHE_TTL_S'
    | 'DISCOVER_TIMEOUT_MS'
    | 'JUDGE_TOP_N'
    | 'DEEP_MAX_PAGES'
    | 'DEEP_DEADLINE_MS'
    | 'SHUTDOWN_TIMEOUT_MS'
  > &
    Partial<
      Pick<
        SearchConfig,
        'DISCOVER_STRATEGY' | 'DISCOVER_BREAKER_FAILURES' | 'DISCOVER_BREAKER_COOLDOWN_S' | 'SCREENING_MEMO_ENTRIES'
      >
    >;
  logger: Logger;
  /** The discover providers, in `DISCOVER_PROVIDER` order. */
  providers: readonly DiscoverProvider[];
  judge: Judge;
  /** Discover cache store: memory, or Redis in the split topology. */
  store: KeyValueStore;
  /** Deep mode's page queue (BullMQ, or in-process beside a ranking worker); absent: deep rows say so. */
  pages?: JobProducer<PageJob, PageResult>;
  /** Reads the page queue's depth at each scrape (`rankgate_queue_jobs`), when there is a queue. */
  pageQueueDepth?: (() => Promise<Partial<Record<QueueState, number>>>) | undefined;
  readiness?: Record<string, () => Promise<void>>;
  /** This app's registry (default: a new one); provider, judge and cache are recorded in it. */
  metrics?: AppMetrics;
}

/** Builds the search service's Fastify app (never listens). */
export async function buildSearchApp({
  config,
  logger,
  providers,
  judge,
  store,
  pages,
  pageQueueDepth,
  readiness,
  metrics = createAppMetrics({ service: 'search' }),
}: SearchAppDependencies): Promise<FastifyInstance> {
  const app = createServiceApp({
    service: 'search',
    baseUrl: config.BASE_URL,
    logger,
    internalToken: config.INTERNAL_TOKEN,
    metricsToken: config.METRICS_TOKEN,
    bodyLimit: 64 * 1024,
    metrics,
    ...(readiness ? { readiness } : {}),
  });
  // A search body is JSON; text/plain would otherwise be accepted by Fastify's default parser.
  app.removeContentTypeParser('text/plain');
  const cache = new DiscoverCache({
    store,
    ttlMs: config.DISCOVER_CACHE_TTL_S * 1000,
    onStoreError: (err) => logger.warn({ err }, 'discover cache store failed; treating as a miss'),
    onLookup: (result) => metrics.recordCacheLookup({ cache: 'discover', result }),
  });
  // The producer's view of the backlog: it stays visible when every ranking worker is down.
  if (pages && pageQueueDepth) metrics.trackQueueDepth(pageQueue.name, pageQueueDepth);
  registerSandboxRoute(app, await buildSandboxTemplate());
  // Per process: each replica learns on its own that a provider is failing. A breaker routes around a
  // failing provider, so a lone provider has none: each search asks it and reports its own failure.
  const breakers = new Map(
    providers.length < 2
      ? []
      : providers.map((provider) => [
          provider.name,
          new CircuitBreaker(
            provider.name,
            {
              failureThreshold: config.DISCOVER_BREAKER_FAILURES ?? 3,
              cooldownMs: (config.DISCOVER_BREAKER_COOLDOWN_S ?? 30) * 1000,
            },
            (event) => metrics.recordBreakerEvent({ provider: provider.name, event }),
          ),
        ]),
  );
  const wrapUp = deepWrapUpOnClose(app, config.SHUTDOWN_TIMEOUT_MS);
  registerExtractRoutes(app, { pages, deadlineMs: config.DEEP_DEADLINE_MS, wrapUp });
  registerSearchRoutes(app, {
    providers: providers.map((provider) => instrumentDiscoverProvider(provider, metrics)),
    strategy: config.DISCOVER_STRATEGY ?? 'parallel',
    breakers,
    cache,
    judge: instrumentJudge(judge, metrics),
    judgeTopN: config.JUDGE_TOP_N,
    screening: new ScreeningMemo({
      ...(config.SCREENING_MEMO_ENTRIES === undefined ? {} : { capacity: config.SCREENING_MEMO_ENTRIES }),
      onLookup: (result) => metrics.recordCacheLookup({ cache: 'screening', result }),
    }),
    discoverDeadlineMs: config.DISCOVER_TIMEOUT_MS + 2000,
    ...(pages ? { pages } : {}),
    deepMaxPages: config.DEEP_MAX_PAGES,
    deepDeadlineMs: config.DEEP_DEADLINE_MS,
    deepWrapUp: wrapUp,
  });
  return app;
}
