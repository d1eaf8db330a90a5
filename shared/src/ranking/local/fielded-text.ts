/**
 * A candidate's text as the local judge's relevance features read it: the title and the body (the
 * provider's whole description, its extra passages, page text in deep mode) as stemmed content
 * terms, with where each query term occurs.
 */
/** Words this long are compared by their stem-like start: "inductive" and "induction" share "induc". */
export const VARIANT_MIN_LENGTH = 7;

/** The start two words must share to count as variants of one another. */
export const variantKey = (word: string): string => word.slice(0, Math.max(5, word.length - 3));

/** Whether a text's word stands for a query term: the same, a longer form ("aldh1a1"), or a long variant. */
export function wordMatches(term: string, word: string): boolean {
  if (word === term) return true;
  if (term.length < 4) return false;
  if (word.startsWith(term)) return true;
  return term.length >= VARIANT_MIN_LENGTH && word.length >= VARIANT_MIN_LENGTH - 1 && word.startsWith(variantKey(term));
}

/** Which query term (index) each word stands for, remembered for a batch: most words recur. */
export class TermMatcher {
  private readonly seen = new Map<string, number>();

  constructor(readonly terms: readonly string[]) {}

  indexOf(word: string): number {
    let index = this.seen.get(word);
    if (index === undefined) {
      index = this.terms.findIndex((term) => wordMatches(term, word));
      this.seen.set(word, index);
    }
    return index;
  }
}

export interface FieldedText {
  titleLength: number;
  bodyLength: number;
  /** Occurrences of each query term (by index) in the title and in the body. */
  titleTf: number[];
  bodyTf: number[];
  /** Positions of each query term in title and body read as one sequence (the body after a gap). */
  positions: number[][];
  /** Every content term of title and body with its count, for feedback terms (title counts double). */
  counts: Map<string, number>;
}

/** Keeps a title match from sitting next to a body match as if they were one phrase. */
const FIELD_GAP = 50;

/** Reads a candidate's title and body, each given as its content terms in order. */
export function fieldedText(titleWords: readonly string[], bodyWords: readonly string[], matcher: TermMatcher): FieldedText {
  const n = matcher.terms.length;
  const text: FieldedText = {
    titleLength: 0, bodyLength: 0, titleTf: new Array<number>(n).fill(0), bodyTf: new Array<number>(n).fill(0),
    positions: Array.from({ length: n }, () => []), counts: new Map(),
  };
  const read = (words: readonly string[], tf: number[], offset: number, weight: number) => {
    words.forEach((word, i) => {
      text.counts.set(word, (text.counts.get(word) ?? 0) + weight);
      const index = matcher.indexOf(word);
      if (index < 0) return;
      tf[index] = (tf[index] ?? 0) + 1;
      text.positions[index]?.push(offset + i);
    });
  };
  text.titleLength = titleWords.length;
  text.bodyLength = bodyWords.length;
  read(titleWords, text.titleTf, 0, 2);
  read(bodyWords, text.bodyTf, titleWords.length + FIELD_GAP, 1);
  return text;
}
