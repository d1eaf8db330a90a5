import { truncateText } from '@rankgate/ranking';
import type { QueryAnalysis } from '@rankgate/ranking';
import { indexCandidate, onTopic } from '@rankgate/ranking';

/** Paragraphs shorter than this are headings or crumbs, not a passage to show. */
const MIN_PARAGRAPH_CHARS = 40;

/**
 * The passage of `text` an agent should see first: the paragraph that covers most of the query
 * (earliest on a tie), followed by the next ones while they fit in `maxChars`.
 */
export function bestExcerpt(text: string, query: QueryAnalysis, maxChars: number): string {
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return '';
  let best = 0;
  let bestScore = -1;
  paragraphs.forEach((paragraph, index) => {
    if (paragraph.length < MIN_PARAGRAPH_CHARS && paragraphs.length > 1) return;
    const score = onTopic(query, indexCandidate({ title: '', body: paragraph }));
    if (score > bestScore) {
      best = index;
      bestScore = score;
    }
  });
  let excerpt = paragraphs[best] ?? '';
  for (const next of paragraphs.slice(best + 1)) {
    if (excerpt.length + 1 + next.length > maxChars) break;
    excerpt = `${excerpt}\n${next}`;
  }
  return truncateText(excerpt, maxChars);
}
