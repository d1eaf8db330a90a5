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
});
