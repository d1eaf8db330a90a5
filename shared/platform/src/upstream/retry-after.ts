/**
 * `Retry-After` (RFC 9110 §10.2.3) as whole seconds: either delta-seconds or an HTTP-date.
 * Discover adapters pass it on so the search route can tell the agent how long to wait.
 */

/** Longer waits are clamped: an upstream asking for more than a day is broken, not busy. */
const MAX_RETRY_AFTER_SECONDS = 86_400;

/** HTTP-dates start with a day name (IMF-fixdate, RFC 850, asctime); `Date.parse` alone accepts far too much. */
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /;

/** Seconds to wait, or `undefined` when the header is absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_RETRY_AFTER_SECONDS);
  if (!HTTP_DATE.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, Math.ceil((at - now) / 1000)), MAX_RETRY_AFTER_SECONDS);
}
