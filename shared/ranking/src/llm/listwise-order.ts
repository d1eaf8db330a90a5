/**
 * The listwise pass of an LLM judge: after the pointwise verdicts, the candidates are put in the
 * pointwise order and re-ordered by the model a window at a time (RankGPT's sliding window, from
 * the bottom up). Each verdict gets its `listRank`, the position in the final order. A window
 * whose reply cannot be read keeps the order it had, so the worst case is the pointwise order.
 */
import type { JudgeInput, JudgeVerdict } from '../judge.ts';
import { LISTWISE_WINDOW, slidingWindows } from './listwise-prompt.ts';
import type { TokenUsage } from './token-usage.ts';

export interface WindowOutcome {
  /** The window's new order (0-based positions in it), or null when the reply was unusable. */
  value: number[] | null;
  calls: number;
  usage: TokenUsage;
}

export interface ListwisePass {
  calls: number;
  usage: TokenUsage;
  /** Windows whose reply could not be used (they kept their order). */
  failed: number;
}

/** The pointwise verdict's relevance: the mean of the relevance signals it parsed; null when none. */
function pointwiseRelevance(verdict: JudgeVerdict | undefined): number | null {
  const values = [
    verdict?.signals.on_topic,
    verdict?.signals.answerability,
    verdict?.signals.states_sought_fact,
  ].filter((value): value is number => typeof value === 'number');
  return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/**
 * Candidates best first by their pointwise verdicts; ties (and candidates without a parse) keep the
 * order they came in (the cascade's stage-A order).
 */
function pointwiseOrder(inputs: readonly JudgeInput[], verdicts: readonly JudgeVerdict[]): JudgeInput[] {
  const byId = new Map(verdicts.map((verdict) => [verdict.id, verdict]));
  return inputs
    .map((input, position) => ({ input, position, relevance: pointwiseRelevance(byId.get(input.id)) ?? -1 }))
    .sort((a, b) => b.relevance - a.relevance || a.position - b.position)
    .map(({ input }) => input);
}

/** Runs the sliding windows and sets each verdict's `listRank` (1 = best). */
export async function rankListwise(
  inputs: readonly JudgeInput[],
  verdicts: JudgeVerdict[],
  rankWindow: (window: readonly JudgeInput[], index: number) => Promise<WindowOutcome>,
  window: { size: number; step: number } = LISTWISE_WINDOW,
): Promise<ListwisePass> {
  const order = pointwiseOrder(inputs, verdicts);
  const pass: ListwisePass = { calls: 0, usage: { input_tokens: 0, output_tokens: 0 }, failed: 0 };
  const windows = slidingWindows(order.length, window.size, window.step);
  // Sequential on purpose: each window starts from the order the one below it left.
  for (const [index, [start, end]] of windows.entries()) {
    const slice = order.slice(start, end);
    const outcome = await rankWindow(slice, index);
    pass.calls += outcome.calls;
    pass.usage.input_tokens += outcome.usage.input_tokens;
    pass.usage.output_tokens += outcome.usage.output_tokens;
    if (outcome.value === null) {
      pass.failed += 1;
      continue;
    }
    order.splice(start, slice.length, ...outcome.value.map((position) => slice[position] as JudgeInput));
  }
  const rankOf = new Map(order.map((input, i) => [input.id, i + 1]));
  for (const verdict of verdicts) {
    const rank = rankOf.get(verdict.id);
    if (rank !== undefined) verdict.listRank = rank;
  }
  return pass;
}
