/**
 * RM3-style pseudo-relevance feedback over a batch (the candidate set only): expansion terms from the best first-pass
 * candidates, and each candidate's match with them. Terms are the batch vocabulary's ids; counts live in typed arrays
 * indexed by id, reset after each use, so scoring a candidate allocates nothing per word. Sums run in the order the
 * terms first occur, as a map keyed by term would iterate, so the scores do not depend on this representation.
 */
import type { BatchVocabulary } from './batch-vocabulary.ts';
import type { FieldedText } from './fielded-text.ts';

export interface FeedbackSettings {
  /** Candidates the feedback terms come from, and terms taken. */
  feedbackDocs: number;
  feedbackTerms: number;
}

/** Expansion terms' weights by term id (0 for a term that is not one), summing to 1; empty when there are none. */
export interface Expansion {
  size: number;
  weight: Float64Array;
}

/** Term counts of one text, a title term counting double, kept in the order the terms first occur. */
class TermTally {
  readonly count: Float64Array;
  readonly order: number[] = [];

  constructor(size: number) {
    this.count = new Float64Array(size);
  }

  add(terms: Int32Array, weight: number, keep: (id: number) => boolean): void {
    for (let i = 0; i < terms.length; i += 1) {
      const id = terms[i] as number;
      if (!keep(id)) continue;
      if (this.count[id] === 0) this.order.push(id);
      this.count[id] = (this.count[id] as number) + weight;
    }
  }

  tally(text: FieldedText, keep: (id: number) => boolean): void {
    this.add(text.titleTerms, 2, keep);
    this.add(text.bodyTerms, 1, keep);
  }

  clear(): void {
    for (const id of this.order) this.count[id] = 0;
    this.order.length = 0;
  }
}

/** Words feedback may add: not a query term, not a number, three letters or more. */
function expandable(vocabulary: BatchVocabulary): Uint8Array {
  const { termCount, queryIndex } = vocabulary;
  const allowed = new Uint8Array(termCount);
  for (let id = 0; id < termCount; id += 1) {
    allowed[id] =
      vocabulary.termLength(id) < 3 || vocabulary.termIsNumber(id) || (queryIndex[id] as number) >= 0 ? 0 : 1;
  }
  return allowed;
}

/**
 * RM3 over the batch: P(w | R) from the best first-pass candidates (each weighted by its score,
 * w's share of its words), the query's own terms left out; returns the top terms, weights summing to 1.
 */
export function feedbackTerms(
  texts: readonly FieldedText[],
  first: readonly number[],
  vocabulary: BatchVocabulary,
  settings: FeedbackSettings,
): Expansion {
  const size = vocabulary.termCount;
  const best = first
    .map((score, i) => ({ score, i }))
    .sort((x, y) => y.score - x.score || x.i - y.i)
    .slice(0, settings.feedbackDocs);
  const allowed = expandable(vocabulary);
  const keep = (id: number) => allowed[id] === 1;
  const mass = new Float64Array(size);
  const docs = new Int32Array(size);
  const seen: number[] = [];
  const tally = new TermTally(size);
  for (const { score, i } of best) {
    const text = texts[i];
    if (!text || score <= 0) continue;
    const length = Math.max(1, text.titleLength * 2 + text.bodyLength);
    tally.tally(text, keep);
    for (const id of tally.order) {
      if (docs[id] === 0) seen.push(id);
      mass[id] = (mass[id] as number) + score * ((tally.count[id] as number) / length);
      docs[id] = (docs[id] as number) + 1;
    }
    tally.clear();
  }
  // A word in one feedback candidate only is that candidate's topic, not the query's.
  const top = seen
    .filter((id) => (docs[id] as number) >= 2)
    .sort((x, y) => (mass[y] as number) - (mass[x] as number) || (vocabulary.compareTerms(x, y) < 0 ? -1 : 1))
    .slice(0, settings.feedbackTerms);
  let sum = 0;
  for (const id of top) sum += mass[id] as number;
  const weight = new Float64Array(size);
  if (sum > 0) for (const id of top) weight[id] = (mass[id] as number) / sum;
  return { size: sum > 0 ? top.length : 0, weight };
}

/** Scores each text by the expansion terms it holds, saturating each term's count. */
export function feedbackScores(texts: readonly FieldedText[], expansion: Expansion): number[] {
  if (expansion.size === 0) return texts.map(() => 0);
  const { weight } = expansion;
  const tally = new TermTally(weight.length);
  const keep = (id: number) => (weight[id] as number) > 0;
  return texts.map((text) => {
    tally.tally(text, keep);
    let score = 0;
    for (const id of tally.order) {
      const n = tally.count[id] as number;
      score += (weight[id] as number) * (n / (n + 1));
    }
    tally.clear();
    return score;
  });
}
