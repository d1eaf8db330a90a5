/**
 * A candidate's text as the local judge's relevance features read it: the title and the body (the provider's whole
 * description, its extra passages, page text in deep mode) as stemmed content terms, with where each query term
 * occurs (read by candidate-text.ts).
 */
import type { BatchText } from './batch-text.ts';
import type { TermEvidence } from './relevance-signals.ts';
import { TermMatcher } from './term-matcher.ts';

export interface FieldedText {
  titleLength: number;
  bodyLength: number;
  /** Occurrences of each query term (by index) in the title and in the body. */
  titleTf: number[];
  bodyTf: number[];
  /** Positions of each query term in title and body read as one sequence (the body after a gap). */
  positions: (readonly number[])[];
  /** Whether each query term occurs as itself (not only as a longer form or variant). */
  exact: boolean[];
  /**
   * The content terms of title and body in order, among the batch's terms (batch-text.ts `termIds`): the title's from
   * `titleStart` to `bodyStart`, the body's from there to `bodyEnd`.
   */
  titleStart: number;
  bodyStart: number;
  bodyEnd: number;
  /** Bit k: the text mentions the batch's watched term k (batch-lexicon.ts `watched`). */
  mentions: number;
}

/** Whether the text mentions the query term at `index` in any form. */
const mentionsTerm = (text: FieldedText, index: number): boolean =>
  (text.titleTf[index] ?? 0) + (text.bodyTf[index] ?? 0) > 0;

/**
 * The evidence the judge's other signals read, from the fielded text: no second pass over the words. `parts`: title,
 * snippet and extras, joined by line breaks into the raw text only when an expression must search it (most texts are
 * settled by their words, cue-words.ts). A class, its getter and methods on the prototype: an object literal with a
 * getter made a new hidden class per candidate, which kept each candidate's text alive through the next collections.
 */
class CandidateEvidence implements TermEvidence {
  private joined: string | undefined;
  private readonly text: FieldedText;
  private readonly batch: BatchText;
  private readonly parts: readonly string[];

  constructor(text: FieldedText, batch: BatchText, parts: readonly string[]) {
    this.text = text;
    this.batch = batch;
    this.parts = parts;
  }

  get raw(): string {
    this.joined ??= this.parts.join('\n');
    return this.joined;
  }

  has(term: string): boolean {
    const { text, batch } = this;
    const index = batch.lexicon.matcher.terms.indexOf(term);
    if (index >= 0) return text.exact[index] === true;
    // Any other term: looked for among the text's terms (a word met only as a word, "cells", is in none of them).
    const id = batch.lexicon.idOf(term);
    return id >= 0 && someTerm(batch, text, (termId) => termId === id);
  }

  mentions(term: string): boolean {
    const { text, batch } = this;
    const { lexicon } = batch;
    const index = lexicon.matcher.terms.indexOf(term);
    if (index >= 0) return mentionsTerm(text, index);
    // A subject spelt unlike any query term ("covid-19"): counted while the text was read when the batch watched it.
    const watched = lexicon.watched.findIndex((matcher) => matcher.terms[0] === term);
    if (watched >= 0) return (text.mentions & (1 << watched)) !== 0;
    const matcher = new TermMatcher([term]);
    const { table } = lexicon;
    return someTerm(batch, text, (id) => {
      const start = table.startOf(id);
      return matcher.indexOfCodes(table.chars, start, start + table.lengthOf(id)) === 0;
    });
  }
}

/** Whether `holds` holds for any term (id) of the text's title and body. */
function someTerm(batch: BatchText, text: FieldedText, holds: (id: number) => boolean): boolean {
  for (let at = text.titleStart; at < text.bodyEnd; at += 1) if (holds(batch.termIds[at] as number)) return true;
  return false;
}

/** The evidence of a candidate (`CandidateEvidence`). */
export const evidenceOf = (text: FieldedText, batch: BatchText, parts: readonly string[]): TermEvidence =>
  new CandidateEvidence(text, batch, parts);
