/**
 * Cue words: words a signal's regular expression cannot match without (for each of its alternatives, one word the
 * expression puts between spaces or word boundaries). The judge has every word of a candidate already, so a text
 * holding none of an expression's cue words is not searched with it: most texts match none of the clickbait,
 * republishing and tagline expressions, and each of those searches read every character.
 *
 * A word of the judge is a run of letters and digits, while `\b` parts ASCII letters, digits and "_" from the rest, so
 * a word counts by its ASCII letter-and-digit parts ("x'are" holds "are", "écheap" holds "cheap"). Only two characters
 * lower-case into ASCII letters, İ and the Kelvin sign, and next to them the parts differ from `\b`'s: a text holding
 * either is searched whatever its words.
 */

/** One bit per expression searched only where its cue words are. */
export const CUE = { clickbait: 1, republished: 2, wikipedia: 4, explanatory: 8 } as const;

/** Every bit: search with every expression (for a caller that does not know the text's words). */
export const ANY_CUE = -1;

const LOWERS_TO_ASCII = /[\u0130\u212a]/;

/** Whether any of the texts holds a character whose lower case is an ASCII letter. */
export const lowersToAscii = (texts: readonly string[]): boolean => texts.some((text) => LOWERS_TO_ASCII.test(text));
