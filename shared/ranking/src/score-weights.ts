/**
 * The score's weights per judge (the formula is cascade/score.ts). A file of its own: judges name their weights,
 * and the cascade reads them, without importing each other.
 */
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
