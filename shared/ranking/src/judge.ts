import type { SignalName } from '@rankgate/contracts';
import type { ScoreWeights } from './score-weights.ts';
import type { HiddenText } from './screening/index.ts';

/** What a judge sees of one candidate. Everything here is untrusted text. */
export interface JudgeInput {
  /** Position in the batch; verdicts refer back by it. */
  id: number;
  title: string;
  url: string;
  snippet: string;
  /** Further passages the provider returned for this result (`Candidate.extra_snippets`). */
  extraSnippets?: readonly string[];
  /** 1-based position in the provider's order: a prior the local judge weighs its evidence against. */
  providerRank?: number;
  /** Readable page text (deep mode only). */
  content?: string;
  /**
   * Text of the page a reader cannot see (deep mode only): HTML comments, CSS-hidden, aria-hidden
   * and off-screen elements, zero-width or bidi payloads. Screened for injection (evidence there
   * weighs more), never judged for relevance.
   */
  hiddenText?: readonly HiddenText[];
  /**
   * The local detector's score for this title and snippet, when the cascade has already screened
   * them (stage A): a judge that would compute the same score reuses it instead.
   */
  screenedInjection?: number;
}

/** One candidate's verdict. `null` (or a missing key) means "no parse" for that signal. */
export interface JudgeVerdict {
  id: number;
  signals: Partial<Record<SignalName, number | null>>;
  is_republisher: boolean | null;
  /**
   * Listwise mode: the candidate's 1-based position in the judge's own order of the batch. The
   * score's rank prior reads it in place of the provider's rank.
   */
  listRank?: number;
}

/**
 * How an LLM judge ranks: `pointwise` scores each candidate's signals; `listwise` does that, then
 * orders the candidates by comparing them a window at a time (RankGPT / RankZephyr).
 */
export const JUDGE_MODES = ['pointwise', 'listwise'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];

export interface JudgeUsage {
  /** Calls made to the judge backend (LLM requests; 1 per batch for the local judge). */
  calls: number;
  input_tokens: number;
  output_tokens: number;
}

export interface JudgeResult {
  verdicts: JudgeVerdict[];
  usage: JudgeUsage;
}

/**
 * Stage B/C of the cascade: scores candidates against the query. Adapters are chosen from config
 * at boot (`local`, later `openai`, `anthropic`). A judge may leave any signal unparsed; the hard
 * gates define what a missing parse means.
 */
export interface Judge {
  readonly name: string;
  /** The score's weights for this judge's signals (cascade/score.ts); the LLM judges' when absent. */
  readonly scoreWeights?: ScoreWeights;
  judge(query: string, inputs: readonly JudgeInput[], options: { signal: AbortSignal }): Promise<JudgeResult>;
}
