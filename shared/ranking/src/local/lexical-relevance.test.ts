import { describe, expect, it } from 'vitest';

import type { JudgeInput } from '../judge.ts';
import { createLocalJudge } from './local-judge.ts';

const judge = createLocalJudge();
const signal = new AbortController().signal;

async function onTopic(query: string, inputs: Omit<JudgeInput, 'id'>[]): Promise<number[]> {
  const { verdicts } = await judge.judge(query, inputs.map((input, id) => ({ ...input, id })), { signal });
  return verdicts.map((v) => v.signals.on_topic ?? Number.NaN);
}

const filler = 'The study enrolled adults from three regional clinics over a period of two years.';

describe('the local judge\'s relevance', () => {
  it('reads the provider\'s extra passages, not only the description', async () => {
    const description = { title: 'Cohort study', url: 'local://a', snippet: filler };
    const [withPassage, without] = await onTopic('vitamin d deficiency fracture risk', [
      { ...description, extraSnippets: ['Vitamin D deficiency raised the fracture risk in older adults.'] },
      description,
    ]);
    expect(withPassage!).toBeGreaterThan(without!);
  });

  it('scores query terms side by side above the same terms far apart', async () => {
    const [near, far] = await onTopic('heart attack symptoms', [
      { title: '', url: 'local://a', snippet: `Heart attack symptoms include chest pain. ${filler}` },
      { title: '', url: 'local://b', snippet: `The heart is a muscle. ${filler} An attack of nerves has symptoms too.` },
    ]);
    expect(near!).toBeGreaterThan(far!);
  });

  it('weighs a term in the title above the same term in the body', async () => {
    const [title, body] = await onTopic('mitochondria', [
      { title: 'Mitochondria', url: 'local://a', snippet: filler },
      { title: 'Cells', url: 'local://b', snippet: `${filler} Mitochondria.` },
    ]);
    expect(title!).toBeGreaterThan(body!);
  });

  it('expands the query with words the best candidates share (feedback from the batch only)', async () => {
    // Both last candidates say "jaguar" once; only one uses the vocabulary of the top-ranked ones.
    const top = (rank: number) => ({
      title: 'Jaguar', url: `local://top${rank}`, providerRank: rank,
      snippet: 'The jaguar is a big cat, a predator of the rainforest that hunts prey near rivers.',
    });
    const scores = await onTopic('jaguar', [
      top(1), top(2), top(3),
      { title: '', url: 'local://cat', providerRank: 4, snippet: 'A jaguar: the rainforest predator hunts its prey at rivers.' },
      { title: '', url: 'local://car', providerRank: 5, snippet: 'A jaguar sedan with leather seats and a new gearbox.' },
    ]);
    expect(scores[3]!).toBeGreaterThan(scores[4]!);
  });

  it('keeps every relevance in 0-1 and gives a text without query terms the least', async () => {
    const scores = await onTopic('ocean tides moon', [
      { title: 'Tides', url: 'local://a', snippet: 'Ocean tides follow the moon. Tides tides tides moon moon ocean.' },
      { title: 'Pizza', url: 'local://b', snippet: 'Knead the dough for ten minutes.' },
    ]);
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(0);
    for (const score of scores) expect(score).toBeLessThanOrEqual(1);
    expect(scores[1]).toBe(0);
  });
});
