/**
 * Metrics and tracing of the split topology: each process's /metrics is scraped and parsed after
 * real traffic through the gateway (snip and deep searches; the deep pages come from a fake web on
 * 127.0.0.1), and a traceparent is followed from the gateway to the provider and into the
 * ranking-worker's page jobs. Needs the local topology (process ports, logs and the web are ours).
 */
import type { MetricSample } from '@rankgate/platform/metrics';
import { parseExposition } from '@rankgate/platform/metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ServiceName } from '../bin/split-topology.ts';
import { freePorts, START_ORDER } from '../bin/split-topology.ts';
import type { FakeWeb } from './harness/fake-web.ts';
import { FAKE_WEB_KEY, startFakeWeb, tidePage } from './harness/fake-web.ts';
import type { HttpClient, HttpResult } from './harness/http.ts';
import { httpClient } from './harness/http.ts';
import type { LocalTarget } from './harness/target.ts';
import { operatorHeaders, planTarget, startLocalTarget, suiteTitle } from './harness/target.ts';
import { verifies } from './harness/verifies.ts';

const plan = await planTarget();
const skipReason =
  plan.mode === 'deployment'
    ? 'E2E_BASE_URL points at a deployment; scraping each process needs the local topology'
    : plan.mode === 'skip'
      ? plan.reason
      : undefined;

describe.skipIf(skipReason !== undefined)(
  skipReason
    ? `operations: metrics and tracing — skipped: ${skipReason}`
    : suiteTitle('operations: metrics and tracing', plan),
  () => {
    let web: FakeWeb;
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
    const sum = (samples: MetricSample[], name: string, labels: Record<string, string>): number =>
      samples
        .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((total, s) => total + s.value, 0);

    /** Three pages about tides for `query` (the fake web answers only what was published). */
    let pageNumber = 0;
    const publish = (query: string, count = 3, delayMs = 0): void => {
      web.publish(
        query,
        Array.from({ length: count }, () => tidePage((pageNumber += 1), { delayMs })),
      );
    };

    beforeAll(async () => {
      web = await startFakeWeb();
      [metricsPort = 0] = await freePorts(1);
      target = await startLocalTarget(plan, {
        DISCOVER_PROVIDER: 'brave',
        BRAVE_BASE_URL: web.origin,
        BRAVE_API_KEY: FAKE_WEB_KEY,
        METRICS_PORT: String(metricsPort),
        METRICS_TOKEN: metricsToken,
        // Services behind the gateway log each request at debug (the gateway's line is the info one).
        LOG_LEVEL: 'debug',
        // Deep pages from the fake web; two pages at a time, so a deep search leaves a visible backlog.
        FETCH_ALLOW_HOSTS: '127.0.0.1',
        FETCH_ALLOWED_PORTS: `80,443,${web.port}`,
        FETCH_PER_HOST_CONCURRENCY: '12',
        RANKING_WORKER_CONCURRENCY: '2',
      });
      http = httpClient(target.baseUrl, { defaultHeaders: operatorHeaders(target) });
    });
    afterAll(async () => {
      await target?.stop();
      await web?.close();
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
      const publicMetrics = await httpClient(target.baseUrl).get('/metrics', {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(publicMetrics.status).toBe(404);
    });

    it(verifies('OPS-METRICS-2'), async () => {
      const query = `tide tables ${Date.now()}`;
      publish(query);
      for (const nocache of ['true', 'false']) {
        const response = await http.get(`/v1/search?q=${encodeURIComponent(query)}&k=3&nocache=${nocache}`);
        expect(response.status, response.text).toBe(200);
      }
      expect((await http.get('/v1/nope')).status).toBe(404);

      const gateway = await samplesOf('gateway');
      expect(
        sum(gateway, 'rankgate_http_requests_total', { route: '/v1/search', method: 'GET', status: '200' }),
      ).toBeGreaterThanOrEqual(2);
      expect(
        sum(gateway, 'rankgate_http_request_duration_seconds_count', { route: '/v1/search', status: '200' }),
      ).toBeGreaterThanOrEqual(2);
      expect(
        sum(gateway, 'rankgate_http_requests_total', { route: 'unmatched', status: '404' }),
      ).toBeGreaterThanOrEqual(1);
      // Route patterns, never raw URLs with their query strings.
      expect(gateway.some((s) => s.labels.route?.includes('?') || s.labels.route?.includes('tide'))).toBe(false);

      const search = await samplesOf('search');
      expect(
        sum(search, 'rankgate_http_requests_total', { route: '/v1/search', status: '200' }),
      ).toBeGreaterThanOrEqual(2);
      // One provider call: the second request was served from the cache.
      expect(
        sum(search, 'rankgate_upstream_requests_total', { kind: 'discover', provider: 'brave', outcome: 'ok' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sum(search, 'rankgate_upstream_request_duration_seconds_count', { kind: 'discover', provider: 'brave' }),
      ).toBeGreaterThanOrEqual(1);
      expect(sum(search, 'rankgate_judge_calls_total', { judge: 'local' })).toBeGreaterThanOrEqual(2);
      // nocache=true refreshed the entry, then the second request hit it.
      expect(
        sum(search, 'rankgate_cache_lookups_total', { cache: 'discover', result: 'refresh' }),
      ).toBeGreaterThanOrEqual(1);
      expect(sum(search, 'rankgate_cache_lookups_total', { cache: 'discover', result: 'hit' })).toBeGreaterThanOrEqual(
        1,
      );
      const histogram = search.filter(
        (s) =>
          s.name === 'rankgate_upstream_request_duration_seconds_bucket' &&
          s.labels.provider === 'brave' &&
          s.labels.outcome === 'ok',
      );
      expect(histogram.find((s) => s.labels.le === '+Inf')?.value).toBe(
        sum(search, 'rankgate_upstream_request_duration_seconds_count', { provider: 'brave', outcome: 'ok' }),
      );
    });

    it(verifies('OPS-TRACE-1'), async () => {
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      const before = web.searchTraceparents.length;
      const query = `ocean tides ${Date.now()}`;
      publish(query);
      const response = await http.get(`/v1/search?q=${encodeURIComponent(query)}&nocache=true`, {
        headers: { ...operatorHeaders(target), traceparent: `00-${traceId}-b7ad6b7169203331-01` },
      });
      expect(response.status, response.text).toBe(200);
      const sent = web.searchTraceparents.slice(before);
      expect(sent.length).toBeGreaterThan(0);
      for (const header of sent) {
        const [version, trace, parent, flags] = (header ?? '').split('-');
        expect({ version, trace, flags }).toEqual({ version: '00', trace: traceId, flags: '01' });
        // Each hop adds its own span: the provider's parent is search's span, not the caller's.
        expect(parent).toMatch(/^[0-9a-f]{16}$/);
        expect(parent).not.toBe('b7ad6b7169203331');
      }
      // Both processes logged the request with that trace id at debug (the line crosses a pipe: poll for it).
      const logged = (name: ServiceName) =>
        (target.processes.get(name)?.recentOutput() ?? '')
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      for (const name of ['gateway', 'search'] as const) {
        await expect
          .poll(() => logged(name).some((line) => line.trace_id === traceId && line.msg === 'request completed'), {
            message: `${name} logs trace ${traceId}`,
            timeout: 5000,
          })
          .toBe(true);
      }
    });
    it(verifies('OPS-METRICS-3'), async () => {
      // Six pages of 800 ms and a worker reading two at a time: the queue has a backlog for a while.
      const query = `why do tides turn ${Date.now()}`;
      publish(query, 6, 800);
      const value = (samples: MetricSample[], name: string, labels: Record<string, string>): number | undefined =>
        samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
      const backlogSeen = { search: false, worker: false };
      const pending = http.get(`/v1/search?${new URLSearchParams({ q: query, mode: 'deep', k: '10' })}`);
      // The depth is read from Redis at each scrape, by the producer (search) and the consumer alike.
      await expect
        .poll(
          async () => {
            const [search, worker] = await Promise.all([samplesOf('search'), samplesOf('ranking-worker')]);
            const depth = { queue: 'deep-pages' };
            backlogSeen.search ||=
              (value(search, 'rankgate_queue_jobs', { ...depth, state: 'wait' }) ?? 0) >= 1 &&
              value(search, 'rankgate_queue_jobs', { ...depth, state: 'active' }) === 2;
            backlogSeen.worker ||= (value(worker, 'rankgate_queue_jobs', { ...depth, state: 'active' }) ?? 0) >= 1;
            return backlogSeen;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toEqual({ search: true, worker: true });
      const response = await pending;
      expect(response.status, response.text).toBe(200);
      const body = response.json as { meta: { counts: { pages_planned: number; pages_judged: number } } };
      expect(body.meta.counts).toMatchObject({ pages_planned: 6, pages_judged: 6 });

      const worker = await samplesOf('ranking-worker');
      // Each page job's attempt, by outcome; the histogram's +Inf bucket counts them all.
      const completed = sum(worker, 'rankgate_queue_job_duration_seconds_count', {
        queue: 'deep-pages',
        outcome: 'completed',
        service: 'ranking-worker',
      });
      expect(completed).toBeGreaterThanOrEqual(6);
      expect(
        worker.find(
          (s) =>
            s.name === 'rankgate_queue_job_duration_seconds_bucket' &&
            s.labels.outcome === 'completed' &&
            s.labels.le === '+Inf',
        )?.value,
      ).toBe(completed);
      // 800 ms pages: no completed attempt in the 0.5 s bucket from this request's six.
      expect(
        sum(worker, 'rankgate_queue_job_duration_seconds_sum', { queue: 'deep-pages', outcome: 'completed' }),
      ).toBeGreaterThan(6 * 0.7);
      // The page judge is recorded where it runs.
      expect(
        sum(worker, 'rankgate_judge_calls_total', { judge: 'local', service: 'ranking-worker' }),
      ).toBeGreaterThanOrEqual(6);
      // Drained again once the request is answered.
      const after = await samplesOf('search');
      expect(value(after, 'rankgate_queue_jobs', { queue: 'deep-pages', state: 'wait' })).toBe(0);
    });

    it(verifies('OPS-TRACE-2'), async () => {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const query = `tides in the trace ${Date.now()}`;
      publish(query, 3);
      const response = await http.get(`/v1/search?${new URLSearchParams({ q: query, mode: 'deep' })}`, {
        headers: {
          ...operatorHeaders(target),
          traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
          'x-request-id': `trace-${traceId}`,
        },
      });
      expect(response.status, response.text).toBe(200);
      // Every page job the request made was read under the caller's trace, on the worker.
      const pageLines = () =>
        (target.processes.get('ranking-worker')?.recentOutput() ?? '')
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((line) => line.msg === 'page read' && line.request_id === `trace-${traceId}`);
      await expect.poll(() => pageLines().length, { timeout: 5_000 }).toBe(3);
      for (const line of pageLines()) expect(line).toMatchObject({ trace_id: traceId, outcome: 'read', attempt: 1 });
    });
  },
);
