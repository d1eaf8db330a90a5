/**
 * Which query term a word of a candidate stands for: itself, a longer form, or a long variant.
 */

/** Words this long are compared by their stem-like start: "inductive" and "induction" share "induc". */
const VARIANT_MIN_LENGTH = 7;

/** The start two words must share to count as variants of one another. */
const variantKey = (word: string): string => word.slice(0, Math.max(5, word.length - 3));

/** Whether a text's word stands for a query term: the same, a longer form ("aldh1a1"), or a long variant. */
export function wordMatches(term: string, word: string): boolean {
  if (word === term) return true;
  if (term.length < 4) return false;
  if (word.startsWith(term)) return true;
  return (
    term.length >= VARIANT_MIN_LENGTH && word.length >= VARIANT_MIN_LENGTH - 1 && word.startsWith(variantKey(term))
  );
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
  /** The starts of the query terms: most words of a text share none, and are answered by one set look-up. */
  private readonly starts: Set<number>;

  constructor(terms: readonly string[]) {
    this.terms = terms;
    this.starts = new Set(terms.map(startOf));
  }

  indexOf(word: string): number {
    if (word.length === 0 || !this.starts.has(startOf(word))) return -1;
    // The word's own term first: "cells" must count for "cell" even when "cel" came earlier.
    const index = this.terms.indexOf(word);
    return index >= 0 ? index : this.terms.findIndex((term) => wordMatches(term, word));
  }
}
