/**
 * The words of a text as `\b` delimits them (runs of [A-Za-z0-9_]), lower case, hashed into a table
 * that is reused from text to text: one pass over the characters, no strings built. Two words may
 * share a hash; a look-up then says "present" for an absent word, which only makes the rule scan run
 * a pattern it could have skipped (never the other way round).
 */

import { FNV_OFFSET, FNV_PRIME } from '../fnv.ts';
import { charCodes } from './char-codes.ts';

/** Per ASCII code: its lower case when it makes words ([A-Za-z0-9_]), else 0 (one look-up, few branches). */
const WORD_CODE = new Uint8Array(128).map((_, code) =>
  /[A-Za-z0-9_]/.test(String.fromCharCode(code)) ? String.fromCharCode(code).toLowerCase().charCodeAt(0) : 0,
);

/** A word's hash (never 0: 0 marks an empty slot). */
const finish = (h: number): number => h >>> 0 || 1;

export function hashWord(word: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i += 1) {
    const code = word.charCodeAt(i);
    h = Math.imul(h ^ (code >= 65 && code <= 90 ? code + 32 : code), FNV_PRIME);
  }
  return finish(h);
}

/** Whether codes[a, a + length) and codes[b, b + length) are the same word, case aside (bit 5 folds ASCII letters). */
function sameWord(codes: Uint16Array, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k += 1) if (((codes[a + k] ?? 0) | 0x20) !== ((codes[b + k] ?? 0) | 0x20)) return false;
  return true;
}

/** Where WordSet's seen characters beyond ASCII start. */
const BEYOND = 128;

/** A text's table starts with one slot per this many of its characters (prose has far fewer distinct words). */
const CHARS_PER_SLOT = 4;

export class WordSet {
  /** The text last read. */
  text = '';
  /** Whether it has a character beyond ASCII. */
  nonAscii = false;
  /**
   * Which characters outside words it has (1: seen): per ASCII code (patterns that need a "<" or a "=" ask), then per
   * low byte of a code beyond ASCII (BEYOND + it), so a pattern needing "致" is ruled out without a walk of a page whose
   * only such characters are a dash and a "μ". A byte per character is a store where a bit was a read and a write.
   */
  private readonly seen = new Uint8Array(BEYOND + 256);
  /** The longest run of one word (two characters or more, case aside) back to back; shorter words are skipped. */
  longestRepeat = 0;
  /** Its distinct word hashes, the first `count` entries. */
  distinct = new Uint32Array(512);
  count = 0;
  /**
   * An open-addressing table of the distinct words, its first `mask + 1` slots in use, kept under half full. Sized
   * for the words a text of its length usually has (a 20 KB page has about a thousand), not for one word per two
   * characters: a small table stays in the CPU's nearest caches, and it grows when a text has more.
   */
  private slots = new Uint32Array(1024);
  private mask = 1023;
  /** Per slot, its word's first and last occurrence; per occurrence, where it starts and the next one. */
  private first = new Int32Array(1024);
  private last = new Int32Array(1024);
  private starts = new Int32Array(512);
  private next = new Int32Array(512);

  /** Replaces the words held by those of `text`. */
  read(text: string): void {
    // At most one word per two characters.
    const most = (text.length >> 1) + 1;
    if (this.starts.length < most) {
      this.starts = new Int32Array(most);
      this.next = new Int32Array(most);
    }
    let size = 1024;
    while (size < text.length / CHARS_PER_SLOT) size *= 2;
    if (this.slots.length < size) this.resize(size);
    this.mask = size - 1;
    this.slots.fill(0, 0, size);
    const { starts, next } = this;
    let { slots, first, last, distinct, mask } = this;
    this.text = text;
    let count = 0;
    let occurrences = 0;
    let wordStart = 0;
    let high = 0;
    let h = FNV_OFFSET;
    let inWord = false;
    // The last word of two or more characters, and how many times in a row it came.
    let previousHash = 0;
    let previousStart = 0;
    let previousLength = 0;
    let run = 0;
    let longestRepeat = 0;
    const { seen: seenChars } = this;
    seenChars.fill(0);
    // A space after the last character ends its word.
    const codes = charCodes(text);
    for (let i = 0; i <= text.length; i += 1) {
      const code = codes[i] ?? 32;
      high |= code;
      const word = code < 128 ? (WORD_CODE[code] ?? 0) : 0;
      if (word === 0) seenChars[code < 128 ? code : BEYOND + (code & 255)] = 1;
      if (word !== 0) {
        if (!inWord) wordStart = i;
        h = Math.imul(h ^ word, FNV_PRIME);
        inWord = true;
      } else if (inWord) {
        const hash = finish(h);
        const length = i - wordStart;
        if (length >= 2) {
          const again =
            length === previousLength && hash === previousHash && sameWord(codes, wordStart, previousStart, length);
          run = again ? run + 1 : 1;
          if (run > longestRepeat) longestRepeat = run;
          previousHash = hash;
          previousStart = wordStart;
          previousLength = length;
        }
        let slot = hash & mask;
        let seen = slots[slot] ?? 0;
        while (seen !== 0 && seen !== hash) {
          slot = (slot + 1) & mask;
          seen = slots[slot] ?? 0;
        }
        starts[occurrences] = wordStart;
        next[occurrences] = -1;
        if (seen === 0) {
          slots[slot] = hash;
          distinct[count] = hash;
          count += 1;
          first[slot] = occurrences;
          last[slot] = occurrences;
          if (count * 2 > mask) {
            this.grow(count);
            ({ slots, first, last, distinct, mask } = this);
          }
        } else {
          next[last[slot] ?? 0] = occurrences;
          last[slot] = occurrences;
        }
        occurrences += 1;
        h = FNV_OFFSET;
        inWord = false;
      }
    }
    this.count = count;
    this.nonAscii = high > 127;
    this.longestRepeat = longestRepeat;
  }

  /** Doubles the table in use, its `count` distinct words placed anew. */
  private grow(count: number): void {
    const { slots, first, last, distinct } = this;
    const used = this.mask + 1;
    this.resize(used * 2);
    this.mask = used * 2 - 1;
    const { mask } = this;
    for (let old = 0; old < used; old += 1) {
      const hash = slots[old] ?? 0;
      if (hash === 0) continue;
      let slot = hash & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = hash;
      this.first[slot] = first[old] ?? 0;
      this.last[slot] = last[old] ?? 0;
    }
    this.distinct.set(distinct.subarray(0, count));
  }

  /** New, empty arrays for a table of `size` slots. */
  private resize(size: number): void {
    this.slots = new Uint32Array(size);
    this.first = new Int32Array(size);
    this.last = new Int32Array(size);
    this.distinct = new Uint32Array(size / 2);
  }

  /** Whether the text has this character (one code unit). */
  hasChar(char: string): boolean {
    const code = char.charCodeAt(0);
    if (code >= 128) return this.seen[BEYOND + (code & 255)] === 1 && this.text.includes(char);
    if (WORD_CODE[code] !== 0) return this.text.includes(char);
    return this.seen[code] === 1;
  }

  has(hash: number): boolean {
    return this.slotOf(hash) >= 0;
  }

  /** Appends to `into` where the word with this hash starts, in order, each time it occurs. */
  positions(hash: number, into: number[]): void {
    const slot = this.slotOf(hash);
    if (slot < 0) return;
    for (let at = this.first[slot] ?? -1; at >= 0; at = this.next[at] ?? -1) into.push(this.starts[at] ?? 0);
  }

  private slotOf(hash: number): number {
    let slot = hash & this.mask;
    for (let seen = this.slots[slot] ?? 0; seen !== 0; seen = this.slots[slot] ?? 0) {
      if (seen === hash) return slot;
      slot = (slot + 1) & this.mask;
    }
    return -1;
  }
}

/** One set shared by the rule scan and the learned model, which read the same text one after the other. */
const SHARED_WORDS = new WordSet();

/** The words of `text`, read only when the shared set holds another text's (scoring is synchronous). */
export function wordsOf(text: string): WordSet {
  if (SHARED_WORDS.text !== text) SHARED_WORDS.read(text);
  return SHARED_WORDS;
}
