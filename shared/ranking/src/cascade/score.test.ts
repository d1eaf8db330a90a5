import type { Signals } from '@rankgate/contracts';
import { describe, expect, it } from 'vitest';

import { LOCAL_JUDGE_WEIGHTS, RELEVANCE_WEIGHTS, rankPrior, scoreOf } from './score.ts';

const signals: Signals = {
  answerability: 0.5,
  authority: 0.5,
  on_topic: 0.5,
  states_sought_fact: 0.5,
  subject_match: 1,
  spam: 0,
  prompt_injection: 0,
};

describe('the score', () => {
  it('has weights that sum to 1, for the LLM judges and for the local judge', () => {
    for (const { rank_prior: _, ...weights } of [RELEVANCE_WEIGHTS, LOCAL_JUDGE_WEIGHTS]) {
      expect(Object.values(weights).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    }
  });

  it('has a log rank prior: 1 at rank 1, falling ever more slowly, 0 from rank 101', () => {
    const log = (rank: number) => rankPrior(rank, 'log');
    expect(log(1)).toBe(1);
    expect(log(101)).toBeCloseTo(0, 9);
    expect(log(500)).toBe(0);
    expect(log(1) - log(2)).toBeGreaterThan(log(10) - log(11));
    expect(rankPrior(4, 'sqrt')).toBe(0.5);
  });

  it("weighs the rank less with the local judge's weights than with the LLM judges'", () => {
    const topical = { ...signals, on_topic: 0.9 };
    const ahead = { ...signals, on_topic: 0.5 };
    expect(scoreOf(topical, 3, LOCAL_JUDGE_WEIGHTS)).toBeGreaterThan(scoreOf(ahead, 1, LOCAL_JUDGE_WEIGHTS));
    expect(scoreOf(topical, 3)).toBeLessThan(scoreOf(ahead, 1));
  });

  it('lets enough topicality outweigh a lower rank (local judge), and penalises spam and injection', () => {
    expect(scoreOf({ ...signals, on_topic: 0.9 }, 5, LOCAL_JUDGE_WEIGHTS)).toBeGreaterThan(
      scoreOf({ ...signals, on_topic: 0.3 }, 1, LOCAL_JUDGE_WEIGHTS),
    );
    expect(scoreOf(signals, 1)).toBeGreaterThan(scoreOf(signals, 2));
    expect(scoreOf({ ...signals, spam: 1 }, 1)).toBeLessThan(scoreOf(signals, 1));
    expect(scoreOf({ ...signals, prompt_injection: 1 }, 1)).toBeLessThan(scoreOf(signals, 1));
  });
});
