/**
 * Each provider adapter passes the search filters in its own wire form (providers.md), checked on
 * the request its fake upstream receives, and reads `published_at` from the provider's own date field.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { SearchFilters } from '@rankgate/contracts';
import { createBraveProvider } from './brave-provider.ts';
import type { DiscoverProvider } from './discover-provider.ts';
import { createExaProvider } from './exa-provider.ts';
import { braveFreshness, serperTbs, withSiteOperators } from './filter-params.ts';
import { createSearxngProvider } from './searxng-provider.ts';
import { createSerperProvider } from './serper-provider.ts';
import { createTavilyProvider } from './tavily-provider.ts';
import type { FakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import { startFakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import { SECRET_KEY } from './testing/upstream-failure-contract.ts';
import { createWikipediaProvider } from './wikipedia-provider.ts';

let upstream: FakeUpstream;

/** One dated result in each provider's own response format. */
beforeAll(async () => {
  upstream = await startFakeUpstream((request) => {
    switch (request.path) {
      case '/res/v1/web/search':
        return {
          json: {
            type: 'search',
            web: {
              results: [
                { title: 'B', url: 'https://b.example.org/', description: 'd', page_age: '2026-11-20T09:00:00' },
              ],
            },
          },
        };
      case '/search':
        if (request.method === 'GET')
          return {
            json: {
              results: [
                { title: 'S', url: 'https://s.example.org/', content: 'd', publishedDate: '2026-11-19T00:00:00Z' },
              ],
            },
          };
        if (request.headers['x-api-key'] && (request.body as { q?: string }).q !== undefined) {
          return {
            json: { organic: [{ title: 'G', link: 'https://g.example.org/', snippet: 'd', date: 'Nov 18, 2026' }] },
          };
        }
        if (request.headers['x-api-key'])
          return {
            json: {
              results: [
                {
                  title: 'E',
                  url: 'https://e.example.org/',
                  highlights: ['d'],
                  publishedDate: '2026-11-17T00:00:00.000Z',
                },
              ],
            },
          };
        return {
          json: {
            results: [
              {
                title: 'T',
                url: 'https://t.example.org/',
                content: 'd',
                published_date: 'Mon, 16 Nov 2026 10:00:00 GMT',
              },
            ],
          },
        };
      default:
        return { status: 404, json: {} };
    }
  });
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const FILTERS: SearchFilters = {
  include_domains: ['nature.com', 'science.org'],
  exclude_domains: ['pinterest.com'],
  time_range: 'week',
  country: 'DE',
  language: 'de',
  safesearch: 'strict',
};

async function discover(provider: DiscoverProvider, filters: SearchFilters = FILTERS) {
  const candidates = await provider.discover('ocean tides', {
    maxCandidates: 5,
    signal: new AbortController().signal,
    filters,
  });
  const [request] = upstream.seen;
  if (!request) throw new Error('no upstream request');
  return {
    candidates,
    request,
    query: Object.fromEntries(request.query),
    body: request.body as Record<string, unknown>,
  };
}

describe('filters in each provider’s own form', () => {
  it('Brave: site: operators in q, freshness, country, search_lang, safesearch; page_age as published_at', async () => {
    const { query, candidates } = await discover(createBraveProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }));
    expect(query).toMatchObject({
      q: 'ocean tides (site:nature.com OR site:science.org) -site:pinterest.com',
      freshness: 'pw',
      country: 'DE',
      search_lang: 'de',
      safesearch: 'strict',
    });
    expect(candidates[0]?.published_at).toBe('2026-11-20T09:00:00.000Z');
  });

  it('Brave: an explicit date range as YYYY-MM-DDtoYYYY-MM-DD', async () => {
    const { query } = await discover(createBraveProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }), {
      start_date: '2026-01-01',
      end_date: '2026-03-31',
    });
    expect(query).toEqual({ q: 'ocean tides', freshness: '2026-01-01to2026-03-31', count: '5', offset: '0' });
  });

  it('Tavily: include/exclude_domains, time_range, the country’s full name; published_date', async () => {
    const { body, candidates } = await discover(createTavilyProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }));
    expect(body).toMatchObject({
      query: 'ocean tides',
      include_domains: ['nature.com', 'science.org'],
      exclude_domains: ['pinterest.com'],
      time_range: 'week',
      country: 'germany',
      topic: 'general',
    });
    expect(body).not.toHaveProperty('start_date');
    expect(candidates[0]?.published_at).toBe('2026-11-16T10:00:00.000Z');
    const dated = await (async () => {
      upstream.reset();
      return discover(createTavilyProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }), {
        start_date: '2026-01-01',
        end_date: '2026-02-01',
      });
    })();
    expect(dated.body).toMatchObject({ start_date: '2026-01-01', end_date: '2026-02-01' });
    expect(dated.body).not.toHaveProperty('time_range');
  });

  it('Exa: includeDomains/excludeDomains, published-date bounds, userLocation, moderation; publishedDate', async () => {
    const { body, candidates } = await discover(createExaProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }), {
      ...FILTERS,
      time_range: undefined,
      start_date: '2026-01-01',
      end_date: '2026-02-01',
    });
    expect(body).toMatchObject({
      includeDomains: ['nature.com', 'science.org'],
      excludeDomains: ['pinterest.com'],
      startPublishedDate: '2026-01-01T00:00:00.000Z',
      endPublishedDate: '2026-02-01T23:59:59.999Z',
      userLocation: 'DE',
      moderation: true,
    });
    expect(candidates[0]?.published_at).toBe('2026-11-17T00:00:00.000Z');
  });

  it('SearXNG: time_range, language, safesearch 0/1/2, site: in q; publishedDate', async () => {
    const { query, candidates } = await discover(createSearxngProvider({ baseUrl: upstream.url }));
    expect(query).toMatchObject({
      q: 'ocean tides (site:nature.com OR site:science.org) -site:pinterest.com',
      time_range: 'week',
      language: 'de',
      safesearch: '2',
    });
    expect(query).not.toHaveProperty('country');
    expect(candidates[0]?.published_at).toBe('2026-11-19T00:00:00.000Z');
  });

  it('Serper: tbs=qdr:w, gl, hl, site: in q; its date', async () => {
    const { body, candidates } = await discover(createSerperProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }));
    expect(body).toMatchObject({
      q: 'ocean tides (site:nature.com OR site:science.org) -site:pinterest.com',
      tbs: 'qdr:w',
      gl: 'de',
      hl: 'de',
    });
    expect(candidates[0]?.published_at).toBe('2026-11-18');
  });

  it('sends nothing extra when no filter is set', async () => {
    const { query } = await discover(createBraveProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }), {});
    expect(query).toEqual({ q: 'ocean tides', count: '5', offset: '0' });
  });

  it('declares which options each provider honours (the rest become meta.warnings)', () => {
    const honours = (provider: DiscoverProvider) => [...(provider.honours ?? [])].sort();
    expect(honours(createBraveProvider())).toEqual(['country', 'dates', 'domains', 'language', 'safesearch']);
    expect(honours(createTavilyProvider())).toEqual(['country', 'dates', 'domains']);
    expect(honours(createSearxngProvider())).toEqual(['dates', 'domains', 'language', 'safesearch']);
    expect(honours(createWikipediaProvider())).toEqual([]);
  });
});

describe('filter parameter forms', () => {
  it('maps time ranges and date windows for Brave and Serper', () => {
    expect(
      ['day', 'week', 'month', 'year'].map((time_range) => braveFreshness({ time_range } as SearchFilters)),
    ).toEqual(['pd', 'pw', 'pm', 'py']);
    expect(serperTbs({ time_range: 'day' })).toBe('qdr:d');
    expect(serperTbs({ start_date: '2026-01-05', end_date: '2026-02-09' })).toBe(
      'cdr:1,cd_min:1/5/2026,cd_max:2/9/2026',
    );
    expect(braveFreshness({})).toBeUndefined();
  });

  it('leaves the query alone when site: operators would pass the length cap', () => {
    const many = Array.from({ length: 50 }, (_, i) => `domain-number-${i}.example.org`);
    expect(withSiteOperators('tides', { include_domains: many })).toBe('tides');
    expect(withSiteOperators('tides', { include_domains: ['a.org'] })).toBe('tides site:a.org');
  });
});
