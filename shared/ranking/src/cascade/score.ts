import type { Signals } from '@rankgate/contracts';

/** The score's weights, and the shape of its rank prior. The weights sum to 1. */
export interface ScoreWeights {
  on_topic: number;
  answerability: number;
  states_sought_fact: number;
  authority: number;
  provider_prior: number;
  /** `sqrt`: 1/√rank; `log`: 1 − ln(rank)/ln(101), 0 from rank 101. */
  rank_prior: 'sqrt' | 'log';
}

/**
 * The LLM judges' weights; docs/ranking.md explains each. The provider's own order carries most of
 * it: a search engine's (or BM25's) ranking sees the whole page, the judge only title and snippet
 * (chosen by `npm run eval` on the sets it reports, 2026-11-21: in-sample, docs/quality.md).
 */
export const RELEVANCE_WEIGHTS: ScoreWeights = {
  on_topic: 0.14,
  answerability: 0.12,
  states_sought_fact: 0.08,
  authority: 0.06,
  provider_prior: 0.6,
  rank_prior: 'sqrt',
};

/**
 * The local judge's weights, fit with its `on_topic` blend by coordinate ascent on NDCG@10 over the
 * eval's tune half of queries only (scripts/train/fit-ranking.ts; `authority` keeps its share: every
 * candidate of the eval is a local document, so the sets cannot tell its weight).
 */
export const LOCAL_JUDGE_WEIGHTS: ScoreWeights = {
  on_topic: 0.678,
  answerability: 0,
  states_sought_fact: 0.008,
  authority: 0.06,
  provider_prior: 0.254,
  rank_prior: 'log',
};

/** An unparsed signal counts as this neutral value in the score (the gates treat it separately). */
export const NEUTRAL = 0.5;

/** The rank prior: 1 at rank 1, falling as 1/√rank or with the log of the rank (0 from rank 101). */
export function rankPrior(rank: number, form: ScoreWeights['rank_prior']): number {
  const r = Math.max(1, rank);
  return form === 'sqrt' ? 1 / Math.sqrt(r) : Math.max(0, 1 - Math.log(r) / Math.log(101));
}

/**
 * The one score formula, with the judge's weights:
 *   relevance = Σ weight·signal + provider_prior·rankPrior(rank)
 *   score     = relevance × (1 − 0.6·spam) × (1 − 0.4·prompt_injection)
 * `rank` is the provider's rank, or the judge's own listwise rank when it gave one (JUDGE_MODE=listwise).
 */
export function scoreOf(signals: Signals, rank: number, weights: ScoreWeights = RELEVANCE_WEIGHTS): number {
  const value = (s: number | null): number => s ?? NEUTRAL;
  const relevance = weights.on_topic * value(signals.on_topic)
    + weights.answerability * value(signals.answerability)
    + weights.states_sought_fact * value(signals.states_sought_fact)
    + weights.authority * value(signals.authority)
    + weights.provider_prior * rankPrior(rank, weights.rank_prior);
  const penalty = (1 - 0.6 * value(signals.spam)) * (1 - 0.4 * value(signals.prompt_injection));
  return Math.round(Math.min(1, Math.max(0, relevance * penalty)) * 1000) / 1000;
}
