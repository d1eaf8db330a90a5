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

/** Which query term (index) a word stands for; the batch vocabulary asks once per distinct word. */
export class TermMatcher {
  readonly terms: readonly string[];
  /** The first characters of the query terms: every way of matching a term starts with its first character. */
  private readonly initials: Set<number>;

  constructor(terms: readonly string[]) {
    this.terms = terms;
    this.initials = new Set(terms.map((term) => term.charCodeAt(0)));
  }

  indexOf(word: string): number {
    if (!this.initials.has(word.charCodeAt(0))) return -1;
    // The word's own term first: "cells" must count for "cell" even when "cel" came earlier.
    const index = this.terms.indexOf(word);
    return index >= 0 ? index : this.terms.findIndex((term) => wordMatches(term, word));
  }
}
