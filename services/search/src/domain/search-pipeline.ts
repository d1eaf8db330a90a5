import type { PageJob, PageResult, SearchRequest, SearchResponse } from '@rankgate/contracts';
import { CALLER_GUIDANCE, pickFilters } from '@rankgate/contracts';
import type { DiscoverProvider } from '../discover/index.ts';
import type { JobProducer } from '@rankgate/platform/queue';
import type { Judge } from '@rankgate/ranking';
import { SERVICE_VERSION } from '@rankgate/platform/version';

import { toDropped, toResultRow } from './build-rows.ts';
import type { RankedCandidate } from '@rankgate/ranking';
import { runCascade } from '@rankgate/ranking';
import type { ScreeningMemo } from '@rankgate/ranking/screening';
import { runDeepStage } from './deep-stage.ts';
import type { CircuitBreaker } from '../discover/circuit-breaker.ts';
import type { DiscoverStrategy } from '../discover/discover-sources.ts';
import { discoverFromSources } from '../discover/discover-sources.ts';
import { filterWarnings } from '../discover/filter-warnings.ts';
import type { DiscoverCache } from './discover-cache.ts';
import { enforceDatesOnPages, enforceFilters } from './enforce-filters.ts';

export interface SearchDependencies {
  /** One discover provider (tests, the sandbox, the eval); `providers` takes precedence. */
  provider?: DiscoverProvider;
  /** The configured discover providers, in `DISCOVER_PROVIDER` order. */
  providers?: readonly DiscoverProvider[];
  /** How several providers are asked (default `parallel`). */
  strategy?: DiscoverStrategy;
  /** Per-provider circuit breakers of this process. */
  breakers?: ReadonlyMap<string, CircuitBreaker>;
  cache: DiscoverCache;
  judge: Judge;
  /** Stage-B size: how many stage-A survivors the judge sees. */
  judgeTopN: number;
  /** Screening verdicts remembered across searches (the cascade's process memo when absent). */
  screening?: ScreeningMemo;
  /** Upper bound for one discover call (the provider adapter has its own timeout inside). */
  discoverDeadlineMs: number;
  /** Deep mode: the page queue (BullMQ or in-process); absent when no ranking worker can consume it. */
  pages?: JobProducer<PageJob, PageResult>;
  /** Deep mode: pages read per request. Default (and the spec's cap) 12. */
  deepMaxPages?: number;
  /** Deep mode: the request answers within this many ms of its arrival. Default 15 s. */
  deepDeadlineMs?: number;
  /** Deep mode: aborts when requests must stop waiting for pages early (the service is shutting down). */
  deepWrapUp?: AbortSignal;
}

const DEEP_DEFAULTS = { maxPages: 12, deadlineMs: 15_000 } as const;

/** Kept back from the deep-mode deadline to build and send the answer. */
const RESPONSE_MARGIN_MS = 100;

export interface SearchContext {
  requestId: string;
  /** Aborted when the caller goes away. */
  signal: AbortSignal;
  /** `performance.now()` when the request arrived, so `timings_ms.total` covers parsing and hooks too. */
  receivedAt?: number;
  /** Deep mode: pages read so far of those planned (for a caller that can stream progress, e.g. MCP). */
  onProgress?: (progress: { stage: 'pages'; done: number; planned: number }) => void;
}

const tenths = (ms: number): number => Math.round(ms * 10) / 10;
const elapsed = (from: number): number => tenths(performance.now() - from);

/**
 * One search: discover (cached) → cascade ranking (stage C reads pages in deep mode) → hard gates
 * → top k. With rank=off the
 * provider order is returned unjudged and ungated, with the local injection score still on
 * every row. When the gates leave nothing, the pre-gate ranking is restored and each restored
 * row says `gates_relaxed: true`.
 */
export async function runSearch(
  request: SearchRequest,
  context: SearchContext,
  deps: SearchDependencies,
): Promise<SearchResponse> {
  const received = context.receivedAt ?? performance.now();
  const started = performance.now();
  const providers = deps.providers ?? (deps.provider ? [deps.provider] : []);
  const filters = pickFilters(request);
  const asOf = new Date();
  const discovered = await discoverFromSources(
    { query: request.q, maxCandidates: request.max_candidates, filters, refresh: request.nocache },
    {
      providers,
      cache: deps.cache,
      deadlineMs: deps.discoverDeadlineMs,
      ...(deps.strategy ? { strategy: deps.strategy } : {}),
      ...(deps.breakers ? { breakers: deps.breakers } : {}),
    },
  );
  const asked = new Set(discovered.reports.filter((report) => report.status === 'ok').map((report) => report.name));
  const warnings = [
    ...filterWarnings(
      providers.filter((provider) => asked.has(provider.name)),
      filters,
    ),
    ...discovered.warnings,
  ];
  // Providers narrow what they can; the filters hold on every row whatever they did.
  const filtered = enforceFilters(discovered.candidates, filters, asOf);
  const discoverMs = elapsed(started);

  const rankStarted = performance.now();
  const ranked = request.rank === 'on';
  const cascade = await runCascade(request.q, filtered.kept, {
    judge: deps.judge,
    judgeTopN: ranked ? deps.judgeTopN : 0,
    signal: context.signal,
    ...(deps.screening ? { screening: deps.screening } : {}),
  });
  const rankMs = elapsed(rankStarted);

  // Stage C (mode=deep): the best survivors' pages, read and judged by the ranking worker.
  const deep = request.mode === 'deep' && ranked;
  const fetchStarted = performance.now();
  const stageC = deep
    ? await runDeepStage(cascade.ranked, {
        query: request.q,
        requestId: context.requestId,
        pages: deps.pages,
        maxPages: deps.deepMaxPages ?? DEEP_DEFAULTS.maxPages,
        maxChars: request.max_chars,
        // Epoch ms, whole (the queue envelope's deadline is an integer).
        deadline: Math.floor(
          Date.now() -
            (performance.now() - received) +
            (deps.deepDeadlineMs ?? DEEP_DEFAULTS.deadlineMs) -
            RESPONSE_MARGIN_MS,
        ),
        // A caller that has gone needs no pages; a service shutting down answers with those it has.
        signal: deps.deepWrapUp ? AbortSignal.any([context.signal, deps.deepWrapUp]) : context.signal,
        ...(context.onProgress
          ? { onProgress: ({ done, planned }) => context.onProgress?.({ stage: 'pages', done, planned }) }
          : {}),
      })
    : undefined;
  const fetchMs = stageC ? elapsed(fetchStarted) : 0;
  const paged = stageC ? enforceDatesOnPages(stageC.ranked, filters, asOf) : { kept: cascade.ranked, dropped: [] };
  const final = paged.kept;
  const filterDrops = [...filtered.dropped, ...paged.dropped];

  let rows;
  let gatedOut = 0;
  let dropped: RankedCandidate[] = [];
  if (!ranked) {
    const inProviderOrder = [...final].sort((a, b) => a.candidate.provider_rank - b.candidate.provider_rank);
    rows = inProviderOrder.slice(0, request.k).map((row, i) => toResultRow(row, i + 1, { unranked: true }));
  } else {
    const passing = final.filter((row) => !row.gate.failed);
    const relaxed = passing.length === 0 && final.length > 0;
    // A relaxed response restores the gated rows: none of them is dropped, so counts and `dropped` say so.
    dropped = relaxed ? [] : final.filter((row) => row.gate.failed);
    gatedOut = dropped.length;
    rows = (relaxed ? final : passing).slice(0, request.k).map((row, i) => toResultRow(row, i + 1, { relaxed }));
  }

  return {
    results: rows,
    meta: {
      service_version: SERVICE_VERSION,
      request_id: context.requestId,
      query: request.q,
      mode: request.mode,
      rank: request.rank,
      k: request.k,
      max_candidates: request.max_candidates,
      provider: providers.map((provider) => provider.name).join(','),
      judge: ranked ? deps.judge.name : 'none',
      ranked,
      counts: {
        discovered: discovered.candidates.length,
        ranked: ranked ? cascade.ranked.length : 0,
        judged: ranked ? cascade.ranked.filter((row) => row.judged).length : 0,
        filtered_out: filterDrops.length,
        gated_out: gatedOut,
        returned: rows.length,
        ...(stageC ? { pages_planned: stageC.planned, pages_judged: stageC.judged } : {}),
      },
      cache: { hit: discovered.hit, age_s: discovered.hit ? discovered.ageSeconds : null },
      timings_ms: {
        discover: discoverMs,
        rank: rankMs,
        screen: tenths(cascade.screenMs),
        fetch: fetchMs,
        total: elapsed(received),
      },
      usage: {
        judge_calls: ranked ? cascade.usage.calls + (stageC?.usage.calls ?? 0) : 0,
        input_tokens: cascade.usage.input_tokens + (stageC?.usage.input_tokens ?? 0),
        output_tokens: cascade.usage.output_tokens + (stageC?.usage.output_tokens ?? 0),
        pages_fetched: stageC?.fetched ?? 0,
      },
      dropped: [...filterDrops, ...toDropped(dropped)],
      applied_filters: filters,
      as_of: asOf.toISOString().slice(0, 10),
      warnings,
      providers: discovered.reports,
      guidance: CALLER_GUIDANCE,
    },
  };
}
