/**
 * `npm start` (bin/start-embedded.ts, all five apps in one process, no Redis) with METRICS_PORT: one
 * listener serves every app's metrics, merged into one well-formed exposition, after a deep search
 * whose pages the in-process ranking worker read from a fake web on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ManagedProcess, freePorts } from '../bin/split-topology.ts';
import { generateInternalToken } from '../bin/internal-token.ts';
import { parseExposition } from '@rankgate/platform/metrics';
import type { FakeWeb } from './harness/fake-web.ts';
import { FAKE_WEB_KEY, startFakeWeb, tidePage } from './harness/fake-web.ts';
import { httpClient } from './harness/http.ts';
import { verifies } from './harness/verifies.ts';

const deployment = process.env.E2E_BASE_URL?.trim();

describe.skipIf(Boolean(deployment))(
  deployment
    ? 'operations: npm start metrics — skipped: E2E_BASE_URL points at a deployment'
    : 'operations: npm start metrics (one process)',
  () => {
    let web: FakeWeb;
    let embedded: ManagedProcess;
    let port = 0;
    let metricsPort = 0;
    const apiKey = `e2e-${generateInternalToken().slice(0, 32)}`;
    const metricsToken = `metrics-${generateInternalToken().slice(0, 40)}`;

    beforeAll(async () => {
      web = await startFakeWeb();
      [port = 0, metricsPort = 0] = await freePorts(2);
      embedded = new ManagedProcess({
        name: 'gateway',
        entry: 'bin/start-embedded.ts',
        port,
        healthUrl: `http://127.0.0.1:${port}/health`,
        env: {
          HOST: '127.0.0.1',
          PORT: String(port),
          BASE_URL: `http://127.0.0.1:${port}`,
          METRICS_PORT: String(metricsPort),
          METRICS_TOKEN: metricsToken,
          OPERATOR_API_KEY: apiKey,
          DISCOVER_PROVIDER: 'brave',
          BRAVE_BASE_URL: web.origin,
          BRAVE_API_KEY: FAKE_WEB_KEY,
          REDIS_URL: '',
          LOG_LEVEL: 'warn',
          FETCH_ALLOW_HOSTS: '127.0.0.1',
          FETCH_ALLOWED_PORTS: `80,443,${web.port}`,
          FETCH_PER_HOST_CONCURRENCY: '12',
        },
      });
      await embedded.start();
    });
    afterAll(async () => {
      await embedded?.stop('SIGTERM');
      await web?.close();
    });

    it(verifies('OPS-METRICS-4'), async () => {
      web.publish(
        'what causes ocean tides',
        [1, 2, 3].map((n) => tidePage(n, { delayMs: 100 })),
      );
      const search = await httpClient(`http://127.0.0.1:${port}`, { defaultHeaders: { 'x-api-key': apiKey } }).get(
        '/v1/search?q=what+causes+ocean+tides&mode=deep',
      );
      expect(search.status, search.text).toBe(200);
      expect((search.json as { meta: { counts: object } }).meta.counts).toMatchObject({
        pages_planned: 3,
        pages_judged: 3,
      });

      const metrics = httpClient(`http://127.0.0.1:${metricsPort}`);
      const scrape = () => metrics.get('/metrics', { headers: { authorization: `Bearer ${metricsToken}` } });
      await scrape(); // the internal apps count their first scrape from the second on
      const response = await scrape();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      // Parsing is strict (a family typed twice throws): five registries, one well-formed exposition.
      const { samples } = parseExposition(response.text);
      const services = new Set(samples.map((s) => s.labels.service));
      expect([...services].sort()).toEqual(['auth-server', 'gateway', 'mcp', 'ranking-worker', 'search']);
      const count = (name: string, labels: Record<string, string>) =>
        samples
          .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
          .reduce((sum, s) => sum + s.value, 0);
      expect(count('rankgate_http_requests_total', { service: 'gateway', route: '/v1/search', status: '200' })).toBe(1);
      expect(count('rankgate_http_requests_total', { service: 'search', route: '/v1/search', status: '200' })).toBe(1);
      // Deep mode on the in-process queue: the worker's page jobs and the queue's depth, as in the split topology.
      expect(
        count('rankgate_queue_job_duration_seconds_count', {
          service: 'ranking-worker',
          queue: 'deep-pages',
          outcome: 'completed',
        }),
      ).toBe(3);
      expect(count('rankgate_judge_calls_total', { service: 'ranking-worker', judge: 'local' })).toBe(3);
      for (const service of ['search', 'ranking-worker']) {
        expect(
          samples.find(
            (s) => s.name === 'rankgate_queue_jobs' && s.labels.service === service && s.labels.state === 'wait',
          )?.value,
          service,
        ).toBe(0);
      }
      // One process, one memory figure.
      expect(samples.filter((s) => s.name === 'process_resident_memory_bytes')).toHaveLength(1);

      expect((await metrics.get('/metrics')).status).toBe(401);
      expect(
        (
          await httpClient(`http://127.0.0.1:${port}`).get('/metrics', {
            headers: { authorization: `Bearer ${metricsToken}` },
          })
        ).status,
      ).toBe(404);
      // The one process, metrics listener included, stops cleanly.
      expect(await embedded.stop('SIGTERM')).toBe(0);
    });
  },
);
