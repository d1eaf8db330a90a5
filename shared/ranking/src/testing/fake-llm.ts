/**
 * Test support for the LLM judges: candidates, a model that scores whatever the prompt fences,
 * and checks that nothing secret or echoed reaches a warning.
 */
import { expect } from 'vitest';

import type { JudgeInput } from '../judge.ts';
import type { LlmJudgeResult } from '../llm/llm-judge.ts';

/** A key no warning or result may contain. */
export const SECRET_KEY = 'sk-test-SECRET-123';
/** Text the fake model puts in its raw output; no warning may contain it. */
export const RAW_OUTPUT_MARKER = 'RAW-MODEL-OUTPUT-MARKER';

export const signal = (): AbortSignal => new AbortController().signal;

export function candidates(count: number, first = 100): JudgeInput[] {
  return Array.from({ length: count }, (_, index) => ({
    id: first + index,
    title: `Title ${index}`,
    url: `https://example${index}.org/page`,
    snippet: `Snippet number ${index} about ocean tides.`,
  }));
}

/** Prompt ids the user message fences, in order. */
export function promptIds(user: string): number[] {
  return [...user.matchAll(/<<<CANDIDATE id=(\d+) nonce=[0-9a-f]+>>>/g)].map((match) => Number(match[1]));
}

/** A full, valid result entry whose scores encode the prompt id (id / 100). */
export function entryFor(id: number): Record<string, unknown> {
  const score = id / 100;
  return {
    id,
    answerability: score,
    authority: 0.5,
    on_topic: score,
    states_sought_fact: 0.25,
    subject_match: 1,
    spam: 0,
    prompt_injection: 0,
    is_republisher: id % 2 === 0,
  };
}

/** The JSON reply a well-behaved model gives for this user message. */
export function goodReplyText(user: string): string {
  return JSON.stringify({ results: promptIds(user).map(entryFor) });
}

/** Asserts that a result's warnings (and the result) hold no key and no raw model output. */
export function expectSafe(result: LlmJudgeResult): void {
  const shown = JSON.stringify(result);
  expect(shown).not.toContain(SECRET_KEY);
  expect(shown).not.toContain(RAW_OUTPUT_MARKER);
  expect(shown).not.toContain('<<<');
  expect(shown).not.toContain('Snippet number');
}

/** Whether a user message is a listwise window (passages) rather than a pointwise batch. */
export const isListwise = (user: string): boolean => /<<<PASSAGE \[\d+\] nonce=[0-9a-f]+>>>/.test(user);

/** The listwise reply a model gives that ranks the window's passages by their snippet number, lowest first. */
export function lowestNumberFirst(user: string): string {
  const passages = [...user.matchAll(/<<<PASSAGE \[(\d+)\] nonce=[0-9a-f]+>>>[\s\S]*?Snippet number (\d+)/g)].map(
    (match) => ({ id: Number(match[1]), number: Number(match[2]) }),
  );
  return passages
    .sort((a, b) => a.number - b.number)
    .map(({ id }) => `[${id}]`)
    .join(' > ');
}
