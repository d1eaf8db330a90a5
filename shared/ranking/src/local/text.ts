/** Small text utilities for the local judge: deterministic, dependency-free, Unicode-aware. */

export const STOPWORDS: ReadonlySet<string> = new Set(
  `a an and are as at be been but by can could did do does for from had has have how i if in into is it its
of on or our so than that the their them then there these they this those to was we were what when where which who whom whose
why will with would you your about after before between during over under up down out off than too very just also not no nor
only own same such both each few more most other some any all am me my he she his her him us vs via per`.split(/\s+/),
);

/**
 * Harman's S-stemmer: folds English plurals only ("tides" → "tide", "studies" → "study"), which
 * is conservative enough never to merge unrelated words.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (word.endsWith('ies') && !/[ae]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && !/[aeo]es$/.test(word)) return word.slice(0, -1);
  if (/[us]s$/.test(word)) return word;
  return word.slice(0, -1);
}

/** A word of a run holding other characters than ASCII: global, for `match` and for an `exec` loop from 0. */
export const UNICODE_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
/** ASCII words, with any run holding non-ASCII characters kept whole for UNICODE_WORD to split. */
export const ROUGH_WORD = /[a-z0-9\u0080-\uffff]+(?:'[a-z]+)?/g;
// eslint-disable-next-line no-control-regex
export const NON_ASCII = /[^\x00-\x7f]/;

/** The Unicode words of a lower-cased run holding characters other than ASCII (as `words` splits it). */
export const unicodeWords = (run: string): string[] => run.match(UNICODE_WORD) ?? [];

/**
 * The lower-cased words of a text. Most text is ASCII, where a plain character class is several
 * times faster than Unicode property classes; only a text holding other characters has its runs
 * holding them split by the Unicode expression.
 */
export function words(text: string): string[] {
  const lower = text.toLowerCase();
  const rough = lower.match(ROUGH_WORD) ?? [];
  if (!NON_ASCII.test(lower)) return rough;
  return rough.flatMap((token) => (NON_ASCII.test(token) ? unicodeWords(token) : [token]));
}

/** Content terms of already split words: stop words removed, stemmed. */
export function termsOfWords(list: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of list) if (!STOPWORDS.has(word)) out.push(stem(word));
  return out;
}

/** Content terms of a text: lower-cased, stop words removed, stemmed. */
export function contentTerms(text: string): string[] {
  return termsOfWords(words(text));
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/** `isStopword` for a word already lower-cased. */
export const isLowerStopword = (word: string): boolean => STOPWORDS.has(word);

/** Share of `terms` found in `haystack` (a set of stemmed terms); 0 when there are no terms. */
export function coverage(terms: readonly string[], haystack: ReadonlySet<string>): number {
  if (terms.length === 0) return 0;
  return terms.filter((t) => haystack.has(t)).length / terms.length;
}

export const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

export const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** Host name without `www.`, or '' for a URL that does not parse. */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return '';
  }
}
