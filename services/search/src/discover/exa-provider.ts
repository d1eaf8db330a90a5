/**
 * Exa (`POST /search`, key in `x-api-key`). One request returns up to 100 results, so there is no
 * paging. The snippet is the first highlight (asked for in `contents`), else the summary or text; further
 * highlights are the candidate's `extra_snippets`.
 */
import { z } from 'zod';

import type { KeyedProviderOptions } from './adapter-options.ts';
import { bindUpstream, endpointUrl, keyRejected, requireSetting } from './adapter-options.ts';
import { collectPages } from './collect-pages.ts';
import { dateWindow } from '@rankgate/contracts';
import type { DiscoverProvider } from './discover-provider.ts';
import { truncateText } from '@rankgate/ranking';
import { toPublishedAt } from './published-date.ts';
import { keepRows, optionalNumber, optionalText, parseEnvelope } from './response-shape.ts';

const PROVIDER = 'exa';
const MAX_RESULTS = 100;
/** Summaries and page text can run to pages; a snippet is a few sentences. */
const SNIPPET_MAX_CHARS = 400;
/** The first is the snippet; the rest are extra passages that ranking and screening read. */
const HIGHLIGHTS_PER_URL = 3;

const Envelope = z.object({ results: z.array(z.unknown()) });

const Row = z.object({
  title: z.string(),
  url: z.string(),
  highlights: z.array(z.string()).optional().catch(undefined),
  summary: optionalText,
  text: optionalText,
  score: optionalNumber,
  publishedDate: optionalText,
});

/**
 * Exa adapter (`type: auto`, up to three two-sentence highlights a result).
 * Defaults: `baseUrl` `https://api.exa.ai`, `timeoutMs` 8000, `userAgent` `rankgateUserAgent()`.
 * Without `apiKey` every call throws `ProviderNotConfiguredError('exa', 'EXA_API_KEY')`.
 */
export function createExaProvider(options: KeyedProviderOptions = {}): DiscoverProvider {
  const baseUrl = options.baseUrl ?? 'https://api.exa.ai';
  return {
    name: PROVIDER,
    honours: new Set(['domains', 'dates', 'country', 'safesearch']),
    async discover(query, { maxCandidates, signal, filters }) {
      const apiKey = requireSetting(PROVIDER, 'EXA_API_KEY', options.apiKey);
      const call = bindUpstream(PROVIDER, options, signal);
      const window = filters ? dateWindow(filters) : undefined;
      return collectPages({
        maxCandidates,
        signal,
        maxPages: 1,
        fetchPage: async () => {
          const body = await call({
            url: endpointUrl(baseUrl, '/search'),
            headers: { 'x-api-key': apiKey },
            body: {
              query,
              numResults: Math.min(MAX_RESULTS, maxCandidates),
              type: 'auto',
              contents: { highlights: { numSentences: 2, highlightsPerUrl: HIGHLIGHTS_PER_URL } },
              ...(filters?.include_domains?.length ? { includeDomains: filters.include_domains } : {}),
              ...(filters?.exclude_domains?.length ? { excludeDomains: filters.exclude_domains } : {}),
              ...(window?.from ? { startPublishedDate: `${window.from}T00:00:00.000Z` } : {}),
              ...(window?.to ? { endPublishedDate: `${window.to}T23:59:59.999Z` } : {}),
              ...(filters?.country ? { userLocation: filters.country } : {}),
              // Exa's moderation filters unsafe content; it has no lighter level than on.
              ...(filters?.safesearch && filters.safesearch !== 'off' ? { moderation: true } : {}),
            },
            describeStatus: keyRejected('EXA_API_KEY'),
          });
          const rows = keepRows(parseEnvelope(PROVIDER, Envelope, body).results, Row).map((row) => ({
            title: row.title,
            url: row.url,
            snippet: truncateText((row.highlights?.[0] || row.summary || row.text || '').trim(), SNIPPET_MAX_CHARS),
            extra_snippets: row.highlights?.slice(1),
            published_at: toPublishedAt(row.publishedDate),
            provider_score: row.score,
          }));
          return { rows, last: true };
        },
      });
    },
  };
}
