import { z } from 'zod';

/**
 * The search filters: part of the search request (GET comma-lists and POST arrays parse through the
 * same fields), passed to each provider in its own form and enforced on the results afterwards.
 */
export const FILTER_LIMITS = { domains: 50 } as const;

export const TIME_RANGES = ['day', 'week', 'month', 'year'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

export const SAFESEARCH_LEVELS = ['off', 'moderate', 'strict'] as const;
export type Safesearch = (typeof SAFESEARCH_LEVELS)[number];

/** A host name of two or more labels (`example.com`, `docs.example.co.uk`); no scheme, path or port. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** `a.org, b.org` from a query string, or an array from a JSON body; each entry trimmed and lower-cased. */
const domainList = (description: string) =>
  z
    .preprocess(
      (value) => {
        // A repeated GET parameter arrives as an array of comma-lists.
        const list: unknown = typeof value === 'string' ? [value] : value;
        return Array.isArray(list)
          ? list
              .flatMap((item: unknown) => (typeof item === 'string' ? item.split(',') : [item]))
              .map((item) => (typeof item === 'string' ? item.trim().toLowerCase().replace(/\.$/, '') : item))
              .filter((item) => item !== '')
          : list;
      },
      z
        .array(
          z
            .string()
            .regex(DOMAIN, { error: 'must list bare domain names such as example.com (no scheme, path or port)' }),
          { error: 'must be a list of domain names (comma-separated in a query string)' },
        )
        .max(FILTER_LIMITS.domains, { error: `must list at most ${FILTER_LIMITS.domains} domains` }),
    )
    .optional()
    .describe(description);

const isoDate = (description: string) =>
  z.iso.date({ error: 'must be a calendar date in the form YYYY-MM-DD' }).optional().describe(description);

/** `true`/`false` (also `1`/`0`) from a query string, or a JSON boolean. */
export const booleanParam = (description: string) =>
  z
    .preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        const v = value.trim().toLowerCase();
        return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : value;
      },
      z.boolean({ error: 'must be true or false' }),
    )
    .default(false)
    .describe(description);

/** The filter fields, spread into `SearchRequestSchema` (and read by the MCP `search_web` schema). */
export const searchFilterFields = {
  include_domains: domainList(
    'Only results from these domains (and their subdomains); at most 50. Comma-separated in GET.',
  ),
  exclude_domains: domainList(
    'No results from these domains (or their subdomains); at most 50. Comma-separated in GET.',
  ),
  time_range: z
    .enum(TIME_RANGES, { error: 'must be "day", "week", "month" or "year"' })
    .optional()
    .describe(
      'Only results published within the last day, week, month or year (rows with no known date are kept unless strict_dates).',
    ),
  start_date: isoDate('Only results published on or after this date (YYYY-MM-DD).'),
  end_date: isoDate('Only results published on or before this date (YYYY-MM-DD).'),
  strict_dates: booleanParam('true also drops rows whose publication date is unknown when a date filter is set.'),
  country: z
    .string()
    .trim()
    .refine((value) => /^[a-z]{2}$/i.test(value) && regionNames.of(value.toUpperCase()) !== undefined, {
      error: 'must be an ISO 3166-1 alpha-2 country code such as US or DE',
    })
    .transform((value) => value.toUpperCase())
    .optional()
    .describe('Prefer results for this country (ISO 3166-1 alpha-2, e.g. `DE`); passed to providers that support it.'),
  language: z
    .string()
    .trim()
    .refine((value) => /^[a-z]{2}$/i.test(value) && languageNames.of(value.toLowerCase()) !== undefined, {
      error: 'must be an ISO 639-1 language code such as en or de',
    })
    .transform((value) => value.toLowerCase())
    .optional()
    .describe('Results in this language (ISO 639-1, e.g. `de`); passed to providers that support it.'),
  safesearch: z
    .enum(SAFESEARCH_LEVELS, { error: 'must be "off", "moderate" or "strict"' })
    .optional()
    .describe("Adult-content filtering the providers should apply (default: each provider's own)."),
};

/** The filters as the pipeline and the providers see them (parsed, normalised). */
export interface SearchFilters {
  include_domains?: string[];
  exclude_domains?: string[];
  time_range?: TimeRange;
  start_date?: string;
  end_date?: string;
  strict_dates?: boolean;
  country?: string;
  language?: string;
  safesearch?: Safesearch;
}

/** Fields whose bad value is out of range or malformed data (422) rather than an unknown option (400). */
export const FILTER_VALIDATION_FIELDS = [
  'include_domains',
  'exclude_domains',
  'start_date',
  'end_date',
  'country',
  'language',
] as const;

/** The filters a request set, in a stable order (for `meta.applied_filters` and the discover cache key). */
export function pickFilters(request: SearchFilters): SearchFilters {
  const filters: SearchFilters = {};
  if (request.include_domains?.length) filters.include_domains = [...request.include_domains];
  if (request.exclude_domains?.length) filters.exclude_domains = [...request.exclude_domains];
  if (request.time_range) filters.time_range = request.time_range;
  if (request.start_date) filters.start_date = request.start_date;
  if (request.end_date) filters.end_date = request.end_date;
  if (request.strict_dates && (request.time_range || request.start_date || request.end_date))
    filters.strict_dates = true;
  if (request.country) filters.country = request.country;
  if (request.language) filters.language = request.language;
  if (request.safesearch) filters.safesearch = request.safesearch;
  return filters;
}

/** Days back from today that a time range covers. */
export const TIME_RANGE_DAYS: Record<TimeRange, number> = { day: 1, week: 7, month: 31, year: 366 };

/**
 * The publication window the filters ask for, as inclusive `YYYY-MM-DD` bounds (a time range becomes
 * a start date counted back from `now`), or undefined when no date filter is set.
 */
export function dateWindow(filters: SearchFilters, now: Date = new Date()): { from?: string; to?: string } | undefined {
  if (filters.time_range) {
    const from = new Date(now.getTime() - TIME_RANGE_DAYS[filters.time_range] * 86_400_000);
    return { from: from.toISOString().slice(0, 10) };
  }
  if (!filters.start_date && !filters.end_date) return undefined;
  return {
    ...(filters.start_date ? { from: filters.start_date } : {}),
    ...(filters.end_date ? { to: filters.end_date } : {}),
  };
}

/** Whether `host` is `domain` or one of its subdomains. */
export function hostMatches(host: string, domain: string): boolean {
  const bare = host.toLowerCase().replace(/\.$/, '');
  return bare === domain || bare.endsWith(`.${domain}`);
}
