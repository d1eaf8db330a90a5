/**
 * Wikipedia (any MediaWiki) through the keyless search API (`/w/api.php?action=query&list=search`).
 * Wikimedia's etiquette asks for a descriptive User-Agent and serial requests; both hold here.
 * API errors arrive as HTTP 200 with `{error: {code, info}}`; only the code reaches the message.
 */
import { z } from 'zod';

import type { HttpProviderOptions } from './adapter-options.ts';
import { bindUpstream, endpointUrl } from './adapter-options.ts';
import { collectPages } from './collect-pages.ts';
import { ProviderUpstreamError } from './discover-errors.ts';
import type { DiscoverProvider } from './discover-provider.ts';
import { htmlToText } from '@rankgate/ranking';
import { keepRows, optionalText, parseEnvelope } from './response-shape.ts';

const PROVIDER = 'wikipedia';
/** Our page size; the API allows 500, but two small pages are kinder than one large one. */
const PAGE_SIZE = 50;
/** 100 candidates at most. */
const MAX_PAGES = 2;

const Envelope = z.union([
  z.object({ error: z.object({ code: z.string().catch('unknown') }) }),
  z.object({ continue: z.object({}).optional().catch(undefined), query: z.object({ search: z.array(z.unknown()) }) }),
]);

const Row = z.object({
  title: z.string(),
  snippet: optionalText,
  sectiontitle: optionalText,
});

/**
 * Wikipedia adapter (no key). `published_at` stays null: the API's `timestamp` is the last edit.
 * Defaults: `baseUrl` `https://en.wikipedia.org` (article URLs are built under it), `timeoutMs`
 * 8000, `userAgent` `rankgateUserAgent()`.
 */
export function createWikipediaProvider(options: HttpProviderOptions = {}): DiscoverProvider {
  const baseUrl = options.baseUrl ?? 'https://en.wikipedia.org';
  return {
    name: PROVIDER,
    async discover(query, { maxCandidates, signal }) {
      const call = bindUpstream(PROVIDER, options, signal);
      const limit = Math.min(PAGE_SIZE, maxCandidates);
      return collectPages({
        maxCandidates,
        signal,
        maxPages: MAX_PAGES,
        fetchPage: async (index) => {
          const body = await call({
            url: endpointUrl(baseUrl, '/w/api.php', {
              action: 'query',
              list: 'search',
              format: 'json',
              formatversion: 2,
              utf8: 1,
              srsearch: query,
              srlimit: limit,
              sroffset: index * limit,
              // No timestamp (last edit, not a publish date) and no srinfo (total hits) to compute.
              srprop: 'snippet|sectiontitle',
              srinfo: '',
            }),
          });
          const envelope = parseEnvelope(PROVIDER, Envelope, body);
          if ('error' in envelope)
            throw new ProviderUpstreamError(PROVIDER, `answered with API error ${safeCode(envelope.error.code)}`);
          const rows = keepRows(envelope.query.search, Row).flatMap((row) => {
            const snippet = htmlToText(row.snippet ?? '');
            // Redirect pages duplicate their target (SearXNG skips them too).
            if (/^#REDIRECT\b/i.test(snippet)) return [];
            return [
              { title: row.title, url: articleUrl(baseUrl, row.title, row.sectiontitle), snippet, published_at: null },
            ];
          });
          return { rows, last: envelope.continue === undefined };
        },
      });
    },
  };
}

/** `{baseUrl}/wiki/Title_with_underscores#Section`, keeping `/` and `:` readable. */
function articleUrl(baseUrl: string, title: string, section: string | null | undefined): string {
  const encode = (text: string) =>
    encodeURIComponent(text.replaceAll(' ', '_')).replace(/%2F/g, '/').replace(/%3A/g, ':');
  return endpointUrl(baseUrl, `/wiki/${encode(title)}`) + (section ? `#${encode(section)}` : '');
}

/** The API's error code as a token (`ratelimited`, `maxlag`); anything odder is not repeated. */
function safeCode(code: string): string {
  return /^[a-z][a-z0-9_-]{0,40}$/i.test(code) ? `"${code}"` : '(unrecognised code)';
}
