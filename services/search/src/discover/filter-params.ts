/**
 * The search filters in each provider's own form. Everything here only narrows what the provider is
 * asked for: the search pipeline enforces domains and dates on the results whatever a provider did.
 */
import type { SearchFilters } from '@rankgate/contracts';
import { dateWindow } from '@rankgate/contracts';

/** A filter option a provider may pass upstream; the rest are reported in `meta.warnings`. */
const FILTER_OPTIONS = ['domains', 'dates', 'country', 'language', 'safesearch'] as const;
export type FilterOption = (typeof FILTER_OPTIONS)[number];

/** Which options a request set. */
export function requestedOptions(filters: SearchFilters | undefined): FilterOption[] {
  if (!filters) return [];
  const asked: Record<FilterOption, boolean> = {
    domains: Boolean(filters.include_domains?.length || filters.exclude_domains?.length),
    dates: Boolean(filters.time_range || filters.start_date || filters.end_date),
    country: Boolean(filters.country),
    language: Boolean(filters.language),
    safesearch: Boolean(filters.safesearch),
  };
  return FILTER_OPTIONS.filter((option) => asked[option]);
}

/**
 * `query` with `site:` operators (`(site:a OR site:b) -site:c`) for engines that read them, or the
 * query unchanged when they would push it past `maxLength` (the results are filtered anyway).
 */
export function withSiteOperators(query: string, filters: SearchFilters | undefined, maxLength = 400): string {
  const include = filters?.include_domains ?? [];
  const exclude = filters?.exclude_domains ?? [];
  if (include.length === 0 && exclude.length === 0) return query;
  const parts = [query];
  if (include.length === 1) parts.push(`site:${include[0]}`);
  if (include.length > 1) parts.push(`(${include.map((d) => `site:${d}`).join(' OR ')})`);
  for (const domain of exclude) parts.push(`-site:${domain}`);
  const joined = parts.join(' ');
  return joined.length <= maxLength ? joined : query;
}

/** The inclusive date window with both ends filled (`to` defaults to today, `from` to 1970-01-01). */
function closedDateWindow(
  filters: SearchFilters | undefined,
  now = new Date(),
): { from: string; to: string } | undefined {
  const window = filters ? dateWindow(filters, now) : undefined;
  if (!window) return undefined;
  return { from: window.from ?? '1970-01-01', to: window.to ?? now.toISOString().slice(0, 10) };
}

/** Brave `freshness`: `pd|pw|pm|py`, or `YYYY-MM-DDtoYYYY-MM-DD`. */
export function braveFreshness(filters: SearchFilters | undefined): string | undefined {
  if (filters?.time_range) return { day: 'pd', week: 'pw', month: 'pm', year: 'py' }[filters.time_range];
  const window = closedDateWindow(filters);
  return window ? `${window.from}to${window.to}` : undefined;
}

/** Serper (Google) `tbs`: `qdr:d|w|m|y`, or a custom range `cdr:1,cd_min:M/D/YYYY,cd_max:M/D/YYYY`. */
export function serperTbs(filters: SearchFilters | undefined): string | undefined {
  if (filters?.time_range) return `qdr:${filters.time_range.charAt(0)}`;
  const window = closedDateWindow(filters);
  if (!window) return undefined;
  const us = (iso: string) => {
    const [year, month, day] = iso.split('-');
    return `${Number(month)}/${Number(day)}/${year}`;
  };
  return `cdr:1,cd_min:${us(window.from)},cd_max:${us(window.to)}`;
}

/** SearXNG `safesearch` and Brave's levels share names; SearXNG wants 0/1/2. */
export const SEARXNG_SAFESEARCH = { off: 0, moderate: 1, strict: 2 } as const;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** Tavily's `country`: the full English name (`united states`), not the ISO code. */
export function countryName(code: string): string | undefined {
  return countryNames.of(code.toUpperCase())?.toLowerCase();
}
