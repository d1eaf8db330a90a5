/**
 * A candidate's text as the local judge's relevance features read it: the title and the body (the
 * provider's whole description, its extra passages, page text in deep mode) as stemmed content
 * terms, with where each query term occurs.
 */
import type { BatchVocabulary } from './batch-vocabulary.ts';
import type { TermEvidence } from './relevance-signals.ts';

export interface FieldedText {
  titleLength: number;
  bodyLength: number;
  /** Occurrences of each query term (by index) in the title and in the body. */
  titleTf: number[];
  bodyTf: number[];
  /** Positions of each query term in title and body read as one sequence (the body after a gap). */
  positions: number[][];
  /** Whether each query term occurs as itself (not only as a longer form or variant). */
  exact: boolean[];
  /** The content terms of title and body in order, as the batch vocabulary's term ids. */
  titleTerms: Int32Array;
  bodyTerms: Int32Array;
}

/** Whether the text mentions the query term at `index` in any form. */
const mentionsTerm = (text: FieldedText, index: number): boolean =>
  (text.titleTf[index] ?? 0) + (text.bodyTf[index] ?? 0) > 0;

const holds = (list: Int32Array, id: number): boolean => list.includes(id);

/** The evidence the judge's other signals read, from the fielded text: no second pass over the words. */
export function evidenceOf(text: FieldedText, vocabulary: BatchVocabulary, raw: string): TermEvidence {
  const { matcher } = vocabulary;
  return {
    raw,
    has: (term) => {
      const index = matcher.terms.indexOf(term);
      if (index >= 0) return text.exact[index] === true;
      const id = vocabulary.termIdOf(term);
      return id >= 0 && (holds(text.titleTerms, id) || holds(text.bodyTerms, id));
    },
    mentions: (term) => {
      const index = matcher.terms.indexOf(term);
      if (index >= 0) return mentionsTerm(text, index);
      // A subject spelt unlike any query term ("covid-19"): which of the batch's terms stand for it, read once a batch.
      const matching = vocabulary.matchingTerms(term);
      const matches = (id: number) => matching[id] === 1;
      return text.titleTerms.some(matches) || text.bodyTerms.some(matches);
    },
  };
}

/** Keeps a title match from sitting next to a body match as if they were one phrase. */
const FIELD_GAP = 50;

/** Reads a candidate's title and body, each given as its content terms (ids of `vocabulary`) in order. */
export function fieldedText(titleTerms: Int32Array, bodyTerms: Int32Array, vocabulary: BatchVocabulary): FieldedText {
  const n = vocabulary.matcher.terms.length;
  const text: FieldedText = {
    titleLength: titleTerms.length,
    bodyLength: bodyTerms.length,
    titleTf: new Array<number>(n).fill(0),
    bodyTf: new Array<number>(n).fill(0),
    positions: Array.from({ length: n }, () => []),
    exact: new Array<boolean>(n).fill(false),
    titleTerms,
    bodyTerms,
  };
  const { queryIndex, exact } = vocabulary;
  const read = (terms: Int32Array, tf: number[], offset: number) => {
    for (let i = 0; i < terms.length; i += 1) {
      const id = terms[i] as number;
      const index = queryIndex[id] as number;
      if (index < 0) continue;
      tf[index] = (tf[index] ?? 0) + 1;
      text.positions[index]?.push(offset + i);
      if (exact[id]) text.exact[index] = true;
    }
  };
  read(titleTerms, text.titleTf, 0);
  read(bodyTerms, text.bodyTf, titleTerms.length + FIELD_GAP);
  return text;
}
