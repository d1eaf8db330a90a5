/**
 * Where sentences end, as the global regex SENTENCE_END finds its matches, by a walk over the characters
 * (the regex is tried at every space of a page for its "\s*\|" branch, which made it a tenth of the model).
 */

/**
 * ". ", "! ", "? " (any whitespace after), " — ", which joins a result's title to its description, and
 * a cell separator "|" (a table or a "SUBJECT: …|CONTENT: …" record has no sentence stops of its own).
 */
export const SENTENCE_END = /(?:[.!?。！？]["'’”)\]]*|\s—)\s+|\s*\|\s*/g;

/** The characters `\s` matches in a regular expression. */
export function isRegexSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const isStop = (code: number): boolean =>
  code === 46 || code === 33 || code === 63 || code === 0x3002 || code === 0xff01 || code === 0xff1f;
const isCloser = (code: number): boolean =>
  code === 34 || code === 39 || code === 0x2019 || code === 0x201d || code === 41 || code === 93;
const DASH = 0x2014;
const BAR = 124;

function spacesFrom(text: string, at: number): number {
  while (at < text.length && isRegexSpace(text.charCodeAt(at))) at += 1;
  return at;
}

/**
 * The next SENTENCE_END match at or after `from`: its end times two, plus one when it is the " — " branch
 * (a title's end); -1 when there is none.
 */
export function nextSentenceEnd(text: string, from: number): number {
  const length = text.length;
  for (let at = from; at < length; at += 1) {
    const code = text.charCodeAt(at);
    // Most characters are letters or digits: none of them starts or ends a match.
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90)) continue;
    if (isStop(code)) {
      let end = at + 1;
      while (end < length && isCloser(text.charCodeAt(end))) end += 1;
      if (end < length && isRegexSpace(text.charCodeAt(end))) return spacesFrom(text, end + 1) * 2;
      continue;
    }
    if (code === BAR) return spacesFrom(text, at + 1) * 2;
    if (!isRegexSpace(code)) continue;
    if (text.charCodeAt(at + 1) === DASH && isRegexSpace(text.charCodeAt(at + 2)))
      return spacesFrom(text, at + 3) * 2 + 1;
    // "\s*\|" from here: the run of spaces must end at a bar; if not, no later space of the run starts a
    // match either, except the run's last space before a dash.
    const runEnd = spacesFrom(text, at + 1);
    if (text.charCodeAt(runEnd) === BAR) return spacesFrom(text, runEnd + 1) * 2;
    const last = runEnd - 1;
    if (last > at && text.charCodeAt(last + 1) === DASH && isRegexSpace(text.charCodeAt(last + 2)))
      return spacesFrom(text, last + 3) * 2 + 1;
    at = last;
  }
  return -1;
}
