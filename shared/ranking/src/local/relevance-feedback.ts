/**
 * RM3-style pseudo-relevance feedback over a batch (the candidate set only): expansion terms from the best first-pass
 * candidates, and each candidate's match with them. Terms are the batch's entry ids; counts live in arrays indexed by
 * id, kept from batch to batch and left all zero after each use, so scoring a candidate allocates nothing per word.
 * Sums run in the order the terms first occur, as a map keyed by term would iterate, so the scores do not depend on
 * this representation.
 */
import type { BatchText } from './batch-text.ts';
import type { FieldedText } from './fielded-text.ts';

export interface FeedbackSettings {
  /** Candidates the feedback terms come from, and terms taken. */
  feedbackDocs: number;
  feedbackTerms: number;
}

/** Expansion terms (ids), best first, and their weights, summing to 1; empty when there are none. */
export interface Expansion {
  terms: number[];
  weights: number[];
}

/** Arrays by term id, for one batch at a time (batches are judged one at a time, synchronously): kept, all zero. */
let count = new Float64Array(4096);
let mass = new Float64Array(4096);
let docs = new Int32Array(4096);
/** An expansion term's place plus one (0: not one). */
let place = new Int32Array(4096);

/** Room for term ids below `size`. */
function fit(size: number): void {
  if (size <= count.length) return;
  const length = Math.max(size, count.length * 2);
  count = new Float64Array(length);
  mass = new Float64Array(length);
  docs = new Int32Array(length);
  place = new Int32Array(length);
}

/** Whether feedback may add term `id`: not a query term, not a number, three letters or more. */
function expandable(batch: BatchText, id: number): boolean {
  const { table, queryIndex } = batch.lexicon;
  return table.lengthOf(id) >= 3 && !table.isDigits(id) && (queryIndex[id] as number) < 0;
}

/**
 * Counts the expandable terms among the batch's terms [from, to) in `count` (each adding `weight`), noting in `order`
 * each term the text had not held before.
 */
function tally(batch: BatchText, from: number, to: number, weight: number, order: number[]): void {
  const { termIds } = batch;
  for (let at = from; at < to; at += 1) {
    const id = termIds[at] as number;
    if (count[id] === 0) {
      if (!expandable(batch, id)) continue;
      order.push(id);
    }
    count[id] = (count[id] as number) + weight;
  }
}

/**
 * The first `count` items of `items` in the order `before` (a strict total order) sorts them, in that order: kept by
 * insertion among the best so far, most items failing the one comparison with the last of them (a sort of every item
 * compared each many times, to keep a dozen).
 */
export function firstInOrder(
  items: readonly number[],
  count: number,
  before: (x: number, y: number) => boolean,
): number[] {
  const kept: number[] = [];
  if (count <= 0) return kept;
  for (const item of items) {
    if (kept.length === count && !before(item, kept[count - 1] as number)) continue;
    let at = Math.min(kept.length, count - 1);
    if (kept.length < count) kept.push(item);
    while (at > 0 && before(item, kept[at - 1] as number)) {
      kept[at] = kept[at - 1] as number;
      at -= 1;
    }
    kept[at] = item;
  }
  return kept;
}

/**
 * RM3 over the batch: P(w | R) from the best first-pass candidates (each weighted by its score,
 * w's share of its words), the query's own terms left out; returns the top terms, weights summing to 1.
 */
export function feedbackTerms(
  texts: readonly FieldedText[],
  first: readonly number[],
  batch: BatchText,
  settings: FeedbackSettings,
): Expansion {
  const { table } = batch.lexicon;
  fit(table.size);
  const best = first
    .map((score, i) => ({ score, i }))
    .sort((x, y) => y.score - x.score || x.i - y.i)
    .slice(0, settings.feedbackDocs);
  const seen: number[] = [];
  const order: number[] = [];
  for (const { score, i } of best) {
    const text = texts[i];
    if (!text || score <= 0) continue;
    const length = Math.max(1, text.titleLength * 2 + text.bodyLength);
    tally(batch, text.titleStart, text.bodyStart, 2, order);
    tally(batch, text.bodyStart, text.bodyEnd, 1, order);
    for (const id of order) {
      if (docs[id] === 0) seen.push(id);
      mass[id] = (mass[id] as number) + score * ((count[id] as number) / length);
      docs[id] = (docs[id] as number) + 1;
      count[id] = 0;
    }
    order.length = 0;
  }
  // A word in one feedback candidate only is that candidate's topic, not the query's.
  const before = (x: number, y: number): boolean => {
    const difference = (mass[y] as number) - (mass[x] as number);
    return difference < 0 || (difference === 0 && table.compare(x, y) < 0);
  };
  const top = firstInOrder(
    seen.filter((id) => (docs[id] as number) >= 2),
    settings.feedbackTerms,
    before,
  );
  let sum = 0;
  for (const id of top) sum += mass[id] as number;
  const weights = top.map((id) => (mass[id] as number) / sum);
  for (const id of seen) {
    mass[id] = 0;
    docs[id] = 0;
  }
  return sum > 0 ? { terms: top, weights } : { terms: [], weights: [] };
}

/**
 * Counts the expansion terms among the batch's terms [from, to) by their place (each adding `weight`), noting in
 * `order` each one the text had not held before.
 */
function tallyExpansion(
  batch: BatchText,
  from: number,
  to: number,
  weight: number,
  counts: number[],
  order: number[],
): void {
  const { termIds } = batch;
  for (let at = from; at < to; at += 1) {
    const term = (place[termIds[at] as number] as number) - 1;
    if (term < 0) continue;
    if (counts[term] === 0) order.push(term);
    counts[term] = (counts[term] as number) + weight;
  }
}

/** Scores each text by the expansion terms it holds, saturating each term's count. */
export function feedbackScores(texts: readonly FieldedText[], batch: BatchText, expansion: Expansion): number[] {
  const { terms, weights } = expansion;
  if (terms.length === 0) return texts.map(() => 0);
  fit(batch.lexicon.table.size);
  terms.forEach((id, at) => {
    place[id] = at + 1;
  });
  const counts = terms.map(() => 0);
  const order: number[] = [];
  const scores = texts.map((text) => {
    tallyExpansion(batch, text.titleStart, text.bodyStart, 2, counts, order);
    tallyExpansion(batch, text.bodyStart, text.bodyEnd, 1, counts, order);
    let score = 0;
    for (const at of order) {
      const n = counts[at] as number;
      score += (weights[at] as number) * (n / (n + 1));
      counts[at] = 0;
    }
    order.length = 0;
    return score;
  });
  for (const id of terms) place[id] = 0;
  return scores;
}
