/**
 * Gateway policy through real processes (split topology, real Redis behind a relay this suite can
 * cut): the burst limiter, the demo quota, and what never leaves the service (secrets).
 */
import { parseStructuredList } from '@rankgate/platform/http';
import type { CuttableProxy } from '@rankgate/platform/testing/stores';
import { startCuttableProxy } from '@rankgate/platform/testing/stores';
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
const DEMO_API_KEY = 'demo-e2e-published-key-0001';

describe.skipIf(plan.mode !== 'local')(suiteTitle('gateway policy (split topology, Redis)', plan), () => {
  let brave: FakeBrave;
  let relay: CuttableProxy;
  let target: LocalTarget | undefined;
  let http: HttpClient;
  /** A client whose address the gateway reads from X-Forwarded-For (127.0.0.1 is a trusted proxy here). */
  const from = (ip: string, headers: Record<string, string> = operatorHeaders(target!)) =>
    httpClient(target!.baseUrl, { defaultHeaders: { ...headers, 'x-forwarded-for': ip } });

  beforeAll(async () => {
    if (plan.mode !== 'local') return;
    brave = await startFakeBrave();
    relay = await startCuttableProxy(Number(new URL(plan.redisUrl).port || 6379), new URL(plan.redisUrl).hostname);
    target = await startLocalTarget(
      { mode: 'local', redisUrl: `redis://127.0.0.1:${relay.port}` },
      {
        DISCOVER_PROVIDER: 'brave',
        BRAVE_BASE_URL: brave.url,
        BRAVE_API_KEY: FAKE_BRAVE_KEY,
        RATE_LIMIT_PER_MINUTE: '60',
        TRUST_PROXY: '127.0.0.1',
        DEMO_MODE: 'enabled',
        DEMO_API_KEY,
        DEMO_LIMIT: '5',
      },
    );
    http = httpClient(target.baseUrl, { defaultHeaders: operatorHeaders(target) });
  });
  afterAll(async () => {
    await target?.stop();
    await relay?.close();
    await brave?.close();
  });

  it(verifies('POLICY-LIMIT-1'), async () => {
    const client = from('198.51.100.1');
    const results = await Promise.all(Array.from({ length: 200 }, () => client.get('/v1/search?q=ocean+tides&k=3')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(140);
    for (const response of refused) {
      expectProblem(response, 429, 'RATE_LIMITED');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect((await from('198.51.100.2').get('/v1/search?q=ocean+tides&k=3')).status).toBe(200);
  });

  it(verifies('POLICY-LIMIT-2'), async () => {
    const client = from('198.51.100.3');
    const seen: number[] = [];
    for (const path of [
      '/v1/search?q=ocean+tides',
      '/api/v1/search?q=ocean+tides',
      '/health',
      '/v1/search?q=ocean+tides',
    ]) {
      const response = await client.get(path);
      expect(parseStructuredList(response.headers.get('ratelimit-policy') ?? '')).toEqual([
        { value: 'burst', params: { q: 60, w: 60 } },
      ]);
      seen.push(Number(parseStructuredList(response.headers.get('ratelimit') ?? '')[0]?.params.r));
    }
    expect(seen).toEqual([59, 58, 58, 57]); // /health shows the allowance without spending it
  });

  it(verifies('POLICY-LIMIT-3'), async () => {
    await relay.cut();
    try {
      expectProblem(await from('198.51.100.4').get('/v1/search?q=ocean+tides'), 503, 'SERVICE_UNAVAILABLE');
      expect((await http.get('/health')).status).toBe(200);
    } finally {
      await relay.restore();
    }
    await expect
      .poll(async () => (await from('198.51.100.4').get('/v1/search?q=ocean+tides')).status, {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(200);
  });

  it(verifies('POLICY-DEMO-1'), async () => {
    const demo = from('192.0.2.50', { authorization: `Bearer ${DEMO_API_KEY}` });
    for (const path of [
      '/v1/search?q=ocean+tides',
      '/api/v1/search?q=ocean+tides',
      '/v1/search?q=ocean+tides',
      '/api/v1/search?q=ocean+tides',
      '/v1/search?q=ocean+tides',
    ]) {
      expect((await demo.get(path)).status).toBe(200);
    }
    const exhausted = await demo.get('/api/v1/search?q=ocean+tides');
    expectProblem(exhausted, 429, 'DEMO_EXHAUSTED');
    expect(exhausted.headers.get('retry-after')).toBeNull();
    await target!.restart('gateway');
    expectProblem(await demo.get('/v1/search?q=ocean+tides'), 429, 'DEMO_EXHAUSTED');
    expect((await from('192.0.2.50').get('/v1/search?q=ocean+tides')).status).toBe(200); // the operator key is not a demo search
  });

  it(verifies('POLICY-SECRETS-1'), async () => {
    // Every response above went through the harness's secret scan; the logs are checked here.
    const oversized = await http.post('/v1/search', JSON.stringify({ q: 'x'.repeat(100_000) }), {
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(oversized, 413, 'PAYLOAD_TOO_LARGE');
    for (const [name, process] of target!.processes) {
      const output = process.recentOutput();
      for (const secret of [FAKE_BRAVE_KEY, target!.apiKey ?? '', target!.internalToken, DEMO_API_KEY]) {
        expect(output.includes(secret), `${name} logged a secret`).toBe(false);
      }
    }
  });
});
