import { truncateText } from '@rankgate/ranking';
import { analyzeQuery, indexCandidate, onTopic } from '@rankgate/ranking';

/** Marks where passages were left out between the ones kept. */
export const GAP = '\n…\n';

/**
 * `text` cut to at most `maxChars`. With a query, the paragraphs that cover it best are kept first
 * (then the next best while they fit), shown in page order with a gap mark where text was left out;
 * without one, the leading text. Whole text when it fits.
 */
export function cutToRelevant(text: string, query: string, maxChars: number): { content: string; truncated: boolean } {
  if (text.length <= maxChars) return { content: text, truncated: false };
  const analysis = analyzeQuery(query);
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (analysis.terms.length === 0 || paragraphs.length < 2)
    return { content: truncateText(text, maxChars), truncated: true };
  const scored = paragraphs.map((paragraph, index) => ({
    index,
    score: onTopic(analysis, indexCandidate({ title: '', body: paragraph })),
  }));
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  const kept = new Set<number>();
  let used = 0;
  for (const { index } of scored) {
    const cost = (paragraphs[index]?.length ?? 0) + GAP.length;
    if (used + cost > maxChars) continue;
    kept.add(index);
    used += cost;
  }
  // Even the best paragraph is longer than the budget: show its start.
  if (kept.size === 0)
    return { content: truncateText(paragraphs[scored[0]?.index ?? 0] ?? text, maxChars), truncated: true };
  let content = '';
  let previous = -1;
  for (const index of [...kept].sort((a, b) => a - b)) {
    const separator = previous === -1 ? (index === 0 ? '' : `…\n`) : index === previous + 1 ? '\n' : GAP;
    content += separator + (paragraphs[index] ?? '');
    previous = index;
  }
  if (previous < paragraphs.length - 1) content += '\n…';
  return { content: truncateText(content, maxChars), truncated: true };
}
