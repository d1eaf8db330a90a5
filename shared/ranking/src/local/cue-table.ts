/**
 * What the batch's lexicon reads of a word by itself, in one look-up: whether it is a stop word, and which expressions
 * (cue-words.ts) it is a cue for, read from the signals that own the expressions.
 */
import { codesOf } from './code-units.ts';
import { CUE } from './cue-words.ts';
import { EXPLANATORY_CUES, EXPLANATORY_WORDS, FACT_OTHER_WORDS } from './relevance-signals.ts';
import { REPUBLISHED_CUES, WIKIPEDIA_CUES } from './source-reputation.ts';
import { CLICKBAIT_CUES } from './spam-signals.ts';
import { STOPWORDS } from './text.ts';
import { hashOf, WordTable } from './word-table.ts';

/** The flag of a stop word, beside the cue bits. */
export const STOP_WORD = 1 << 30;

/**
 * "is a" and "is an": EXPLANATORY's one alternative whose first word is in nearly every text, so it is a cue only as a
 * pair, a word ending in the part "is" followed by one starting with the part "a" or "an" (text-reader.ts).
 */
export const ENDS_IS = 1 << 28;
export const STARTS_A = 1 << 29;
const PAIR_FLAGS = ENDS_IS | STARTS_A;

const FLAGS = new Map<string, number>();
for (const [bit, words] of [
  [STOP_WORD, [...STOPWORDS]],
  [CUE.clickbait, CLICKBAIT_CUES],
  [CUE.republished, REPUBLISHED_CUES],
  [CUE.wikipedia, WIKIPEDIA_CUES],
  [CUE.explanatory, EXPLANATORY_CUES],
  [CUE.explanatoryWord, EXPLANATORY_WORDS],
  [CUE.factOther, FACT_OTHER_WORDS],
  [ENDS_IS, ['is']],
  [STARTS_A, ['a', 'an']],
] as const) {
  for (const word of words) FLAGS.set(word, (FLAGS.get(word) ?? 0) | bit);
}

/**
 * FLAGS again, looked up by a word's code units and hash while it is scanned: no string to cut out and hash. Sized to
 * its ~140 words: a small table stays in the processor's cache between look-ups.
 */
const flagWords = new WordTable(256);
const flagsById: number[] = [];
for (const [word, flags] of FLAGS) {
  const codes = codesOf(word);
  flagWords.add(codes, 0, codes.length, hashOf(codes, 0, codes.length));
  flagsById.push(flags);
}

/** `flagsOfWord` of the ASCII letters and digits `codes[from, to)` (its one part), hashed as `hash` (word-table.ts). */
export function flagsOfPlainWord(codes: Uint16Array, from: number, to: number, hash: number): number {
  const id = flagWords.find(codes, from, to, hash);
  return id < 0 ? 0 : (flagsById[id] as number);
}

const NOT_ASCII_ALNUM = /[^a-z0-9]+/;

/**
 * STOP_WORD for a stop word, or'd with the cue bits of a lower-cased word's ASCII letter-and-digit parts (ENDS_IS of
 * its last, STARTS_A of its first).
 */
export function flagsOfWord(word: string): number {
  const flags = FLAGS.get(word) ?? 0;
  const parts = word.split(NOT_ASCII_ALNUM);
  let cues = 0;
  for (const part of parts) cues |= FLAGS.get(part) ?? 0;
  // The pair's flags count only at the word's ends: the last part and the first.
  const ends = ((FLAGS.get(parts.at(-1) as string) ?? 0) & ENDS_IS) | ((FLAGS.get(parts[0] as string) ?? 0) & STARTS_A);
  return (flags & STOP_WORD) | (cues & ~(STOP_WORD | PAIR_FLAGS)) | ends;
}
