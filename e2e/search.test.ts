/**
 * Search through the gateway with the operator API key, against a fake Brave server speaking
 * Brave's wire format. Needs the local split topology (the provider is configured per process).
 */
import { SearchResponseSchema } from '@rankgate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import type { HttpClient } from './harness/http.ts';
import { httpClient } from './harness/http.ts';
import { expectProblem } from './harness/problem.ts';
import type { LocalTarget } from './harness/target.ts';
import { operatorHeaders, planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const json = { 'content-type': 'application/json' };

describe.skipIf(plan.mode !== 'local')(suiteTitle('search through the gateway (fake Brave)', plan), () => {
  let brave: FakeBrave;
  let target: LocalTarget | undefined;
  let keyless: LocalTarget | undefined;
  let http: HttpClient;

  beforeAll(async () => {
    brave = await startFakeBrave();
    const provider = { DISCOVER_PROVIDER: 'brave', BRAVE_BASE_URL: brave.url, DISCOVER_TIMEOUT_MS: '500' };
    [target, keyless] = await Promise.all([
      startLocalTarget(plan, { ...provider, BRAVE_API_KEY: FAKE_BRAVE_KEY }),
      startLocalTarget(plan, provider),
    ]);
    http = httpClient(target.baseUrl, { defaultHeaders: operatorHeaders(target) });
  });
  afterAll(async () => {
    await Promise.all([target?.stop(), keyless?.stop()]);
    await brave?.close();
  });

  it(verifies('SEARCH-AUTH-1'), async () => {
    const anonymous = await httpClient(target!.baseUrl).get('/v1/search?q=ocean+tides');
    expectProblem(anonymous, 401, 'UNAUTHORIZED');
    expect(anonymous.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${target!.baseUrl}/.well-known/oauth-protected-resource"`,
    );
    const bearer = await httpClient(target!.baseUrl).get('/v1/search?q=ocean+tides', {
      headers: { authorization: `Bearer ${target!.apiKey}` },
    });
    expect(bearer.status).toBe(200);
  });

  it(verifies('SEARCH-RANK-1'), async () => {
    const response = await http.get('/v1/search?q=ocean+tides&k=5&nocache=true');
    expect(response.status).toBe(200);
    const body = SearchResponseSchema.parse(response.json);
    expect(body.results.map((r) => r.rank)).toEqual(body.results.map((_, i) => i + 1));
    const scores = body.results.map((r) => r.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const row of body.results) {
      expect(Object.values(row.signals).every((v) => typeof v === 'number')).toBe(true);
      expect(row.gates).toEqual({ subject_match: 'pass', is_republisher: 'pass', prompt_injection: 'pass' });
      expect(row.snippet).not.toContain('<strong>');
    }
    expect(body.results[0]!.domain).toBe('oceanservice.noaa.gov');
    expect(body.meta).toMatchObject({
      query: 'ocean tides',
      k: 5,
      max_candidates: 50,
      mode: 'snip',
      rank: 'on',
      provider: 'brave',
      judge: 'local',
      ranked: true,
    });
    expect(body.meta.counts).toMatchObject({ discovered: 3, ranked: 3, judged: 3, gated_out: 1, returned: 2 });
  });

  it(verifies('SEARCH-GATE-1'), async () => {
    const body = SearchResponseSchema.parse((await http.get('/v1/search?q=ocean+tides')).json);
    expect(body.results.map((r) => r.url)).not.toContain('https://tide-apps.example.net/ocean-tides');
    expect(body.meta.dropped).toEqual([
      {
        url: 'https://tide-apps.example.net/ocean-tides',
        domain: 'tide-apps.example.net',
        reason: 'gate',
        gate: 'prompt_injection',
        injection_risk: 'high',
      },
    ]);
    expect(JSON.stringify(body.meta.dropped)).not.toContain('Ignore all previous');
  });

  it(verifies('SEARCH-SCREEN-1'), async () => {
    const ranked = SearchResponseSchema.parse((await http.get('/v1/search?q=screened+tides&nocache=true')).json);
    expect(ranked.results.map((r) => r.url)).toEqual(['https://tables.example.org/tides']);
    expect(ranked.meta.dropped.map((d) => [d.url, d.gate]).sort()).toEqual([
      ['https://guide.example.org/tides', 'prompt_injection'],
      ['https://towers.example.org/tides', 'prompt_injection'],
      ['https://trivia.example.org/tides', 'prompt_injection'],
    ]);

    const unranked = SearchResponseSchema.parse((await http.get('/v1/search?q=screened+tides&rank=off')).json);
    const row = (host: string) => unranked.results.find((r) => r.url.includes(host))!;
    expect(row('tables.example.org').injection_evidence).toBeUndefined();
    expect(row('guide.example.org').snippet).toBe('Ocean tides explained. Updated daily.');
    expect(row('guide.example.org').injection_evidence?.[0]).toMatchObject({ field: 'markup' });
    expect(
      row('trivia.example.org').injection_evidence?.some((e) => e.field === 'extra_snippets' && e.index === 1),
    ).toBe(true);
    const inline = row('towers.example.org');
    const spans = inline.injection_evidence?.filter((e) => e.field === 'snippet') ?? [];
    expect(spans.length).toBeGreaterThan(0);
    for (const span of spans) expect(span.start).toBeGreaterThanOrEqual('Ocean tides rise twice a day.'.length);
  });

  it(verifies('SEARCH-RELAX-1'), async () => {
    const response = await http.get('/v1/search?q=all+injected');
    const body = SearchResponseSchema.parse(response.json);
    expect(body.results.length).toBe(2);
    for (const row of body.results) {
      expect(row.gates_relaxed).toBe(true);
      expect(row.injection_risk).toBe('high');
    }
    expect(body.meta).not.toHaveProperty('gates_relaxed');
    expect(body.meta.counts).toMatchObject({ gated_out: 0, returned: 2 });
    expect(body.meta.dropped).toEqual([]);
    expect(JSON.stringify(body.meta)).not.toContain('gates_relaxed');
  });

  it(verifies('SEARCH-CACHE-1'), async () => {
    const q = '/v1/search?q=ocean+tides+cache';
    const first = SearchResponseSchema.parse((await http.get(q)).json);
    const second = SearchResponseSchema.parse((await http.get(`${q}&k=2`)).json);
    const refreshed = SearchResponseSchema.parse((await http.get(`${q}&nocache=true`)).json);
    expect(first.meta.cache).toEqual({ hit: false, age_s: null });
    expect(second.meta.cache.hit).toBe(true);
    expect(second.meta.cache.age_s).toBeGreaterThanOrEqual(0);
    expect(refreshed.meta.cache.hit).toBe(false);
    expect(brave.calls('ocean tides cache')).toBe(2);
  });

  it(verifies('SEARCH-CACHE-2'), async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => http.get('/v1/search?q=ocean+tides+concurrent')),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(brave.calls('ocean tides concurrent')).toBe(1);
  });

  it(verifies('SEARCH-UPSTREAM-1'), async () => {
    for (const q of ['upstream 500', 'upstream garbage']) {
      const response = await http.get(`/v1/search?q=${encodeURIComponent(q)}`);
      expectProblem(response, 502, 'UPSTREAM_ERROR');
      expect(response.text).not.toContain('UPSTREAM-BODY-MARKER');
      expect(response.text).not.toContain(FAKE_BRAVE_KEY);
    }
    const limited = await http.get('/v1/search?q=upstream+429');
    expectProblem(limited, 502, 'UPSTREAM_ERROR');
    expect(limited.headers.get('retry-after')).toBe('7');
  });

  it(verifies('SEARCH-UPSTREAM-2'), async () => {
    const started = Date.now();
    const response = await http.get('/v1/search?q=upstream+hang');
    const problem = expectProblem(response, 504, 'UPSTREAM_TIMEOUT');
    expect(problem.hint).toContain('max_candidates');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it(verifies('SEARCH-UPSTREAM-3'), async () => {
    const response = await httpClient(keyless!.baseUrl, { defaultHeaders: operatorHeaders(keyless!) }).get(
      '/v1/search?q=ocean+tides',
    );
    const problem = expectProblem(response, 503, 'SERVICE_UNAVAILABLE');
    expect(problem.detail).toContain('BRAVE_API_KEY');
  });

  it(verifies('SEARCH-RANKOFF-1'), async () => {
    const body = SearchResponseSchema.parse((await http.get('/v1/search?q=ocean+tides&rank=off')).json);
    expect(body.results.map((r) => r.url)).toEqual([
      'https://oceanservice.noaa.gov/education/tides/',
      'https://tide-apps.example.net/ocean-tides',
      'https://en.wikipedia.org/wiki/Tide',
    ]);
    for (const row of body.results) {
      expect(row.score).toBeNull();
      expect(row.gates).toBeNull();
      expect(typeof row.signals.prompt_injection).toBe('number');
    }
    expect(body.results[1]!.injection_risk).toBe('high');
    expect(body.meta).toMatchObject({ ranked: false, judge: 'none' });
  });

  it(verifies('SEARCH-POST-1'), async () => {
    const ok = await http.post('/v1/search', JSON.stringify({ q: 'ocean tides', k: 1 }), { headers: json });
    expect(SearchResponseSchema.parse(ok.json).results).toHaveLength(1);
    expectProblem(
      await http.post('/v1/search', JSON.stringify({ q: 'ocean tides', k: 26 }), { headers: json }),
      422,
      'VALIDATION_ERROR',
    );
  });
});
