import { ANY_CUE, CUE } from './cue-words.ts';
import { domainLooksSpammy } from './source-reputation.ts';
import { clamp01, words } from './text.ts';

const CLICKBAIT =
  /\b(?:you won'?t believe|click here|100% free|buy now|limited time|act now|miracle|secret trick|doctors hate|make \$\d+|free download|best price|cheap|casino|viagra|crypto giveaway|earn money fast)\b/i;

/** A word of each of CLICKBAIT's alternatives, in its order ("free" serves two): cue-words.ts. */
export const CLICKBAIT_CUES = [
  'believe',
  'click',
  'free',
  'buy',
  'limited',
  'act',
  'miracle',
  'trick',
  'hate',
  'make',
  'price',
  'cheap',
  'casino',
  'viagra',
  'giveaway',
  'money',
];

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;

/** Bits of a code unit's kind (`letterKinds`): a letter, a capital letter, and the kind found. */
const [IS_LETTER, IS_UPPER, KNOWN] = [1, 2, 4];

/**
 * Each code unit's kind as LETTER and UPPER read it alone (a surrogate alone is neither): ASCII's set here, another
 * found by the expressions when first met and kept, so a text is read with one look-up a character.
 */
const letterKinds = new Uint8Array(65536);
for (let code = 0; code < 128; code += 1) {
  const upper = code >= 65 && code <= 90;
  letterKinds[code] = KNOWN | (upper || (code >= 97 && code <= 122) ? IS_LETTER : 0) | (upper ? IS_UPPER : 0);
}

function kindOf(code: number): number {
  const kind = letterKinds[code] as number;
  if (kind !== 0) return kind;
  const unit = String.fromCharCode(code);
  const letter = LETTER.test(unit);
  const found = KNOWN | (letter ? IS_LETTER : 0) | (letter && UPPER.test(unit) ? IS_UPPER : 0);
  letterKinds[code] = found;
  return found;
}

/**
 * Whether the texts together hold over 40 letters, over half of them capitals (LETTER and UPPER, read by code unit).
 * Read until the letters that are not capitals outnumber the capitals by more characters than are left to read: most
 * text is settled halfway.
 */
export function shouts(...texts: readonly string[]): boolean {
  let letters = 0;
  let upper = 0;
  let left = 0;
  for (const text of texts) left += text.length;
  for (const text of texts) {
    for (let i = 0; i < text.length; i += 1) {
      const kind = kindOf(text.charCodeAt(i));
      letters += kind & IS_LETTER;
      upper += (kind & IS_UPPER) >> 1;
      left -= 1;
      if (letters - 2 * upper >= left) return false;
    }
  }
  return letters > 40 && upper / letters > 0.5;
}

/** Words of four letters or more in a text, and the most times any one of them occurs: keyword stuffing's evidence. */
export interface WordRepeats {
  tokens: number;
  most: number;
}

export function repeatsOf(list: Iterable<string>): WordRepeats {
  const counts = new Map<string, number>();
  let tokens = 0;
  let most = 0;
  for (const word of list) {
    if (word.length <= 3) continue;
    tokens += 1;
    const count = (counts.get(word) ?? 0) + 1;
    counts.set(word, count);
    if (count > most) most = count;
  }
  return { tokens, most };
}

/** Three or more exclamation and question marks in a row. */
const PUNCTUATION_RUN = /[!?]{3,}/;

/** Whether the text holds PUNCTUATION_RUN: searched for only in a text holding either mark, found at once by V8. */
const punctuationRun = (text: string): boolean =>
  (text.includes('!') || text.includes('?')) && PUNCTUATION_RUN.test(text);

/**
 * Spam likelihood from what a snippet looks like: clickbait phrasing, shouting, punctuation runs,
 * keyword stuffing, and a spammy domain shape. `repeats`: of the words of title and snippet, `cues`: their cue words
 * (cue-words.ts), and `domainSpam`: the domain's shape (domainLooksSpammy), when the caller has them.
 */
export function spamScore(
  domain: string,
  title: string,
  snippet: string,
  repeats?: WordRepeats,
  cues: number = ANY_CUE,
  domainSpam: number = domainLooksSpammy(domain),
): number {
  // The text is title and snippet joined by a space: what holds no space (a run of marks, letters) is read from each.
  const text = (): string => `${title} ${snippet}`;
  let spam = domainSpam;
  if ((cues & CUE.clickbait) !== 0 && CLICKBAIT.test(text())) spam += 0.45;
  if (punctuationRun(title) || punctuationRun(snippet)) spam += 0.15;
  if (shouts(title, snippet)) spam += 0.25;
  // Keyword stuffing: one word of four letters or more making over a fifth of them.
  const { tokens, most } = repeats ?? repeatsOf(words(text()));
  if (tokens >= 12 && most / tokens > 0.2) spam += 0.3;
  return clamp01(spam);
}
