import type { InjectionEvidence } from '@rankgate/contracts';
import { MAX_EVIDENCE_SPANS } from '@rankgate/contracts';
import type { EvidenceSpan } from '@rankgate/ranking/screening';

/**
 * The evidence found in a page's screened text, as spans of the `content` sent back. `content` is
 * the text cut to max_chars, its most relevant passages first, so a span is found again by its text
 * rather than by its offset; evidence that fell outside the cut is not in `content` and is left out
 * (the row's reasons still name it).
 */
export function evidenceInContent(
  screenedText: string,
  spans: readonly EvidenceSpan[] | undefined,
  content: string | undefined,
): InjectionEvidence[] {
  if (!content || !spans) return [];
  const found: InjectionEvidence[] = [];
  for (const span of spans) {
    const text = screenedText.slice(span.start, span.end);
    if (text.trim().length === 0) continue;
    const start = content.indexOf(text);
    if (start < 0) continue;
    if (found.some((seen) => seen.start === start)) continue;
    found.push({ field: 'content', start, end: start + text.length, reason: span.reason });
    if (found.length === MAX_EVIDENCE_SPANS) break;
  }
  return found;
}
