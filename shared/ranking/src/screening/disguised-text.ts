/**
 * Characters that hide or disguise words from a filter while a language model still reads them:
 * invisible format characters inside a word ("Ig\u200Bnore"), ASCII smuggled as Unicode tag
 * characters, fullwidth, circled and mathematical letters ("ＩＧＮＯＲＥ", "𝐈𝐠𝐧𝐨𝐫𝐞"), strike-through and
 * other combining marks laid over Latin letters, and Cyrillic or Greek look-alikes mixed into a
 * Latin word ("Іgnоrе"). The detector reads the word they spell. A word wholly in another script
 * is left as it is: only a word that mixes scripts is read as Latin.
 */
import type { InjectionFamily } from './injection-family.ts';

/** What a character becomes besides an ASCII code: kept, removed, or a combining mark. */
export const Disguise = {
  Keep: -1,
  Remove: -2,
  /** A combining mark: removed after a Latin letter, kept elsewhere (it is how some scripts are written). */
  Mark: -3,
} as const;

/**
 * Zero-width characters, word joiners, tag characters (isHiddenCode). The detector's flat
 * form takes them out so the words they split are read whole; the flat form says where one was (FlatText.hidden).
 */
export const HIDDEN_CHARACTERS: InjectionFamily = {
  reason: 'hidden characters',
  weight: 0.2,
  patterns: [],
  find: (read) => read.hidden,
};

/** Invisible characters the "hidden characters" rule family names (zero-width, word joiners, tags). */
export const isHiddenCode = (code: number): boolean =>
  (code >= 0x200b && code <= 0x200f) || (code >= 0x2060 && code <= 0x2064) || code === 0xfeff || isTag(code);

const isTag = (code: number): boolean => code >= 0xe0000 && code <= 0xe007f;

/** Letters of other scripts that look like a Latin letter, as the Latin letter. */
const LOOK_ALIKES: readonly (readonly [string, string])[] = [
  // Cyrillic
  ['а', 'a'],
  ['е', 'e'],
  ['о', 'o'],
  ['р', 'p'],
  ['с', 'c'],
  ['у', 'y'],
  ['х', 'x'],
  ['і', 'i'],
  ['ј', 'j'],
  ['ѕ', 's'],
  ['ԁ', 'd'],
  ['ԛ', 'q'],
  ['ԝ', 'w'],
  ['һ', 'h'],
  ['ӏ', 'l'],
  ['А', 'A'],
  ['В', 'B'],
  ['Е', 'E'],
  ['К', 'K'],
  ['М', 'M'],
  ['Н', 'H'],
  ['О', 'O'],
  ['Р', 'P'],
  ['С', 'C'],
  ['Т', 'T'],
  ['Х', 'X'],
  ['І', 'I'],
  ['Ј', 'J'],
  ['Ѕ', 'S'],
  ['Ү', 'Y'],
  // Greek
  ['α', 'a'],
  ['ο', 'o'],
  ['ν', 'v'],
  ['ρ', 'p'],
  ['ι', 'i'],
  ['κ', 'k'],
  ['Α', 'A'],
  ['Β', 'B'],
  ['Ε', 'E'],
  ['Ζ', 'Z'],
  ['Η', 'H'],
  ['Ι', 'I'],
  ['Κ', 'K'],
  ['Μ', 'M'],
  ['Ν', 'N'],
  ['Ο', 'O'],
  ['Ρ', 'P'],
  ['Τ', 'T'],
  ['Υ', 'Y'],
  ['Χ', 'X'],
];

/** The look-alikes by code, from U+0370 (Greek) to U+052F (Cyrillic): the Latin letter, or 0. */
const LOOK_ALIKE_TABLE = new Uint8Array(0x530 - 0x370);
for (const [from, to] of LOOK_ALIKES) LOOK_ALIKE_TABLE[from.charCodeAt(0) - 0x370] = to.charCodeAt(0);

/** The Latin letter a look-alike stands for, or −1. */
export const lookAlikeOf = (code: number): number =>
  code >= 0x370 && code < 0x530 ? (LOOK_ALIKE_TABLE[code - 0x370] ?? 0) || -1 : -1;

const mathLetters = new Map<number, number>();
/** A mathematical alphanumeric symbol (U+1D400–U+1D7FF) as its ASCII letter or digit (NFKC), or −1 (Greek ones). */
function mathLetter(codePoint: number): number {
  let ascii = mathLetters.get(codePoint);
  if (ascii === undefined) {
    const folded = String.fromCodePoint(codePoint).normalize('NFKC');
    ascii = folded.length === 1 && /[A-Za-z0-9]/.test(folded) ? folded.charCodeAt(0) : -1;
    mathLetters.set(codePoint, ascii);
  }
  return ascii;
}

/** What the code point becomes when read (see Disguise), or the ASCII code it stands for. */
export function disguiseOf(codePoint: number): number {
  if (codePoint < 0x00ad) return Disguise.Keep;
  if (isTag(codePoint)) return codePoint >= 0xe0020 && codePoint <= 0xe007e ? codePoint - 0xe0000 : Disguise.Remove;
  if (codePoint >= 0x1d400 && codePoint <= 0x1d7ff) {
    const ascii = mathLetter(codePoint);
    return ascii < 0 ? Disguise.Keep : ascii;
  }
  if (codePoint >= 0xe0100 && codePoint <= 0xe01ef) return Disguise.Remove; // variation selectors supplement
  if (codePoint > 0xffff) return Disguise.Keep;
  if (
    codePoint === 0x00ad ||
    codePoint === 0x034f ||
    codePoint === 0x061c ||
    codePoint === 0x115f ||
    codePoint === 0x1160 ||
    codePoint === 0x17b4 ||
    codePoint === 0x17b5 ||
    (codePoint >= 0x180b && codePoint <= 0x180f) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x206f) ||
    codePoint === 0x3164 ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    codePoint === 0xfeff ||
    codePoint === 0xffa0
  )
    return Disguise.Remove;
  if (
    (codePoint >= 0x0300 && codePoint <= 0x036f) ||
    (codePoint >= 0x1ab0 && codePoint <= 0x1aff) ||
    (codePoint >= 0x1dc0 && codePoint <= 0x1dff) ||
    (codePoint >= 0x20d0 && codePoint <= 0x20ff)
  )
    return Disguise.Mark;
  if ((codePoint >= 0xff10 && codePoint <= 0xff19) || (codePoint >= 0xff21 && codePoint <= 0xff3a))
    return codePoint - 0xfee0;
  if (codePoint >= 0xff41 && codePoint <= 0xff5a) return codePoint - 0xfee0;
  if (codePoint >= 0x24b6 && codePoint <= 0x24cf) return 0x41 + codePoint - 0x24b6;
  if (codePoint >= 0x24d0 && codePoint <= 0x24e9) return 0x61 + codePoint - 0x24d0;
  return Disguise.Keep;
}

const isAsciiLetter = (code: number): boolean => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
/** Ends a word inside a word of the flat text: ASCII punctuation and symbols, general punctuation. */
const endsWord = (code: number): boolean =>
  code < 0x80 ? !(isAsciiLetter(code) || (code >= 0x30 && code <= 0x39)) : code >= 0x2010 && code <= 0x205e;

/** Stretches of characters at or above U+00AD (one fast scan skips the rest); the flat text has no spaces in them. */
const SITES = /[\u00ad-\uffff]+/g;

/**
 * The words of a flat text (between its spaces) that this module changes: those holding a disguising character, or a
 * Greek or Cyrillic look-alike next to a Latin letter (Greek or Russian text, and a Greek letter in a formula such as
 * "Aβ", are left as they are). As [start, end) ranges, in order, none overlapping.
 */
export function disguisedWords(text: string): [number, number][] {
  const words: [number, number][] = [];
  SITES.lastIndex = 0;
  for (let site = SITES.exec(text); site !== null; site = SITES.exec(text)) {
    const from = site.index;
    const to = from + site[0].length;
    // Inside a word already taken: one look back and one ahead per word, never per site (a word of 100,000 sites
    // would otherwise cost their square).
    const last = words[words.length - 1];
    if (last && to <= last[1]) continue;
    let disguised = false;
    let lookAlike = false;
    for (let i = from; i < to && !disguised; i += 1) {
      const code = text.charCodeAt(i);
      if (code === 0xd835 || code === 0xdb40) disguised = true;
      else if (lookAlikeOf(code) >= 0) lookAlike = true;
      else if ((code < 0xd800 || code > 0xdfff) && disguiseOf(code) !== Disguise.Keep) disguised = true;
    }
    if (!disguised && !(lookAlike && (isAsciiLetter(text.charCodeAt(from - 1)) || isAsciiLetter(text.charCodeAt(to)))))
      continue;
    const start = from === 0 ? 0 : text.lastIndexOf(' ', from - 1) + 1;
    const space = text.indexOf(' ', to);
    const end = space < 0 ? text.length : space;
    if (last && last[1] >= start) last[1] = Math.max(last[1], end);
    else words.push([start, end]);
  }
  return words;
}

/** A word as read: its text, where each of its code units came from in the word given, and whether it hid anything. */
export interface ReadWord {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
  hidden: boolean;
}

/**
 * A word read as the letters it shows: each character removed, read as ASCII or kept; look-alikes read as Latin in a
 * part of it (between punctuation) that mixes them with Latin letters; both offsets of every code unit kept, so spans
 * map back whole (a surrogate pair too).
 */
export function readWord(word: string): ReadWord {
  const n = word.length;
  const codes = new Uint16Array(n);
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  let out = 0;
  let hidden = false;
  let partStart = 0;
  let latin = false;
  let lookAlikes = false;
  for (let i = 0; i < n;) {
    const at = i;
    let code = word.charCodeAt(i);
    i += 1;
    if (code >= 0xd800 && code <= 0xdbff && i < n) {
      const low = word.charCodeAt(i);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i += 1;
      }
    }
    let shown = code;
    if (code >= 0xad) {
      const read = disguiseOf(code);
      if (isHiddenCode(code)) hidden = true;
      if (read === Disguise.Remove) continue;
      if (read === Disguise.Mark && out > 0 && isAsciiLetter(codes[out - 1] ?? 0)) continue;
      if (read >= 0) shown = read;
    }
    const boundary = endsWord(shown);
    if (boundary) {
      if (latin && lookAlikes) readAsLatin(codes, partStart, out);
      latin = false;
      lookAlikes = false;
    }
    if (shown > 0xffff) {
      codes[out] = 0xd800 + ((shown - 0x10000) >> 10);
      codes[out + 1] = 0xdc00 + ((shown - 0x10000) & 0x3ff);
      starts[out] = at;
      starts[out + 1] = at;
      ends[out] = i;
      ends[out + 1] = i;
      out += 2;
    } else {
      codes[out] = shown;
      starts[out] = at;
      ends[out] = i;
      out += 1;
      if (isAsciiLetter(shown)) latin = true;
      else if (lookAlikeOf(shown) >= 0) lookAlikes = true;
    }
    if (boundary) partStart = out;
  }
  if (latin && lookAlikes) readAsLatin(codes, partStart, out);
  // A lone surrogate becomes U+FFFD, one code unit for one: offsets hold.
  return { text: UTF16.decode(codes.subarray(0, out)), starts, ends, hidden };
}

const UTF16 = new TextDecoder('utf-16le');

/** A part of a word that mixes Latin letters with look-alikes from another script, read as Latin. */
function readAsLatin(codes: Uint16Array, from: number, to: number): void {
  for (let j = from; j < to; j += 1) {
    const ascii = lookAlikeOf(codes[j] ?? 0);
    if (ascii >= 0) codes[j] = ascii;
  }
}
