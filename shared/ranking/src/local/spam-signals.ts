import { domainLooksSpammy } from './source-reputation.ts';
import { clamp01, words } from './text.ts';

const CLICKBAIT = /\b(?:you won'?t believe|click here|100% free|buy now|limited time|act now|miracle|secret trick|doctors hate|make \$\d+|free download|best price|cheap|casino|viagra|crypto giveaway|earn money fast)\b/i;

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;

/** Letters and capitals in the text, counted in one pass (ASCII without a regular expression). */
function letterCounts(text: string): { letters: number; upper: number } {
  let letters = 0;
  let upper = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (code >= 65 && code <= 90) { letters += 1; upper += 1; } else if (code >= 97 && code <= 122) letters += 1;
    } else if (LETTER.test(text[i] as string)) {
      letters += 1;
      if (UPPER.test(text[i] as string)) upper += 1;
    }
  }
  return { letters, upper };
}

/**
 * Spam likelihood from what a snippet looks like: clickbait phrasing, shouting, punctuation runs,
 * keyword stuffing, and a spammy domain shape.
 */
export function spamScore(domain: string, title: string, snippet: string): number {
  const text = `${title} ${snippet}`;
  let spam = domainLooksSpammy(domain);
  if (CLICKBAIT.test(text)) spam += 0.45;
  if (/[!?]{3,}/.test(text)) spam += 0.15;
  const { letters, upper } = letterCounts(text);
  if (letters > 40 && upper / letters > 0.5) spam += 0.25;
  const tokens = words(text).filter((w) => w.length > 3);
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  if (tokens.length >= 12 && most / tokens.length > 0.2) spam += 0.3;
  return clamp01(spam);
}
