import { describe, expect, it } from 'vitest';

import { hashWord, wordsOf } from './word-set.ts';

describe('WordSet', () => {
  it('holds the words of the text it read, as the rule scan hashes them', () => {
    const words = wordsOf('Tide tables, printed weekly.');
    expect(words.has(hashWord('tide'))).toBe(true);
    expect(words.has(hashWord('TABLES'))).toBe(true);
    expect(words.has(hashWord('moon'))).toBe(false);
  });

  it('knows which characters a text has without walking it again', () => {
    const words = wordsOf('Low tide <b>06:12</b> — 0.4 m; μ-level “ok”');
    for (const char of ['<', ':', ';', '—', 'μ', '“']) expect(words.hasChar(char)).toBe(true);
    for (const char of ['=', '|', '#', '致', '\u2015']) expect(words.hasChar(char)).toBe(false);
    // A word character is looked up in the text itself.
    expect(words.hasChar('b')).toBe(true);
    expect(words.hasChar('z')).toBe(false);
  });

  it('tells apart two characters beyond ASCII with the same low byte', () => {
    // "Ā" (U+0100) and "Ȁ" (U+0200) share their low byte: the mark only rules a character out, the text decides.
    const words = wordsOf('Āb');
    expect(words.hasChar('Ā')).toBe(true);
    expect(words.hasChar('Ȁ')).toBe(false);
  });

  it('keeps every word and where it occurs when a text has more distinct words than its table first held', () => {
    // Six thousand distinct words of three letters (more than a text of this length usually has), then the first ten
    // again: the table grows while the text is read.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const word = (i: number): string => [676, 26, 1].map((unit) => letters[Math.floor(i / unit) % 26]).join('');
    const distinct = Array.from({ length: 6000 }, (_, i) => word(i));
    const text = [...distinct, ...distinct.slice(0, 10)].join(' ');
    const starts = [...text.matchAll(/\S+/g)].map((match) => match.index);
    const words = wordsOf(text);
    expect(words.count).toBe(6000);
    for (const [i, each] of distinct.entries()) {
      const at: number[] = [];
      words.positions(hashWord(each), at);
      expect(at).toEqual(i < 10 ? [starts[i], starts[6000 + i]] : [starts[i]]);
      expect(words.distinct[i]).toBe(hashWord(each));
    }
    expect(words.has(hashWord('absent'))).toBe(false);
    // A short text read next starts from an empty table.
    const next = wordsOf('tide tables');
    expect(next.count).toBe(2);
    expect(next.has(hashWord(distinct[0] ?? ''))).toBe(false);
  });

  it('knows the longest run of one word said again and again, case aside and one-letter words skipped', () => {
    expect(wordsOf('Buy buy BUY now').longestRepeat).toBe(3);
    expect(wordsOf('go a go a go, go').longestRepeat).toBe(4);
    expect(wordsOf('go go_ go go').longestRepeat).toBe(2);
    expect(wordsOf('Tide tables, printed weekly.').longestRepeat).toBe(1);
    const padding = `${'stop '.repeat(20)}and now the real text`;
    expect(wordsOf(padding).longestRepeat).toBe(20);
  });
});
