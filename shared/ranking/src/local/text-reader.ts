/**
 * Reads the texts of a batch's candidates: their words (word-scan.ts), then, in one pass over the words just scanned,
 * what the judge keeps of them: the text's cue bits, its content terms recorded for the batch (batch-text.ts) with the
 * query terms among them counted where the relevance features read them (fielded-text.ts), and the words repeatsOf
 * counts.
 */
import { FLAGS, IN_QUERY, INFO, IS_EXACT, TERM } from './batch-lexicon.ts';
import type { BatchLexicon } from './batch-lexicon.ts';
import type { BatchText } from './batch-text.ts';
import { ENDS_IS, STARTS_A } from './cue-table.ts';
import { CUE, WORD_CUES } from './cue-words.ts';
import { lastGap, nextGap } from './word-scan.ts';
import type { WordScan } from './word-scan.ts';
import { grown } from './word-table.ts';

/** What a read keeps of the words: their content terms (and the query terms among them), and the words themselves. */
export const READ = { terms: 1, words: 2 } as const;

/** Keeps a title match from sitting next to a body match as if they were one phrase. */
const FIELD_GAP = 50;

/** The positions of a query term a text does not hold: one list for every such term (a text holds few of them). */
const NO_POSITIONS: readonly number[] = [];

export class TextReader {
  readonly batch: BatchText;
  private readonly lexicon: BatchLexicon;
  private readonly words: WordScan;
  /** The current text's cue bits, and the flags of its last word (for the "is" "a" pair). */
  private cues = 0;
  private previous = 0;
  /** The current candidate's state (`begin`): see its readers in candidate-text.ts. */
  inBody = false;
  titleTerms = 0;
  bodyTerms = 0;
  titleTf: number[] = [];
  bodyTf: number[] = [];
  positions: (readonly number[])[] = [];
  exact: boolean[] = [];
  /** Bit k: the candidate mentions the lexicon's watched term k. */
  mentions = 0;
  /** The words read with READ.words of four letters or more (those repeatsOf counts), as entry ids. */
  kept = new Int32Array(256);
  keptWords = 0;

  constructor(batch: BatchText) {
    this.batch = batch;
    this.lexicon = batch.lexicon;
    this.words = batch.words;
  }

  /** Starts reading a candidate: no terms, no words, no query term counted. */
  begin(): void {
    const n = this.lexicon.matcher.terms.length;
    this.words.takeJoined();
    this.inBody = false;
    this.titleTerms = 0;
    this.bodyTerms = 0;
    // Filled by plain loops: `Array.from` with a function, and `fill`, took longer than reading the terms.
    this.titleTf = [];
    this.bodyTf = [];
    this.positions = [];
    this.exact = [];
    for (let i = 0; i < n; i += 1) {
      this.titleTf.push(0);
      this.bodyTf.push(0);
      this.positions.push(NO_POSITIONS);
      this.exact.push(false);
    }
    this.mentions = 0;
    this.keptWords = 0;
  }

  /** Whether a word of the candidate's texts may run on into the next for `\b` (cue-words.ts `exactCue`). */
  joined(): boolean {
    return this.words.takeJoined();
  }

  /** Reads `text` whole (READ bits in `mode`); returns its cue bits (cue-words.ts). */
  read(text: string, mode: number): number {
    return this.readLower(text.toLowerCase(), mode);
  }

  /** `read` of a text already lower-cased. */
  readLower(lower: string, mode: number): number {
    const { words } = this;
    words.text(lower);
    this.cues = 0;
    this.previous = 0;
    this.take(0, words.scan(0, lower.length, 0), mode);
    return this.cuesRead();
  }

  /**
   * `readLower` of a passage a window `lower[from, to)` was cut from (a snippet), which is then read alone with
   * READ.words; returns the cue bits of passage and window. Where a character neither in a word nor an apostrophe
   * stands, reading the passage whole and reading the window alone are both between words, so the words between the
   * window's first and last such characters are the passage's: only the ends of the window are scanned again.
   */
  readPassage(lower: string, mode: number, from: number, to: number): { passage: number; window: number } {
    const { words } = this;
    const codes = words.text(lower);
    const first = nextGap(codes, from, to);
    const last = lastGap(codes, first, to);
    this.cues = 0;
    this.previous = 0;
    const count = words.scan(0, lower.length, 0);
    this.take(0, count, mode);
    const passage = this.cuesRead();
    this.cues = 0;
    this.previous = 0;
    if (first >= last) {
      this.take(count, words.scan(from, to, count), READ.words);
      return { passage, window: this.cuesRead() };
    }
    // The passage's words whose runs start in [first, last), found before the ends are scanned after them.
    const { runStarts } = words;
    let middle = 0;
    while (middle < count && (runStarts[middle] as number) < first) middle += 1;
    let end = middle;
    while (end < count && (runStarts[end] as number) < last) end += 1;
    const start = words.scan(from, first, count);
    this.take(count, start, READ.words);
    this.take(middle, end, READ.words);
    this.take(start, words.scan(last, to, start), READ.words);
    return { passage, window: this.cuesRead() };
  }

  /** The cue bits (cue-words.ts) of the text read. */
  private cuesRead(): number {
    return this.cues & WORD_CUES;
  }

  /** Takes the words scanned [from, to) (READ bits in `mode`): their cue bits, terms and words. */
  private take(from: number, to: number, mode: number): void {
    const { ids } = this.words;
    const { info, table } = this.lexicon;
    const keepTerms = (mode & READ.terms) !== 0;
    const keepWords = (mode & READ.words) !== 0;
    const watching = this.lexicon.watched.length > 0;
    // Room for a term per word, written straight in: no test per term.
    const termIds = this.batch.room(to - from);
    let terms = this.batch.terms;
    // Where the next term stands among the candidate's (title, then body after a gap).
    const base = this.inBody ? this.titleTerms + FIELD_GAP + this.bodyTerms : this.titleTerms;
    const first = terms;
    let cues = this.cues;
    let previous = this.previous;
    for (let w = from; w < to; w += 1) {
      const id = ids[w] as number;
      const at = INFO * id;
      const flags = info[at + FLAGS] as number;
      cues |= flags;
      // "is" then "a" or "an" is a pair.
      if ((previous & ENDS_IS) !== 0 && (flags & STARTS_A) !== 0) cues |= CUE.explanatory;
      previous = flags;
      if (keepWords && table.lengthOf(id) > 3) this.keep(id);
      const term = info[at + TERM] as number;
      if (term < 0 || !keepTerms) continue;
      termIds[terms] = term;
      const termFlags = info[INFO * term + FLAGS] as number;
      if ((termFlags & IN_QUERY) !== 0) this.queryTerm(term, base + terms - first, (termFlags & IS_EXACT) !== 0);
      if (watching) this.mentions |= this.lexicon.watchedBits[term] as number;
      terms += 1;
    }
    if (this.inBody) this.bodyTerms += terms - first;
    else this.titleTerms += terms - first;
    this.batch.terms = terms;
    this.cues = cues;
    this.previous = previous;
  }

  /** Counts the query term that term `term` stands for at `position` (`exact`: as itself). */
  private queryTerm(term: number, position: number, exact: boolean): void {
    const index = this.lexicon.queryIndex[term] as number;
    const tf = this.inBody ? this.bodyTf : this.titleTf;
    tf[index] = (tf[index] as number) + 1;
    const at = this.positions[index];
    if (at === NO_POSITIONS) this.positions[index] = [position];
    else (at as number[]).push(position);
    if (exact) this.exact[index] = true;
  }

  /** Keeps word `id` for repeatsOf. */
  private keep(id: number): void {
    const word = this.keptWords;
    if (word === this.kept.length) this.kept = grown(this.kept, word * 2);
    this.kept[word] = id;
    this.keptWords = word + 1;
  }
}
