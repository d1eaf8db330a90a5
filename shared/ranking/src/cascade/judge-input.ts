import type { Candidate } from '../candidate.ts';
import type { JudgeInput } from '../judge.ts';

/** What a judge is given of candidate `id`: the provider's text, its rank and the screen's injection score. */
export function judgeInputOf(candidate: Candidate, id: number, screenedInjection: number): JudgeInput {
  return {
    id,
    title: candidate.title,
    url: candidate.url,
    snippet: candidate.snippet,
    screenedInjection,
    ...(candidate.extra_snippets?.length ? { extraSnippets: candidate.extra_snippets } : {}),
    providerRank: candidate.provider_rank,
  };
}
