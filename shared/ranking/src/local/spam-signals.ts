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

/** Letters and capitals in the text, counted in one pass (ASCII without a regular expression). */
function letterCounts(text: string): { letters: number; upper: number } {
  let letters = 0;
  let upper = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (code >= 65 && code <= 90) {
        letters += 1;
        upper += 1;
      } else if (code >= 97 && code <= 122) letters += 1;
    } else if (LETTER.test(text[i] as string)) {
      letters += 1;
      if (UPPER.test(text[i] as string)) upper += 1;
    }
  }
  return { letters, upper };
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

/**
 * 21 ASCII capitals or characters outside ASCII (which hold the other capitals), from the start: anchored, and each
 * repetition's run of other characters cannot take the capital after it, so a text is read once.
 */
const TWENTY_ONE_CAPITALS = /^(?:[^A-Z\u0080-\uffff]*[A-Z\u0080-\uffff]){21}/;

/**
 * Whether the text could be shouting: over 40 letters, over half of them capitals, needs more than 20 capitals. Most
 * text has fewer, found by the regular expression engine (without building a string of them) rather than a loop over
 * its characters.
 */
export const mayShout = (text: string): boolean => TWENTY_ONE_CAPITALS.test(text);

/**
 * Spam likelihood from what a snippet looks like: clickbait phrasing, shouting, punctuation runs,
 * keyword stuffing, and a spammy domain shape. `repeats`: of the words of title and snippet, and `cues`: their cue
 * words (cue-words.ts), when the caller has them.
 */
export function spamScore(
  domain: string,
  title: string,
  snippet: string,
  repeats?: WordRepeats,
  cues: number = ANY_CUE,
): number {
  const text = `${title} ${snippet}`;
  let spam = domainLooksSpammy(domain);
  if ((cues & CUE.clickbait) !== 0 && CLICKBAIT.test(text)) spam += 0.45;
  if (/[!?]{3,}/.test(text)) spam += 0.15;
  if (mayShout(text)) {
    const { letters, upper } = letterCounts(text);
    if (letters > 40 && upper / letters > 0.5) spam += 0.25;
  }
  // Keyword stuffing: one word of four letters or more making over a fifth of them.
  const { tokens, most } = repeats ?? repeatsOf(words(text));
  if (tokens >= 12 && most / tokens > 0.2) spam += 0.3;
  return clamp01(spam);
}
