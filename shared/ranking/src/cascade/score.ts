import type { Signals } from '@rankgate/contracts';

/**
 * Weights of the relevance blend; docs/ranking.md explains each. They sum to 1. The provider's own
 * order carries most of it: a search engine's (or BM25's) ranking sees the whole page, the judge's
 * lexical signals only title and snippet (chosen by `npm run eval`, docs/quality.md).
 */
const RELEVANCE_WEIGHTS = {
  on_topic: 0.14,
  answerability: 0.12,
  states_sought_fact: 0.08,
  authority: 0.06,
  provider_prior: 0.6,
} as const;

/** An unparsed signal counts as this neutral value in the score (the gates treat it separately). */
const NEUTRAL = 0.5;

/**
 * The one score formula:
 *   relevance = Σ weight·signal (+ rank prior 1/√rank)
 *   score     = relevance × (1 − 0.6·spam) × (1 − 0.4·prompt_injection)
 * `rank` is the provider's rank, or the judge's own listwise rank when it gave one (JUDGE_MODE=listwise).
 */
export function scoreOf(signals: Signals, rank: number): number {
  const value = (s: number | null): number => s ?? NEUTRAL;
  const relevance = RELEVANCE_WEIGHTS.on_topic * value(signals.on_topic)
    + RELEVANCE_WEIGHTS.answerability * value(signals.answerability)
    + RELEVANCE_WEIGHTS.states_sought_fact * value(signals.states_sought_fact)
    + RELEVANCE_WEIGHTS.authority * value(signals.authority)
    + RELEVANCE_WEIGHTS.provider_prior / Math.sqrt(Math.max(1, rank));
  const penalty = (1 - 0.6 * value(signals.spam)) * (1 - 0.4 * value(signals.prompt_injection));
  return Math.round(Math.min(1, Math.max(0, relevance * penalty)) * 1000) / 1000;
}
