/**
 * Several discover providers through the search pipeline, each provider a real adapter against a fake
 * upstream on 127.0.0.1 in its own wire format: fusion, a failing and a slow provider, the breaker,
 * the fallback strategy, the per-provider cache and the filters' warnings.
 */
import { SearchRequestSchema } from '@rankgate/contracts';
import { createBraveProvider, createSearxngProvider } from './index.ts';
import type { FakeUpstream, SeenRequest } from '@rankgate/platform/testing/fake-upstream';
import { startFakeUpstream } from '@rankgate/platform/testing/fake-upstream';
import { ProblemError } from '@rankgate/contracts/problems';
import { createLocalJudge } from '@rankgate/ranking';
import { MemoryKeyValueStore } from '@rankgate/platform/stores';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DiscoverCache } from '../domain/discover-cache.ts';
import type { SearchDependencies } from '../domain/search-pipeline.ts';
import { runSearch } from '../domain/search-pipeline.ts';
import { CircuitBreaker } from './circuit-breaker.ts';

let brave: FakeUpstream;
let searxng: FakeUpstream;
let braveMode: 'ok' | 'fail' | 'slow' | 'rate_limited' = 'ok';

const braveResults = [
  {
    title: 'Ocean tides explained',
    url: 'https://tides.example.org/explained',
    description: 'How ocean tides work: the Moon pulls the water.',
    page_age: '2026-11-20T09:00:00',
  },
  { title: 'Tides on Pinterest', url: 'https://www.pinterest.com/tides', description: 'Ocean tides pins.' },
  {
    title: 'Old tide tables',
    url: 'https://archive.example.net/tides',
    description: 'Ocean tides tables from 2019.',
    page_age: '2019-03-01T00:00:00',
  },
];
const searxngResults = [
  {
    title: 'Why ocean tides happen',
    url: 'https://science.example.com/tides',
    content: 'Ocean tides happen because of the Moon and the Sun.',
    publishedDate: null,
  },
  {
    title: 'Ocean tides explained',
    url: 'http://tides.example.org/explained/?utm_source=searx',
    content: 'How ocean tides work.',
  },
];

beforeAll(async () => {
  brave = await startFakeUpstream(async () => {
    if (braveMode === 'fail') return { status: 500, json: { error: 'internal' } };
    if (braveMode === 'rate_limited') return { status: 429, headers: { 'retry-after': '30' }, json: { error: 'rate' } };
    if (braveMode === 'slow') return { hang: true };
    return { json: { type: 'search', web: { results: braveResults } } };
  });
  searxng = await startFakeUpstream((request: SeenRequest) =>
    request.query.get('pageno') === '1' ? { json: { results: searxngResults } } : { json: { results: [] } },
  );
});
afterAll(async () => {
  await brave.close();
  await searxng.close();
});
beforeEach(() => {
  braveMode = 'ok';
  brave.reset();
  searxng.reset();
});

function deps(overrides: Partial<SearchDependencies> = {}): SearchDependencies {
  const providers = [
    createBraveProvider({ apiKey: 'k', baseUrl: brave.url, timeoutMs: 300 }),
    createSearxngProvider({ baseUrl: searxng.url, timeoutMs: 300 }),
  ];
  return {
    providers,
    cache: new DiscoverCache({ store: new MemoryKeyValueStore(), ttlMs: 60_000 }),
    judge: createLocalJudge(),
    judgeTopN: 30,
    discoverDeadlineMs: 2_000,
    ...overrides,
  };
}

const search = (d: SearchDependencies, input: Record<string, unknown> = {}) =>
  runSearch(
    SearchRequestSchema.parse({ q: 'ocean tides', ...input }),
    { requestId: 'r', signal: new AbortController().signal },
    d,
  );

describe('several discover providers', () => {
  it('asks both in parallel, fuses by reciprocal rank, dedupes by canonical URL and reports each provider', async () => {
    const body = await search(deps());
    expect(body.meta.provider).toBe('brave,searxng');
    expect(body.meta.providers).toEqual([
      { name: 'brave', status: 'ok', results: 3, ms: expect.any(Number) },
      { name: 'searxng', status: 'ok', results: 2, ms: expect.any(Number) },
    ]);
    expect(body.meta.counts.discovered).toBe(4);
    const shared = body.results.find((row) => row.url === 'https://tides.example.org/explained');
    expect(shared?.provider_ranks).toEqual({ brave: 1, searxng: 2 });
  });

  it('answers from the other provider when one fails, says so, and caches only the answer that came', async () => {
    braveMode = 'fail';
    const d = deps();
    const body = await search(d);
    expect(body.meta.providers?.map((p) => [p.name, p.status])).toEqual([
      ['brave', 'error'],
      ['searxng', 'ok'],
    ]);
    expect(body.meta.providers?.[0]?.reason).toMatch(/HTTP 500/);
    expect(body.meta.warnings?.join(' ')).toMatch(/brave provider was not used \(error\)/);
    expect(body.results.map((r) => r.url).sort()).toEqual([
      'http://tides.example.org/explained/?utm_source=searx',
      'https://science.example.com/tides',
    ]);
    braveMode = 'ok';
    const again = await search(d);
    // searxng's list came from the cache; brave was asked again (its failure was never cached).
    expect(again.meta.providers?.map((p) => [p.name, p.status, p.cached ?? false])).toEqual([
      ['brave', 'ok', false],
      ['searxng', 'ok', true],
    ]);
    expect(again.meta.cache.hit).toBe(false);
  });

  it('a slow provider times out without holding the answer; the breaker then cools it down', async () => {
    braveMode = 'slow';
    const breakers = new Map([['brave', new CircuitBreaker('brave', { failureThreshold: 1, cooldownMs: 60_000 })]]);
    const d = deps({ breakers });
    const started = performance.now();
    const body = await search(d);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(body.meta.providers?.map((p) => p.status)).toEqual(['timeout', 'ok']);
    const next = await search(d, { nocache: true });
    expect(next.meta.providers?.[0]).toMatchObject({ name: 'brave', status: 'cooling_down', results: 0, ms: 0 });
    expect(brave.seen).toHaveLength(1);
  });

  it('a 429 is rate_limited and opens the breaker at once', async () => {
    braveMode = 'rate_limited';
    const breakers = new Map([['brave', new CircuitBreaker('brave', { failureThreshold: 5, cooldownMs: 1_000 })]]);
    const d = deps({ breakers });
    expect((await search(d)).meta.providers?.[0]?.status).toBe('rate_limited');
    expect((await search(d, { nocache: true })).meta.providers?.[0]?.status).toBe('cooling_down');
  });

  it('fallback: asks in order and skips the rest once one has results', async () => {
    const body = await search(deps({ strategy: 'fallback' }));
    expect(body.meta.providers?.map((p) => [p.name, p.status])).toEqual([
      ['brave', 'ok'],
      ['searxng', 'skipped'],
    ]);
    expect(searxng.seen).toHaveLength(0);
    braveMode = 'fail';
    const fallen = await search(deps({ strategy: 'fallback' }));
    expect(fallen.meta.providers?.map((p) => [p.name, p.status])).toEqual([
      ['brave', 'error'],
      ['searxng', 'ok'],
    ]);
  });

  it('only when every provider fails is it a problem, naming each', async () => {
    braveMode = 'fail';
    const problem = await search(
      deps({
        providers: [
          createBraveProvider({ apiKey: 'k', baseUrl: brave.url }),
          createSearxngProvider({ baseUrl: brave.url }),
        ],
      }),
    ).catch((error: unknown) => error);
    expect(problem).toBeInstanceOf(ProblemError);
    expect((problem as ProblemError).status).toBe(502);
    expect((problem as ProblemError).message).toMatch(
      /Every discover provider failed: brave \(error: .*HTTP 500.*\); searxng \(error/,
    );
  });

  it('filters: passed upstream, enforced on the fused rows, each removed row listed; unhonoured options warned', async () => {
    const body = await search(deps({ providers: [createBraveProvider({ apiKey: 'k', baseUrl: brave.url })] }), {
      exclude_domains: 'pinterest.com',
      time_range: 'month',
      country: 'DE',
    });
    expect(brave.seen[0]?.query.get('q')).toBe('ocean tides -site:pinterest.com');
    expect(body.results.map((r) => r.url)).toEqual(['https://tides.example.org/explained']);
    expect(body.meta.dropped).toEqual([
      { url: 'https://www.pinterest.com/tides', domain: 'pinterest.com', reason: 'exclude_domains' },
      {
        url: 'https://archive.example.net/tides',
        domain: 'archive.example.net',
        reason: 'outside_dates',
        published_at: '2019-03-01T00:00:00.000Z',
      },
    ]);
    expect(body.meta.counts.filtered_out).toBe(2);
    expect(body.meta.applied_filters).toEqual({
      exclude_domains: ['pinterest.com'],
      time_range: 'month',
      country: 'DE',
    });
    expect(body.meta.as_of).toBe(new Date().toISOString().slice(0, 10));
    expect(body.meta.warnings).toEqual([]);
    expect(body.results[0]?.published_at).toBe('2026-11-20T09:00:00.000Z');
  });

  it('warns for each option a provider cannot honour', async () => {
    const body = await search(deps({ providers: [createSearxngProvider({ baseUrl: searxng.url })] }), {
      country: 'DE',
      safesearch: 'strict',
    });
    expect(body.meta.warnings).toEqual([
      'The searxng provider cannot filter by country: its results are not restricted by country.',
    ]);
    expect(searxng.seen[0]?.query.get('safesearch')).toBe('2');
  });
});
