import { describe, expect, it } from 'vitest';

import { charCodes } from './char-codes.ts';

const unitsOf = (text: string): number[] => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));

describe('charCodes', () => {
  it('gives the code units of the text, lone surrogates and NUL included, then a space', () => {
    const text = 'Ab\ud800c\udc00 😀 é\u0000\u3000z';
    const codes = charCodes(text);
    expect([...codes.subarray(0, text.length)]).toEqual(unitsOf(text));
    expect(codes[text.length]).toBe(32);
  });

  it('reads each new text, a longer one growing the array and a shorter one leaving no trace of the last', () => {
    const long = 'x'.repeat(200_000) + 'yz';
    expect([...charCodes(long).subarray(199_998, long.length + 1)]).toEqual([120, 120, 121, 122, 32]);
    const short = 'Hi';
    expect([...charCodes(short).subarray(0, 3)]).toEqual([72, 105, 32]);
    expect([...charCodes(long).subarray(0, 3)]).toEqual([120, 120, 120]);
  });
});
