/**
 * A candidate's text as the local judge's relevance features read it: the title and the body (the
 * provider's whole description, its extra passages, page text in deep mode) as stemmed content
 * terms, with where each query term occurs.
 */
import type { TermEvidence } from './relevance-signals.ts';
/** Words this long are compared by their stem-like start: "inductive" and "induction" share "induc". */
const VARIANT_MIN_LENGTH = 7;

/** The start two words must share to count as variants of one another. */
const variantKey = (word: string): string => word.slice(0, Math.max(5, word.length - 3));

/** Whether a text's word stands for a query term: the same, a longer form ("aldh1a1"), or a long variant. */
function wordMatches(term: string, word: string): boolean {
  if (word === term) return true;
  if (term.length < 4) return false;
  if (word.startsWith(term)) return true;
  return (
    term.length >= VARIANT_MIN_LENGTH && word.length >= VARIANT_MIN_LENGTH - 1 && word.startsWith(variantKey(term))
  );
}

/** Which query term (index) each word stands for, remembered for a batch: most words recur. */
export class TermMatcher {
  private readonly seen = new Map<string, number>();
  readonly terms: readonly string[];

  constructor(terms: readonly string[]) {
    this.terms = terms;
  }

  indexOf(word: string): number {
    let index = this.seen.get(word);
    if (index === undefined) {
      // The word's own term first: "cells" must count for "cell" even when "cel" came earlier.
      index = this.terms.indexOf(word);
      if (index < 0) index = this.terms.findIndex((term) => wordMatches(term, word));
      this.seen.set(word, index);
    }
    return index;
  }
}

export interface FieldedText {
  titleLength: number;
  bodyLength: number;
  /** Occurrences of each query term (by index) in the title and in the body. */
  titleTf: number[];
  bodyTf: number[];
  /** Positions of each query term in title and body read as one sequence (the body after a gap). */
  positions: number[][];
  /** Whether each query term occurs as itself (not only as a longer form or variant). */
  exact: boolean[];
  titleWords: readonly string[];
  bodyWords: readonly string[];
}

/** Whether the text mentions the query term at `index` in any form. */
const mentionsTerm = (text: FieldedText, index: number): boolean =>
  (text.titleTf[index] ?? 0) + (text.bodyTf[index] ?? 0) > 0;

/** Every content term of title and body with its count (a title word counts double): feedback's evidence. */
export function termCounts(text: FieldedText): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.titleWords) counts.set(word, (counts.get(word) ?? 0) + 2);
  for (const word of text.bodyWords) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The evidence the judge's other signals read, from the fielded text: no second pass over the words. */
export function evidenceOf(text: FieldedText, matcher: TermMatcher, raw: string): TermEvidence {
  return {
    raw,
    has: (term) => {
      const index = matcher.terms.indexOf(term);
      return index >= 0 ? text.exact[index] === true : text.titleWords.includes(term) || text.bodyWords.includes(term);
    },
    mentions: (term) => {
      const index = matcher.terms.indexOf(term);
      if (index >= 0) return mentionsTerm(text, index);
      // A subject spelt unlike any query term ("covid-19"): look for it the slow way.
      return [...text.titleWords, ...text.bodyWords].some((word) => wordMatches(term, word));
    },
  };
}

/** Keeps a title match from sitting next to a body match as if they were one phrase. */
const FIELD_GAP = 50;

/** Reads a candidate's title and body, each given as its content terms in order. */
export function fieldedText(
  titleWords: readonly string[],
  bodyWords: readonly string[],
  matcher: TermMatcher,
): FieldedText {
  const n = matcher.terms.length;
  const text: FieldedText = {
    titleLength: titleWords.length,
    bodyLength: bodyWords.length,
    titleTf: new Array<number>(n).fill(0),
    bodyTf: new Array<number>(n).fill(0),
    positions: Array.from({ length: n }, () => []),
    exact: new Array<boolean>(n).fill(false),
    titleWords,
    bodyWords,
  };
  const read = (words: readonly string[], tf: number[], offset: number) => {
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i] as string;
      const index = matcher.indexOf(word);
      if (index < 0) continue;
      tf[index] = (tf[index] ?? 0) + 1;
      text.positions[index]?.push(offset + i);
      if (word === matcher.terms[index]) text.exact[index] = true;
    }
  };
  read(titleWords, text.titleTf, 0);
  read(bodyWords, text.bodyTf, titleWords.length + FIELD_GAP);
  return text;
}
