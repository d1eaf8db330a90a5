/**
 * Which query term a word of a candidate stands for: itself, a longer form, or a long variant.
 */

/** Words this long are compared by their stem-like start: "inductive" and "induction" share "induc". */
const VARIANT_MIN_LENGTH = 7;

/** The start two words must share to count as variants of one another. */
const variantKey = (word: string): string => word.slice(0, Math.max(5, word.length - 3));

/** `wordMatches(term, word)` for a term that is not the word, given the term's variant key. */
function matchesOther(term: string, key: string, word: string): boolean {
  if (term.length < 4) return false;
  if (word.startsWith(term)) return true;
  return term.length >= VARIANT_MIN_LENGTH && word.length >= VARIANT_MIN_LENGTH - 1 && word.startsWith(key);
}

/** Whether a text's word stands for a query term: the same, a longer form ("aldh1a1"), or a long variant. */
export function wordMatches(term: string, word: string): boolean {
  return word === term || matchesOther(term, variantKey(term), word);
}

/**
 * A word's first two characters (its only one, for a word of one character), as a number: every way of matching a term
 * keeps the term's first two characters, and a term of one character matches only itself.
 */
const startOf = (word: string): number =>
  word.length === 1 ? -1 - word.charCodeAt(0) : (word.charCodeAt(0) << 16) | word.charCodeAt(1);

/** Which query term (index) a word stands for; the batch vocabulary asks once per distinct word. */
export class TermMatcher {
  readonly terms: readonly string[];
  /** The query terms (indexes, in order) by their start: most words of a text share none, answered by one look-up. */
  private readonly byStart = new Map<number, number[]>();
  /** Each term's variant key, cut once. */
  private readonly keys: readonly string[];

  constructor(terms: readonly string[]) {
    this.terms = terms;
    this.keys = terms.map(variantKey);
    terms.forEach((term, index) => {
      const start = startOf(term);
      const same = this.byStart.get(start);
      if (same) same.push(index);
      else this.byStart.set(start, [index]);
    });
  }

  /** Whether the word `codes[from, to)` shares a query term's start: if not, `indexOf` would answer -1. */
  sharesStart(codes: Uint16Array, from: number, to: number): boolean {
    if (to === from) return false;
    const first = codes[from] as number;
    return this.byStart.has(to - from === 1 ? -1 - first : (first << 16) | (codes[from + 1] as number));
  }

  indexOf(word: string): number {
    if (word.length === 0) return -1;
    const same = this.byStart.get(startOf(word));
    if (same === undefined) return -1;
    // The word's own term first: "cells" must count for "cell" even when "cel" came earlier.
    for (const index of same) if (this.terms[index] === word) return index;
    for (const index of same)
      if (matchesOther(this.terms[index] as string, this.keys[index] as string, word)) return index;
    return -1;
  }
}
