import { randomUUID } from 'node:crypto';

import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import { JobDeadlineExceededError, JobHandedBackError } from '../queue/errors.ts';
import { redisUrlForTests, requireRedis } from '../testing/redis-test-helper.ts';
import { createAppMetrics } from './app-metrics.ts';
import type { MetricSample } from './parse-exposition.ts';
import { parseExposition } from './parse-exposition.ts';
import { bullMqQueueDepth, bullMqWaitKey, instrumentJobHandler } from '../queue/queue-metrics.ts';

async function scrape(metrics: ReturnType<typeof createAppMetrics>) {
  const { body, contentType } = await metrics.exposition();
  expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(body);
}

const valueOf = (samples: MetricSample[], name: string, labels: Record<string, string>): number | undefined =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('AppMetrics', () => {
  it('keeps one registry per app: two apps in one process do not share samples', async () => {
    const a = createAppMetrics({ service: 'a', processMetrics: false });
    const b = createAppMetrics({ service: 'b', processMetrics: false });
    a.observeHttpRequest({ method: 'GET', route: '/x', status: 200, seconds: 0.01 });
    const { samples } = await scrape(b);
    expect(samples.filter((s) => s.name.startsWith('rankgate_http'))).toEqual([]);
    expect(
      valueOf((await scrape(a)).samples, 'rankgate_http_requests_total', { service: 'a', route: '/x', status: '200' }),
    ).toBe(1);
  });

  it('records requests by route and status with a latency histogram whose buckets add up', async () => {
    const metrics = createAppMetrics({ service: 'svc', processMetrics: false });
    for (const seconds of [0.003, 0.04, 0.3, 7])
      metrics.observeHttpRequest({ method: 'GET', route: '/v1/search', status: 200, seconds });
    metrics.observeHttpRequest({ method: 'GET', route: 'unmatched', status: 404, seconds: 0.001 });
    const { samples, types } = await scrape(metrics);
    expect(types.get('rankgate_http_request_duration_seconds')).toBe('histogram');
    expect(types.get('rankgate_http_requests_total')).toBe('counter');
    const labels = { method: 'GET', route: '/v1/search', status: '200' };
    expect(valueOf(samples, 'rankgate_http_requests_total', labels)).toBe(4);
    expect(valueOf(samples, 'rankgate_http_request_duration_seconds_bucket', { ...labels, le: '0.005' })).toBe(1);
    expect(valueOf(samples, 'rankgate_http_request_duration_seconds_bucket', { ...labels, le: '0.5' })).toBe(3);
    expect(valueOf(samples, 'rankgate_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(4);
    expect(valueOf(samples, 'rankgate_http_request_duration_seconds_sum', labels)).toBeCloseTo(7.343, 6);
    expect(valueOf(samples, 'rankgate_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
  });

  it('exposes the Node process metrics by default, labelled with the service', async () => {
    const { samples } = await scrape(createAppMetrics({ service: 'proc' }));
    expect(samples.find((s) => s.name === 'process_resident_memory_bytes')?.labels.service).toBe('proc');
    expect(samples.some((s) => s.name.startsWith('nodejs_eventloop_lag'))).toBe(true);
  });

  it('records limiter decisions by limiter and decision', async () => {
    const metrics = createAppMetrics({ service: 'gateway', processMetrics: false });
    metrics.recordLimiterDecision({ limiter: 'burst', decision: 'allowed' });
    metrics.recordLimiterDecision({ limiter: 'burst', decision: 'allowed' });
    metrics.recordLimiterDecision({ limiter: 'demo_quota', decision: 'limited' });
    const { samples } = await scrape(metrics);
    expect(valueOf(samples, 'rankgate_limiter_decisions_total', { limiter: 'burst', decision: 'allowed' })).toBe(2);
    expect(valueOf(samples, 'rankgate_limiter_decisions_total', { limiter: 'demo_quota', decision: 'limited' })).toBe(
      1,
    );
  });
});

describe('instrumentJobHandler', () => {
  it('records each attempt as completed, failed, expired (deadline passed) or handed back (consumer closing), rethrowing failures', async () => {
    const metrics = createAppMetrics({ service: 'ranking-worker', processMetrics: false });
    const handler = instrumentJobHandler<{ fail: boolean }, string>(
      'deep-fetch',
      async ({ fail }) => {
        if (fail) throw new Error('page unreachable');
        return 'done';
      },
      metrics,
    );
    const live = {
      attempt: 1,
      deadline: Date.now() + 1000,
      signal: new AbortController().signal,
      traceId: 'a'.repeat(32),
    };
    expect(await handler({ fail: false }, live)).toBe('done');
    await expect(handler({ fail: true }, live)).rejects.toThrow('page unreachable');
    await expect(
      handler(
        { fail: true },
        { ...live, signal: AbortSignal.abort(new JobDeadlineExceededError('deep-fetch', 'j1', Date.now())) },
      ),
    ).rejects.toThrow();
    // Returned after its consumer handed it back: the result is discarded, so it is no completion.
    expect(
      await handler(
        { fail: false },
        { ...live, signal: AbortSignal.abort(new JobHandedBackError('deep-fetch', 'j2')) },
      ),
    ).toBe('done');
    const { samples } = await scrape(metrics);
    for (const outcome of ['completed', 'failed', 'expired', 'handed_back']) {
      expect(
        valueOf(samples, 'rankgate_queue_job_duration_seconds_count', { queue: 'deep-fetch', outcome }),
        outcome,
      ).toBe(1);
    }
  });
});

const redisAvailable = await requireRedis();

describe.skipIf(!redisAvailable)('queue depth from BullMQ keys (real Redis)', () => {
  const redis = new Redis(redisUrlForTests(), { maxRetriesPerRequest: null });
  const prefix = `test-metrics-${randomUUID()}`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('reads the wait list KEDA scales on, and reports it as rankgate_queue_jobs{state="wait"} at scrape time', async () => {
    const queue = new Queue('deep-fetch', { connection: redis, prefix });
    try {
      for (let i = 0; i < 3; i += 1) await queue.add('run', { i });
      await queue.add('run', { later: true }, { delay: 60_000 });
      expect(await redis.type(bullMqWaitKey('deep-fetch', prefix))).toBe('list');

      const metrics = createAppMetrics({ service: 'ranking-worker', processMetrics: false });
      metrics.trackQueueDepth('deep-fetch', bullMqQueueDepth(redis, { queue: 'deep-fetch', prefix }));
      let { samples } = await scrape(metrics);
      expect(valueOf(samples, 'rankgate_queue_jobs', { queue: 'deep-fetch', state: 'wait' })).toBe(3);
      expect(valueOf(samples, 'rankgate_queue_jobs', { queue: 'deep-fetch', state: 'delayed' })).toBe(1);
      expect(valueOf(samples, 'rankgate_queue_jobs', { queue: 'deep-fetch', state: 'active' })).toBe(0);

      await queue.add('run', { i: 4 });
      ({ samples } = await scrape(metrics));
      expect(valueOf(samples, 'rankgate_queue_jobs', { queue: 'deep-fetch', state: 'wait' })).toBe(4);
    } finally {
      await queue.close();
    }
  });
});

describe('parseExposition', () => {
  it('rejects what Prometheus would reject', () => {
    expect(() => parseExposition('metric{a="1"} notanumber\n')).toThrow(/sample value/);
    expect(() => parseExposition('metric{a=1} 1\n')).toThrow(/malformed labels/);
    expect(() => parseExposition('# TYPE m countr\n')).toThrow(/unknown metric type/);
    expect(() => parseExposition('9metric 1\n')).toThrow(/malformed sample/);
    expect(parseExposition('m{a="x\\"y",b="\\\\"} +Inf 123\n').samples).toEqual([
      { name: 'm', labels: { a: 'x"y', b: '\\' }, value: Number.POSITIVE_INFINITY },
    ]);
  });
});
