/**
 * Text as the detector reads it: every run of whitespace one space, none at the ends, and words in
 * the letters they show (./disguised-text.ts: no invisible characters inside them, no look-alikes).
 * Rules and the learned model both read this form, so no evidence depends on lines, tabs, padding
 * (a markdown table's aligned cells), on where a provider cut its text or on how a word was
 * disguised; spans map back to the original.
 */
import type { ReadWord } from './disguised-text.ts';
import type { Span } from './injection-family.ts';
import { charCodes } from './char-codes.ts';
import { disguisedWords, readWord } from './disguised-text.ts';

export type { Span } from './injection-family.ts';

export interface FlatText {
  /** The collapsed text. */
  text: string;
  /** The offset in the original text of offset `i` of the collapsed one (`text.length` maps to the end). */
  original(i: number): number;
  /** The offset in the original text just after the character before offset `i` of the collapsed one. */
  originalEnd(i: number): number;
  /** The word (in the collapsed text) where the first invisible character was taken out, if one was. */
  hidden: Span | null;
}

const SPACE_RUN = /[^\S\uFEFF]{2,}|[^\S \uFEFF]/g;

/** What `\s` matches but U+FEFF, by character code (a regex per character is slow on a page). */
const isSpaceCode = (code: number): boolean =>
  code <= 32
    ? code === 32 || (code >= 9 && code <= 13)
    : code === 0xa0 ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200a) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x202f ||
      code === 0x205f ||
      code === 0x3000;

/**
 * Whether the flat form would leave `text` as it is: no whitespace run, no whitespace other than a space, no space at
 * an end. U+FEFF, whitespace to a regular expression, is an invisible character to the reader: ./disguised-text.ts
 * takes it out.
 */
function isFlat(text: string): boolean {
  const codes = charCodes(text);
  const last = text.length - 1;
  let previousSpace = true;
  for (let i = 0; i <= last; i += 1) {
    const code = codes[i] ?? 0;
    // Most characters are neither a control character nor a space, nor beyond Latin-1's first block.
    const space = code <= 32 ? code === 32 || (code >= 9 && code <= 13) : code >= 0xa0 && isSpaceCode(code);
    if (space && (code !== 32 || previousSpace || i === last)) return false;
    previousSpace = space;
  }
  return true;
}

/** Offsets in the collapsed text back to offsets in the original. */
function offsetMap(text: string): Int32Array {
  const map = new Int32Array(text.length + 1);
  let out = 0;
  let previousSpace = true;
  let lastKept = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const space = isSpaceCode(text.charCodeAt(i));
    if (space && previousSpace) continue;
    map[out] = i;
    out += 1;
    previousSpace = space;
    if (!space) lastKept = i + 1;
  }
  // A trailing space was dropped: the end of the flat text is just after the last character kept.
  map.fill(lastKept, out > 0 && previousSpace ? out - 1 : out);
  return map;
}

export function flatText(text: string): FlatText {
  const collapsed = collapse(text);
  const words = disguisedWords(collapsed.text);
  return words.length === 0 ? collapsed : undisguise(collapsed, words);
}

function collapse(text: string): FlatText {
  if (isFlat(text)) return { text, original: (i) => i, originalEnd: (i) => i, hidden: null };
  // Only runs that are not already one space are replaced (as /\s+/ would, with far fewer matches on prose); each
  // end then holds one space at most.
  let flat = text.replace(SPACE_RUN, ' ');
  if (flat.endsWith(' ')) flat = flat.slice(0, -1);
  if (flat.startsWith(' ')) flat = flat.slice(1);
  let map: Int32Array | null = null;
  const original = (i: number): number => {
    map ??= offsetMap(text);
    return map[Math.max(0, Math.min(i, flat.length))] ?? text.length;
  };
  return { text: flat, original, originalEnd: (i) => (i > 0 ? original(i - 1) + 1 : original(0)), hidden: null };
}

/** A stretch of the undisguised text: copied from the collapsed text, or one word read anew. */
interface Piece {
  /** Where it starts in the undisguised text, and in the collapsed one. */
  at: number;
  from: number;
  word?: ReadWord;
}

/**
 * The collapsed text with its disguised words read as the letters they show (only those words are walked, so a
 * page with one costs little more than one without); offsets go through both steps back to the original.
 */
function undisguise(collapsed: FlatText, words: readonly (readonly [number, number])[]): FlatText {
  const source = collapsed.text;
  const pieces: Piece[] = [];
  let text = '';
  let cursor = 0;
  let hidden: Span | null = null;
  for (const [start, end] of words) {
    if (start > cursor) {
      pieces.push({ at: text.length, from: cursor });
      text += source.slice(cursor, start);
    }
    const word = readWord(source.slice(start, end));
    if (word.hidden && hidden === null)
      hidden = { start: text.length, end: text.length + Math.max(1, word.text.length) };
    pieces.push({ at: text.length, from: start, word });
    text += word.text;
    cursor = end;
    // A word of invisible characters alone leaves no word: one space between its neighbours, not two.
    if (word.text.length === 0 && (text.length === 0 || text.endsWith(' ')) && source.charCodeAt(cursor) === 32)
      cursor += 1;
  }
  if (cursor < source.length) {
    pieces.push({ at: text.length, from: cursor });
    text += source.slice(cursor);
  }
  if (text.endsWith(' ')) text = text.slice(0, -1);
  /** The piece holding offset i of the undisguised text (the last piece starting at or before it). */
  const pieceAt = (i: number): Piece => {
    let low = 0;
    let high = pieces.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((pieces[mid]?.at ?? 0) <= i) low = mid;
      else high = mid - 1;
    }
    return pieces[low] ?? { at: 0, from: 0 };
  };
  const original = (i: number): number => {
    if (i >= text.length) return collapsed.originalEnd(source.length);
    const piece = pieceAt(Math.max(0, i));
    const inPiece = Math.max(0, i) - piece.at;
    return collapsed.original(piece.from + (piece.word ? (piece.word.starts[inPiece] ?? 0) : inPiece));
  };
  const originalEnd = (i: number): number => {
    if (i <= 0) return original(0);
    const piece = pieceAt(Math.min(i, text.length) - 1);
    const inPiece = Math.min(i, text.length) - piece.at;
    return collapsed.originalEnd(piece.from + (piece.word ? (piece.word.ends[inPiece - 1] ?? 0) : inPiece));
  };
  return { text, original, originalEnd, hidden };
}
