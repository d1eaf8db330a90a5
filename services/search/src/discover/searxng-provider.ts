/**
 * SearXNG, a self-hosted metasearch engine (`GET /search?format=json&pageno=N`). It has no count
 * parameter (about 20 a page), so we page until there are enough results or a page comes back
 * empty, five pages at most. The JSON format must be enabled on the instance (it answers 403
 * otherwise), and instances with the bot limiter want browser-like Accept headers (else 429).
 */
import { z } from 'zod';

import type { HttpProviderOptions } from './adapter-options.ts';
import { bindUpstream, endpointUrl, requireSetting } from './adapter-options.ts';
import { collectPages } from './collect-pages.ts';
import { SEARXNG_SAFESEARCH, withSiteOperators } from './filter-params.ts';
import type { TimeRange } from '@rankgate/contracts';
import { TIME_RANGE_DAYS, TIME_RANGES } from '@rankgate/contracts';
import type { DiscoverProvider } from './discover-provider.ts';
import { toPublishedAt } from './published-date.ts';
import { keepRows, optionalNumber, optionalText, parseEnvelope } from './response-shape.ts';

const PROVIDER = 'searxng';
const MAX_PAGES = 5;

const Envelope = z.object({ results: z.array(z.unknown()) });

const Row = z.object({
  title: z.string(),
  url: z.string(),
  content: optionalText,
  score: optionalNumber,
  publishedDate: optionalText,
});

const describeStatus = (status: number): string | undefined =>
  status === 403
    ? 'refused the JSON format (HTTP 403); enable `json` in `search.formats` of its settings.yml'
    : undefined;

/**
 * SearXNG adapter. `baseUrl` is the instance (`SEARXNG_URL`, may include a path prefix); there is
 * no default, and without it every call throws `ProviderNotConfiguredError('searxng', 'SEARXNG_URL')`.
 * Defaults: `timeoutMs` 8000, `userAgent` `rankgateUserAgent()`.
 */
export function createSearxngProvider(options: HttpProviderOptions = {}): DiscoverProvider {
  return {
    name: PROVIDER,
    honours: new Set(['domains', 'dates', 'language', 'safesearch']),
    async discover(query, { maxCandidates, signal, filters }) {
      const baseUrl = requireSetting(PROVIDER, 'SEARXNG_URL', options.baseUrl);
      const call = bindUpstream(PROVIDER, options, signal);
      const params = {
        // `site:` is read by the engines that support it; the results are filtered afterwards anyway.
        q: withSiteOperators(query, filters),
        ...(filters?.time_range ? { time_range: filters.time_range } : {}),
        // SearXNG knows no explicit dates: the smallest time range covering the start date narrows the engines.
        ...(!filters?.time_range && filters?.start_date ? { time_range: coveringRange(filters.start_date) } : {}),
        ...(filters?.language ? { language: filters.language } : {}),
        ...(filters?.safesearch ? { safesearch: SEARXNG_SAFESEARCH[filters.safesearch] } : {}),
      };
      return collectPages({
        maxCandidates,
        signal,
        maxPages: MAX_PAGES,
        fetchPage: async (index) => {
          const body = await call({
            url: endpointUrl(baseUrl, '/search', { ...params, format: 'json', pageno: index + 1 }),
            // The limiter's botdetection answers 429 unless Accept names text/html and gzip/deflate is accepted.
            headers: { Accept: 'application/json, text/html;q=0.9', 'Accept-Encoding': 'gzip, deflate' },
            describeStatus,
          });
          const items = parseEnvelope(PROVIDER, Envelope, body).results;
          const rows = keepRows(items, Row).map((row) => ({
            title: row.title,
            url: row.url,
            snippet: row.content,
            published_at: toPublishedAt(row.publishedDate),
            provider_score: row.score,
          }));
          return { rows, last: items.length === 0 };
        },
      });
    },
  };
}

/** The smallest SearXNG time range reaching back to `startDate`; `year` for anything older (filtered after). */
function coveringRange(startDate: string, now = Date.now()): TimeRange {
  const days = (now - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
  return TIME_RANGES.find((range) => TIME_RANGE_DAYS[range] >= days) ?? 'year';
}
