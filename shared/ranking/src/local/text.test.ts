import { describe, expect, it } from 'vitest';

import { contentTerms, words } from './text.ts';

describe('words', () => {
  it('splits ASCII text into lower-cased words, keeping one apostrophe', () => {
    expect(words("Don't stop: CCL19 binds CCR7 (2x).")).toEqual(["don't", 'stop', 'ccl19', 'binds', 'ccr7', '2x']);
  });

  it('reads letters of any script and splits on non-ASCII punctuation as the Unicode rule does', () => {
    expect(words('The β-cell’s émigré — Zürich±5 日本')).toEqual([
      'the',
      'β',
      'cell’s',
      'émigré',
      'zürich',
      '5',
      '日本',
    ]);
  });
});

describe('ASCII words', () => {
  it('splits ASCII text exactly as the regular expression does', () => {
    const alphabet = "aZ9 '-.,\n!x'Q";
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 500; round += 1) {
      const text = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
      expect(words(text)).toEqual(text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []);
    }
  });
});

describe('contentTerms', () => {
  it('drops stop words and folds plurals, the same from a cold and a warm cache', () => {
    expect(contentTerms('The studies of tides and cells')).toEqual(['study', 'tide', 'cell']);
    expect(contentTerms('The studies of tides and cells')).toEqual(['study', 'tide', 'cell']);
  });
});
