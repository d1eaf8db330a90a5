import { describe, expect, it } from 'vitest';

import { analyzeQuery } from './query-analysis.ts';

describe("a statement's grammatical subject", () => {
  it('is the content terms before the first auxiliary verb', () => {
    expect(analyzeQuery('Assembly of invadopodia is triggered by the kinase Src.').claimSubject).toEqual([
      'assembly',
      'invadopodia',
    ]);
    expect(analyzeQuery('p16INK4A accumulation is linked to an abnormal wound response').claimSubject).toEqual([
      'p16ink4a',
      'accumulation',
    ]);
  });

  it('is empty for a question, a statement without an auxiliary, or an auxiliary deep in a clause', () => {
    expect(analyzeQuery('When was Marie Curie born').claimSubject).toEqual([]);
    expect(analyzeQuery('which country has the most lakes').claimSubject).toEqual([]);
    expect(analyzeQuery('is coffee bad for you').claimSubject).toEqual([]);
    expect(analyzeQuery('Assembly of invadopodia is triggered?').claimSubject).toEqual([]);
    expect(analyzeQuery('Cold exposure reduces BAT recruitment.').claimSubject).toEqual([]);
    expect(
      analyzeQuery('Patients treated with high doses of oral vitamin D in winter are less often ill').claimSubject,
    ).toEqual([]);
  });
});
