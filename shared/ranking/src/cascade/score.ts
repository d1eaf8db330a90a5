import type { Signals } from '@rankgate/contracts';
import type { ScoreWeights } from '../score-weights.ts';
import { RELEVANCE_WEIGHTS } from '../score-weights.ts';

export type { ScoreWeights } from '../score-weights.ts';
export { LOCAL_JUDGE_WEIGHTS, RELEVANCE_WEIGHTS } from '../score-weights.ts';

/** An unparsed signal counts as this neutral value in the score (the gates treat it separately). */
const NEUTRAL = 0.5;

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
  const relevance =
    weights.on_topic * value(signals.on_topic) +
    weights.answerability * value(signals.answerability) +
    weights.states_sought_fact * value(signals.states_sought_fact) +
    weights.authority * value(signals.authority) +
    weights.provider_prior * rankPrior(rank, weights.rank_prior);
  const penalty = (1 - 0.6 * value(signals.spam)) * (1 - 0.4 * value(signals.prompt_injection));
  return Math.round(Math.min(1, Math.max(0, relevance * penalty)) * 1000) / 1000;
}
