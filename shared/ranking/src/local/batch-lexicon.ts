/**
 * Every distinct word and content term of one batch, in one table of code units: an entry is a word (lower-cased), a
 * term (a word stemmed), or both, with one id. Most words are their own term ("cell", "tide"), so a word seen for the
 * first time is looked up and stored once rather than once as a word and again as a term; only a plural's term
 * ("cells" → "cell") is an entry of its own. What the batch reads of an entry (its flags, its term, the query term it
 * stands for) is found once, when the entry is added, and kept side by side in `info`.
 */
import { stem } from './text.ts';
import { CodeUnits } from './code-units.ts';
import { flagsOfPlainWord, flagsOfWord, STOP_WORD } from './cue-table.ts';
import { IES_TO_Y, stemLength } from './plural-stem.ts';
import type { TermMatcher } from './term-matcher.ts';
import { grown, hashOf, WordTable } from './word-table.ts';

/** The distinct entries a batch is expected to hold: 100 abstracts hold ~3,600 words and ~200 plurals' terms. */
const BATCH_ENTRIES = 4096;

/**
 * Ints per entry in `info`: the id of its content term as a word (-1 for a stop word) at TERM, and its flags at FLAGS:
 * its cue bits (cue-words.ts, with cue-table.ts' ENDS_IS and STARTS_A) and the bits below. Two ints an entry, side by
 * side: a batch's table of them stays in the processor's nearest cache, read for every word.
 */
export const INFO = 2;
export const TERM = 0;
export const FLAGS = 1;
/**
 * It is a word the batch has met (not a plural's term only, "cell’" of "cell’s", which a run of other characters than
 * ASCII holding it may split elsewhere: "cell").
 */
export const IS_WORD = 1 << 24;
/** As a term, it stands for a query term (`queryIndex`), and is that term itself, not a longer form or variant. */
export const IN_QUERY = 1 << 25;
export const IS_EXACT = 1 << 26;

export class BatchLexicon {
  readonly table = new WordTable(BATCH_ENTRIES);
  /** Entry id → what the batch reads of it (INFO ints from `INFO * id`). */
  info = new Int32Array(INFO * BATCH_ENTRIES);
  /** Entry id → the query term (index) it stands for as a term, or -1 (the matcher's answer, asked once). */
  queryIndex = new Int32Array(BATCH_ENTRIES);
  /** Entry id → bit k for each of `watched` it stands for as a term (each matched alone). */
  watchedBits = new Int32Array(BATCH_ENTRIES);
  matcher: TermMatcher;
  watched: readonly TermMatcher[];
  /** The code units of an entry given as a string. */
  private readonly units = new CodeUnits();

  constructor(matcher: TermMatcher, watched: readonly TermMatcher[]) {
    this.matcher = matcher;
    this.watched = watched;
  }

  /** Empties the lexicon for another batch, keeping its memory (written again, not allocated and collected). */
  clear(matcher: TermMatcher, watched: readonly TermMatcher[]): void {
    this.matcher = matcher;
    this.watched = watched;
    this.table.clear();
  }

  /** The id of the entry `text`, or -1 when the batch has not met it. */
  idOf(text: string): number {
    const codes = this.units.write(text);
    return this.table.find(codes, 0, text.length, hashOf(codes, 0, text.length));
  }

  /** The id of the word `word` (lower-cased; a Unicode word), added if new. */
  word(word: string): number {
    const codes = this.units.write(word);
    const hash = hashOf(codes, 0, word.length);
    const id = this.table.find(codes, 0, word.length, hash);
    if (id < 0) return this.newWord(word, codes, 0, word.length, hash);
    this.info[INFO * id + FLAGS] = (this.info[INFO * id + FLAGS] as number) | IS_WORD;
    return id;
  }

  /** Adds the word `word`, written as `codes[from, to)`, which the batch has not met. */
  newWord(word: string, codes: Uint16Array, from: number, to: number, hash: number): number {
    const id = this.add(codes, from, to, hash, flagsOfWord(word), IS_WORD);
    if (this.info[INFO * id + TERM] === -1) return id;
    const term = stem(word);
    if (term !== word) this.info[INFO * id + TERM] = this.term(term);
    return id;
  }

  /**
   * `newWord` for a word of ASCII letters and digits only, `codes[from, to)` spelt `lower.slice(from, to)`: its flags
   * and (most often) its term are found from its code units, without a string of their own.
   */
  newPlainWord(codes: Uint16Array, from: number, to: number, hash: number, lower: string): number {
    const id = this.add(codes, from, to, hash, flagsOfPlainWord(codes, from, to, hash), IS_WORD);
    if (this.info[INFO * id + TERM] === -1) return id;
    const length = stemLength(codes, from, to);
    if (length === IES_TO_Y) this.info[INFO * id + TERM] = this.term(`${lower.slice(from, to - 3)}y`);
    else if (length !== to - from) this.info[INFO * id + TERM] = this.termOfCodes(codes, from, from + length);
    return id;
  }

  /** The id of the content term `term`, added if new. */
  private term(term: string): number {
    return this.termOfCodes(this.units.write(term), 0, term.length);
  }

  /**
   * The id of the content term `codes[from, to)`, added if new. A term is its own stem (the S-stemmer takes nothing
   * more off a word it has stemmed), so as a word its term is itself, unless it is a stop word ("ours" → "our").
   */
  private termOfCodes(codes: Uint16Array, from: number, to: number): number {
    const hash = hashOf(codes, from, to);
    const known = this.table.find(codes, from, to, hash);
    if (known >= 0) return known;
    // A term cut from a word of other characters than ASCII letters and digits is read as a string, as that word was.
    const flags = isPlain(codes, from, to) ? flagsOfPlainWord(codes, from, to, hash) : -1;
    return this.add(codes, from, to, hash, flags, 0);
  }

  /**
   * Adds the entry `codes[from, to)` with its flags (-1: those of its string) and bits; as a word, its term is itself
   * unless it is a stop word.
   */
  private add(codes: Uint16Array, from: number, to: number, hash: number, known: number, bits: number): number {
    const id = this.table.add(codes, from, to, hash);
    if (id === this.watchedBits.length) this.grow(id * 2);
    const flags = known === -1 ? flagsOfWord(this.table.textOf(id)) : known;
    const { matcher, info, watched } = this;
    const index = matcher.indexOfCodes(codes, from, to);
    const exact = index >= 0 && matcher.isTerm(index, codes, from, to);
    const at = INFO * id;
    info[at + TERM] = (flags & STOP_WORD) !== 0 ? -1 : id;
    info[at + FLAGS] = (flags & ~STOP_WORD) | bits | (index >= 0 ? IN_QUERY : 0) | (exact ? IS_EXACT : 0);
    this.queryIndex[id] = index;
    let watchedBits = 0;
    for (let k = 0; k < watched.length; k += 1) {
      if ((watched[k] as TermMatcher).indexOfCodes(codes, from, to) === 0) watchedBits |= 1 << k;
    }
    this.watchedBits[id] = watchedBits;
    return id;
  }

  /** Room for `capacity` entries in every array by entry. */
  private grow(capacity: number): void {
    this.info = grown(this.info, INFO * capacity);
    this.queryIndex = grown(this.queryIndex, capacity);
    this.watchedBits = grown(this.watchedBits, capacity);
  }
}

/** Whether `codes[from, to)` is ASCII letters and digits only. */
function isPlain(codes: Uint16Array, from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) {
    const code = codes[i] as number;
    if (!((code >= 97 && code <= 122) || (code >= 48 && code <= 57))) return false;
  }
  return true;
}
