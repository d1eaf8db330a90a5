import type { Signals } from '@rankgate/contracts';
import { describe, expect, it } from 'vitest';

import { RELEVANCE_WEIGHTS, rankPrior, scoreOf } from './score.ts';

const signals: Signals = { answerability: 0.5, authority: 0.5, on_topic: 0.5, states_sought_fact: 0.5, subject_match: 1, spam: 0, prompt_injection: 0 };

describe('the score', () => {
  it('has weights that sum to 1', () => {
    expect(Object.values(RELEVANCE_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('has a log rank prior: 1 at rank 1, falling ever more slowly, 0 from rank 101', () => {
    expect(rankPrior(1)).toBe(1);
    expect(rankPrior(101)).toBeCloseTo(0, 9);
    expect(rankPrior(500)).toBe(0);
    expect(rankPrior(1) - rankPrior(2)).toBeGreaterThan(rankPrior(10) - rankPrior(11));
  });

  it('lets enough topicality outweigh a lower rank, and penalises spam and injection', () => {
    expect(scoreOf({ ...signals, on_topic: 0.9 }, 5)).toBeGreaterThan(scoreOf({ ...signals, on_topic: 0.3 }, 1));
    expect(scoreOf(signals, 1)).toBeGreaterThan(scoreOf(signals, 2));
    expect(scoreOf({ ...signals, spam: 1 }, 1)).toBeLessThan(scoreOf(signals, 1));
    expect(scoreOf({ ...signals, prompt_injection: 1 }, 1)).toBeLessThan(scoreOf(signals, 1));
  });
});
