/**
 * The paging loop shared by adapters whose API returns one page per request (Brave, Serper,
 * SearXNG, Wikipedia; Tavily and Exa use it with one page). Pages are fetched one after another,
 * never in parallel: providers bill or throttle per request, and Wikimedia asks for serial reads.
 */
import type { Candidate } from '@rankgate/ranking';
import type { RawCandidate } from './normalise-candidates.ts';
import { normaliseCandidates } from './normalise-candidates.ts';

export interface Page {
  rows: RawCandidate[];
  /** The upstream has nothing after this page (a short or empty page, no continuation). */
  last: boolean;
}

export interface CollectPagesOptions {
  maxCandidates: number;
  /** The caller's signal: checked before each page, so an abort stops paging. */
  signal: AbortSignal;
  /** Upper bound on requests (the provider's own paging limit). */
  maxPages: number;
  /** Fetches page `index` (0-based). */
  fetchPage: (index: number) => Promise<Page>;
}

/**
 * Fetches pages until there are `maxCandidates` usable candidates, the upstream says it has no
 * more, a page adds nothing new (an instance repeating itself) or `maxPages` is reached.
 */
export async function collectPages(options: CollectPagesOptions): Promise<Candidate[]> {
  const rows: RawCandidate[] = [];
  let usable = 0;
  for (let index = 0; index < options.maxPages; index += 1) {
    options.signal.throwIfAborted();
    const page = await options.fetchPage(index);
    rows.push(...page.rows);
    const now = normaliseCandidates(rows, options.maxCandidates).length;
    if (page.last || now >= options.maxCandidates || now === usable) break;
    usable = now;
  }
  return normaliseCandidates(rows, options.maxCandidates);
}
