import type { Signals } from '@rankgate/contracts';

/**
 * Weights of the relevance blend; docs/ranking.md explains each. They sum to 1. Fit with the local
 * judge's `on_topic` blend by coordinate ascent on NDCG@10 over the eval's tune half of queries
 * (scripts/train/fit-ranking.ts; `authority` keeps its earlier share: the eval's sets cannot tell it).
 */
export const RELEVANCE_WEIGHTS = {
  on_topic: 0.625,
  answerability: 0.012,
  states_sought_fact: 0.006,
  authority: 0.06,
  provider_prior: 0.297,
} as const;

/** An unparsed signal counts as this neutral value in the score (the gates treat it separately). */
export const NEUTRAL = 0.5;

/** The rank prior: 1 at rank 1, falling with the log of the rank to 0 at rank 101 (a log prior, as in the fit). */
export const rankPrior = (rank: number): number => Math.max(0, 1 - Math.log(Math.max(1, rank)) / Math.log(101));

/**
 * The one score formula:
 *   relevance = Σ weight·signal + weight·rankPrior(rank)
 *   score     = relevance × (1 − 0.6·spam) × (1 − 0.4·prompt_injection)
 * `rank` is the provider's rank, or the judge's own listwise rank when it gave one (JUDGE_MODE=listwise).
 */
export function scoreOf(signals: Signals, rank: number): number {
  const value = (s: number | null): number => s ?? NEUTRAL;
  const relevance = RELEVANCE_WEIGHTS.on_topic * value(signals.on_topic)
    + RELEVANCE_WEIGHTS.answerability * value(signals.answerability)
    + RELEVANCE_WEIGHTS.states_sought_fact * value(signals.states_sought_fact)
    + RELEVANCE_WEIGHTS.authority * value(signals.authority)
    + RELEVANCE_WEIGHTS.provider_prior * rankPrior(rank);
  const penalty = (1 - 0.6 * value(signals.spam)) * (1 - 0.4 * value(signals.prompt_injection));
  return Math.round(Math.min(1, Math.max(0, relevance * penalty)) * 1000) / 1000;
}
