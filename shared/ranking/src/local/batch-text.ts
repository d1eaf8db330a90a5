/**
 * The text of one batch as the judge reads it: its words and terms as entries of one table (batch-lexicon.ts), read
 * by a scan of its texts (word-scan.ts), and the content terms of its candidates as entry ids, in the order read (a
 * candidate's title and body are ranges of them). Kept from batch to batch (`borrow`, `release`): its arrays are
 * written again rather than allocated and collected.
 */
import { BatchLexicon } from './batch-lexicon.ts';
import type { TermMatcher } from './term-matcher.ts';
import { WordScan } from './word-scan.ts';
import { grown } from './word-table.ts';

/** Batch texts released, handed to the next batch. */
const spare: BatchText[] = [];

/** Batch texts kept for reuse: one per batch judged at once (batches are judged one at a time, synchronously). */
const MAX_SPARE = 2;

export class BatchText {
  readonly lexicon: BatchLexicon;
  /** The scan of the batch's texts into words (its buffers kept with the batch's). */
  readonly words: WordScan;
  /** The content terms read, as entry ids. */
  termIds = new Int32Array(1 << 14);
  /** The number of terms read. */
  terms = 0;

  constructor(matcher: TermMatcher, watched: readonly TermMatcher[]) {
    this.lexicon = new BatchLexicon(matcher, watched);
    this.words = new WordScan(this.lexicon);
  }

  /**
   * A batch text for the query terms of `matcher` (and `watched` terms, each matched alone), with the memory of one
   * released before when there is one: hand it back with `release` once nothing reads its terms any more.
   */
  static borrow(matcher: TermMatcher, watched: readonly TermMatcher[]): BatchText {
    const text = spare.pop();
    if (text === undefined) return new BatchText(matcher, watched);
    text.lexicon.clear(matcher, watched);
    return text;
  }

  /** Gives the batch text's memory to the next batch: every term it holds is written over. */
  release(): void {
    this.terms = 0;
    if (spare.length < MAX_SPARE) spare.push(this);
  }

  /** The term ids, with room for `count` more after the terms read (to be written there, then counted in `terms`). */
  room(count: number): Int32Array {
    if (this.terms + count > this.termIds.length) {
      this.termIds = grown(this.termIds, Math.max(this.termIds.length * 2, this.terms + count));
    }
    return this.termIds;
  }
}
