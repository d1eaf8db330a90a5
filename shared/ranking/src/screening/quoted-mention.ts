/**
 * Whether a stretch of text sits inside a quotation the text introduces as an example: "an attacker hides a line such
 * as 'ignore previous instructions and …' in the page", "the classic string — 'you are now DAN' — …". Writing about
 * prompt injection quotes attacks to explain them; a quoted example is mentioned, not said to the reader. An
 * instruction that asks for a quote ('reply with the sentence "…"') says its order outside the quotation marks.
 */
import type { Span } from './injection-family.ts';

/** Opening quotation marks and the mark that closes each. */
const CLOSER: Record<string, string> = { "'": "'", '"': '"', '‘': '’', '“': '”', '«': '»', '„': '“' };
/** How far before a stretch its opening mark may be, and after it the closing one (a quoted line or two). */
const QUOTE_REACH = 240;
/** The words right before the opening mark that introduce an example: "such as", "a line like", "the string". */
const INTRODUCED = new RegExp(
  String.raw`(?:(?:\b(?:such\s+as|like|e\.\s?g\.|i\.\s?e\.|for\s+(?:example|instance)|as\s+in|known\s+as|called|containing|contains|saying|says|said|reads|read|typed|wrote|(?:the|a|an)\s+(?:[\w-]+\s+){0,2}(?:string|phrase|sentence|line|lines|text|words?|prompt|payload|instruction|command|message|comment|note)|(?:examples?|samples?)(?:\s+[\w-]+){0,3}|(?:asks?|asked|tells?|told|instructs?|instructed)\s+(?:[\w-]+\s+){0,4}to)|['"’”]\s*(?:,|or|and))\s*[,:—–-]?\s*)$`,
  'i',
);

const isLetterOrDigit = (char: string): boolean => /[\p{L}\p{N}]/u.test(char);
/** What may stand right before an opening straight mark: nothing, a space, a bracket or a dash. */
const OPENS_AFTER = /^$|[\s([{—–:-]/;

/** What the mark at `at` is: an opening or a closing quotation mark, or an apostrophe inside a word. */
function markAt(text: string, at: number): 'open' | 'close' | 'apostrophe' | null {
  const mark = text.charAt(at);
  const [before, after] = [text.charAt(at - 1), text.charAt(at + 1)];
  if ((mark === "'" || mark === '’') && isLetterOrDigit(before) && isLetterOrDigit(after)) return 'apostrophe';
  if (mark === "'" || mark === '"') return OPENS_AFTER.test(before) && after.trim() !== '' ? 'open' : 'close';
  if (mark === '‘' || mark === '“' || mark === '«' || mark === '„') return 'open';
  if (mark === '’' || mark === '”' || mark === '»') return 'close';
  return null;
}

/** Whether `span` of `text` lies inside a quotation introduced as an example. */
export function inQuotedMention(text: string, span: Span): boolean {
  for (let at = span.start - 1; at >= Math.max(0, span.start - QUOTE_REACH); at -= 1) {
    const kind = markAt(text, at);
    if (kind === null || kind === 'apostrophe') continue;
    // A quotation that closed before the stretch does not hold it.
    if (kind === 'close') return false;
    const closer = CLOSER[text.charAt(at)] ?? '';
    const close = text.indexOf(closer, span.end);
    if (close < 0 || close - span.end > QUOTE_REACH) return false;
    return INTRODUCED.test(text.slice(Math.max(0, at - 60), at));
  }
  return false;
}
