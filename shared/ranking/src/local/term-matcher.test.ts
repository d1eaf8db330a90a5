import { describe, expect, it } from 'vitest';

import { TermMatcher } from './term-matcher.ts';

/** The rule, spelt out on strings: the same word, a longer form ("aldh1a1"), or a long variant ("induction"). */
function wordMatches(term: string, word: string): boolean {
  if (word === term) return true;
  if (term.length < 4) return false;
  if (word.startsWith(term)) return true;
  return term.length >= 7 && word.length >= 6 && word.startsWith(term.slice(0, Math.max(5, term.length - 3)));
}

describe('the term matcher', () => {
  const terms = ['x', 'ox', 'cel', 'cell', 'inductive', 'aldh1', 'β', 'a😀'];
  const matcher = new TermMatcher(terms);
  // The answer without the look-up by start: the word's own term, else the first term it stands for.
  const reference = (word: string) =>
    terms.includes(word) ? terms.indexOf(word) : terms.findIndex((term) => wordMatches(term, word));

  it('finds the term a word stands for by every route: itself, a longer form, a long variant', () => {
    const cases: [string, number][] = [
      ['x', 0],
      ['xx', -1],
      ['ox', 1],
      ['oxen', -1],
      ['cel', 2],
      ['cells', 3],
      ['cellular', 3],
      ['induction', 4],
      ['induc', -1],
      ['aldh1a1', 5],
      ['β', 6],
      ['βcell', -1],
      // A character outside the BMP is two code units, in the term as in the word.
      ['a😀', 7],
      ['a😀s', -1],
      ['c', -1],
      ['', -1],
    ];
    for (const [word, index] of cases) {
      expect(matcher.indexOf(word), word).toBe(index);
      expect(matcher.indexOf(word), word).toBe(reference(word));
    }
  });
});
