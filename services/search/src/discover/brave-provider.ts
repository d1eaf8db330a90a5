/**
 * Brave Web Search (`GET /res/v1/web/search`, key in `X-Subscription-Token`). Pages by `offset`,
 * which is a page index (0–9) in units of `count` (≤ 20). No score: rank order only. `extra_snippets` (further
 * passages of the page) and the description's original markup are kept for ranking and screening.
 */
import { z } from 'zod';

import type { KeyedProviderOptions } from './adapter-options.ts';
import { bindUpstream, endpointUrl, keyRejected, requireSetting } from './adapter-options.ts';
import { collectPages } from './collect-pages.ts';
import { braveFreshness, withSiteOperators } from './filter-params.ts';
import type { DiscoverProvider } from './discover-provider.ts';
import { htmlToText, originalMarkup } from '@rankgate/ranking';
import { toPublishedAt } from './published-date.ts';
import { keepRows, optionalText, parseEnvelope } from './response-shape.ts';

const PROVIDER = 'brave';
const PAGE_SIZE = 20;
const MAX_PAGES = 10;

// `web` is absent when Brave has no web results for the query.
const Envelope = z.object({
  query: z
    .object({ more_results_available: z.boolean().optional().catch(undefined) })
    .optional()
    .catch(undefined),
  web: z.object({ results: z.array(z.unknown()) }).optional(),
});

const Row = z.object({
  title: z.string(),
  url: z.string(),
  description: optionalText,
  extra_snippets: z.array(z.string()).optional().catch(undefined),
  page_age: optionalText,
  age: optionalText,
});

/**
 * Brave Web Search adapter.
 * Defaults: `baseUrl` `https://api.search.brave.com`, `timeoutMs` 8000, `userAgent` `rankgateUserAgent()`.
 * Without `apiKey` every call throws `ProviderNotConfiguredError('brave', 'BRAVE_API_KEY')`.
 */
export function createBraveProvider(options: KeyedProviderOptions = {}): DiscoverProvider {
  const baseUrl = options.baseUrl ?? 'https://api.search.brave.com';
  return {
    name: PROVIDER,
    honours: new Set(['domains', 'dates', 'country', 'language', 'safesearch']),
    async discover(query, { maxCandidates, signal, filters }) {
      const apiKey = requireSetting(PROVIDER, 'BRAVE_API_KEY', options.apiKey);
      const call = bindUpstream(PROVIDER, options, signal);
      const count = Math.min(PAGE_SIZE, maxCandidates);
      const freshness = braveFreshness(filters);
      // Brave has no domain parameter: `site:` operators in q (it caps q at 400 characters).
      const params = {
        q: withSiteOperators(query, filters),
        ...(freshness ? { freshness } : {}),
        ...(filters?.country ? { country: filters.country } : {}),
        ...(filters?.language ? { search_lang: filters.language } : {}),
        ...(filters?.safesearch ? { safesearch: filters.safesearch } : {}),
      };
      return collectPages({
        maxCandidates,
        signal,
        maxPages: MAX_PAGES,
        fetchPage: async (offset) => {
          const body = await call({
            url: endpointUrl(baseUrl, '/res/v1/web/search', { ...params, count, offset }),
            headers: { 'X-Subscription-Token': apiKey, Accept: 'application/json' },
            describeStatus: keyRejected('BRAVE_API_KEY'),
          });
          const envelope = parseEnvelope(PROVIDER, Envelope, body);
          const items = envelope.web?.results ?? [];
          const rows = keepRows(items, Row).map((row) => ({
            title: htmlToText(row.title),
            url: row.url,
            snippet: htmlToText(row.description ?? ''),
            extra_snippets: row.extra_snippets?.map(htmlToText),
            markup: originalMarkup(row.title, row.description),
            published_at: toPublishedAt(row.page_age) ?? toPublishedAt(row.age),
          }));
          return { rows, last: items.length < count || envelope.query?.more_results_available === false };
        },
      });
    },
  };
}
