/**
 * Serper, Google results (`POST /search`, key in `X-API-KEY`). Pages of 10 by `page` (1-based);
 * each page is one credit, so paging stops as soon as there are enough results.
 */
import { z } from 'zod';

import type { KeyedProviderOptions } from './adapter-options.ts';
import { bindUpstream, endpointUrl, keyRejected, requireSetting } from './adapter-options.ts';
import { collectPages } from './collect-pages.ts';
import { serperTbs, withSiteOperators } from './filter-params.ts';
import type { DiscoverProvider } from './discover-provider.ts';
import { toPublishedAt } from './published-date.ts';
import { keepRows, optionalText, parseEnvelope } from './response-shape.ts';

const PROVIDER = 'serper';
const PAGE_SIZE = 10;
/** 100 candidates at most, 10 a page. */
const MAX_PAGES = 10;

// `organic` is absent when Google has no organic results.
const Envelope = z.object({ organic: z.array(z.unknown()).optional() });

const Row = z.object({
  title: z.string(),
  link: z.string(),
  snippet: optionalText,
  date: optionalText,
});

/**
 * Serper adapter.
 * Defaults: `baseUrl` `https://google.serper.dev`, `timeoutMs` 8000, `userAgent` `rankgateUserAgent()`.
 * Without `apiKey` every call throws `ProviderNotConfiguredError('serper', 'SERPER_API_KEY')`.
 */
export function createSerperProvider(options: KeyedProviderOptions = {}): DiscoverProvider {
  const baseUrl = options.baseUrl ?? 'https://google.serper.dev';
  return {
    name: PROVIDER,
    honours: new Set(['domains', 'dates', 'country', 'language']),
    async discover(query, { maxCandidates, signal, filters }) {
      const apiKey = requireSetting(PROVIDER, 'SERPER_API_KEY', options.apiKey);
      const call = bindUpstream(PROVIDER, options, signal);
      const tbs = serperTbs(filters);
      const params = {
        q: withSiteOperators(query, filters),
        ...(tbs ? { tbs } : {}),
        ...(filters?.country ? { gl: filters.country.toLowerCase() } : {}),
        ...(filters?.language ? { hl: filters.language } : {}),
      };
      return collectPages({
        maxCandidates,
        signal,
        maxPages: MAX_PAGES,
        fetchPage: async (index) => {
          const body = await call({
            url: endpointUrl(baseUrl, '/search'),
            headers: { 'X-API-KEY': apiKey },
            body: { ...params, num: PAGE_SIZE, page: index + 1 },
            describeStatus: keyRejected('SERPER_API_KEY'),
          });
          const items = parseEnvelope(PROVIDER, Envelope, body).organic ?? [];
          const rows = keepRows(items, Row).map((row) => ({
            title: row.title,
            url: row.link,
            snippet: row.snippet,
            published_at: toPublishedAt(row.date),
          }));
          return { rows, last: items.length < PAGE_SIZE };
        },
      });
    },
  };
}
