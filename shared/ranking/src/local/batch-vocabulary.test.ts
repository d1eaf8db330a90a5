import { describe, expect, it } from 'vitest';

import { BatchVocabulary } from './batch-vocabulary.ts';
import { TermMatcher } from './term-matcher.ts';
import { repeatsOf } from './spam-signals.ts';
import { termsOfWords, words } from './text.ts';

const texts = [
  "Don't stop: CCL19 binds CCR7 (2x).",
  'The β-cell’s émigré — Zürich±5 日本 studies of cells',
  'Cells, cells and more CELLS: the cell studies the studies.',
  '',
  // Apostrophe tails (ASCII letters only), curly apostrophes, letters whose lower case is longer, surrogate pairs,
  // Greek final sigma, control characters, a word at the very end.
  "rock'n'roll o' 'tis abc'9 x'' IL'S don’t İSTANBUL 𝔸𝔹c 😀ok ΟΔΟΣ. ΟΔΟΣ\u0001A\tb\u2026end",
  'cells cells cells',
];

describe('the batch vocabulary', () => {
  const vocabulary = new BatchVocabulary(new TermMatcher(['cell', 'study']));
  const spell = (ids: Int32Array, text: (id: number) => string) => [...ids].map(text);
  const word = (id: number) => vocabulary.wordOf(id);
  const term = (id: number) => vocabulary.termOf(id);

  it('splits a text into the words and content terms text.ts gives', () => {
    for (const text of texts) {
      const ids = vocabulary.wordsOf(text);
      expect(spell(ids, word)).toEqual(words(text));
      expect(spell(vocabulary.termsOf(ids), term)).toEqual(termsOfWords(words(text)));
    }
  });

  it('splits a text longer than the buffer it starts with, and a part of a text as that part alone', () => {
    const long = Array.from({ length: 400 }, (_, i) => `Zürich’s cell${i} don't`).join(' — ');
    expect(spell(vocabulary.wordsOf(long), word)).toEqual(words(long));
    const lower = long.toLowerCase();
    const [from, to] = [lower.indexOf('cell17'), lower.indexOf('cell29')];
    expect(spell(vocabulary.wordsOfLower(lower, from, to), word)).toEqual(words(long.slice(from, to)));
  });

  it('spells a word longer than one call to String.fromCharCode takes, and tells numbers from other terms', () => {
    const long = `${'ab'.repeat(6000)}9`;
    const [id] = vocabulary.wordsOf(`${long} `);
    expect(vocabulary.wordOf(id!)).toBe(long);
    const [number, word] = vocabulary.termsOf(vocabulary.wordsOf('2024 x2024'));
    expect([vocabulary.termIsNumber(number!), vocabulary.termIsNumber(word!)]).toEqual([true, false]);
    expect(vocabulary.termLength(word!)).toBe(5);
  });

  it('orders terms as their strings are ordered', () => {
    const ids = [...vocabulary.termsOf(vocabulary.wordsOf('zeta cell cells cellar ce émigré 10 9 c'))];
    const byCodes = [...ids].sort((a, b) => vocabulary.compareTerms(a, b)).map(term);
    expect(byCodes).toEqual(ids.map(term).sort());
  });

  it('gives a word one id however often it recurs, and knows the query term each term stands for', () => {
    const ids = vocabulary.wordsOf('cells cells');
    expect(ids[0]).toBe(ids[1]);
    const [cells, studies, ccl19] = vocabulary.termsOf(vocabulary.wordsOf('cells studies ccl19'));
    expect(vocabulary.queryIndex[cells!]).toBe(0);
    expect(vocabulary.queryIndex[studies!]).toBe(1);
    expect(vocabulary.queryIndex[ccl19!]).toBe(-1);
  });

  it('counts repeated words as the spam signal does', () => {
    const stuffed = 'cheap flights cheap hotels cheap cars cheap deals cheap cheap tours';
    const a = vocabulary.wordsOf(stuffed);
    const b = vocabulary.wordsOf(texts[2]!);
    expect(vocabulary.repeatsOf(a, b)).toEqual(repeatsOf([...words(stuffed), ...words(texts[2]!)]));
    // The counts are cleared after each use.
    expect(vocabulary.repeatsOf(a)).toEqual(repeatsOf(words(stuffed)));
  });
});

describe('a window on the text last read whole', () => {
  it('has the words of that part read alone, wherever it starts and ends', () => {
    const text =
      "Don't stop: CCL19 binds CCR7 (2x) — rock'n'roll 'tis the β-cell’s émigré don't9x, a'' z'b. Zürich±5 日本 end";
    const lower = text.toLowerCase();
    for (let start = 0; start <= lower.length; start += 1) {
      for (let end = start; end <= lower.length; end += 3) {
        const alone = new BatchVocabulary(new TermMatcher(['cell']));
        const windowed = new BatchVocabulary(new TermMatcher(['cell']));
        const expected = [...alone.wordsOfLower(lower, start, end)].map((id) => alone.wordOf(id));
        windowed.wordsOfLower(lower, 0, lower.length);
        const found = [...windowed.windowOf(lower, start, end)].map((id) => windowed.wordOf(id));
        expect(found, `${start}-${end}`).toEqual(expected);
      }
    }
  });
});
