/**
 * Metrics and tracing of the split topology: each process's /metrics is scraped and parsed after
 * real traffic through the gateway, and a traceparent is followed from the gateway to the
 * provider. Needs the local topology (process ports, logs and the provider are ours).
 */
import type { MetricSample } from '@rankgate/shared/metrics';
import { parseExposition } from '@rankgate/shared/metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ServiceName } from '../bin/split-topology.ts';
import { freePorts, START_ORDER } from '../bin/split-topology.ts';
import { FAKE_BRAVE_KEY } from './harness/fake-brave.ts';
import type { HttpClient, HttpResult } from './harness/http.ts';
import { httpClient } from './harness/http.ts';
import type { RecordingProvider } from './harness/recording-provider.ts';
import { startRecordingProvider } from './harness/recording-provider.ts';
import type { LocalTarget } from './harness/target.ts';
import { operatorHeaders, planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const skipReason = plan.mode === 'deployment'
  ? 'E2E_BASE_URL points at a deployment; scraping each process needs the local topology'
  : plan.mode === 'skip' ? plan.reason : undefined;

describe.skipIf(skipReason !== undefined)(skipReason ? `operations: metrics and tracing — skipped: ${skipReason}` : suiteTitle('operations: metrics and tracing', plan), () => {
  let provider: RecordingProvider;
  let target: LocalTarget;
  let http: HttpClient;
  let metricsPort = 0;
  const metricsToken = 'metrics-e2e-token-0123456789abcdef0123';

  /** Where each process serves /metrics: services on their own port, the gateway on METRICS_PORT. */
  const metricsUrl = (name: ServiceName): string => {
    const port = name === 'gateway' ? metricsPort : target.specs.get(name)?.port;
    return `http://127.0.0.1:${port}/metrics`;
  };
  const scrape = (name: ServiceName, token: string | null = metricsToken): Promise<HttpResult> =>
    httpClient(metricsUrl(name)).get('', token ? { headers: { authorization: `Bearer ${token}` } } : {});
  const samplesOf = async (name: ServiceName): Promise<MetricSample[]> => {
    const response = await scrape(name);
    expect(response.status, `${name}: ${response.text.slice(0, 300)}`).toBe(200);
    return parseExposition(response.text).samples;
  };
  const sum = (samples: MetricSample[], name: string, labels: Record<string, string>): number => samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);

  beforeAll(async () => {
    provider = await startRecordingProvider();
    [metricsPort = 0] = await freePorts(1);
    target = await startLocalTarget(plan, {
      DISCOVER_PROVIDER: 'brave', BRAVE_BASE_URL: provider.url, BRAVE_API_KEY: FAKE_BRAVE_KEY,
      METRICS_PORT: String(metricsPort), METRICS_TOKEN: metricsToken,
    });
    http = httpClient(target.baseUrl, { defaultHeaders: operatorHeaders(target) });
  });
  afterAll(async () => {
    await target?.stop();
    await provider?.close();
  });

  it(verifies('OPS-METRICS-1'), async () => {
    for (const name of START_ORDER) {
      const samples = await samplesOf(name);
      // Process metrics of that very process, labelled with its service.
      const memory = samples.find((s) => s.name === 'process_resident_memory_bytes');
      expect(memory?.labels.service, name).toBe(name);
      expect(memory?.value, name).toBeGreaterThan(10 * 1024 * 1024);
      // Without the token, or with the internal token once METRICS_TOKEN is set: refused.
      for (const token of [null, target.internalToken]) {
        const refused = await scrape(name, token);
        expect(refused.status, `${name} with ${token ? 'the internal token' : 'no token'}`).toBe(401);
        expect(refused.text).not.toContain('process_resident_memory_bytes');
      }
    }
    // The public origin has no /metrics, whatever the credential.
    const publicMetrics = await httpClient(target.baseUrl).get('/metrics', { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(publicMetrics.status).toBe(404);
  });

  it(verifies('OPS-METRICS-2'), async () => {
    const query = `tide tables ${Date.now()}`;
    for (const nocache of ['true', 'false']) {
      const response = await http.get(`/v1/search?q=${encodeURIComponent(query)}&k=3&nocache=${nocache}`);
      expect(response.status, response.text).toBe(200);
    }
    expect((await http.get('/v1/nope')).status).toBe(404);

    const gateway = await samplesOf('gateway');
    expect(sum(gateway, 'rankgate_http_requests_total', { route: '/v1/search', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(sum(gateway, 'rankgate_http_request_duration_seconds_count', { route: '/v1/search', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(sum(gateway, 'rankgate_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    // Route patterns, never raw URLs with their query strings.
    expect(gateway.some((s) => s.labels.route?.includes('?') || s.labels.route?.includes('tide'))).toBe(false);

    const search = await samplesOf('search');
    expect(sum(search, 'rankgate_http_requests_total', { route: '/v1/search', status: '200' })).toBeGreaterThanOrEqual(2);
    // One provider call: the second request was served from the cache.
    expect(sum(search, 'rankgate_upstream_requests_total', { kind: 'discover', provider: 'brave', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sum(search, 'rankgate_upstream_request_duration_seconds_count', { kind: 'discover', provider: 'brave' })).toBeGreaterThanOrEqual(1);
    expect(sum(search, 'rankgate_judge_calls_total', { judge: 'local' })).toBeGreaterThanOrEqual(2);
    // nocache=true refreshed the entry, then the second request hit it.
    expect(sum(search, 'rankgate_cache_lookups_total', { cache: 'discover', result: 'refresh' })).toBeGreaterThanOrEqual(1);
    expect(sum(search, 'rankgate_cache_lookups_total', { cache: 'discover', result: 'hit' })).toBeGreaterThanOrEqual(1);
    const histogram = search.filter((s) => s.name === 'rankgate_upstream_request_duration_seconds_bucket' && s.labels.provider === 'brave' && s.labels.outcome === 'ok');
    expect(histogram.find((s) => s.labels.le === '+Inf')?.value).toBe(sum(search, 'rankgate_upstream_request_duration_seconds_count', { provider: 'brave', outcome: 'ok' }));
  });

  it(verifies('OPS-TRACE-1'), async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const before = provider.calls();
    const response = await http.get(`/v1/search?q=ocean+tides+${Date.now()}&nocache=true`, {
      headers: { ...operatorHeaders(target), traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(response.status, response.text).toBe(200);
    const sent = provider.traceparents.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const header of sent) {
      const [version, trace, parent, flags] = (header ?? '').split('-');
      expect({ version, trace, flags }).toEqual({ version: '00', trace: traceId, flags: '01' });
      // Each hop adds its own span: the provider's parent is search's span, not the caller's.
      expect(parent).toMatch(/^[0-9a-f]{16}$/);
      expect(parent).not.toBe('b7ad6b7169203331');
    }
    // Both processes logged the request with that trace id (the line crosses a pipe: poll for it).
    const logged = (name: ServiceName) => (target.processes.get(name)?.recentOutput() ?? '').split('\n')
      .filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const name of ['gateway', 'search'] as const) {
      await expect.poll(() => logged(name).some((line) => line.trace_id === traceId && line.msg === 'request completed'), {
        message: `${name} logs trace ${traceId}`, timeout: 5000,
      }).toBe(true);
    }
  });
});
