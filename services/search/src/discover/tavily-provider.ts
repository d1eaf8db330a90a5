/**
 * Tavily (`POST /search`, `Authorization: Bearer <key>`). Tavily has no paging: one request
 * returns at most 20 results (`max_results` ≤ 20), so a larger `maxCandidates` still yields ≤ 20.
 */
import { z } from 'zod';

import type { KeyedProviderOptions } from './adapter-options.ts';
import { bindUpstream, endpointUrl, keyRejected, requireSetting } from './adapter-options.ts';
import { collectPages } from './collect-pages.ts';
import { countryName } from './filter-params.ts';
import type { DiscoverProvider } from './discover-provider.ts';
import { toPublishedAt } from './published-date.ts';
import { keepRows, optionalNumber, optionalText, parseEnvelope } from './response-shape.ts';

const PROVIDER = 'tavily';
const MAX_RESULTS = 20;

const Envelope = z.object({ results: z.array(z.unknown()) });

const Row = z.object({
  title: z.string(),
  url: z.string(),
  content: optionalText,
  score: optionalNumber,
  published_date: optionalText,
});

/**
 * Tavily adapter (`search_depth: basic`, one credit a call).
 * Defaults: `baseUrl` `https://api.tavily.com`, `timeoutMs` 8000, `userAgent` `rankgateUserAgent()`.
 * Without `apiKey` every call throws `ProviderNotConfiguredError('tavily', 'TAVILY_API_KEY')`.
 */
export function createTavilyProvider(options: KeyedProviderOptions = {}): DiscoverProvider {
  const baseUrl = options.baseUrl ?? 'https://api.tavily.com';
  return {
    name: PROVIDER,
    honours: new Set(['domains', 'dates', 'country']),
    async discover(query, { maxCandidates, signal, filters }) {
      const apiKey = requireSetting(PROVIDER, 'TAVILY_API_KEY', options.apiKey);
      const call = bindUpstream(PROVIDER, options, signal);
      return collectPages({
        maxCandidates,
        signal,
        maxPages: 1,
        fetchPage: async () => {
          const body = await call({
            url: endpointUrl(baseUrl, '/search'),
            headers: { Authorization: `Bearer ${apiKey}` },
            body: {
              query,
              max_results: Math.min(MAX_RESULTS, maxCandidates),
              search_depth: 'basic',
              ...(filters?.include_domains?.length ? { include_domains: filters.include_domains } : {}),
              ...(filters?.exclude_domains?.length ? { exclude_domains: filters.exclude_domains } : {}),
              // Tavily rejects time_range together with dates; the request schema never sends both.
              ...(filters?.time_range ? { time_range: filters.time_range } : {}),
              ...(filters?.start_date ? { start_date: filters.start_date } : {}),
              ...(filters?.end_date ? { end_date: filters.end_date } : {}),
              ...(filters?.country && countryName(filters.country)
                ? { country: countryName(filters.country), topic: 'general' }
                : {}),
            },
            describeStatus: keyRejected('TAVILY_API_KEY'),
          });
          const rows = keepRows(parseEnvelope(PROVIDER, Envelope, body).results, Row).map((row) => ({
            title: row.title,
            url: row.url,
            snippet: row.content,
            published_at: toPublishedAt(row.published_date),
            provider_score: row.score,
          }));
          return { rows, last: true };
        },
      });
    },
  };
}
