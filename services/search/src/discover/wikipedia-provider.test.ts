import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ProviderUpstreamError } from './discover-errors.ts';
import { startFakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import type { FakeUpstream, SeenRequest } from '@rankgate/platform/testing/fake-upstream';
import { BODY_MARKER, describeUpstreamFailures, expectSafe } from './testing/upstream-failure-contract.ts';
import { createWikipediaProvider } from './wikipedia-provider.ts';

const USER_AGENT = 'Rankgate/9.9.9 (https://github.com/rankgate/rankgate; self-hosted) node/20';

const tides = [
  {
    ns: 0,
    title: 'Tide',
    pageid: 1,
    snippet: 'Ocean <span class="searchmatch">tides</span> are the rise &amp; fall of sea&#32;levels',
    timestamp: '2026-09-30T12:00:00Z',
  },
  { ns: 0, title: 'Tides', pageid: 2, snippet: '#REDIRECT [[Tide]]', timestamp: '2020-01-01T00:00:00Z' },
  {
    ns: 0,
    title: 'Earth tide',
    pageid: 3,
    snippet: 'The <span class="searchmatch">tide</span> of solid Earth',
    sectiontitle: 'Tidal effects',
    timestamp: '2025-01-01T00:00:00Z',
  },
  { ns: 0, title: 'AC/DC: Tides (song)', pageid: 4, snippet: 'A song', timestamp: '2025-01-01T00:00:00Z' },
  { ns: 0, pageid: 5, snippet: 'No title: skipped' },
];

/** `total` numbered pages, served `srlimit` at a time with a `continue` block while more remain. */
function searchPage(request: SeenRequest, total: number) {
  const limit = Number(request.query.get('srlimit'));
  const offset = Number(request.query.get('sroffset'));
  const end = Math.min(total, offset + limit);
  const search = Array.from({ length: Math.max(0, end - offset) }, (_, i) => ({
    ns: 0,
    title: `Article ${offset + i + 1}`,
    pageid: offset + i + 1,
    snippet: 'text',
  }));
  return {
    json: {
      batchcomplete: true,
      ...(end < total ? { continue: { sroffset: end, continue: '-||' } } : {}),
      query: { search },
    },
  };
}

let upstream: FakeUpstream;
const wikipedia = (maxCandidates: number, q: string) =>
  createWikipediaProvider({ baseUrl: upstream.url, userAgent: USER_AGENT }).discover(q, {
    maxCandidates,
    signal: new AbortController().signal,
  });

beforeAll(async () => {
  upstream = await startFakeUpstream(async (request) => {
    const q = request.query.get('srsearch');
    if (request.path !== '/w/api.php') return { status: 404, text: 'Not Found' };
    if (q === 'ocean tides') return { json: { batchcomplete: true, query: { search: tides } } };
    if (q === 'rate limited') {
      return {
        headers: { 'mediawiki-api-error': 'ratelimited' },
        json: {
          error: {
            code: 'ratelimited',
            info: `${BODY_MARKER} You've exceeded your rate limit.`,
            docref: 'See https://en.wikipedia.org/w/api.php',
          },
          servedby: 'mw1',
        },
      };
    }
    if (q === 'odd error') return { json: { error: { code: `<b>${BODY_MARKER}</b>`, info: 'x' } } };
    // Slow pages, so overlapping requests would show in maxInFlight.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return searchPage(request, q === 'few' ? 60 : 500);
  });
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

describe('the Wikipedia adapter', () => {
  it('queries the search API with a descriptive User-Agent', async () => {
    await wikipedia(10, 'ocean tides');
    const [request] = upstream.seen;
    expect(request).toMatchObject({ method: 'GET', path: '/w/api.php' });
    expect(Object.fromEntries(request!.query)).toEqual({
      action: 'query',
      list: 'search',
      format: 'json',
      formatversion: '2',
      utf8: '1',
      srsearch: 'ocean tides',
      srlimit: '10',
      sroffset: '0',
      srprop: 'snippet|sectiontitle',
      srinfo: '',
    });
    expect(request!.headers['user-agent']).toBe(USER_AGENT);
  });

  it('sends the default Rankgate User-Agent when given none', async () => {
    await createWikipediaProvider({ baseUrl: upstream.url }).discover('ocean tides', {
      maxCandidates: 5,
      signal: new AbortController().signal,
    });
    expect(upstream.seen[0]!.headers['user-agent']).toMatch(
      /^Rankgate\/\d+\.\d+\.\d+\S* \(https:\/\/github\.com\/rankgate\/rankgate; self-hosted\) node\/\d+/,
    );
  });

  it('strips snippet HTML, builds article URLs, skips redirects and leaves published_at null', async () => {
    expect(await wikipedia(10, 'ocean tides')).toEqual([
      {
        title: 'Tide',
        url: `${upstream.url}/wiki/Tide`,
        snippet: 'Ocean tides are the rise & fall of sea levels',
        published_at: null,
        provider_rank: 1,
      },
      {
        title: 'Earth tide',
        url: `${upstream.url}/wiki/Earth_tide#Tidal_effects`,
        snippet: 'The tide of solid Earth',
        published_at: null,
        provider_rank: 2,
      },
      {
        title: 'AC/DC: Tides (song)',
        url: `${upstream.url}/wiki/AC/DC:_Tides_(song)`,
        snippet: 'A song',
        published_at: null,
        provider_rank: 3,
      },
    ]);
  });

  it('percent-encodes titles in article URLs', async () => {
    const fake = await startFakeUpstream(() => ({
      json: { query: { search: [{ ns: 0, title: 'Café Zürich & co', snippet: '' }] } },
    }));
    const provider = createWikipediaProvider({ baseUrl: fake.url });
    const [candidate] = await provider.discover('x', { maxCandidates: 1, signal: new AbortController().signal });
    expect(candidate!.url).toBe(`${fake.url}/wiki/Caf%C3%A9_Z%C3%BCrich_%26_co`);
    await fake.close();
  });

  it('pages serially by sroffset, 50 at a time', async () => {
    const candidates = await wikipedia(80, 'many');
    expect(upstream.seen.map((r) => [r.query.get('sroffset'), r.query.get('srlimit')])).toEqual([
      ['0', '50'],
      ['50', '50'],
    ]);
    expect(upstream.maxInFlight).toBe(1);
    expect(candidates).toHaveLength(80);
    expect(candidates[79]).toMatchObject({ title: 'Article 80', provider_rank: 80 });
  });

  it('stops when the API has no continuation', async () => {
    expect(await wikipedia(100, 'few')).toHaveLength(60);
    expect(upstream.seen).toHaveLength(2);
  });

  it('reports an API error by its code, never its info', async () => {
    const error = await wikipedia(10, 'rate limited').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUpstreamError);
    expect((error as ProviderUpstreamError).reason).toBe('answered with API error "ratelimited"');
    expectSafe(error, upstream.url);
    const odd = await wikipedia(10, 'odd error').catch((e: unknown) => e);
    expect((odd as ProviderUpstreamError).reason).toBe('answered with API error (unrecognised code)');
    expectSafe(odd, upstream.url);
  });
});

describeUpstreamFailures({
  provider: 'wikipedia',
  path: '/w/api.php',
  create: ({ baseUrl, timeoutMs }) => createWikipediaProvider({ baseUrl, timeoutMs }),
  // Wikimedia's edge answers throttling and outages with HTML pages.
  errorReply: (status) => ({
    status,
    text: `<!DOCTYPE html><html><title>Wikimedia Error</title><p>${BODY_MARKER}</p></html>`,
  }),
});
