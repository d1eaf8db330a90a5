/**
 * Pages that answer 200 with no content worth reading: a bot challenge, a "please enable JavaScript"
 * shell. They are reported as having no readable text instead of returning their boilerplate.
 */
const CHALLENGES = [
  /\bjust a moment\b/i,
  /checking (?:if the site connection is secure|your browser)/i,
  /enable javascript(?: and cookies)? to (?:continue|view|run)/i,
  /\b(?:javascript|js) (?:is )?(?:required|disabled)\b/i,
  /please (?:turn on|enable) javascript/i,
  /\bcaptcha\b/i,
  /attention required/i,
  /verify (?:that )?you are (?:a )?human/i,
  /\baccess denied\b/i,
];

/** A challenge page's text is short: a long article that mentions a captcha is still an article. */
const CHALLENGE_MAX_CHARS = 1_500;

/** Why the page has no readable text, or undefined when it has some. */
export function emptyPageReason(title: string | null, text: string): string | undefined {
  if (!text.trim()) return 'no readable text';
  if (text.length > CHALLENGE_MAX_CHARS) return undefined;
  const sample = `${title ?? ''}\n${text}`;
  return CHALLENGES.some((pattern) => pattern.test(sample))
    ? 'no readable text: a bot challenge or a page that needs JavaScript'
    : undefined;
}
