import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createExaProvider } from './exa-provider.ts';
import { startFakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import type { FakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import { BODY_MARKER, describeUpstreamFailures, SECRET_KEY } from './testing/upstream-failure-contract.ts';

const longText = `${'Tides rise and fall twice a day. '.repeat(40)}END`;
const results = [
  {
    id: 'a',
    title: 'Tide',
    url: 'https://en.wikipedia.org/wiki/Tide',
    publishedDate: '2024-01-05T00:00:00.000Z',
    author: null,
    score: 0.42,
    highlights: ['Tides are the rise and fall of sea levels.', 'Most coasts see two high tides a day.'],
    highlightScores: [0.9, 0.7],
  },
  { id: 'b', title: 'Summary only', url: 'https://example.org/summary', summary: 'A short summary.', highlights: [] },
  { id: 'c', title: 'Text only', url: 'https://example.org/text', text: longText },
  { id: 'd', title: null, url: 'https://example.org/null-title', highlights: ['Skipped.'] },
];

let upstream: FakeUpstream;
const exa = (maxCandidates: number) =>
  createExaProvider({ apiKey: SECRET_KEY, baseUrl: upstream.url }).discover('ocean tides', {
    maxCandidates,
    signal: new AbortController().signal,
  });

beforeAll(async () => {
  upstream = await startFakeUpstream(() => ({
    json: { requestId: 'r1', resolvedSearchType: 'neural', results, searchTime: 120, costDollars: { total: 0.005 } },
  }));
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('the Exa adapter', () => {
  it('POSTs /search with x-api-key and asks for one two-sentence highlight', async () => {
    await exa(45);
    expect(upstream.seen).toHaveLength(1);
    const [request] = upstream.seen;
    expect(request).toMatchObject({ method: 'POST', path: '/search' });
    expect(request!.body).toEqual({
      query: 'ocean tides',
      numResults: 45,
      type: 'auto',
      contents: { highlights: { numSentences: 2, highlightsPerUrl: 3 } },
    });
    expect(request!.headers['x-api-key']).toBe(SECRET_KEY);
  });

  it('takes the snippet from the first highlight (the rest are extra snippets), else the summary, else the text (truncated)', async () => {
    const [first, second, third, ...rest] = await exa(10);
    expect(first).toEqual({
      title: 'Tide',
      url: 'https://en.wikipedia.org/wiki/Tide',
      snippet: 'Tides are the rise and fall of sea levels.',
      extra_snippets: ['Most coasts see two high tides a day.'],
      published_at: '2024-01-05T00:00:00.000Z',
      provider_rank: 1,
      provider_score: 0.42,
    });
    expect(second).toMatchObject({ snippet: 'A short summary.', provider_rank: 2, published_at: null });
    expect(second).not.toHaveProperty('provider_score');
    expect(third!.snippet.length).toBeLessThanOrEqual(400);
    expect(third!.snippet).toMatch(/^Tides rise and fall twice a day\..*day\.…$/);
    expect(rest).toEqual([]);
  });

  it('asks for at most 100', async () => {
    await exa(100);
    expect((upstream.seen[0]!.body as { numResults: number }).numResults).toBe(100);
  });
});

describeUpstreamFailures({
  provider: 'exa',
  path: '/search',
  create: ({ baseUrl, timeoutMs }) => createExaProvider({ apiKey: SECRET_KEY, baseUrl, timeoutMs }),
  errorReply: (status) => ({
    status,
    json: {
      requestId: 'r2',
      error: `${BODY_MARKER} ${SECRET_KEY}`,
      tag: status === 429 ? 'RATE_LIMIT_EXCEEDED' : 'INTERNAL_ERROR',
    },
  }),
  keySetting: 'EXA_API_KEY',
  unconfigured: { create: (baseUrl) => createExaProvider({ baseUrl }), setting: 'EXA_API_KEY' },
});
