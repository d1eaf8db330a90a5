/**
 * `stem` of text.ts read off a word's code units, so that a word seen for the first time needs no string to find its
 * term: the S-stemmer's term is the word itself or the word less its final "s", except for "-ies" → "-y".
 */

const CODE = { a: 97, e: 101, i: 105, o: 111, s: 115, u: 117 } as const;

/** The stem is no prefix of the word: "-ies" becomes "-y". */
export const IES_TO_Y = -1;

/** The length of `stem(word)` for the lower-cased word `codes[from, to)`, or IES_TO_Y. */
export function stemLength(codes: Uint16Array, from: number, to: number): number {
  const length = to - from;
  if (length <= 3 || codes[to - 1] !== CODE.s) return length;
  // The letters before the "s", from the nearest back (plain reads: neither a closure nor an array per call).
  const last = codes[to - 2];
  const second = codes[to - 3];
  const third = codes[to - 4];
  if (last === CODE.e) {
    if (second === CODE.i && third !== CODE.a && third !== CODE.e) return IES_TO_Y;
    if (second !== CODE.a && second !== CODE.e && second !== CODE.o) return length - 1;
  }
  return last === CODE.u || last === CODE.s ? length : length - 1;
}
