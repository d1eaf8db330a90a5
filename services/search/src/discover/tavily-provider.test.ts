import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { startFakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import type { FakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import { BODY_MARKER, describeUpstreamFailures, SECRET_KEY } from './testing/upstream-failure-contract.ts';
import { createTavilyProvider } from './tavily-provider.ts';

const results = [
  {
    title: 'Tide - Wikipedia',
    url: 'https://en.wikipedia.org/wiki/Tide',
    content: 'Tides are the rise and fall of sea levels.',
    score: 0.91,
    raw_content: null,
  },
  {
    title: 'Tides in the news',
    url: 'https://news.example.com/tides',
    content: 'King tides expected.',
    score: 0.74,
    published_date: 'Mon, 02 Oct 2026 10:00:00 GMT',
  },
  { title: 'No score', url: 'https://example.org/no-score', content: 'Missing score is fine.', score: null },
  { title: 'FTP mirror', url: 'ftp://example.org/tides.txt', content: 'Not http.', score: 0.5 },
  { url: 'https://example.org/untitled', content: 'No title.', score: 0.4 },
];

let upstream: FakeUpstream;
const tavily = (maxCandidates: number, query = 'ocean tides') =>
  createTavilyProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }).discover(query, {
    maxCandidates,
    signal: new AbortController().signal,
  });

beforeAll(async () => {
  upstream = await startFakeUpstream((request) => {
    const body = request.body as { query: string; max_results: number };
    if (body.query === 'many') {
      return {
        json: {
          query: 'many',
          results: Array.from({ length: body.max_results }, (_, i) => ({
            title: `R${i + 1}`,
            url: `https://example.org/${i + 1}`,
            content: 'c',
            score: 1 - i / 100,
          })),
        },
      };
    }
    return { json: { query: body.query, answer: null, images: [], results, response_time: 0.42, request_id: 'req-1' } };
  });
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('the Tavily adapter', () => {
  it('POSTs /search with a Bearer key and a basic-depth body', async () => {
    await tavily(10);
    const [request] = upstream.seen;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/search',
      body: { query: 'ocean tides', max_results: 10, search_depth: 'basic' },
    });
    expect(request!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
  });

  it('maps content to snippet, score to provider_score and published_date to published_at', async () => {
    expect(await tavily(10)).toEqual([
      {
        title: 'Tide - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Tide',
        snippet: 'Tides are the rise and fall of sea levels.',
        published_at: null,
        provider_rank: 1,
        provider_score: 0.91,
      },
      {
        title: 'Tides in the news',
        url: 'https://news.example.com/tides',
        snippet: 'King tides expected.',
        published_at: '2026-10-02T10:00:00.000Z',
        provider_rank: 2,
        provider_score: 0.74,
      },
      {
        title: 'No score',
        url: 'https://example.org/no-score',
        snippet: 'Missing score is fine.',
        published_at: null,
        provider_rank: 3,
      },
    ]);
  });

  it('makes one request of at most 20, since Tavily cannot page', async () => {
    const candidates = await tavily(45, 'many');
    expect(upstream.seen).toHaveLength(1);
    expect((upstream.seen[0]!.body as { max_results: number }).max_results).toBe(20);
    expect(candidates).toHaveLength(20);
  });
});

describeUpstreamFailures({
  provider: 'tavily',
  path: '/search',
  create: ({ baseUrl, timeoutMs }) => createTavilyProvider({ apiKey: SECRET_KEY, baseUrl, timeoutMs }),
  // Tavily's errors carry `detail.error`, e.g. 429 "This request exceeds your plan's set usage limit".
  errorReply: (status) => ({ status, json: { detail: { error: `${BODY_MARKER} for ${SECRET_KEY}` } } }),
  keySetting: 'TAVILY_API_KEY',
  unconfigured: { create: (baseUrl) => createTavilyProvider({ baseUrl }), setting: 'TAVILY_API_KEY' },
});
