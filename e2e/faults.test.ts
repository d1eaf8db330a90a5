/**
 * Faults in the parts Rankgate depends on, in the split topology: the LLM judge failing in each
 * way, Redis going away and coming back, the auth-server dying. Each gives the documented error or
 * a degraded answer, recovers without a restart, and loses nothing.
 */
import { SearchResponseSchema } from '@rankgate/contracts';
import type { CuttableProxy } from '@rankgate/platform/testing/stores';
import { startCuttableProxy } from '@rankgate/platform/testing/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FakeBrave } from './harness/fake-brave.ts';
import { FAKE_BRAVE_KEY, startFakeBrave } from './harness/fake-brave.ts';
import type { FakeOpenAi, JudgeMode } from './harness/fake-openai.ts';
import { startFakeOpenAi } from './harness/fake-openai.ts';
import type { HttpClient } from './harness/http.ts';
import { httpClient } from './harness/http.ts';
import { expectProblem } from './harness/problem.ts';
import type { LocalTarget } from './harness/target.ts';
import { operatorHeaders, planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const JUDGE_TIMEOUT_MS = 1500;
const DEMO_API_KEY = 'demo-e2e-faults-key-000001';

describe.skipIf(plan.mode !== 'local')(suiteTitle('faults in dependencies (split topology)', plan), () => {
  let brave: FakeBrave;
  let judge: FakeOpenAi;
  let relay: CuttableProxy;
  let target: LocalTarget | undefined;
  let http: HttpClient;

  beforeAll(async () => {
    if (plan.mode !== 'local') return;
    [brave, judge] = await Promise.all([startFakeBrave(), startFakeOpenAi()]);
    relay = await startCuttableProxy(Number(new URL(plan.redisUrl).port || 6379), new URL(plan.redisUrl).hostname);
    target = await startLocalTarget(
      { mode: 'local', redisUrl: `redis://127.0.0.1:${relay.port}` },
      {
        DISCOVER_PROVIDER: 'brave',
        BRAVE_BASE_URL: brave.url,
        BRAVE_API_KEY: FAKE_BRAVE_KEY,
        JUDGE: 'openai',
        JUDGE_BASE_URL: judge.url,
        JUDGE_MODEL: 'fake-judge',
        JUDGE_API_KEY: 'sk-e2e-judge-SECRET-0001',
        JUDGE_TIMEOUT_MS: String(JUDGE_TIMEOUT_MS),
        DEMO_MODE: 'enabled',
        DEMO_API_KEY,
        DEMO_LIMIT: '5',
        TRUST_PROXY: '127.0.0.1',
      },
    );
    http = httpClient(target.baseUrl, { defaultHeaders: operatorHeaders(target) });
  });
  afterAll(async () => {
    await target?.stop();
    await relay?.close();
    await Promise.all([brave?.close(), judge?.close()]);
  });

  const searchOnce = async () => {
    const started = Date.now();
    const response = await http.get('/v1/search?q=ocean+tides&k=3&nocache=true');
    return { response, ms: Date.now() - started };
  };

  it(verifies('FAULT-JUDGE-1'), async () => {
    const healthy = await searchOnce();
    expect(healthy.response.status).toBe(200);
    const judged = SearchResponseSchema.parse(healthy.response.json);
    expect(judged.meta.usage.judge_calls).toBeGreaterThan(0);
    expect(judged.meta.usage.input_tokens).toBeGreaterThan(0);

    for (const mode of ['error-500', 'hang', 'garbage'] as JudgeMode[]) {
      judge.setMode(mode);
      const { response, ms } = await searchOnce();
      expect(response.status, `${mode}: ${response.text.slice(0, 300)}`).toBe(200);
      const degraded = SearchResponseSchema.parse(response.json);
      expect(degraded.results.length, mode).toBeGreaterThan(0);
      expect(degraded.meta.usage.output_tokens, mode).toBe(0);
      // The judge's own signals are missing parses; the ranking still stands on the cheap signals.
      expect(
        degraded.results.every((row) => row.signals.answerability === null),
        mode,
      ).toBe(true);
      expect(ms, mode).toBeLessThan(JUDGE_TIMEOUT_MS + 5000);
    }

    judge.setMode('good');
    const recovered = SearchResponseSchema.parse((await searchOnce()).response.json);
    expect(recovered.meta.usage.output_tokens).toBeGreaterThan(0);
    expect(recovered.results.some((row) => row.signals.answerability !== null)).toBe(true);
  });

  it(verifies('FAULT-REDIS-1'), async () => {
    const demo = httpClient(target!.baseUrl, {
      defaultHeaders: { authorization: `Bearer ${DEMO_API_KEY}`, 'x-forwarded-for': '192.0.2.99' },
    });
    expect((await demo.get('/v1/search?q=ocean+tides')).status).toBe(200);
    expect((await demo.get('/v1/search?q=ocean+tides')).status).toBe(200);
    await relay.cut();
    try {
      expectProblem(await demo.get('/v1/search?q=ocean+tides'), 503, 'SERVICE_UNAVAILABLE'); // limiter and quota fail closed
    } finally {
      await relay.restore();
    }
    await expect
      .poll(async () => (await demo.get('/v1/search?q=ocean+tides')).status, { timeout: 10_000, interval: 250 })
      .toBe(200);
    // The counter survived the outage: 3 counted so far, 2 more, then exhausted — no more, no less.
    expect((await demo.get('/v1/search?q=ocean+tides')).status).toBe(200);
    expect((await demo.get('/v1/search?q=ocean+tides')).status).toBe(200);
    expectProblem(await demo.get('/v1/search?q=ocean+tides'), 429, 'DEMO_EXHAUSTED');
  });

  it(verifies('FAULT-AUTH-1'), async () => {
    await target!.processes.get('auth-server')?.stop('SIGKILL');
    expectProblem(await http.get('/.well-known/oauth-authorization-server'), 503, 'SERVICE_UNAVAILABLE');
    expect((await http.get('/v1/search?q=ocean+tides')).status).toBe(200); // the operator key needs no auth-server
    await target!.restart('auth-server');
    expect((await http.get('/.well-known/oauth-authorization-server')).status).toBeLessThan(500);
  });
});
