import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ProviderUpstreamError } from './discover-errors.ts';
import { createSearxngProvider } from './searxng-provider.ts';
import { startFakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import type { FakeUpstream, SeenRequest } from '@rankgate/platform/testing/fake-upstream';
import { BODY_MARKER, describeUpstreamFailures, expectSafe } from './testing/upstream-failure-contract.ts';

/** 20 results per page like SearXNG, for `pages` pages; page 2 repeats two URLs of page 1. */
function searxPage(request: SeenRequest, pages: number) {
  const pageno = Number(request.query.get('pageno'));
  const results =
    pageno > pages
      ? []
      : Array.from({ length: 20 }, (_, i) => {
          const n = (pageno - 1) * 20 + i + 1;
          const url = pageno === 2 && i < 2 ? `https://example.org/${i + 1}` : `https://example.org/${n}`;
          return {
            url,
            title: `Result ${n}`,
            content: `Snippet ${n}`,
            engine: 'duckduckgo',
            engines: ['duckduckgo'],
            score: 1 / n,
            category: 'general',
            publishedDate: null,
            positions: [i + 1],
          };
        });
  return {
    json: {
      query: request.query.get('q'),
      number_of_results: 0,
      results,
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    },
  };
}

const tides = [
  {
    url: 'https://en.wikipedia.org/wiki/Tide',
    title: 'Tide',
    content: 'Tides are the rise and fall of sea levels.',
    engine: 'wikipedia',
    score: 3.5,
    publishedDate: null,
  },
  {
    url: 'https://news.example.com/tides',
    title: 'King tides',
    content: 'Expected this week.',
    engine: 'bing news',
    score: 1.25,
    publishedDate: '2026-10-02T10:00:00',
  },
  { url: 'magnet:?xt=urn:btih:abc', title: 'A torrent', content: 'Not a web page.', score: 1 },
];

let upstream: FakeUpstream;
const searx = (maxCandidates: number, q: string, baseUrl = `${upstream.url}/searx/`) =>
  createSearxngProvider({ baseUrl }).discover(q, { maxCandidates, signal: new AbortController().signal });

beforeAll(async () => {
  upstream = await startFakeUpstream((request) => {
    const q = request.query.get('q');
    if (request.path !== '/searx/search') return { status: 404, text: 'Not Found' };
    if (q === 'json disabled') return { status: 403, text: `<html>${BODY_MARKER} Forbidden</html>` };
    if (q === 'ocean tides')
      return {
        json: {
          query: q,
          results: Number(request.query.get('pageno')) === 1 ? tides : [],
          unresponsive_engines: [['google', 'CAPTCHA']],
        },
      };
    return searxPage(request, q === 'endless' ? 99 : 2);
  });
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('the SearXNG adapter', () => {
  it('GETs /search as JSON under the instance’s path, with browser-like Accept headers', async () => {
    await searx(10, 'ocean tides');
    const [request] = upstream.seen;
    expect(request).toMatchObject({ method: 'GET', path: '/searx/search' });
    expect(Object.fromEntries(request!.query)).toEqual({ q: 'ocean tides', format: 'json', pageno: '1' });
    expect(request!.headers.accept).toBe('application/json, text/html;q=0.9');
    expect(request!.headers['accept-encoding']).toBe('gzip, deflate');
  });

  it('maps content, score and publishedDate, and drops non-web URLs', async () => {
    expect(await searx(10, 'ocean tides')).toEqual([
      {
        title: 'Tide',
        url: 'https://en.wikipedia.org/wiki/Tide',
        snippet: 'Tides are the rise and fall of sea levels.',
        published_at: null,
        provider_rank: 1,
        provider_score: 3.5,
      },
      {
        title: 'King tides',
        url: 'https://news.example.com/tides',
        snippet: 'Expected this week.',
        published_at: '2026-10-02T10:00:00.000Z',
        provider_rank: 2,
        provider_score: 1.25,
      },
    ]);
    // Two results were fewer than asked for, so it looked at page 2 and found it empty.
    expect(upstream.seen.map((r) => r.query.get('pageno'))).toEqual(['1', '2']);
  });

  it('pages until it has enough, deduplicating across pages', async () => {
    const candidates = await searx(30, 'two pages');
    expect(upstream.seen.map((r) => r.query.get('pageno'))).toEqual(['1', '2']);
    expect(candidates).toHaveLength(30);
    expect(new Set(candidates.map((c) => c.url)).size).toBe(30);
    expect(candidates[20]!.url).toBe('https://example.org/23');
  });

  it('stops at an empty page', async () => {
    expect(await searx(100, 'two pages')).toHaveLength(38);
    expect(upstream.seen.map((r) => r.query.get('pageno'))).toEqual(['1', '2', '3']);
  });

  it('reads five pages at most', async () => {
    expect(await searx(100, 'endless')).toHaveLength(98);
    expect(upstream.seen).toHaveLength(5);
  });

  it('explains a 403: the JSON format is not enabled', async () => {
    const error = await searx(10, 'json disabled').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUpstreamError);
    expect((error as ProviderUpstreamError).options.status).toBe(403);
    expect((error as Error).message).toContain('search.formats');
    expect((error as Error).message).toContain('settings.yml');
    expectSafe(error, upstream.url);
  });
});

describeUpstreamFailures({
  provider: 'searxng',
  path: '/search',
  create: ({ baseUrl, timeoutMs }) => createSearxngProvider({ baseUrl, timeoutMs }),
  // SearXNG answers errors (and its limiter's 429) with HTML pages.
  errorReply: (status) => ({ status, text: `<!DOCTYPE html><title>${status}</title><p>${BODY_MARKER}</p>` }),
  unconfigured: { create: () => createSearxngProvider({}), setting: 'SEARXNG_URL' },
});
