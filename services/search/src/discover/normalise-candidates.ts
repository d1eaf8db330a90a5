/**
 * The last step of every adapter: provider rows (already mapped to our field names) become
 * `Candidate`s. Same rules for all providers, so ranking sees one shape whatever the source.
 */
import type { Candidate } from '@rankgate/ranking';
import { collapseWhitespace } from '@rankgate/ranking';

/** One result as an adapter mapped it, before the shared rules apply. */
export interface RawCandidate {
  title: string;
  url: string;
  snippet?: string | null;
  extra_snippets?: readonly string[] | null;
  markup?: string | null;
  published_at?: string | null;
  provider_score?: number | null;
}

/**
 * Drops rows without a title or with a URL that is not http(s), keeps the first of each URL,
 * collapses whitespace, numbers `provider_rank` 1..n in the order given and keeps `maxCandidates`.
 */
export function normaliseCandidates(rows: readonly RawCandidate[], maxCandidates: number): Candidate[] {
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const row of rows) {
    if (candidates.length >= maxCandidates) break;
    const title = collapseWhitespace(row.title);
    const url = httpUrl(row.url);
    if (!title || !url || seen.has(url)) continue;
    seen.add(url);
    const candidate: Candidate = {
      title,
      url,
      snippet: collapseWhitespace(row.snippet ?? ''),
      published_at: row.published_at ?? null,
      provider_rank: candidates.length + 1,
    };
    const extra = (row.extra_snippets ?? []).map(collapseWhitespace).filter((text) => text.length > 0);
    if (extra.length > 0) candidate.extra_snippets = extra;
    if (row.markup) candidate.markup = row.markup;
    if (typeof row.provider_score === 'number' && Number.isFinite(row.provider_score))
      candidate.provider_score = row.provider_score;
    candidates.push(candidate);
  }
  return candidates;
}

/** The parsed, serialised form (so `HTTPS://A.org` and `https://a.org/` dedupe), or null. */
function httpUrl(value: string): string | null {
  if (!URL.canParse(value.trim())) return null;
  const url = new URL(value.trim());
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}
