/**
 * A candidate's title, snippet and extra passages read once each (text-reader.ts): the content terms of title and body
 * with where each query term occurs, the cue bits of each text, and the repeated words of title and snippet. A snippet
 * cut from a passage also sent whole (the local provider's window on a document) is read with that passage, as a range
 * of it (TextReader.readPassage), and its terms are not counted twice.
 */
import type { FieldedText } from './fielded-text.ts';
import type { WordRepeats } from './spam-signals.ts';
import { READ } from './text-reader.ts';
import type { TextReader } from './text-reader.ts';

export interface CandidateReading {
  fielded: FieldedText;
  /** Cue bits (cue-words.ts) of the title, of the snippet, and of the extra passages together. */
  titleCues: number;
  snippetCues: number;
  extraCues: number;
  /** The repeated words of title and snippet (spam-signals.ts). */
  repeats: WordRepeats;
  /** Whether a word may run on into the next for `\b` (cue-words.ts `exactCue`). */
  joined: boolean;
}

/** The ellipsis a provider puts where it cut the snippet out of a longer text, at either end. */
const CUT_MARK = '…';

/** The snippet without its cut marks (as `snippet.replace(/^…|…$/g, '')`, without a regular expression). */
function windowOf(snippet: string): string {
  const from = snippet.startsWith(CUT_MARK) ? 1 : 0;
  const to = snippet.length > from && snippet.endsWith(CUT_MARK) ? snippet.length - 1 : snippet.length;
  return snippet.slice(from, to);
}

/**
 * Lower-casing is the same character by character, so a part of the lower-cased text is the lower-cased part: not so
 * for a capital sigma (its lower case depends on the letters around it) or a character whose lower case is longer
 * (İ), which shifts every later offset.
 */
const lowersInPlace = (text: string, lower: string): boolean =>
  lower.length === text.length && !text.includes('\u03a3') && !text.includes('\u0130');

/** Where the snippet's window is in one of the extras: [extra, offset], or [-1, -1]. */
function windowPlace(window: string, extras: readonly string[]): [number, number] {
  if (window.length === 0) return [-1, -1];
  for (let e = 0; e < extras.length; e += 1) {
    const at = (extras[e] as string).indexOf(window);
    if (at >= 0) return [e, at];
  }
  return [-1, -1];
}

/** Reads a candidate's texts: the title, then the body (the snippet unless it is a window on an extra, the extras). */
export function readCandidate(
  reader: TextReader,
  title: string,
  snippet: string,
  extras: readonly string[],
): CandidateReading {
  const { batch } = reader;
  reader.begin();
  const titleStart = batch.terms;
  const titleCues = reader.read(title, READ.terms | READ.words);
  reader.inBody = true;
  const bodyStart = batch.terms;
  const window = windowOf(snippet);
  const [found, at] = windowPlace(window, extras);
  let snippetCues = 0;
  let extraCues = 0;
  if (found < 0) {
    snippetCues = reader.read(snippet, READ.terms | READ.words);
    for (const extra of extras) extraCues |= reader.read(extra, READ.terms);
  } else {
    // The cut marks and the ends of the text both part words, so the window's words are those of its range alone.
    let windowRead = false;
    extras.forEach((extra, e) => {
      const lower = extra.toLowerCase();
      if (e === found && lowersInPlace(extra, lower)) {
        const cues = reader.readPassage(lower, READ.terms, at, at + window.length);
        extraCues |= cues.passage;
        snippetCues = cues.window;
        windowRead = true;
      } else extraCues |= reader.readLower(lower, READ.terms);
    });
    if (!windowRead) snippetCues = reader.read(snippet, READ.words);
  }
  const fielded: FieldedText = {
    titleLength: bodyStart - titleStart,
    bodyLength: batch.terms - bodyStart,
    titleTf: reader.titleTf,
    bodyTf: reader.bodyTf,
    positions: reader.positions,
    exact: reader.exact,
    titleStart,
    bodyStart,
    bodyEnd: batch.terms,
    mentions: reader.mentions,
  };
  return { fielded, titleCues, snippetCues, extraCues, repeats: repeatsOf(reader), joined: reader.joined() };
}

/** Counts by word id for `repeatsOf`: kept, and left all zero after each use. */
let counts = new Int32Array(4096);

/** `repeatsOf` (spam-signals.ts) of the words the reader kept (those of four letters or more), by their ids. */
function repeatsOf(reader: TextReader): WordRepeats {
  const { keptWords: words, kept: wordIds } = reader;
  const size = reader.batch.lexicon.table.size;
  if (counts.length < size) counts = new Int32Array(size * 2);
  let most = 0;
  for (let w = 0; w < words; w += 1) {
    const id = wordIds[w] as number;
    const count = (counts[id] as number) + 1;
    counts[id] = count;
    if (count > most) most = count;
  }
  for (let w = 0; w < words; w += 1) counts[wordIds[w] as number] = 0;
  return { tokens: words, most };
}
