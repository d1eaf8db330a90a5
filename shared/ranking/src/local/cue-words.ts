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
 *
 * Apart from those two, a word's part is a whole word of `\b`'s unless "_" stands next to it (a word character for
 * `\b`, in no word here) or an apostrophe's letters end a word with a digit next ("x'is9": "is9" for `\b`). In a text
 * without either, an expression made of single words matches exactly where one of its words is a part of a word.
 */

/**
 * One bit per expression searched only where its cue words are. Two expressions are settled by words alone when the
 * words are `\b`'s (`exact`): `factOther`, whose alternatives are single words, and `explanatoryWord`, a word of the
 * explanatory expression's single-word alternatives (the others, phrases, are searched for).
 */
export const CUE = {
  clickbait: 1,
  republished: 2,
  wikipedia: 4,
  explanatory: 8,
  factOther: 16,
  explanatoryWord: 32,
  exact: 64,
} as const;

/** The bits a word's cue words can set (all but `exact`, which a text's words as a whole set). */
export const WORD_CUES =
  CUE.clickbait | CUE.republished | CUE.wikipedia | CUE.explanatory | CUE.factOther | CUE.explanatoryWord;

/** Every bit but `exact`: search with every expression (for a caller that does not know the text's words). */
export const ANY_CUE = ~CUE.exact;

/**
 * Whether any of the texts holds a character whose lower case is an ASCII letter. Searched for as strings, not by a
 * regular expression: most texts are stored a byte a character, where V8 answers at once that a character beyond
 * U+00FF is not there.
 */
export const lowersToAscii = (texts: readonly string[]): boolean =>
  texts.some((text) => text.includes('\u0130') || text.includes('\u212a'));

/**
 * CUE.exact for the words of texts without either character lower-casing into ASCII (`lowersToAscii`): their words are
 * `\b`'s unless one may run on into the next (`joined`: an apostrophe's letters then a digit, or a "_", word-scan.ts).
 */
export const exactCue = (joined: boolean): number => (joined ? 0 : CUE.exact);
