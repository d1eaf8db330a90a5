import type { Signals } from '@rankgate/contracts';
import { describe, expect, it } from 'vitest';

import { applyGates } from './gates.ts';

const clean: Signals = {
  answerability: 0.8,
  authority: 0.7,
  on_topic: 0.9,
  states_sought_fact: 0.6,
  subject_match: 1,
  spam: 0,
  prompt_injection: 0.01,
};

describe('hard gates', () => {
  it('passes a clean row', () => {
    expect(applyGates(clean, false)).toEqual({
      gates: { subject_match: 'pass', is_republisher: 'pass', prompt_injection: 'pass' },
      failed: undefined,
    });
  });

  it('fails open on a missing subject_match or is_republisher parse', () => {
    expect(applyGates({ ...clean, subject_match: null }, null)).toEqual({
      gates: { subject_match: 'fail_open', is_republisher: 'fail_open', prompt_injection: 'pass' },
      failed: undefined,
    });
  });

  it('fail-flags a missing prompt_injection parse', () => {
    expect(applyGates({ ...clean, prompt_injection: null }, false)).toMatchObject({
      gates: { prompt_injection: 'fail_flagged' },
      failed: 'prompt_injection',
    });
  });

  it('drops at the 0.55 injection threshold, not below', () => {
    expect(applyGates({ ...clean, prompt_injection: 0.55 }, false).failed).toBe('prompt_injection');
    expect(applyGates({ ...clean, prompt_injection: 0.549 }, false).failed).toBeUndefined();
  });

  it("reports the first failure in the spec's order", () => {
    expect(applyGates({ ...clean, subject_match: 0, prompt_injection: 0.9 }, true).failed).toBe('subject_match');
    expect(applyGates({ ...clean, prompt_injection: 0.9 }, true).failed).toBe('is_republisher');
  });
});
