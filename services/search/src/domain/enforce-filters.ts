import type { SearchFilters, SearchMeta } from '@rankgate/contracts';
import { dateWindow, hostMatches } from '@rankgate/contracts';
import type { RankedCandidate } from '@rankgate/ranking';

import type { Candidate } from '../discover/index.ts';

export type FilterDrop = SearchMeta['dropped'][number];

const hostOf = (url: string): string => (URL.canParse(url) ? new URL(url).hostname.toLowerCase() : '');
const domainOf = (url: string): string => hostOf(url).replace(/^www\./, '');

type DateWindow = NonNullable<ReturnType<typeof dateWindow>>;
const outsideWindow = (day: string, window: DateWindow): boolean =>
  Boolean((window.from && day < window.from) || (window.to && day > window.to));

/**
 * The filters enforced on what the providers returned, whatever each provider did with them: a domain
 * matches itself and its subdomains; a known publication date must fall in the window; an unknown one
 * is kept (it says `published_at: null`) unless `strict_dates`. Every removed row is listed with its reason.
 */
export function enforceFilters(
  candidates: readonly Candidate[],
  filters: SearchFilters,
  now: Date = new Date(),
): { kept: Candidate[]; dropped: FilterDrop[] } {
  const window = dateWindow(filters, now);
  const kept: Candidate[] = [];
  const dropped: FilterDrop[] = [];
  for (const candidate of candidates) {
    const host = hostOf(candidate.url);
    const drop = (reason: FilterDrop['reason'], extra: Partial<FilterDrop> = {}) =>
      dropped.push({ url: candidate.url, domain: domainOf(candidate.url), reason, ...extra });
    if (filters.include_domains?.length && !filters.include_domains.some((domain) => hostMatches(host, domain))) {
      drop('include_domains');
      continue;
    }
    if (filters.exclude_domains?.some((domain) => hostMatches(host, domain))) {
      drop('exclude_domains');
      continue;
    }
    if (window) {
      const day = candidate.published_at?.slice(0, 10);
      if (!day) {
        if (filters.strict_dates) {
          drop('no_date', { published_at: null });
          continue;
        }
      } else if (outsideWindow(day, window)) {
        drop('outside_dates', { published_at: candidate.published_at ?? null });
        continue;
      }
    }
    kept.push(candidate);
  }
  return { kept, dropped };
}

/**
 * Deep mode reads pages, and a page may carry the publication date its result lacked: a row kept
 * because its date was unknown is checked again once its page names one.
 */
export function enforceDatesOnPages(
  rows: readonly RankedCandidate[],
  filters: SearchFilters,
  now: Date = new Date(),
): { kept: RankedCandidate[]; dropped: FilterDrop[] } {
  const window = dateWindow(filters, now);
  if (!window) return { kept: [...rows], dropped: [] };
  const kept: RankedCandidate[] = [];
  const dropped: FilterDrop[] = [];
  for (const row of rows) {
    const found = row.candidate.published_at ? undefined : row.publishedAt?.slice(0, 10);
    if (found && outsideWindow(found, window)) {
      dropped.push({
        url: row.candidate.url,
        domain: domainOf(row.candidate.url),
        reason: 'outside_dates',
        published_at: row.publishedAt ?? null,
      });
    } else {
      kept.push(row);
    }
  }
  return { kept, dropped };
}
