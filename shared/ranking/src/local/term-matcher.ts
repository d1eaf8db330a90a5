/**
 * Which query term a word of a candidate stands for: itself, a longer form, or a long variant. Words are read as code
 * units (the batch's words are not strings until asked for).
 */
import { CodeUnits, codesOf } from './code-units.ts';

/** Words this long are compared by their stem-like start: "inductive" and "induction" share "induc". */
const VARIANT_MIN_LENGTH = 7;

/** The length of the start two words must share to count as variants of one another. */
const variantKeyLength = (term: string): number => Math.max(5, term.length - 3);

/**
 * A word's first two characters (its only one, for a word of one character), as a number: every way of matching a term
 * keeps the term's first two characters, and a term of one character matches only itself.
 */
const startOf = (codes: Uint16Array, from: number, to: number): number =>
  to - from === 1 ? -1 - (codes[from] as number) : ((codes[from] as number) << 16) | (codes[from + 1] as number);

/** A start's place among 1,024 bits (Fibonacci hashing: the top ten bits of the product). */
const startBit = (start: number): number => Math.imul(start, 0x9e3779b1) >>> 22;

/** Whether the word `codes[from, to)` starts with the first `length` code units of `prefix`. */
function startsWith(codes: Uint16Array, from: number, to: number, prefix: Uint16Array, length: number): boolean {
  if (to - from < length) return false;
  for (let i = 0; i < length; i += 1) if (codes[from + i] !== prefix[i]) return false;
  return true;
}

/** Which query term (index) a word stands for; the batch's lexicon asks once per distinct word. */
export class TermMatcher {
  readonly terms: readonly string[];
  /**
   * The query terms' distinct starts, and the terms (indexes, in order) of each: most words of a text share none,
   * answered by a look through a few numbers (quicker than a map's look-up, asked for every new word of a batch).
   */
  private readonly starts: Int32Array;
  /**
   * A bit for the start (`startOf`) of each query term, hashed to one of 1,024: most words are told apart by it alone,
   * before the starts are looked through.
   */
  private readonly startBits = new Int32Array(32);
  private readonly withStart: number[][] = [];
  /** Each term's code units, and the length of its variant key. */
  private readonly units: readonly Uint16Array[];
  private readonly keyLengths: readonly number[];
  private readonly wordUnits = new CodeUnits();

  constructor(terms: readonly string[]) {
    this.terms = terms;
    this.units = terms.map(codesOf);
    this.keyLengths = terms.map(variantKeyLength);
    const starts: number[] = [];
    this.units.forEach((term, index) => {
      if (term.length === 0) return;
      const start = startOf(term, 0, term.length);
      const at = starts.indexOf(start);
      if (at >= 0) this.withStart[at]?.push(index);
      else {
        starts.push(start);
        this.withStart.push([index]);
      }
    });
    this.starts = Int32Array.from(starts);
    for (const start of starts) {
      const bit = startBit(start);
      this.startBits[bit >>> 5] = (this.startBits[bit >>> 5] as number) | (1 << (bit & 31));
    }
  }

  /** Which query term (index) `word` stands for, or -1. */
  indexOf(word: string): number {
    return this.indexOfCodes(this.wordUnits.write(word), 0, word.length);
  }

  /** Whether the word `codes[from, to)` may stand for a query term: false for most words, told by one bit. */
  mayMatch(codes: Uint16Array, from: number, to: number): boolean {
    if (to === from) return false;
    const bit = startBit(startOf(codes, from, to));
    return (((this.startBits[bit >>> 5] as number) >>> (bit & 31)) & 1) !== 0;
  }

  /** `indexOf` of the word `codes[from, to)`. */
  indexOfCodes(codes: Uint16Array, from: number, to: number): number {
    if (!this.mayMatch(codes, from, to)) return -1;
    const start = startOf(codes, from, to);
    const { starts } = this;
    let at = 0;
    while (at < starts.length && starts[at] !== start) at += 1;
    if (at === starts.length) return -1;
    const same = this.withStart[at] as number[];
    // The word's own term first: "cells" must count for "cell" even when "cel" came earlier.
    for (const index of same) if (this.isTerm(index, codes, from, to)) return index;
    for (const index of same) if (this.standsFor(index, codes, from, to)) return index;
    return -1;
  }

  /** Whether the word `codes[from, to)` is query term `index` itself. */
  isTerm(index: number, codes: Uint16Array, from: number, to: number): boolean {
    const term = this.units[index] as Uint16Array;
    return term.length === to - from && startsWith(codes, from, to, term, term.length);
  }

  /** Whether the word `codes[from, to)`, not query term `index` itself, is a longer form or a long variant of it. */
  private standsFor(index: number, codes: Uint16Array, from: number, to: number): boolean {
    const term = this.units[index] as Uint16Array;
    if (term.length < 4) return false;
    if (startsWith(codes, from, to, term, term.length)) return true;
    return (
      term.length >= VARIANT_MIN_LENGTH &&
      to - from >= VARIANT_MIN_LENGTH - 1 &&
      startsWith(codes, from, to, term, this.keyLengths[index] as number)
    );
  }
}
