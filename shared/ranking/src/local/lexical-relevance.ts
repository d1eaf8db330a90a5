/**
 * The local judge's relevance of each candidate in a batch, from standard IR features over the
 * candidates' fielded text: BM25F (title weighted over the body), Dirichlet-smoothed query
 * likelihood, coverage of the query's content terms, their proximity (any pair, and consecutive
 * query terms in order, as in the sequential dependence model), the title's share of the query, and
 * RM3-style pseudo-relevance feedback from the batch's best candidates (expansion over the
 * candidate set only), the provider's rank serving as a prior for that feedback set. Term
 * statistics come from the batch itself: there is no collection to count in. The features' weights
 * are fit by scripts/train/fit-ranking.ts on the eval's tune half of queries.
 */
import type { FieldedText } from './fielded-text.ts';
import { feedbackScores, feedbackTerms } from './relevance-feedback.ts';
import { clamp01 } from './text.ts';
import type { BatchText } from './batch-text.ts';

/** Feature settings and weights, chosen on the eval's tune split only (docs/quality.md). */
export const RELEVANCE_TUNING = {
  k1: 1.2,
  b: 0.75,
  /** How much a title occurrence counts against a body one (BM25F). */
  titleWeight: 2,
  /** A term's weight is this plus its IDF over the batch: a term every candidate has still counts a little. */
  idfFloor: 0.5,
  /** Candidates the feedback terms come from, and terms taken. */
  feedbackDocs: 12,
  feedbackTerms: 12,
  /** The prior's share in choosing the feedback candidates: 1/√provider_rank. */
  feedbackPrior: 0.3,
  /** Dirichlet smoothing of query likelihood, in terms (passages and abstracts run 50-300 terms). */
  mu: 300,
  /** The first pass that picks the feedback candidates. */
  firstPass: { bm25: 0.3, coverage: 0.2, proximity: 0.3 },
};

/** The features, each 0-1. */
export const FEATURE_NAMES = ['bm25', 'ql', 'coverage', 'proximity', 'ordered', 'title', 'feedback'] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureWeights = Record<FeatureName, number>;

/** The blend of the features that is `on_topic`; fit by scripts/train/fit-ranking.ts (docs/quality.md). */
export const RELEVANCE_WEIGHTS: FeatureWeights = {
  bm25: 0.126,
  ql: 0.012,
  coverage: 0,
  proximity: 0.05,
  ordered: 0.25,
  title: 0.188,
  feedback: 0.375,
};

export type RelevanceFeatures = FeatureWeights & {
  /** The weighted blend of the features, 0-1. */
  relevance: number;
};

/** Below this many candidates judged together, the features that compare them (feedback, QL) are left out. */
export const MIN_BATCH_FOR_COMPARISON = 3;

/** The weighted mean of the features: 0-1 when every weight is ≥ 0. */
export function blend(features: FeatureWeights, weights: FeatureWeights = RELEVANCE_WEIGHTS): number {
  let sum = 0;
  let total = 0;
  for (const name of FEATURE_NAMES) {
    sum += weights[name] * features[name];
    total += weights[name];
  }
  return total > 0 ? clamp01(sum / total) : 0;
}

interface BatchStats {
  termWeight: number[];
  avgTitle: number;
  avgBody: number;
  /** Each query term's share of all the batch's terms (title counted as in BM25F): QL's background model. */
  background: number[];
}

function batchStats(texts: readonly FieldedText[], terms: number): BatchStats {
  const n = texts.length;
  const termWeight = Array.from({ length: terms }, (_, i) => {
    const df = texts.filter((t) => (t.titleTf[i] ?? 0) + (t.bodyTf[i] ?? 0) > 0).length;
    return RELEVANCE_TUNING.idfFloor + Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const mean = (values: number[]) => Math.max(1, values.reduce((a, b) => a + b, 0) / Math.max(1, values.length));
  let length = 0;
  for (const t of texts) length += fieldLength(t);
  const background = Array.from({ length: terms }, (_, i) => {
    let tf = 0;
    for (const t of texts) tf += fieldTf(t, i);
    return (tf + 0.5) / (length + 1);
  });
  return {
    termWeight,
    avgTitle: mean(texts.map((t) => t.titleLength)),
    avgBody: mean(texts.map((t) => t.bodyLength)),
    background,
  };
}

const fieldTf = (text: FieldedText, i: number): number =>
  RELEVANCE_TUNING.titleWeight * (text.titleTf[i] ?? 0) + (text.bodyTf[i] ?? 0);
const fieldLength = (text: FieldedText): number => RELEVANCE_TUNING.titleWeight * text.titleLength + text.bodyLength;

/** Dirichlet-smoothed log query likelihood, each term weighted: compared within the batch only. */
function queryLikelihood(text: FieldedText, stats: BatchStats): number {
  const { mu } = RELEVANCE_TUNING;
  const length = fieldLength(text);
  let score = 0;
  const { termWeight, background } = stats;
  for (let i = 0; i < termWeight.length; i += 1) {
    const p = background[i] ?? 1;
    score += (termWeight[i] as number) * Math.log((fieldTf(text, i) + mu * p) / (length + mu) / p);
  }
  return score;
}

/** Min-max over the batch: 0 for its lowest value, 1 for its highest (0 when all are equal). */
function rescale(values: readonly number[]): number[] {
  let low = Infinity;
  let high = -Infinity;
  for (const v of values) {
    if (v < low) low = v;
    if (v > high) high = v;
  }
  return values.map((v) => (high > low ? (v - low) / (high - low) : 0));
}

/** BM25F with each term's saturated frequency in 0-1, averaged by term weight: 0-1. */
function bm25f(text: FieldedText, stats: BatchStats): number {
  const { k1, b, titleWeight } = RELEVANCE_TUNING;
  const titleNorm = 1 - b + b * (text.titleLength / stats.avgTitle);
  const bodyNorm = 1 - b + b * (text.bodyLength / stats.avgBody);
  let score = 0;
  let total = 0;
  const { termWeight } = stats;
  for (let i = 0; i < termWeight.length; i += 1) {
    const weight = termWeight[i] as number;
    const tf = (titleWeight * (text.titleTf[i] ?? 0)) / titleNorm + (text.bodyTf[i] ?? 0) / bodyNorm;
    score += weight * (tf / (k1 + tf));
    total += weight;
  }
  return total > 0 ? score / total : 0;
}

function coverageOf(text: FieldedText, stats: BatchStats): number {
  let found = 0;
  let total = 0;
  const { termWeight } = stats;
  for (let i = 0; i < termWeight.length; i += 1) {
    const weight = termWeight[i] as number;
    total += weight;
    if ((text.titleTf[i] ?? 0) + (text.bodyTf[i] ?? 0) > 0) found += weight;
  }
  return total > 0 ? found / total : 0;
}

/** Smallest distance between two sorted position lists. */
function minDistance(a: readonly number[], b: readonly number[]): number {
  let best = Infinity;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    best = Math.min(best, Math.abs(x - y));
    if (x < y) i += 1;
    else j += 1;
  }
  return best;
}

/**
 * How close together the query's terms occur: every pair of terms scores 1 side by side, falling
 * with the words between them (0 when either is missing); pairs weigh by their terms' weights.
 */
function proximityOf(text: FieldedText, stats: BatchStats): number {
  const n = stats.termWeight.length;
  if (n < 2) return coverageOf(text, stats);
  let score = 0;
  let total = 0;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const weight = (stats.termWeight[i] ?? 0) + (stats.termWeight[j] ?? 0);
      total += weight;
      const a = text.positions[i] ?? [];
      const b = text.positions[j] ?? [];
      if (a.length === 0 || b.length === 0) continue;
      score += weight / minDistance(a, b);
    }
  }
  return total > 0 ? score / total : 0;
}

/** Smallest gap from a position in `a` to a later one in `b` (sorted lists); Infinity when none. */
function minOrderedGap(a: readonly number[], b: readonly number[]): number {
  let best = Infinity;
  let j = 0;
  for (const x of a) {
    while (j < b.length && (b[j] ?? 0) <= x) j += 1;
    if (j >= b.length) break;
    best = Math.min(best, (b[j] ?? 0) - x);
  }
  return best;
}

/**
 * Consecutive query terms in the query's order (the sequential dependence model's ordered
 * window): each pair scores 1 side by side, 1/gap further apart; weighted as `proximityOf`.
 */
function orderedOf(text: FieldedText, stats: BatchStats): number {
  const n = stats.termWeight.length;
  if (n < 2) return coverageOf(text, stats);
  let score = 0;
  let total = 0;
  for (let i = 0; i + 1 < n; i += 1) {
    const weight = (stats.termWeight[i] ?? 0) + (stats.termWeight[i + 1] ?? 0);
    total += weight;
    const gap = minOrderedGap(text.positions[i] ?? [], text.positions[i + 1] ?? []);
    if (gap < Infinity) score += weight / gap;
  }
  return total > 0 ? score / total : 0;
}

/** The weighted share of the query's terms in the title. */
function titleOf(text: FieldedText, stats: BatchStats): number {
  let found = 0;
  let total = 0;
  const { termWeight } = stats;
  for (let i = 0; i < termWeight.length; i += 1) {
    const weight = termWeight[i] as number;
    total += weight;
    if ((text.titleTf[i] ?? 0) > 0) found += weight;
  }
  return total > 0 ? found / total : 0;
}

/** Relevance features of every candidate of a batch, in order. `providerRanks` are 1-based. */
export function lexicalRelevance(
  texts: readonly FieldedText[],
  providerRanks: readonly number[],
  batch: BatchText,
  weights: FeatureWeights = RELEVANCE_WEIGHTS,
): RelevanceFeatures[] {
  const stats = batchStats(texts, batch.lexicon.matcher.terms.length);
  const { firstPass, feedbackPrior } = RELEVANCE_TUNING;
  const ql = rescale(texts.map((text) => queryLikelihood(text, stats)));
  const base = texts.map((text, i) => ({
    bm25: bm25f(text, stats),
    ql: ql[i] ?? 0,
    coverage: coverageOf(text, stats),
    proximity: proximityOf(text, stats),
    ordered: orderedOf(text, stats),
    title: titleOf(text, stats),
  }));
  const first = base.map((f, i) => {
    const lexical =
      (firstPass.bm25 * f.bm25 + firstPass.coverage * f.coverage + firstPass.proximity * f.proximity) /
      (firstPass.bm25 + firstPass.coverage + firstPass.proximity);
    return (1 - feedbackPrior) * lexical + feedbackPrior / Math.sqrt(Math.max(1, providerRanks[i] ?? 1));
  });
  const expansion = feedbackTerms(texts, first, batch, RELEVANCE_TUNING);
  const feedback = feedbackScores(texts, batch, expansion);
  // Feedback and the rescaled query likelihood compare candidates: a page judged alone (deep mode) has neither, and
  // is blended from the features it has rather than scored 0 on them.
  const used = texts.length >= MIN_BATCH_FOR_COMPARISON ? weights : { ...weights, ql: 0, feedback: 0 };
  return base.map((f, i) => {
    // Written out rather than spread (the same fields in the same order): no object made only to be copied.
    const features: RelevanceFeatures = {
      bm25: f.bm25,
      ql: f.ql,
      coverage: f.coverage,
      proximity: f.proximity,
      ordered: f.ordered,
      title: f.title,
      feedback: feedback[i] ?? 0,
      relevance: 0,
    };
    features.relevance = blend(features, used);
    return features;
  });
}
