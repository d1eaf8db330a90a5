/**
 * What the batch vocabulary reads of a word by itself, in one look-up: whether it is a stop word, and which expressions
 * (cue-words.ts) it is a cue for, read from the signals that own the expressions.
 */
import { CUE } from './cue-words.ts';
import { EXPLANATORY_CUES } from './relevance-signals.ts';
import { REPUBLISHED_CUES, WIKIPEDIA_CUES } from './source-reputation.ts';
import { CLICKBAIT_CUES } from './spam-signals.ts';
import { STOPWORDS } from './text.ts';
import { hashOf, WordTable } from './word-table.ts';

/** The flag of a stop word, beside the cue bits. */
export const STOP_WORD = 1 << 30;

const FLAGS = new Map<string, number>();
for (const [bit, words] of [
  [STOP_WORD, [...STOPWORDS]],
  [CUE.clickbait, CLICKBAIT_CUES],
  [CUE.republished, REPUBLISHED_CUES],
  [CUE.wikipedia, WIKIPEDIA_CUES],
  [CUE.explanatory, EXPLANATORY_CUES],
] as const) {
  for (const word of words) FLAGS.set(word, (FLAGS.get(word) ?? 0) | bit);
}

/** FLAGS again, looked up by a word's code units and hash while it is scanned: no string to cut out and hash. */
const flagWords = new WordTable();
const flagsById: number[] = [];
for (const [word, flags] of FLAGS) {
  const codes = Uint16Array.from(word, (c) => c.charCodeAt(0));
  flagWords.add(codes, 0, codes.length, hashOf(codes, 0, codes.length));
  flagsById.push(flags);
}

/** `flagsOfWord(word, true)` of the ASCII letters and digits `codes[from, to)`, hashed as `hash` (word-table.ts). */
export function flagsOfPlainWord(codes: Uint16Array, from: number, to: number, hash: number): number {
  const id = flagWords.find(codes, from, to, hash);
  return id < 0 ? 0 : (flagsById[id] as number);
}

const NOT_ASCII_ALNUM = /[^a-z0-9]+/;

/**
 * STOP_WORD for a stop word, or'd with the cue bits of a lower-cased word's ASCII letter-and-digit parts. `plain`: the
 * word is ASCII letters and digits only (its one part is itself).
 */
export function flagsOfWord(word: string, plain: boolean): number {
  const flags = FLAGS.get(word) ?? 0;
  if (plain) return flags;
  let cues = 0;
  for (const part of word.split(NOT_ASCII_ALNUM)) cues |= FLAGS.get(part) ?? 0;
  return (flags & STOP_WORD) | (cues & ~STOP_WORD);
}
