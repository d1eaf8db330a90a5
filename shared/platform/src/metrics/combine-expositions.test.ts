import { describe, expect, it } from 'vitest';

import { createAppMetrics } from './app-metrics.ts';
import { combinedMetrics } from './combine-expositions.ts';
import { parseExposition } from './parse-exposition.ts';

describe('one exposition for several apps in one process', () => {
  it("merges families (each typed once, every app's samples), and reports the process once", async () => {
    const gateway = createAppMetrics({ service: 'gateway' });
    const search = createAppMetrics({ service: 'search' });
    const worker = createAppMetrics({ service: 'ranking-worker', processMetrics: false });
    gateway.observeHttpRequest({ method: 'GET', route: '/v1/search', status: 200, seconds: 0.2 });
    search.observeHttpRequest({ method: 'GET', route: '/v1/search', status: 200, seconds: 0.15 });
    search.recordCacheLookup({ cache: 'discover', result: 'miss' });
    worker.recordJob({ queue: 'deep-pages', outcome: 'completed', seconds: 0.8 });
    worker.trackQueueDepth('deep-pages', async () => ({ wait: 3, active: 1 }));

    const { contentType, body } = await combinedMetrics([gateway, search, worker]).exposition();
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    // The strict parser throws on a family typed twice: parsing is the check that it is well-formed.
    const { samples, types } = parseExposition(body);
    expect(types.get('rankgate_http_requests_total')).toBe('counter');
    const requests = samples.filter((s) => s.name === 'rankgate_http_requests_total').map((s) => s.labels.service);
    expect(requests.sort()).toEqual(['gateway', 'search']);
    expect(samples.filter((s) => s.name === 'rankgate_http_request_duration_seconds_count')).toHaveLength(2);
    expect(samples.find((s) => s.name === 'rankgate_cache_lookups_total')?.labels).toMatchObject({
      service: 'search',
      result: 'miss',
    });
    expect(samples.find((s) => s.name === 'rankgate_queue_job_duration_seconds_count')?.labels).toMatchObject({
      service: 'ranking-worker',
      outcome: 'completed',
    });
    expect(samples.find((s) => s.name === 'rankgate_queue_jobs' && s.labels.state === 'wait')?.value).toBe(3);
    // Every app of the process would report the same memory: it appears once, from the first app.
    expect(samples.filter((s) => s.name === 'process_resident_memory_bytes').map((s) => s.labels.service)).toEqual([
      'gateway',
    ]);
  });
});
