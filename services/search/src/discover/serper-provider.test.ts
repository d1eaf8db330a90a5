import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createSerperProvider } from './serper-provider.ts';
import { startFakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import type { FakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import { BODY_MARKER, describeUpstreamFailures, SECRET_KEY } from './testing/upstream-failure-contract.ts';

interface SerperBody {
  q: string;
  num: number;
  page: number;
}

const firstPage = [
  {
    title: 'Tide - Wikipedia',
    link: 'https://en.wikipedia.org/wiki/Tide',
    snippet: 'Tides are the rise and fall of sea levels.',
    position: 1,
    sitelinks: [{ title: 'Tidal force', link: 'https://en.wikipedia.org/wiki/Tidal_force' }],
  },
  {
    title: 'Tides today',
    link: 'https://tides.example.com/',
    snippet: 'High tide at 10:42.',
    date: '3 days ago',
    position: 2,
  },
  {
    title: 'Tide tables 2024',
    link: 'https://noaa.example.gov/tables',
    snippet: 'Predictions.',
    date: 'Jan 5, 2024',
    position: 3,
  },
  { title: 'No link', snippet: 'Skipped.', position: 4 },
];

let upstream: FakeUpstream;
const serper = (maxCandidates: number, q = 'ocean tides') =>
  createSerperProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }).discover(q, {
    maxCandidates,
    signal: new AbortController().signal,
  });

beforeAll(async () => {
  upstream = await startFakeUpstream((request) => {
    const { q, num, page } = request.body as SerperBody;
    if (q === 'ocean tides')
      return { json: { searchParameters: { q, type: 'search', engine: 'google' }, organic: firstPage, credits: 1 } };
    if (q === 'nothing') return { json: { searchParameters: { q }, credits: 1 } };
    const total = q === 'short' ? 25 : 100;
    const organic = Array.from({ length: Math.max(0, Math.min(num, total - (page - 1) * num)) }, (_, i) => {
      const n = (page - 1) * num + i + 1;
      return { title: `Result ${n}`, link: `https://example.org/${n}`, snippet: `Snippet ${n}`, position: n };
    });
    return { json: { searchParameters: { q, num, page }, organic, credits: 1 } };
  });
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('the Serper adapter', () => {
  it('POSTs /search with X-API-KEY and {q, num, page}', async () => {
    await serper(10);
    const [request] = upstream.seen;
    expect(request).toMatchObject({ method: 'POST', path: '/search', body: { q: 'ocean tides', num: 10, page: 1 } });
    expect(request!.headers['x-api-key']).toBe(SECRET_KEY);
  });

  it('maps organic results: link to url, absolute dates only', async () => {
    expect(await serper(10)).toEqual([
      {
        title: 'Tide - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Tide',
        snippet: 'Tides are the rise and fall of sea levels.',
        published_at: null,
        provider_rank: 1,
      },
      {
        title: 'Tides today',
        url: 'https://tides.example.com/',
        snippet: 'High tide at 10:42.',
        published_at: null,
        provider_rank: 2,
      },
      {
        title: 'Tide tables 2024',
        url: 'https://noaa.example.gov/tables',
        snippet: 'Predictions.',
        published_at: '2024-01-05',
        provider_rank: 3,
      },
    ]);
    // A short first page is the end.
    expect(upstream.seen).toHaveLength(1);
  });

  it('pages by page number until it has enough', async () => {
    const candidates = await serper(25, 'many');
    expect(upstream.seen.map((r) => (r.body as SerperBody).page)).toEqual([1, 2, 3]);
    expect(candidates).toHaveLength(25);
    expect(candidates.at(-1)).toMatchObject({ url: 'https://example.org/25', provider_rank: 25 });
  });

  it('stops at a short page and answers an empty organic block with nothing', async () => {
    expect(await serper(100, 'short')).toHaveLength(25);
    expect(upstream.seen.map((r) => (r.body as SerperBody).page)).toEqual([1, 2, 3]);
    upstream.reset();
    expect(await serper(10, 'nothing')).toEqual([]);
    expect(upstream.seen).toHaveLength(1);
  });
});

describeUpstreamFailures({
  provider: 'serper',
  path: '/search',
  create: ({ baseUrl, timeoutMs }) => createSerperProvider({ apiKey: SECRET_KEY, baseUrl, timeoutMs }),
  errorReply: (status) => ({ status, json: { message: `${BODY_MARKER} ${SECRET_KEY}`, statusCode: status } }),
  keySetting: 'SERPER_API_KEY',
  unconfigured: { create: (baseUrl) => createSerperProvider({ baseUrl }), setting: 'SERPER_API_KEY' },
});
