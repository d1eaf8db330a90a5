import { describe, expect, it } from 'vitest';

import { IES_TO_Y, stemLength } from './plural-stem.ts';
import { stem } from './text.ts';

describe('stemLength', () => {
  it('gives the length of the S-stemmer’s term, or IES_TO_Y where the term is no prefix of the word', () => {
    const endings = ['s', 'es', 'ies', 'aies', 'eies', 'oes', 'aes', 'ees', 'us', 'ss', 'is', 'ys', 'x', 'e', ''];
    const starts = ['', 'a', 'st', 'stu', 'stud', 'cell', 'b'];
    for (const start of starts) {
      for (const ending of endings) {
        const word = `${start}${ending}`;
        const codes = Uint16Array.from(` ${word} `, (c) => c.charCodeAt(0));
        const length = stemLength(codes, 1, 1 + word.length);
        const expected = stem(word);
        if (length === IES_TO_Y) expect(expected).toBe(`${word.slice(0, -3)}y`);
        else expect(word.slice(0, length)).toBe(expected);
      }
    }
  });
});
