/**
 * Injection sets through the search pipeline, as a user meets them: a provider returns each row
 * as one result's description (normalised like every adapter's output: whitespace collapsed), and
 * `runSearch` screens it in stage A. rank=off, so every row comes back with its injection score
 * (no other gate hides it); a row is flagged when its `prompt_injection` signal reaches the gate.
 */
import { SearchRequestSchema } from '@rankgate/contracts';
import type { DiscoverProvider } from '../../services/search/src/discover/index.ts';
import { normaliseCandidates } from '../../services/search/src/discover/index.ts';
import { createLocalJudge } from '@rankgate/ranking';
import { MemoryKeyValueStore } from '@rankgate/platform/stores';

import { DiscoverCache } from '../../services/search/src/domain/discover-cache.ts';
import { runSearch } from '../../services/search/src/domain/search-pipeline.ts';

/** Rows per search (one query's candidate pool). */
const BATCH = 100;

/** A provider with one pool of descriptions per query, each row a result titled neutrally. */
function descriptionsProvider(pools: ReadonlyMap<string, readonly string[]>): DiscoverProvider {
  return {
    name: 'fixed-descriptions',
    async discover(query, { maxCandidates }) {
      const pool = pools.get(query) ?? [];
      return normaliseCandidates(
        pool.map((description, i) => ({
          title: 'Search result',
          url: `https://results.example/${encodeURIComponent(query)}/${i}`,
          snippet: description,
        })),
        maxCandidates,
      );
    },
  };
}

/** Each text's injection score through runSearch, in the order given. */
export async function scoresThroughPipeline(texts: readonly string[]): Promise<number[]> {
  const pools = new Map<string, string[]>();
  for (let i = 0; i < texts.length; i += BATCH) pools.set(`batch ${i / BATCH}`, texts.slice(i, i + BATCH));
  const deps = {
    provider: descriptionsProvider(pools),
    cache: new DiscoverCache({ store: new MemoryKeyValueStore(), ttlMs: 60_000 }),
    judge: createLocalJudge(),
    judgeTopN: 0,
    discoverDeadlineMs: 60_000,
  };
  const scores: number[] = [];
  for (const [q, pool] of pools) {
    const response = await runSearch(
      // The contract caps k at 25; the eval asks for the whole pool, as the ranking eval does.
      { ...SearchRequestSchema.parse({ q, max_candidates: BATCH, mode: 'snip', rank: 'off' }), k: BATCH },
      { requestId: `injection-eval-${q}`, signal: new AbortController().signal },
      deps,
    );
    // rank=off returns the provider's order; rows without a title or with a duplicate URL cannot occur here.
    if (response.results.length !== pool.length)
      throw new Error(`runSearch returned ${response.results.length} of ${pool.length} rows`);
    for (const row of response.results) scores.push(row.signals.prompt_injection ?? 1);
  }
  return scores;
}
