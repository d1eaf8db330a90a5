/**
 * Hashed features of untrusted text for the learned injection detector: lower-cased words, word
 * pairs and character 3–5-grams, each hashed into a fixed number of buckets. Whitespace of any kind
 * counts as one space, so no feature depends on newlines or on where a provider cut its text.
 * Training (scripts/train) and the product use this one file, so both see the same features.
 */

import type { SentenceTraits } from './context-shift.ts';
import { sentenceTraits } from './context-shift.ts';
import { opensRequest, requestOpensInside } from './assistant-ask.ts';
import { FNV_OFFSET, FNV_PRIME, mix } from '../../fnv.ts';
import { charCodes } from '../char-codes.ts';
import {
  askHash,
  assistantAskHash,
  firstPairHash,
  firstWordHash,
  modelAskHash,
  positionHash,
  questionHash,
  settingHash,
  shiftFirstWordHash,
} from './sentence-hashes.ts';

const SALT_WORD = 0x9e3779b1;
const SALT_PAIR = 0x85ebca77;
const SALT_3 = 0xc2b2ae3d;
const SALT_4 = 0x27d4eb2f;
const SALT_5 = 0x165667b1;

const isSpace = (code: number): boolean =>
  code <= 32 || code === 0xa0 || (code >= 0x2000 && code <= 0x200a) || code === 0x3000;
/** Letters, digits and any non-ASCII character (other scripts) make words; punctuation and quotes do not. */
const isWordCode = (code: number): boolean =>
  (code >= 97 && code <= 122) ||
  (code >= 48 && code <= 57) ||
  (code > 127 && !isSpace(code) && (code < 0x2010 || code > 0x206f));

/** Lower case of one character code (ASCII fast, others through the string API). */
function lower(text: string, i: number, code: number): number {
  if (code >= 65 && code <= 90) return code + 32;
  if (code > 127) return text.charAt(i).toLowerCase().charCodeAt(0);
  return code;
}

/** Receives each feature: its bucket and the offset in the original text where it starts. */
export type FeatureSink = (bucket: number, at: number) => void;

/** The bucket of a word, and of a pair of words, from their hashes. */
const wordBucket = (hashed: number, mask: number): number => mix(hashed ^ SALT_WORD) & mask;
const pairBucket = (previous: number, hashed: number, mask: number): number =>
  mix(Math.imul(previous, 31) ^ hashed ^ SALT_PAIR) & mask;

/** A character as the features read it: its lower case in the low 16 bits (whitespace: a space), and its kind. */
const WORD_CHAR = 1 << 16;
const SPACE_CHAR = 1 << 17;
const classify = (lowered: number): number =>
  isSpace(lowered) ? 32 | SPACE_CHAR : isWordCode(lowered) ? lowered | WORD_CHAR : lowered;
/** ASCII by table: one look-up per character instead of a chain of comparisons (most text is ASCII). */
const ASCII_CLASS = Int32Array.from({ length: 128 }, (_, code) =>
  classify(code >= 65 && code <= 90 ? code + 32 : code),
);
const classAt = (text: string, i: number, code: number): number =>
  code < 128 ? (ASCII_CLASS[code] ?? 0) : classify(lower(text, i, code));

/**
 * Walks `text` once and reports every feature. `mask` is buckets − 1 (a power of two). A run of
 * whitespace is one space; a virtual space before the text gives its first word boundary n-grams.
 */
export function forEachFeature(text: string, mask: number, sink: FeatureSink): void {
  // The last five normalised characters (c5 newest) and where each started; c1 and s1 are only ever shifted in.
  let c1: number,
    c2 = 32,
    c3 = 32,
    c4 = 32,
    c5 = 32;
  let s1: number,
    s2 = 0,
    s3 = 0,
    s4 = 0,
    s5 = 0;
  let filled = 1;
  let previousSpace = true;
  let word = FNV_OFFSET;
  let wordLength = 0;
  let wordStart = 0;
  let previousWord = -1;
  const length = text.length;
  // A space after the last character ends its word.
  const codes = charCodes(text);
  for (let i = 0; i <= length; i += 1) {
    const kind = classAt(text, i, codes[i] ?? 32);
    const space = (kind & SPACE_CHAR) !== 0;
    if (space && previousSpace) continue;
    previousSpace = space;
    const code = kind & 0xffff;

    if ((kind & WORD_CHAR) !== 0) {
      if (wordLength === 0) wordStart = i;
      word = Math.imul(word ^ code, FNV_PRIME);
      wordLength += 1;
    } else if (wordLength > 0) {
      const hashed = mix(word);
      sink(wordBucket(hashed, mask), wordStart);
      if (previousWord >= 0) sink(pairBucket(previousWord, hashed, mask), wordStart);
      previousWord = hashed;
      word = FNV_OFFSET;
      wordLength = 0;
    }

    c1 = c2;
    c2 = c3;
    c3 = c4;
    c4 = c5;
    c5 = code;
    s1 = s2;
    s2 = s3;
    s3 = s4;
    s4 = s5;
    s5 = i;
    filled += 1;
    if (filled < 3) continue;
    const h3 = Math.imul(Math.imul(Math.imul(FNV_OFFSET ^ c5, FNV_PRIME) ^ c4, FNV_PRIME) ^ c3, FNV_PRIME);
    sink(mix(h3 ^ SALT_3) & mask, s3);
    if (filled < 4) continue;
    const h4 = Math.imul(h3 ^ c2, FNV_PRIME);
    sink(mix(h4 ^ SALT_4) & mask, s2);
    if (filled < 5) continue;
    sink(mix(Math.imul(h4 ^ c1, FNV_PRIME) ^ SALT_5) & mask, s1);
  }
}

/**
 * The words and word pairs of `text` with their buckets and names, split as forEachFeature splits
 * them (the model names its strongest ones as reasons).
 */
export function forEachWordFeature(text: string, mask: number, sink: (bucket: number, name: string) => void): void {
  forEachWordSpan(text, mask, (bucket, from, to, previousFrom, previousTo) =>
    sink(bucket, featureName(text, from, to, previousFrom, previousTo)),
  );
}

/**
 * Receives a word feature, text[from, to), or a word pair feature, when previousFrom ≥ 0, whose
 * first word is text[previousFrom, previousTo): its bucket and where it lies, no name built.
 */
export type WordSpanSink = (bucket: number, from: number, to: number, previousFrom: number, previousTo: number) => void;

/** The words and word pairs of `text`, as forEachWordFeature gives them, by place (names only if asked). */
export function forEachWordSpan(text: string, mask: number, sink: WordSpanSink): void {
  let word = FNV_OFFSET;
  let length = 0;
  let from = 0;
  let previous = -1;
  let previousFrom = 0;
  let previousTo = 0;
  for (let i = 0; i <= text.length; i += 1) {
    const code = i < text.length ? lower(text, i, text.charCodeAt(i)) : 32;
    if (isWordCode(code)) {
      if (length === 0) from = i;
      word = Math.imul(word ^ code, FNV_PRIME);
      length += 1;
      continue;
    }
    if (length === 0) continue;
    const hashed = mix(word);
    sink(wordBucket(hashed, mask), from, i, -1, -1);
    if (previous >= 0) sink(pairBucket(previous, hashed, mask), from, i, previousFrom, previousTo);
    previous = hashed;
    previousFrom = from;
    previousTo = i;
    word = FNV_OFFSET;
    length = 0;
  }
}

/** A word's name: its characters lower-cased one by one, as the features hash them. */
function wordName(text: string, from: number, to: number): string {
  let name = '';
  for (let i = from; i < to; i += 1) name += String.fromCharCode(lower(text, i, text.charCodeAt(i)));
  return name;
}

/** The name of a feature forEachWordSpan gave: the word, or the pair's two words and a space between. */
export function featureName(text: string, from: number, to: number, previousFrom = -1, previousTo = -1): string {
  const name = wordName(text, from, to);
  return previousFrom < 0 ? name : `${wordName(text, previousFrom, previousTo)} ${name}`;
}

/** A sentence longer than this is cut into pieces of this length (a run-on text or a list without stops). */
const MAX_SENTENCE_CHARS = 240;
/** A sentence shorter than this joins the next one (an abbreviation or a heading is no sentence), unless a request. */
const MIN_SENTENCE_CHARS = 30;
/**
 * ". ", "! ", "? " (any whitespace after), " — ", which joins a result's title to its description, and
 * a cell separator "|" (a table or a "SUBJECT: …|CONTENT: …" record has no sentence stops of its own).
 */
// The cell separator's match starts at the "|" itself: with the whitespace before it in the match ("\s*\|"), every
// position of a text could start one, and the search could not skip ahead to a stop. Only where a sentence ends
// is read from a match, and that is the same.
const SENTENCE_END = /(?:[.!?。！？]["'’”)\]]*|\s—)\s+|\|\s*/g;

/** The next capitalised word at or after `from` that opens a sentence with no stop before it, or -1. */
function nextOpener(text: string, from: number): number {
  CAPITAL_AFTER_SPACE.lastIndex = Math.max(0, from - 1);
  for (let match = CAPITAL_AFTER_SPACE.exec(text); match !== null; match = CAPITAL_AFTER_SPACE.exec(text)) {
    if (requestOpensInside(text, match.index + 1)) return match.index + 1;
  }
  return -1;
}
/** Where a capital follows a space (searched natively: most of a text's spaces are followed by small letters). */
const CAPITAL_AFTER_SPACE = / [A-Z]/g;

/** sentenceOf's per-character array, reused from text to text: a new one for a page was a 40 KB allocation a call. */
let blockBuffer = new Uint16Array(1024);

/**
 * Which sentence each character of `text` belongs to: ends are ". ", "! ", "? ", "|" and " — " (whitespace
 * of any kind, so lines play no part), and a request or a word to the reader's "your" opening with no stop before it
 * (text joined from lines or cells); short sentences join the next, long ones are cut. `blockOf` is valid at
 * [0, text.length] until the next call (a shared array, longer than the text); `starts` is the caller's.
 */
export function sentenceOf(text: string): { blockOf: Uint16Array; starts: number[] } {
  if (blockBuffer.length <= text.length)
    blockBuffer = new Uint16Array(Math.max(text.length + 1, blockBuffer.length * 2));
  const blockOf = blockBuffer;
  const starts: number[] = [];
  let from = 0;
  const close = (to: number): void => {
    while (to - from > MAX_SENTENCE_CHARS) {
      const cut = text.lastIndexOf(' ', from + MAX_SENTENCE_CHARS);
      const at = cut > from + MIN_SENTENCE_CHARS ? cut + 1 : from + MAX_SENTENCE_CHARS;
      starts.push(from);
      blockOf.fill(Math.min(65535, starts.length - 1), from, at);
      from = at;
    }
    starts.push(from);
    blockOf.fill(Math.min(65535, starts.length - 1), from, to);
    from = to;
  };
  SENTENCE_END.lastIndex = 0;
  // Stops, and sentences that open with no stop before them (./assistant-ask.ts), in text order.
  let opener = nextOpener(text, 0);
  for (let match = SENTENCE_END.exec(text); ; match = SENTENCE_END.exec(text)) {
    const stop = match === null ? text.length : match.index;
    for (; opener >= 0 && opener < stop; opener = nextOpener(text, opener + 1)) {
      if (opener > from) close(opener);
    }
    if (match === null) break;
    const to = match.index + match[0].length;
    // A title's " — " always ends it: a short title must not join the description's first sentence; nor may a
    // short piece (a cell, an abbreviation) join a request, which is measured against the text around on its own.
    if (to - from >= MIN_SENTENCE_CHARS || match[0].includes('—') || (to > from && opensRequest(text, to))) close(to);
  }
  if (from < text.length || starts.length === 0) close(text.length);
  blockOf[text.length] = Math.max(0, Math.min(65535, starts.length - 1));
  return { blockOf, starts };
}

const FIRST_WORDS = /[\p{L}\p{N}']+/gu;
/** A sentence's first words are read from this many of its characters. */
const FIRST_WORDS_REACH = 60;
/** Per ASCII code: 1 for a character FIRST_WORDS takes (a letter, a digit or an apostrophe). */
const FIRST_WORD_CHAR = Uint8Array.from({ length: 128 }, (_, code) =>
  /[A-Za-z0-9']/.test(String.fromCharCode(code)) ? 1 : 0,
);

/**
 * The first two words (FIRST_WORDS, lower case) of text[from, to). Read from the code units while they are ASCII, as
 * most sentences' first words are; from the regex once a character beyond ASCII comes before the second word ends.
 */
export function firstWords(text: string, from: number, to: number): [string | undefined, string | undefined] {
  const codes = charCodes(text);
  const found: string[] = [];
  let start = -1;
  for (let i = from; i <= to && found.length < 2; i += 1) {
    const code = i < to ? (codes[i] ?? 32) : 32;
    if (code >= 128) return firstWordsByRegex(text, from, to);
    if (FIRST_WORD_CHAR[code] === 1) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      found.push(text.slice(start, i).toLowerCase());
      start = -1;
    }
  }
  return [found[0], found[1]];
}

function firstWordsByRegex(text: string, from: number, to: number): [string | undefined, string | undefined] {
  FIRST_WORDS.lastIndex = 0;
  const head = text.slice(from, to).toLowerCase();
  const first = FIRST_WORDS.exec(head)?.[0];
  return [first, first === undefined ? undefined : FIRST_WORDS.exec(head)?.[0]];
}

/**
 * Features of each sentence as a whole: its first word, its first two words and whether it is a
 * question, each marked as standing alone or inside a longer text. A request ("Write a story about…")
 * is ordinary as a text of its own and suspicious inside a passage about something else; a linear
 * model needs these conjunctions to tell the two apart. Inside a longer text, the sentence's context
 * shift (./context-shift.ts: addressed to the reader, a question, how much it shares with the rest,
 * where it sits) is crossed with those traits and with its first word.
 */
export function forEachSentenceFeature(
  text: string,
  starts: readonly number[],
  mask: number,
  sink: (bucket: number, block: number) => void,
  traits: readonly SentenceTraits[] = sentenceTraits(text, starts),
): void {
  for (let block = 0; block < starts.length; block += 1) {
    const start = starts[block] ?? 0;
    const end = starts[block + 1] ?? text.length;
    const shift = traits[block];
    // Inside a text only where the rest is more than a title: the same request reads the same behind one.
    const place: 'in' | 'alone' = shift && shift.overlap !== 'alone' ? 'in' : 'alone';
    const [first, second] = firstWords(text, start, Math.min(end, start + FIRST_WORDS_REACH));
    if (first !== undefined) sink(firstWordHash(place, first) & mask, block);
    if (second !== undefined) sink(firstPairHash(place, first ?? '', second) & mask, block);
    if (shift?.question === true) sink(questionHash(place) & mask, block);
    if (!shift || shift.overlap === 'alone') continue;
    sink(modelAskHash(shift) & mask, block);
    sink(askHash(shift) & mask, block);
    sink(settingHash(shift) & mask, block);
    sink(positionHash(shift) & mask, block);
    if (shift.assistantAsk) sink(assistantAskHash(shift) & mask, block);
    if (first !== undefined) sink(shiftFirstWordHash(first, shift.overlap) & mask, block);
  }
}
