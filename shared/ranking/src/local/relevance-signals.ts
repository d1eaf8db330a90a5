import { ANY_CUE, CUE } from './cue-words.ts';
import type { QueryAnalysis, QueryIntent } from './query-analysis.ts';
import { clamp01, contentTerms, coverage } from './text.ts';

export interface CandidateText {
  title: string;
  /** Snippet, or snippet plus page text in deep mode. */
  body: string;
}

export interface Indexed {
  titleTerms: Set<string>;
  allTerms: Set<string>;
  joined: string;
  raw: string;
}

export function indexCandidate({ title, body }: CandidateText): Indexed {
  const titleTerms = contentTerms(title);
  const bodyTerms = contentTerms(body);
  return {
    titleTerms: new Set(titleTerms),
    allTerms: new Set([...titleTerms, ...bodyTerms]),
    joined: [...titleTerms, ...bodyTerms].join(' '),
    raw: `${title}\n${body}`,
  };
}

/**
 * What the local judge's signals read of a candidate: which query terms it has as themselves
 * (`has`) or in any form (`mentions`: a longer form or a variant), and its raw text.
 */
export interface TermEvidence {
  has(term: string): boolean;
  mentions(term: string): boolean;
  raw: string;
}

/** How specific each query term is among the candidates judged together (rarer = weighs more). */
export type TermWeights = ReadonlyMap<string, number>;

/**
 * BM25's inverse document frequency of each query term over a batch of candidates (a candidate
 * counts when it mentions the term, also as a variant): a term every candidate contains says
 * little about which one covers the query; a term few contain says much.
 */
export function termWeights(query: QueryAnalysis, batch: readonly TermEvidence[]): TermWeights {
  const n = batch.length;
  return new Map(
    query.terms.map((term) => {
      const df = batch.filter((c) => c.mentions(term)).length;
      return [term, Math.log(1 + (n - df + 0.5) / (df + 0.5))];
    }),
  );
}

/** Share of the query's terms the text has, each weighing 1 + its IDF (a common term still counts). */
function weightedCoverage(query: QueryAnalysis, has: (term: string) => boolean, weights: TermWeights): number {
  let total = 0;
  let found = 0;
  for (const term of query.terms) {
    const weight = 1 + (weights.get(term) ?? 0);
    total += weight;
    if (has(term)) found += weight;
  }
  return total > 0 ? found / total : 0;
}

/**
 * How much of the query the candidate covers, with the title weighing in and a bonus for the
 * phrase: stage A's cheap topicality, one candidate at a time (the local judge scores its batch
 * with the fuller features of lexical-relevance.ts).
 */
export function onTopic(query: QueryAnalysis, c: Indexed): number {
  if (query.terms.length === 0) return 0;
  const phraseBonus = query.terms.length >= 2 && c.joined.includes(query.phrase) ? 0.15 : 0;
  return clamp01(0.7 * coverage(query.terms, c.allTerms) + 0.3 * coverage(query.terms, c.titleTerms) + phraseBonus);
}

/**
 * A row naming none of the subject still passes when it covers this share of the query's terms:
 * more than a third when the query names its subject with a capitalised word (a page about Albert
 * Einstein that shares only "born" with "When was Marie Curie born" is about someone else), a
 * quarter when the subject is a symbol or a guess from the query's longest terms (an abstract often
 * says "chemokine" where the claim says "CCL19"; lexical absence is weak evidence there).
 */
const ABSENT_SUBJECT_COVERAGE = { named: 0.34, guessed: 0.25 } as const;

/** Below this many candidates judged together, the batch says nothing about how a subject is named. */
export const MIN_BATCH_FOR_SUBJECT_SHARE = 3;

/**
 * The share of a batch's candidates that name any of the query's subject terms, or null for a batch
 * too small to tell (deep mode judges one page at a time).
 */
export function subjectShare(query: QueryAnalysis, batch: readonly TermEvidence[]): number | null {
  if (query.subjectTerms.length === 0 || batch.length < MIN_BATCH_FOR_SUBJECT_SHARE) return null;
  return batch.filter((c) => query.subjectTerms.some((t) => c.mentions(t))).length / batch.length;
}

/**
 * Whether the candidate is about the query's subject; null when the query names none. Lexical
 * evidence can only show that a subject is absent, so any subject term present puts the row at
 * 0.5 or above (the gate passes it); a row naming none scores below 0.5 (fails) only when it also
 * covers less than ABSENT_SUBJECT_COVERAGE of the query, and, in a batch (`share`, from
 * subjectShare), only when at least half the batch names the subject or the row shares no term
 * with the query at all. Where most of the provider's results do not name the subject, the sources
 * call it something else (a claim's "Src" is an abstract's "tyrosine kinase"), and its absence from
 * one more row says nothing. A row naming every term of a statement's grammatical subject (`claimSubject`:
 * "Assembly of invadopodia" in "Assembly of invadopodia is triggered by ... Src") is on what the statement is
 * about, and passes at 0.5 whatever else the statement names.
 */
export function subjectMatch(query: QueryAnalysis, c: TermEvidence, share: number | null = null): number | null {
  if (query.subjectTerms.length === 0) return null;
  const subject = query.subjectTerms.filter((t) => c.mentions(t)).length / query.subjectTerms.length;
  if (subject > 0) return 0.5 + 0.5 * subject;
  // A row naming all of what a statement is about is on its subject, whatever else the statement names.
  if (query.claimSubject.length > 0 && query.claimSubject.every((t) => c.mentions(t))) return 0.5;
  if (query.terms.length === 0) return 0;
  const covered = query.terms.filter((t) => c.mentions(t)).length / query.terms.length;
  const needed = query.subjectNamed ? ABSENT_SUBJECT_COVERAGE.named : ABSENT_SUBJECT_COVERAGE.guessed;
  if (covered >= needed) return 0.5;
  if (covered > 0 && share !== null && share < SUBJECT_NAMED_BY_BATCH) return 0.5;
  return 0.5 * (covered / needed);
}

/** The share of a batch naming the subject from which a row's silence about it counts against the row. */
export const SUBJECT_NAMED_BY_BATCH = 0.5;

/** Evidence of each kind of fact, looked for in the candidate's text. */
const FACT_EVIDENCE: Record<QueryIntent, RegExp> = {
  when: /\b(?:1[0-9]{3}|20[0-9]{2})\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\b|\b\d{1,2}(?:st|nd|rd|th)? century\b/i,
  who: /\b[\p{Lu}][\p{Ll}]+ [\p{Lu}][\p{Ll}]+\b/u,
  where: /\b(?:in|at|near|located|capital|city|country|region|province|state) (?:of |in )?[\p{Lu}]/u,
  quantity:
    /\b\d[\d,.]*\s*(?:%|percent|million|billion|thousand|km|kilometres?|miles?|kg|tons?|years?|people|meters?|metres?|feet|hours?|minutes?|days?)?\b/i,
  why: /\b(?:because|due to|caused by|causes?|results? (?:from|in)|leads? to|the reason|owing to|since)\b/i,
  how: /\b(?:by|through|using|steps?|process|works? by|mechanism|first|then|involves?)\b/i,
  definition: /\b(?:is an?|are|refers? to|means|is the|defined as|is a type of|known as)\b/i,
  other: /\b(?:is|are|was|were|has|have)\b/i,
};

/** FACT_EVIDENCE.other's words: its every alternative (cue-words.ts). */
export const FACT_OTHER_WORDS = ['is', 'are', 'was', 'were', 'has', 'have'];

/** Whether the text holds the evidence FACT_EVIDENCE seeks for `intent`, read from its `cues` where they settle it. */
function holdsFactEvidence(intent: QueryIntent, c: TermEvidence, cues: number): boolean {
  if (intent === 'other' && (cues & CUE.factOther) === 0) return false;
  if (intent === 'other' && (cues & CUE.exact) !== 0) return true;
  return FACT_EVIDENCE[intent].test(c.raw);
}

/**
 * Whether the text states the kind of fact the query seeks, about the query's terms. `cues`: the cue words
 * (cue-words.ts) of its raw text, when the caller has them.
 */
export function statesSoughtFact(
  query: QueryAnalysis,
  c: TermEvidence,
  weights: TermWeights,
  cues: number = ANY_CUE,
): number {
  const evidence = holdsFactEvidence(query.intent, c, cues) ? 1 : 0;
  const covered = weightedCoverage(query, (t) => c.has(t), weights);
  return clamp01((0.55 * evidence + 0.45) * covered);
}

const EXPLANATORY =
  /\b(?:is an?|are|refers? to|means|because|caused by|defined as|consists? of|occurs? when|explains?|describes?)\b/i;

/**
 * The first word of each of EXPLANATORY's alternatives, in both forms where it has two (cue-words.ts), but "is": "is a"
 * and "is an" are cues as a pair of words (cue-table.ts).
 */
export const EXPLANATORY_CUES = [
  ...['are', 'refer', 'refers', 'means', 'because', 'caused', 'defined'],
  ...['consist', 'consists', 'occur', 'occurs', 'explain', 'explains', 'describe', 'describes'],
];

/** EXPLANATORY's single-word alternatives, in both forms where they have two: any proves a match (cue-words.ts). */
export const EXPLANATORY_WORDS = ['are', 'means', 'because', 'explain', 'explains', 'describe', 'describes'];

/** Whether the text matches EXPLANATORY, read from its `cues` where they settle it. */
function explains(c: TermEvidence, cues: number): boolean {
  if ((cues & CUE.explanatory) === 0) return false;
  if ((cues & CUE.explanatoryWord) !== 0 && (cues & CUE.exact) !== 0) return true;
  return EXPLANATORY.test(c.raw);
}

/**
 * Whether a reader could answer the query from this text: topical, explanatory, long enough. `cues`: the cue words
 * (cue-words.ts) of its raw text, when the caller has them.
 */
export function answerability(
  query: QueryAnalysis,
  c: TermEvidence,
  bodyLength: number,
  weights: TermWeights,
  cues: number = ANY_CUE,
): number {
  const topical = weightedCoverage(query, (t) => c.has(t), weights);
  const explanatory = explains(c, cues) ? 1 : 0;
  const substance = Math.min(1, bodyLength / 160);
  return clamp01(topical * (0.5 + 0.25 * explanatory + 0.25 * substance));
}
