/**
 * The words of a text as `words()` of text.ts splits them, as ids of the batch's table (batch-lexicon.ts), read
 * straight from the text's code units: each run of word characters is hashed while it is scanned and looked up without
 * being cut out of the text, so no string is made for a word of ASCII letters and digits; a word the batch has not met
 * is added (its flags, term and query term found then, once).
 */
import { FNV_PRIME } from '../fnv.ts';
import { FLAGS, INFO, IS_WORD } from './batch-lexicon.ts';
import type { BatchLexicon } from './batch-lexicon.ts';
import { CodeUnits } from './code-units.ts';
import { UNICODE_WORD } from './text.ts';
import { grown, HASH_START } from './word-table.ts';

/** A character of ROUGH_WORD's run (text.ts): a-z, 0-9, or any code unit from U+0080. */
const inRun = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code >= 128;
const isLetter = (code: number): boolean => code >= 97 && code <= 122;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;
const APOSTROPHE = 39;

/**
 * Each code unit's kind, read by the scan with one load rather than three comparisons: not in a run (0), in one, or
 * "_" (in no run, but a word character for `\b`).
 */
const ASCII_RUN = 1;
const OTHER_RUN = 2;
const IN_RUN = ASCII_RUN | OTHER_RUN;
const UNDERSCORE = 4;
const RUN_KIND = Uint8Array.from({ length: 65536 }, (_, code) =>
  code >= 128 ? OTHER_RUN : inRun(code) ? ASCII_RUN : code === 95 ? UNDERSCORE : 0,
);

/** The first index in [from, to) of a character neither in a word nor an apostrophe, or `to`. */
export function nextGap(codes: Uint16Array, from: number, to: number): number {
  let i = from;
  while (i < to && (inRun(codes[i] as number) || codes[i] === APOSTROPHE)) i += 1;
  return i;
}

/** The last index in [from, to) of a character neither in a word nor an apostrophe, or `from`. */
export function lastGap(codes: Uint16Array, from: number, to: number): number {
  let i = to - 1;
  while (i > from && (inRun(codes[i] as number) || codes[i] === APOSTROPHE)) i -= 1;
  return i;
}

export class WordScan {
  private readonly lexicon: BatchLexicon;
  /** The code units of the text being read, from index 0, with room for an end mark after them. */
  private readonly units = new CodeUnits();
  /** The text being read, lower-cased. */
  private lower = '';
  /** The words scanned (ids), and where the run of each starts in the text. */
  ids = new Int32Array(1024);
  runStarts = new Int32Array(1024);
  /**
   * Whether a word scanned since `takeJoined` may run on, for `\b`, into what stands next to it (cue-words.ts): an
   * apostrophe's letters with a digit next ("x'is9", one word for `\b`), or a "_" anywhere.
   */
  private joined = false;

  constructor(lexicon: BatchLexicon) {
    this.lexicon = lexicon;
  }

  /** Takes `lower` (a lower-cased text) as the text to scan; returns its code units. */
  text(lower: string): Uint16Array {
    this.lower = lower;
    return this.units.write(lower);
  }

  /** Whether a word scanned since the last call ran on into the next for `\b` (`joined`); starts again. */
  takeJoined(): boolean {
    const joined = this.joined;
    this.joined = false;
    return joined;
  }

  /**
   * Scans `lower[start, end)` of the text, putting its words' ids in `ids` from `count`; returns the new count. A run
   * holding other characters than ASCII is cut out and split by the Unicode expression, as `words` does.
   */
  scan(start: number, end: number, count: number): number {
    const { codes } = this.units;
    const { table, info } = this.lexicon;
    // Read once: an imported binding is loaded again on every use in the loop.
    const prime = FNV_PRIME;
    const offset = HASH_START;
    const kindOf = RUN_KIND;
    // A character out of any run just past the range ends a run without a test of the index on every character.
    const after = codes[end] as number;
    codes[end] = 0;
    let i = start;
    while (i < end) {
      let code = codes[i] as number;
      let kind = kindOf[code] as number;
      if (kind === 0) {
        i += 1;
        continue;
      }
      if (kind === UNDERSCORE) {
        this.joined = true;
        i += 1;
        continue;
      }
      const from = i;
      let hash = offset;
      // ASCII characters first, in a loop that does nothing else; the rest of a run holding others in a second one.
      let ascii = kind === ASCII_RUN;
      do {
        hash = Math.imul(hash ^ code, prime);
        i += 1;
        code = codes[i] as number;
        kind = kindOf[code] as number;
      } while (kind === ASCII_RUN);
      if (kind === OTHER_RUN) {
        ascii = false;
        do {
          hash = Math.imul(hash ^ code, prime);
          i += 1;
          code = codes[i] as number;
          kind = kindOf[code] as number;
        } while ((kind & IN_RUN) !== 0);
      }
      // ROUGH_WORD's optional tail: an apostrophe and the ASCII letters after it ("don't").
      let tail = false;
      if (code === APOSTROPHE && isLetter(codes[i + 1] as number)) {
        tail = true;
        do {
          hash = Math.imul(hash ^ code, prime);
          i += 1;
          code = codes[i] as number;
        } while (isLetter(code));
        // The tail's letters run on into a digit for `\b`, not here.
        if (isDigit(code)) this.joined = true;
      }
      let id = table.find(codes, from, i, hash);
      // A run of other characters than ASCII found as a term only may not be one word: it is split as a new one is.
      if (id >= 0 && !ascii && ((info[INFO * id + FLAGS] as number) & IS_WORD) === 0) id = -1;
      if (id < 0 && !ascii) {
        count = this.splitRun(from, i, count);
        continue;
      }
      if (id < 0) {
        id = tail
          ? this.lexicon.newWord(this.lower.slice(from, i), codes, from, i, hash)
          : this.lexicon.newPlainWord(codes, from, i, hash, this.lower);
      }
      if (count === this.ids.length) this.grow();
      this.ids[count] = id;
      this.runStarts[count] = from;
      count += 1;
    }
    codes[end] = after;
    return count;
  }

  /** Puts the Unicode words of the run `lower[from, to)` in `ids` from `count`; returns the new count. */
  private splitRun(from: number, to: number, count: number): number {
    const run = this.lower.slice(from, to);
    UNICODE_WORD.lastIndex = 0;
    for (let match = UNICODE_WORD.exec(run); match !== null; match = UNICODE_WORD.exec(run)) {
      const word = match[0];
      // A tail's letters, then a digit: one run of ASCII letters and digits for `\b`, two words here.
      if (isLetter(word.charCodeAt(word.length - 1)) && isDigit(run.charCodeAt(match.index + word.length))) {
        this.joined = true;
      }
      if (count === this.ids.length) this.grow();
      this.ids[count] = this.lexicon.word(word);
      this.runStarts[count] = from;
      count += 1;
    }
    return count;
  }

  /** Doubles the lists of words scanned. */
  private grow(): void {
    this.ids = grown(this.ids, this.ids.length * 2);
    this.runStarts = grown(this.runStarts, this.ids.length);
  }
}
