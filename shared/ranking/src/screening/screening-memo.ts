/**
 * Screening verdicts remembered by the text they were reached on. A verdict is a pure function of
 * what the provider sent and of the shipped model, and the same results come back often: a query
 * repeated from the discover cache, related queries that share results, a retry. Screening a
 * 2,000-character description costs about 0.15 ms, a hundred of them most of a search's rank time;
 * a remembered verdict costs one map look-up.
 */
import { hash } from 'node:crypto';

import type { ResultAssessment, ScreenedResult } from './screen-result.ts';
import { screenResult } from './screen-result.ts';

/** Verdicts kept by default: a few hundred searches' worth of results (100 candidates each) in about 10 MB. */
export const SCREENING_MEMO_ENTRIES = 32_768;

/**
 * Everything screenResult reads, each field led by its length (no two results share the string), kept as its
 * SHA-256: a few dozen bytes per entry instead of the text, and no text can be written to take a benign result's
 * key, as it could under a fast non-cryptographic hash. About 5 µs for a 2,000-character result.
 */
function keyOf(result: ScreenedResult): string {
  let key = '';
  const add = (text: string | undefined): void => {
    key += text === undefined ? '-|' : `${text.length}|${text}`;
  };
  add(result.title);
  add(result.snippet);
  key += `${result.extra_snippets?.length ?? -1}|`;
  for (const extra of result.extra_snippets ?? []) add(extra);
  add(result.markup);
  add(result.content);
  return hash('sha256', key, 'base64');
}

export interface ScreeningMemoOptions {
  /** Verdicts kept; 0 keeps none (every result is screened each time). */
  capacity?: number;
  /** Told of each look-up, for metrics. */
  onLookup?: (result: 'hit' | 'miss') => void;
}

export class ScreeningMemo {
  readonly #verdicts = new Map<string, Readonly<ResultAssessment>>();
  readonly #capacity: number;
  readonly #onLookup: ((result: 'hit' | 'miss') => void) | undefined;
  #hits = 0;
  #misses = 0;

  constructor({ capacity = SCREENING_MEMO_ENTRIES, onLookup }: ScreeningMemoOptions = {}) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`capacity ${capacity}: a whole number ≥ 0`);
    this.#capacity = capacity;
    this.#onLookup = onLookup;
  }

  /** The result's verdict, screened now or remembered. Shared between callers: read it, never change it. */
  screen(result: ScreenedResult): Readonly<ResultAssessment> {
    if (this.#capacity === 0) return screenResult(result);
    const key = keyOf(result);
    const known = this.#verdicts.get(key);
    if (known) {
      this.#hits += 1;
      this.#onLookup?.('hit');
      // Most recently used last: a Map iterates in insertion order, so the first key is the one to let go.
      this.#verdicts.delete(key);
      this.#verdicts.set(key, known);
      return known;
    }
    this.#misses += 1;
    this.#onLookup?.('miss');
    const verdict = freeze(screenResult(result));
    if (this.#verdicts.size >= this.#capacity) {
      const oldest = this.#verdicts.keys().next();
      if (!oldest.done) this.#verdicts.delete(oldest.value);
    }
    this.#verdicts.set(key, verdict);
    return verdict;
  }

  get size(): number {
    return this.#verdicts.size;
  }

  /** Look-ups answered from memory and look-ups that screened, since the memo was made. */
  get stats(): { hits: number; misses: number } {
    return { hits: this.#hits, misses: this.#misses };
  }
}

/** A shared verdict must not be changed by one of its readers under another's feet. */
function freeze(verdict: ResultAssessment): Readonly<ResultAssessment> {
  for (const span of verdict.evidence) Object.freeze(span);
  Object.freeze(verdict.evidence);
  Object.freeze(verdict.reasons);
  return Object.freeze(verdict);
}
