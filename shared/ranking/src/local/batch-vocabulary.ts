/**
 * The words of one batch of candidates as integer ids: each distinct word is lower-cased, looked up as a stop word,
 * stemmed and matched against the query once per batch, not once per occurrence (most words recur across the batch),
 * all from its code units: no string is made for a word or a term unless asked for. The words are those of `words()`
 * in text.ts.
 */
import { TermMatcher } from './term-matcher.ts';
import type { WordRepeats } from './spam-signals.ts';
import { stem, unicodeWords } from './text.ts';
import { CodeUnits } from './code-units.ts';
import { ENDS_IS, flagsOfPlainWord, flagsOfWord, STARTS_A, STOP_WORD } from './cue-table.ts';
import { CUE } from './cue-words.ts';
import { IdArena } from './id-arena.ts';
import { IES_TO_Y, stemLength } from './plural-stem.ts';
import { grown, HASH_START, hashOf, mixHash, WordTable } from './word-table.ts';

/** A character of ROUGH_WORD's run (text.ts): a-z, 0-9, or any code unit from U+0080. */
const inRun = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code >= 128;
const isLetter = (code: number): boolean => code >= 97 && code <= 122;
const APOSTROPHE = 39;

/** The first index in [from, to) of a character neither in a word nor an apostrophe, or `to`. */
function nextGap(codes: Uint16Array, from: number, to: number): number {
  let i = from;
  while (i < to && (inRun(codes[i] as number) || codes[i] === APOSTROPHE)) i += 1;
  return i;
}

/** The last index in [from, to) of a character neither in a word nor an apostrophe, or `from`. */
function lastGap(codes: Uint16Array, from: number, to: number): number {
  let i = to - 1;
  while (i > from && (inRun(codes[i] as number) || codes[i] === APOSTROPHE)) i -= 1;
  return i;
}

export class BatchVocabulary {
  /** The code units of the text being split, and of a Unicode word cut out of it. */
  private readonly textUnits = new CodeUnits();
  private readonly wordUnits = new CodeUnits();
  private readonly wordIds = new WordTable();
  /** Word id → its content term's id, or -1 for a stop word. */
  private readonly wordTerm: number[] = [];
  /** Word id → its cue bits (cue-words.ts). */
  private readonly wordCues: number[] = [];
  /** Content terms by their code units, as words are (ids count up from 0 as terms are first seen). */
  private readonly termIds = new WordTable();
  /** Term id → the query term (index) it stands for, or -1 (the matcher's answer, asked once). */
  readonly queryIndex: number[] = [];
  /** Term id → whether it is its query term itself, not a longer form or variant. */
  readonly exact: boolean[] = [];
  private scratch = new Int32Array(1024);
  /** Where the run of each word in the scratch list starts in the text scanned. */
  private runStarts = new Int32Array(1024);
  /** The text the last `wordsOfLower` read whole, and its words (whose run starts are still in `runStarts`). */
  private scanned: { text: string; words: Int32Array } | undefined;
  /** The lists of ids handed out (words of a text, terms of a candidate). */
  private readonly lists = new IdArena();
  private wordCounts = new Int32Array(1024);
  private readonly matching = new Map<string, Uint8Array>();
  readonly matcher: TermMatcher;

  constructor(matcher: TermMatcher) {
    this.matcher = matcher;
  }

  /** The number of content terms seen (their ids run from 0). */
  get termCount(): number {
    return this.termIds.size;
  }

  /** Content term `id`, lower-cased and stemmed (made when asked for: the judge reads terms as code units). */
  termOf(id: number): string {
    return this.termIds.textOf(id);
  }

  /** The length of content term `id`. */
  termLength(id: number): number {
    return this.termIds.lengthOf(id);
  }

  /** Whether content term `id` is ASCII digits only. */
  termIsNumber(id: number): boolean {
    return this.termIds.isDigits(id);
  }

  /** Word `id`, lower-cased. */
  wordOf(id: number): string {
    return this.wordIds.textOf(id);
  }

  /** Content terms `a` and `b` compared as strings are: negative, 0 or positive. */
  compareTerms(a: number, b: number): number {
    return this.termIds.compare(a, b);
  }

  /** For each term id, 1 when it stands for `term` as a word stands for a query term (term-matcher.ts): per batch. */
  matchingTerms(term: string): Uint8Array {
    let found = this.matching.get(term);
    if (found === undefined || found.length < this.termCount) {
      const matcher = new TermMatcher([term]);
      const { chars } = this.termIds;
      found = Uint8Array.from({ length: this.termCount }, (_, id) => {
        const from = this.termIds.startOf(id);
        return matcher.indexOfCodes(chars, from, from + this.termLength(id)) === 0 ? 1 : 0;
      });
      this.matching.set(term, found);
    }
    return found;
  }

  /** The id of a content term already seen in the batch, or -1. */
  termIdOf(term: string): number {
    const codes = this.wordUnits.write(term);
    return this.termIds.find(codes, 0, term.length, hashOf(codes, 0, term.length));
  }

  /** The id of the content term `codes[from, to)` (hashed as `hash`): no string is made for it until asked for. */
  private termId(codes: Uint16Array, from: number, to: number, hash: number): number {
    const known = this.termIds.find(codes, from, to, hash);
    if (known >= 0) return known;
    const id = this.termIds.add(codes, from, to, hash);
    const index = this.matcher.indexOfCodes(codes, from, to);
    this.queryIndex.push(index);
    this.exact.push(index >= 0 && this.matcher.isTerm(index, codes, from, to));
    return id;
  }

  /** The id of a content term given as a string. */
  private termIdOfText(term: string): number {
    const codes = this.wordUnits.write(term);
    return this.termId(codes, 0, term.length, hashOf(codes, 0, term.length));
  }

  /** The id of a word given whole (a Unicode word of a run holding other characters than ASCII). */
  private wordId(word: string): number {
    const codes = this.wordUnits.write(word);
    const hash = hashOf(codes, 0, word.length);
    const id = this.wordIds.find(codes, 0, word.length, hash);
    return id >= 0 ? id : this.newWord(word, codes, 0, word.length, hash);
  }

  /** Adds `word`, written as `codes[from, to)`, which the batch meets for the first time. */
  private newWord(word: string, codes: Uint16Array, from: number, to: number, hash: number): number {
    const id = this.wordIds.add(codes, from, to, hash);
    const flags = flagsOfWord(word);
    this.wordTerm.push((flags & STOP_WORD) !== 0 ? -1 : this.termIdOfText(stem(word)));
    this.wordCues.push(flags & ~STOP_WORD);
    return id;
  }

  /**
   * `newWord` for a word of ASCII letters and digits only, `codes[from, to)` spelt `lower.slice(from, to)`:
   * its flags and (most often) its term are found from its code units, without a string of their own.
   */
  private newPlainWord(codes: Uint16Array, from: number, to: number, hash: number, lower: string): number {
    const id = this.wordIds.add(codes, from, to, hash);
    const flags = flagsOfPlainWord(codes, from, to, hash);
    this.wordCues.push(flags & ~STOP_WORD);
    if ((flags & STOP_WORD) !== 0) {
      this.wordTerm.push(-1);
      return id;
    }
    const length = stemLength(codes, from, to);
    if (length === IES_TO_Y) this.wordTerm.push(this.termIdOfText(`${lower.slice(from, to - 3)}y`));
    else {
      const termHash = length === to - from ? hash : hashOf(codes, from, from + length);
      this.wordTerm.push(this.termId(codes, from, from + length, termHash));
    }
    return id;
  }

  /** Puts word `id`, of the run starting at `runStart`, at `count` in the scratch list. */
  private push(count: number, id: number, runStart: number): void {
    if (count === this.scratch.length) {
      this.scratch = grown(this.scratch, count * 2);
      this.runStarts = grown(this.runStarts, count * 2);
    }
    this.scratch[count] = id;
    this.runStarts[count] = runStart;
  }

  /** The ids of a text's lower-cased words, in order: `words(text)` of text.ts. */
  wordsOf(text: string): Int32Array {
    const lower = text.toLowerCase();
    return this.wordsOfLower(lower, 0, lower.length);
  }

  /** The ids of the words of `lower[start, end)`, a text already lower-cased, as `wordsOf` reads that part alone. */
  wordsOfLower(lower: string, start: number, end: number): Int32Array {
    const count = this.scan(this.textUnits.write(lower), lower, start, end, 0);
    const words = this.lists.copy(this.scratch, count);
    this.scanned = start === 0 && end === lower.length ? { text: lower, words } : undefined;
    return words;
  }

  /**
   * `wordsOfLower(lower, start, end)` when `lower` is the text the last call of `wordsOfLower` read whole (a snippet
   * cut from a passage): only the ends of the range are scanned. At a character that is neither in a word nor an
   * apostrophe, reading the text whole and reading the range alone are both between words, so the words between the
   * range's first and last such characters are the whole text's.
   */
  windowOf(lower: string, start: number, end: number): Int32Array {
    const { scanned } = this;
    if (scanned?.text !== lower) return this.wordsOfLower(lower, start, end);
    const codes = this.textUnits.codes;
    const first = nextGap(codes, start, end);
    const last = lastGap(codes, first, end);
    if (first >= last) return this.wordsOfLower(lower, start, end);
    const { words } = scanned;
    // The whole text's words whose runs start in [first, last), found before the scratch lists are written again.
    let from = 0;
    while (from < words.length && (this.runStarts[from] as number) < first) from += 1;
    let to = from;
    while (to < words.length && (this.runStarts[to] as number) < last) to += 1;
    let count = this.scan(codes, lower, start, first, 0);
    for (let k = from; k < to; k += 1, count += 1) this.push(count, words[k] as number, -1);
    count = this.scan(codes, lower, last, end, count);
    this.scanned = undefined;
    return this.lists.copy(this.scratch, count);
  }

  /**
   * Scans `lower[start, end)`, whose code units are `codes` (from index 0), putting its words' ids in the scratch list
   * from `count`; returns the new count. The runs ROUGH_WORD matches are scanned by code unit and looked up without
   * being cut out of the text; a run holding characters other than ASCII is cut out and split by the Unicode
   * expression, as `words` does.
   */
  private scan(codes: Uint16Array, lower: string, start: number, end: number, count: number): number {
    let i = start;
    while (i < end) {
      let code = codes[i] as number;
      if (!inRun(code)) {
        i += 1;
        continue;
      }
      const from = i;
      let hash = HASH_START;
      let ascii = true;
      do {
        if (code >= 128) ascii = false;
        hash = mixHash(hash, code);
        i += 1;
        code = i < end ? (codes[i] as number) : -1;
      } while (inRun(code));
      let tail = false;
      // ROUGH_WORD's optional tail: an apostrophe and the ASCII letters after it ("don't").
      if (code === APOSTROPHE && i + 1 < end && isLetter(codes[i + 1] as number)) {
        tail = true;
        hash = mixHash(hash, code);
        i += 1;
        code = codes[i] as number;
        do {
          hash = mixHash(hash, code);
          i += 1;
          code = i < end ? (codes[i] as number) : -1;
        } while (isLetter(code));
      }
      let id = this.wordIds.find(codes, from, i, hash);
      if (id < 0) {
        if (!ascii) {
          for (const part of unicodeWords(lower.slice(from, i))) {
            this.push(count, this.wordId(part), from);
            count += 1;
          }
          continue;
        }
        id = tail
          ? this.newWord(lower.slice(from, i), codes, from, i, hash)
          : this.newPlainWord(codes, from, i, hash, lower);
      }
      this.push(count, id, from);
      count += 1;
    }
    return count;
  }

  /** `repeatsOf` (spam-signals.ts) of words given as ids. */
  repeatsOf(...wordLists: readonly Int32Array[]): WordRepeats {
    if (this.wordCounts.length < this.wordIds.size) this.wordCounts = new Int32Array(this.wordIds.size * 2);
    const counts = this.wordCounts;
    let tokens = 0;
    let most = 0;
    for (const list of wordLists) {
      for (let i = 0; i < list.length; i += 1) {
        const id = list[i] as number;
        if (this.wordIds.lengthOf(id) <= 3) continue;
        tokens += 1;
        const count = (counts[id] as number) + 1;
        counts[id] = count;
        if (count > most) most = count;
      }
    }
    for (const list of wordLists) for (let i = 0; i < list.length; i += 1) counts[list[i] as number] = 0;
    return { tokens, most };
  }

  /** The cue bits (cue-words.ts) of words (ids), together; each list is one text's words in order. */
  cuesOf(...wordLists: readonly Int32Array[]): number {
    const { wordCues } = this;
    let cues = 0;
    for (const list of wordLists) {
      let previous = 0;
      for (let i = 0; i < list.length; i += 1) {
        const flags = wordCues[list[i] as number] as number;
        cues |= flags;
        if ((previous & ENDS_IS) !== 0 && (flags & STARTS_A) !== 0) cues |= CUE.explanatory;
        previous = flags;
      }
    }
    return cues & ~(ENDS_IS | STARTS_A);
  }

  /** The content terms (ids) of words (ids): stop words dropped. */
  termsOf(...wordLists: readonly Int32Array[]): Int32Array {
    let words = 0;
    for (const list of wordLists) words += list.length;
    // Written straight into the list handed out: there are no more terms than words.
    const terms = this.lists.room(words);
    const { wordTerm } = this;
    let count = 0;
    for (const list of wordLists) {
      for (let i = 0; i < list.length; i += 1) {
        const term = wordTerm[list[i] as number] as number;
        if (term >= 0) terms[count++] = term;
      }
    }
    return this.lists.keep(count);
  }
}
