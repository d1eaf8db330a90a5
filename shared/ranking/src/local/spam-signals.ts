import { domainLooksSpammy } from './source-reputation.ts';
import { clamp01, words } from './text.ts';

const CLICKBAIT = /\b(?:you won'?t believe|click here|100% free|buy now|limited time|act now|miracle|secret trick|doctors hate|make \$\d+|free download|best price|cheap|casino|viagra|crypto giveaway|earn money fast)\b/i;

/**
 * Spam likelihood from what a snippet looks like: clickbait phrasing, shouting, punctuation runs,
 * keyword stuffing, and a spammy domain shape.
 */
export function spamScore(domain: string, title: string, snippet: string): number {
  const text = `${title} ${snippet}`;
  let spam = domainLooksSpammy(domain);
  if (CLICKBAIT.test(text)) spam += 0.45;
  if (/[!?]{3,}/.test(text)) spam += 0.15;
  const letters = text.replace(/[^\p{L}]/gu, '');
  const upper = text.replace(/[^\p{Lu}]/gu, '');
  if (letters.length > 40 && upper.length / letters.length > 0.5) spam += 0.25;
  const tokens = words(text).filter((w) => w.length > 3);
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  if (tokens.length >= 12 && most / tokens.length > 0.2) spam += 0.3;
  return clamp01(spam);
}
