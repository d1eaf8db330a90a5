/**
 * Query and snippet text for the local index. The index tokenizes with SQLite FTS5's
 * `porter unicode61` (letters and digits form tokens, diacritics folded, English Porter stems);
 * queries are cut the same way here, so each term becomes one quoted FTS5 phrase and nothing a
 * user types can reach FTS5's query syntax.
 */

/** Lucene's English stop set (what Anserini's BM25 baselines drop). Only dropped from queries. */
const STOPWORDS = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  ),
);

/** Longer queries keep their first terms: bounds the cost of a pasted paragraph. */
export const MAX_QUERY_TERMS = 64;

/**
 * Distinct lower-cased terms of a query, stopwords dropped (kept when the query has nothing else,
 * so "to be or not to be" still finds something).
 */
export function queryTerms(query: string): string[] {
  const all = [
    ...new Set(
      query
        .normalize('NFC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ];
  const content = all.filter((term) => !STOPWORDS.has(term));
  return (content.length > 0 ? content : all).slice(0, MAX_QUERY_TERMS);
}

/** An FTS5 MATCH expression: any of the terms (BM25 ranks documents with more and rarer terms first). */
export function toMatchExpression(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(' OR ');
}

/** Marks FTS5's highlight() puts around every matched token; stripped from indexed text beforehand. */
export const HIT_OPEN = '\u0002';
export const HIT_CLOSE = '\u0003';

interface Hit {
  start: number;
  end: number;
  /** Which query term this hit stands for, so the window prefers covering many different terms. */
  term: string;
}

const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
};

/** FTS5 matched the token by its stem; the query term sharing the longest prefix is the one it matched. */
function termOf(token: string, terms: readonly string[]): string {
  let best = token;
  let bestLength = 2;
  for (const term of terms) {
    const length = commonPrefix(token, term);
    if (length > bestLength) {
      best = term;
      bestLength = length;
    }
  }
  return best;
}

function parseMarked(marked: string, terms: readonly string[]): { text: string; hits: Hit[] } {
  const hits: Hit[] = [];
  let text = '';
  let cursor = 0;
  while (cursor < marked.length) {
    const open = marked.indexOf(HIT_OPEN, cursor);
    if (open < 0) break;
    const close = marked.indexOf(HIT_CLOSE, open + 1);
    if (close < 0) break;
    text += marked.slice(cursor, open);
    const token = marked.slice(open + 1, close);
    hits.push({ start: text.length, end: text.length + token.length, term: termOf(token.toLowerCase(), terms) });
    text += token;
    cursor = close + 1;
  }
  text += marked.slice(cursor).replaceAll(HIT_OPEN, '').replaceAll(HIT_CLOSE, '');
  return { text, hits };
}

/** The densest run of hits that fits in `width` characters: most distinct terms, then most hits, then earliest. */
function bestCluster(hits: readonly Hit[], width: number): { start: number; end: number } | undefined {
  let best: { start: number; end: number; distinct: number; count: number } | undefined;
  const counts = new Map<string, number>();
  let right = 0; // hits[left, right) are in the window
  let last: Hit | undefined; // hits[right - 1]
  hits.forEach((first, left) => {
    for (let next = hits[right]; next !== undefined && next.end - first.start <= width; next = hits[right]) {
      counts.set(next.term, (counts.get(next.term) ?? 0) + 1);
      last = next;
      right += 1;
    }
    if (right <= left || last === undefined) {
      // This hit alone is wider than the window: the window starts on it, nothing is counted.
      right = left + 1;
      best ??= { start: first.start, end: first.start + width, distinct: 1, count: 1 };
      return;
    }
    const count = right - left;
    if (!best || counts.size > best.distinct || (counts.size === best.distinct && count > best.count)) {
      best = { start: first.start, end: last.end, distinct: counts.size, count };
    }
    const remaining = (counts.get(first.term) ?? 1) - 1;
    if (remaining === 0) counts.delete(first.term);
    else counts.set(first.term, remaining);
  });
  return best;
}

/**
 * About `width` characters of the document around its best-matching passage: the window holding
 * the most distinct query terms, centred on them, cut at word boundaries, `…` where text was cut.
 * `marked` is the text with each hit wrapped in {@link HIT_OPEN}/{@link HIT_CLOSE} (FTS5 highlight()).
 */
export function snippetAround(marked: string, terms: readonly string[], width = 300): string {
  const { text, hits } = parseMarked(marked, terms);
  if (text.length <= width) return text.replace(/\s+/g, ' ').trim();
  const cluster = bestCluster(hits, width) ?? { start: 0, end: 0 };
  const slack = Math.max(0, width - (cluster.end - cluster.start));
  let start = Math.max(0, Math.min(cluster.start - Math.floor(slack / 2), text.length - width));
  let end = Math.min(text.length, start + width);
  // Snap to word boundaries, never cutting into the cluster.
  if (start > 0) {
    const space = text.slice(start, Math.min(cluster.start, start + 40)).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  if (end < text.length) {
    const tail = text.slice(Math.max(cluster.end, end - 40), end);
    const space = tail.search(/\s\S*$/);
    if (space >= 0) end = Math.max(cluster.end, end - 40) + space;
  }
  const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}
