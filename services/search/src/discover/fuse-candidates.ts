import type { Candidate } from './index.ts';

import { canonicalUrl } from './canonical-url.ts';

/** The usual reciprocal-rank-fusion constant: damps the advantage of a first place at one provider. */
const RRF_K = 60;

export interface ProviderCandidates {
  provider: string;
  candidates: readonly Candidate[];
}

/**
 * Reciprocal rank fusion: each source scores Σ 1/(RRF_K + rank) over the providers that returned it,
 * deduplicated by canonical URL (the first provider's copy is kept, with the longest snippet and any
 * date another provider knew). One provider's list passes through unchanged.
 */
export function fuseCandidates(lists: readonly ProviderCandidates[], maxCandidates: number): Candidate[] {
  const [single] = lists;
  if (lists.length === 1 && single) return single.candidates.slice(0, maxCandidates);
  const nonEmpty = lists.filter((list) => list.candidates.length > 0);
  const fused = new Map<
    string,
    { candidate: Candidate; score: number; ranks: Record<string, number>; first: number }
  >();
  let order = 0;
  for (const { provider, candidates } of nonEmpty) {
    for (const candidate of candidates) {
      const key = canonicalUrl(candidate.url);
      const entry = fused.get(key);
      const share = 1 / (RRF_K + candidate.provider_rank);
      if (!entry) {
        fused.set(key, {
          candidate: { ...candidate },
          score: share,
          ranks: { [provider]: candidate.provider_rank },
          first: order++,
        });
        continue;
      }
      entry.score += share;
      entry.ranks[provider] ??= candidate.provider_rank;
      if (candidate.snippet.length > entry.candidate.snippet.length) entry.candidate.snippet = candidate.snippet;
      entry.candidate.published_at ??= candidate.published_at ?? null;
      if (candidate.extra_snippets?.length) {
        entry.candidate.extra_snippets = [
          ...new Set([...(entry.candidate.extra_snippets ?? []), ...candidate.extra_snippets]),
        ];
      }
    }
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, maxCandidates)
    .map((entry, index) => ({ ...entry.candidate, provider_rank: index + 1, provider_ranks: entry.ranks }));
}
