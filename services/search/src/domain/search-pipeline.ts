import type { SearchRequest, SearchResponse } from '@rankgate/shared/contracts';
import { CALLER_GUIDANCE } from '@rankgate/shared/contracts';
import type { Candidate, DiscoverProvider } from '@rankgate/shared/discover';
import type { Judge } from '@rankgate/shared/ranking';
import { SERVICE_VERSION } from '@rankgate/shared/version';

import { toDropped, toResultRow } from './build-rows.ts';
import type { RankedCandidate } from './cascade.ts';
import { runCascade } from './cascade.ts';
import type { DiscoverCache } from './discover-cache.ts';
import { discoverProblem } from './discover-problem.ts';

export interface SearchDependencies {
  provider: DiscoverProvider;
  cache: DiscoverCache;
  judge: Judge;
  /** Stage-B size: how many stage-A survivors the judge sees. */
  judgeTopN: number;
  /** Upper bound for one discover call (the provider adapter has its own timeout inside). */
  discoverDeadlineMs: number;
}

export interface SearchContext {
  requestId: string;
  /** Aborted when the caller goes away. */
  signal: AbortSignal;
  /** `performance.now()` when the request arrived, so `timings_ms.total` covers parsing and hooks too. */
  receivedAt?: number;
}

const elapsed = (from: number): number => Math.round((performance.now() - from) * 10) / 10;

/**
 * One search: discover (cached) → cascade ranking → hard gates → top k. With rank=off the
 * provider order is returned unjudged and ungated, with the local injection score still on
 * every row. When the gates leave nothing, the pre-gate ranking is restored and each restored
 * row says `gates_relaxed: true`.
 */
export async function runSearch(request: SearchRequest, context: SearchContext, deps: SearchDependencies): Promise<SearchResponse> {
  const received = context.receivedAt ?? performance.now();
  const started = performance.now();
  const key = deps.cache.key(deps.provider.name, request.q, request.max_candidates);
  // The upstream call is shared by concurrent identical misses, so it must not die with one caller.
  const discover = (): Promise<Candidate[]> =>
    deps.provider.discover(request.q, { maxCandidates: request.max_candidates, signal: AbortSignal.timeout(deps.discoverDeadlineMs) });
  const discovered = await deps.cache.get(key, discover, { refresh: request.nocache }).catch((error: unknown) => {
    throw discoverProblem(error);
  });
  const discoverMs = elapsed(started);

  const rankStarted = performance.now();
  const ranked = request.rank === 'on';
  const cascade = await runCascade(request.q, discovered.candidates, {
    judge: deps.judge,
    judgeTopN: ranked ? deps.judgeTopN : 0,
    signal: context.signal,
  });
  const rankMs = elapsed(rankStarted);

  let rows;
  let gatedOut = 0;
  let dropped: RankedCandidate[] = [];
  if (!ranked) {
    const inProviderOrder = [...cascade.ranked].sort((a, b) => a.candidate.provider_rank - b.candidate.provider_rank);
    rows = inProviderOrder.slice(0, request.k).map((row, i) => toResultRow(row, i + 1, { unranked: true }));
  } else {
    const passing = cascade.ranked.filter((row) => !row.gate.failed);
    dropped = cascade.ranked.filter((row) => row.gate.failed);
    gatedOut = dropped.length;
    const relaxed = passing.length === 0 && cascade.ranked.length > 0;
    rows = (relaxed ? cascade.ranked : passing).slice(0, request.k).map((row, i) => toResultRow(row, i + 1, { relaxed }));
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
      provider: deps.provider.name,
      judge: ranked ? deps.judge.name : 'none',
      ranked,
      counts: {
        discovered: discovered.candidates.length,
        ranked: ranked ? cascade.ranked.length : 0,
        judged: ranked ? cascade.ranked.filter((row) => row.judged).length : 0,
        gated_out: gatedOut,
        returned: rows.length,
      },
      cache: { hit: discovered.hit, age_s: discovered.hit ? discovered.ageSeconds : null },
      timings_ms: { discover: discoverMs, rank: rankMs, fetch: 0, total: elapsed(received) },
      usage: {
        judge_calls: ranked ? cascade.usage.calls : 0,
        input_tokens: cascade.usage.input_tokens,
        output_tokens: cascade.usage.output_tokens,
        pages_fetched: 0,
      },
      dropped: toDropped(dropped),
      guidance: CALLER_GUIDANCE,
    },
  };
}
