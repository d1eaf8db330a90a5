/**
 * Ways attackers hide an instruction's words from a filter while a language model still reads them, applied
 * to a text as a whole: the "disguised web passages" set (./web-passages.ts) is the web-passages set with each
 * attack written in one of them. Written from how such attacks are published, not from any row of a set.
 */
export const DISGUISES = [
  'zero-width',
  'soft-hyphen',
  'tag-characters',
  'fullwidth',
  'math-bold',
  'look-alikes',
] as const;
export type DisguiseKind = (typeof DISGUISES)[number];

/** Cyrillic letters that look like these Latin ones. */
const CYRILLIC: Readonly<Record<string, string>> = {
  a: 'а',
  e: 'е',
  o: 'о',
  p: 'р',
  c: 'с',
  y: 'у',
  x: 'х',
  i: 'і',
  s: 'ѕ',
  A: 'А',
  B: 'В',
  E: 'Е',
  K: 'К',
  M: 'М',
  H: 'Н',
  O: 'О',
  P: 'Р',
  C: 'С',
  T: 'Т',
  X: 'Х',
  I: 'І',
};

const inLongWords = (text: string, minLength: number, insert: (word: string) => string): string =>
  text.replace(/[A-Za-z]+/g, (word) => (word.length >= minLength ? insert(word) : word));

/** The text written in the disguise: every word it can reach, as an attacker would. */
export function disguise(text: string, kind: DisguiseKind): string {
  switch (kind) {
    case 'zero-width':
      return inLongWords(text, 4, (word) => `${word.slice(0, 2)}\u200B${word.slice(2)}`);
    case 'soft-hyphen':
      return inLongWords(text, 5, (word) => `${word.slice(0, 3)}\u00AD${word.slice(3)}`);
    case 'tag-characters':
      return text.replace(/[\x20-\x7E]/g, (c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0)));
    case 'fullwidth':
      return text.replace(/[A-Za-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    case 'math-bold':
      return text.replace(/[A-Za-z]/g, (c) =>
        String.fromCodePoint(c <= 'Z' ? 0x1d400 + c.charCodeAt(0) - 65 : 0x1d41a + c.charCodeAt(0) - 97),
      );
    case 'look-alikes':
      return text.replace(/[A-Za-z]/g, (c) => CYRILLIC[c] ?? c);
  }
}
