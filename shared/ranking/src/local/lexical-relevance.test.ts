import { describe, expect, it } from 'vitest';

import type { JudgeInput } from '../judge.ts';
import { blend, FEATURE_NAMES } from './lexical-relevance.ts';
import { createLocalJudge } from './local-judge.ts';

const judge = createLocalJudge();
const signal = new AbortController().signal;

async function onTopic(query: string, inputs: Omit<JudgeInput, 'id'>[]): Promise<number[]> {
  const { verdicts } = await judge.judge(
    query,
    inputs.map((input, id) => ({ ...input, id })),
    { signal },
  );
  return verdicts.map((v) => v.signals.on_topic ?? Number.NaN);
}

const filler = 'The study enrolled adults from three regional clinics over a period of two years.';

describe("the local judge's relevance", () => {
  it("reads the provider's extra passages, not only the description", async () => {
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
      {
        title: '',
        url: 'local://b',
        snippet: `The heart is a muscle. ${filler} An attack of nerves has symptoms too.`,
      },
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
      title: 'Jaguar',
      url: `local://top${rank}`,
      providerRank: rank,
      snippet: 'The jaguar is a big cat, a predator of the rainforest that hunts prey near rivers.',
    });
    const scores = await onTopic('jaguar', [
      top(1),
      top(2),
      top(3),
      {
        title: '',
        url: 'local://cat',
        providerRank: 4,
        snippet: 'A jaguar: the rainforest predator hunts its prey at rivers.',
      },
      {
        title: '',
        url: 'local://car',
        providerRank: 5,
        snippet: 'A jaguar sedan with leather seats and a new gearbox.',
      },
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

  it("scores consecutive query terms in the query's order above the same terms reversed", async () => {
    const [inOrder, reversed] = await onTopic('vitamin deficiency', [
      { title: '', url: 'local://a', snippet: `${filler} Vitamin deficiency was common.` },
      { title: '', url: 'local://b', snippet: `${filler} Deficiency vitamin was common.` },
    ]);
    expect(inOrder!).toBeGreaterThan(reversed!);
  });

  it("ranks a text denser in the query's terms above a longer one with the same counts (BM25F, query likelihood)", async () => {
    const [dense, diluted] = await onTopic('glacier retreat', [
      { title: '', url: 'local://a', snippet: 'Glacier retreat accelerated.' },
      { title: '', url: 'local://b', snippet: `Glacier retreat accelerated. ${filler} ${filler}` },
    ]);
    expect(dense!).toBeGreaterThan(diluted!);
  });

  it('reads a snippet cut from a passage the provider also sent whole once, not twice', async () => {
    const passage = `Statins lower the risk of stroke in adults. ${filler}`;
    const [windowed, whole] = await onTopic('statins stroke risk', [
      { title: 'Statins', url: 'local://a', snippet: '…Statins lower the risk of stroke…', extraSnippets: [passage] },
      { title: 'Statins', url: 'local://b', snippet: passage },
    ]);
    expect(windowed).toBe(whole);
  });
});

describe("the features' blend", () => {
  it('is the weighted mean of the features, 0 when no feature is present', () => {
    const none = { bm25: 0, ql: 0, coverage: 0, proximity: 0, ordered: 0, title: 0, feedback: 0 };
    expect(blend(none)).toBe(0);
    expect(blend({ ...none, bm25: 1 }, { ...none, bm25: 1, title: 1 })).toBe(0.5);
    const all = Object.fromEntries(FEATURE_NAMES.map((name) => [name, 1])) as typeof none;
    expect(blend(all)).toBeCloseTo(1, 9);
  });

  it('blends a page judged alone (deep mode) from the features it has, not as 0 on feedback', async () => {
    const page = {
      title: 'Ocean tides',
      url: 'local://a',
      snippet: 'Ocean tides are caused by the moon. Tides rise twice a day.',
    };
    const [alone] = await onTopic('what causes ocean tides', [page]);
    const [inBatch] = await onTopic('what causes ocean tides', [page, page, page]);
    expect(alone!).toBeGreaterThan(0.5);
    expect(alone!).toBeGreaterThanOrEqual(inBatch! - 0.2);
  });
});
