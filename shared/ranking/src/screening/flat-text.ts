/**
 * Text as the detector reads it: every run of whitespace one space, none at the ends. Rules and the
 * learned model both read this form, so no evidence depends on lines, tabs, padding (a markdown
 * table's aligned cells) or on where a provider cut its text; spans map back to the original.
 */

export interface FlatText {
  /** The collapsed text. */
  text: string;
  /** The offset in the original text of offset `i` of the collapsed one (`text.length` maps to the end). */
  original(i: number): number;
}

/** Anything the flat form would change: a whitespace run, whitespace other than a space, or space at an end. */
const NOT_FLAT = /\s\s|[^\S ]|^\s|\s$/;

/** What `\s` matches, by character code (a regex per character is slow on a page). */
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
      code === 0x3000 ||
      code === 0xfeff;

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
  if (!NOT_FLAT.test(text)) return { text, original: (i) => i };
  // Only runs that are not already one space are replaced (as /\s+/ would, with far fewer matches on prose).
  const flat = text.replace(/\s{2,}|[^\S ]/g, ' ').trim();
  let map: Int32Array | null = null;
  return {
    text: flat,
    original(i) {
      map ??= offsetMap(text);
      return map[Math.max(0, Math.min(i, flat.length))] ?? text.length;
    },
  };
}
