/**
 * The words of a candidate's title, snippet and extra passages, each text scanned once. A snippet cut from a passage
 * also sent whole (the local provider's window on a document) is read out of that passage's words (only its ends are
 * scanned again) rather than scanned as a text of its own, where lower-casing the passage is the same character by
 * character.
 */
import type { BatchVocabulary } from './batch-vocabulary.ts';

export interface CandidateWords {
  title: Int32Array;
  snippet: Int32Array;
  extras: Int32Array[];
  /** Whether the snippet is a window on one of the extra passages (its words are then in that passage's). */
  snippetRepeated: boolean;
}

/** The ellipses a provider puts where it cut the snippet out of a longer text. */
const CUT_MARKS = /^…|…$/g;

/**
 * Lower-casing is the same character by character, so a part of the lower-cased text is the lower-cased part: not so
 * for a capital sigma (its lower case depends on the letters around it) or a character whose lower case is longer
 * (İ), which shifts every later offset.
 */
const lowersInPlace = (text: string, lower: string): boolean =>
  lower.length === text.length && !/[\u03a3\u0130]/.test(text);

export function candidateWords(
  vocabulary: BatchVocabulary,
  title: string,
  snippet: string,
  extras: readonly string[],
): CandidateWords {
  const titleWords = vocabulary.wordsOf(title);
  const window = snippet.replace(CUT_MARKS, '');
  let found = -1;
  let at = -1;
  if (window.length > 0) {
    for (let e = 0; e < extras.length && at < 0; e += 1) {
      at = (extras[e] as string).indexOf(window);
      if (at >= 0) found = e;
    }
  }
  if (found < 0) {
    const snippetWords = vocabulary.wordsOf(snippet);
    return {
      title: titleWords,
      snippet: snippetWords,
      extras: extras.map((extra) => vocabulary.wordsOf(extra)),
      snippetRepeated: false,
    };
  }
  // The cut marks and the ends of the text both part words, so the window's words are those of its range alone.
  let snippetWords: Int32Array | undefined;
  const extraWords = extras.map((extra, e) => {
    const lower = extra.toLowerCase();
    const words = vocabulary.wordsOfLower(lower, 0, lower.length);
    if (e === found && lowersInPlace(extra, lower)) snippetWords = vocabulary.windowOf(lower, at, at + window.length);
    return words;
  });
  return {
    title: titleWords,
    snippet: snippetWords ?? vocabulary.wordsOf(snippet),
    extras: extraWords,
    snippetRepeated: true,
  };
}
