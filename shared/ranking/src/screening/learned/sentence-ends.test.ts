import { describe, expect, it } from 'vitest';

import { SENTENCE_END, isRegexSpace, nextSentenceEnd } from './sentence-ends.ts';

/** [end, is the " — " branch] of each match of the global regex, and of the walk. */
const byRegex = (text: string): number[][] => {
  SENTENCE_END.lastIndex = 0;
  return [...text.matchAll(SENTENCE_END)].map((m) => [m.index + m[0].length, Number(m[0].includes('—'))]);
};
const byWalk = (text: string): number[][] => {
  const out: number[][] = [];
  for (let found = nextSentenceEnd(text, 0); found >= 0; found = nextSentenceEnd(text, found >> 1))
    out.push([found >> 1, found & 1]);
  return out;
};

describe('nextSentenceEnd', () => {
  it('treats as space exactly what \\s matches', () => {
    for (let code = 0; code < 0x10000; code += 1) expect(isRegexSpace(code)).toBe(/\s/.test(String.fromCharCode(code)));
  });

  it('finds the matches SENTENCE_END finds, in order', () => {
    const texts = [
      'One. Two! Three?\nFour。 Five！Six？ "Quoted." Done.) [x.] y',
      'Title — description\u00a0—\u2003more  —x — \u3000 — end',
      'a | b|c  |  d \t|\n e ||  | . |',
      'Run on...   and on\ufeff.\ufeff next',
      'no end here',
      '   ',
    ];
    for (const text of texts) expect(byWalk(text)).toEqual(byRegex(text));
  });
});
