/**
 * The page consumer as the ranking-worker runs it (real fetcher, extraction and local judge; the
 * in-process queue, whose contract the BullMQ adapter shares): what it records in its metrics,
 * which trace its log lines carry, and how a stopping worker gives a slow page to another one.
 */
import { Writable } from 'node:stream';

import { pageQueue } from '@rankgate/contracts';
import type { PageJob, PageResult } from '@rankgate/contracts';
import { loadConfig } from '@rankgate/contracts/config';
import type { PageServer } from '@rankgate/platform/testing/fetch';
import { startPageServer } from '@rankgate/platform/testing/fetch';
import { continueOrStartTrace, traceStorage } from '@rankgate/platform/http';
import { createLogger } from '@rankgate/platform/logger';
import type { MetricSample } from '@rankgate/platform/metrics';
import { createAppMetrics, parseExposition } from '@rankgate/platform/metrics';
import type { InProcessBroker, JobProducer } from '@rankgate/platform/queue';
import { createInProcessBroker, createInProcessProducer } from '@rankgate/platform/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RankingWorkerEnvSchema } from './config.ts';
import type { PageConsumer } from './page-consumer.ts';
import { startPageConsumer } from './page-consumer.ts';

const PAGE = `<!doctype html><html><head><title>Tides</title></head><body><main><h1>What causes tides?</h1>
<p>The gravitational pull of the moon is the main cause of ocean tides: the moon pulls the water on the near side of the Earth towards it.</p>
<p>Tides are very long-period waves that move through the oceans in response to the forces exerted by the moon and sun.</p></main></body></html>`;

let server: PageServer;
let slowHits = 0;
const lines: Record<string, unknown>[] = [];
const logger = createLogger({
  service: 'ranking-worker',
  destination: new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }),
});

beforeAll(async () => {
  const answer = (res: Parameters<Parameters<typeof startPageServer>[0][string]>[1]) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  };
  server = await startPageServer({
    '/tides': (_req, res) => answer(res),
    // The first request hangs (until its fetch is aborted); later ones answer at once.
    '/slow': (_req, res) => {
      slowHits += 1;
      if (slowHits > 1) answer(res);
    },
  });
});
afterAll(() => server?.close());

const config = () =>
  loadConfig('ranking-worker', RankingWorkerEnvSchema, {
    INTERNAL_TOKEN: 'w'.repeat(32),
    FETCH_ALLOW_HOSTS: '127.0.0.1',
    FETCH_ALLOWED_PORTS: String(server.port),
    LOG_LEVEL: 'info',
  });
const job = (path: string): PageJob => ({
  request_id: `req-${path}`,
  query: 'what causes ocean tides',
  candidate: { url: `${server.origin}${path}`, title: 'Tides', snippet: 'Tides.', provider_rank: 1 },
});
const valueOf = (samples: MetricSample[], name: string, labels: Record<string, string>): number | undefined =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

function queue(): { broker: InProcessBroker; producer: JobProducer<PageJob, PageResult> } {
  const broker = createInProcessBroker();
  return { broker, producer: createInProcessProducer(pageQueue, { broker }) };
}

describe('the page consumer', () => {
  it("records each page job (duration by outcome, the page judge, the queue depth) and logs it under the search's trace", async () => {
    const { broker, producer } = queue();
    const metrics = createAppMetrics({ service: 'ranking-worker', processMetrics: false });
    const consumer = startPageConsumer(config(), logger, { kind: 'in-process', broker }, metrics);
    try {
      const search = continueOrStartTrace('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
      const result = await traceStorage.run(search, () =>
        producer.run(job('/tides'), { deadline: Date.now() + 5_000 }),
      );
      expect(result).toMatchObject({ outcome: 'read', title: 'Tides' });
      const { samples } = parseExposition((await metrics.exposition()).body);
      expect(
        valueOf(samples, 'rankgate_queue_job_duration_seconds_count', { queue: 'deep-pages', outcome: 'completed' }),
      ).toBe(1);
      expect(valueOf(samples, 'rankgate_judge_calls_total', { judge: 'local' })).toBe(1);
      expect(valueOf(samples, 'rankgate_queue_jobs', { queue: 'deep-pages', state: 'wait' })).toBe(0);
      expect(valueOf(samples, 'rankgate_queue_jobs', { queue: 'deep-pages', state: 'active' })).toBe(0);
      expect(lines.find((line) => line.msg === 'page read' && line.request_id === 'req-/tides')).toMatchObject({
        trace_id: '0af7651916cd43dd8448eb211c80319c',
        outcome: 'read',
        attempt: 1,
      });
      // The trace id stays ours: the page's server (a third party) is not sent it.
      expect(server.seen.find((s) => s.path === '/tides')?.headers.traceparent).toBeUndefined();
    } finally {
      await consumer.close();
      await producer.close();
    }
  });

  it('hands a page still loading back when it stops, and another worker reads it', async () => {
    const { broker, producer } = queue();
    const metrics = createAppMetrics({ service: 'ranking-worker', processMetrics: false });
    const stopping = startPageConsumer(config(), logger, { kind: 'in-process', broker }, metrics);
    let other: PageConsumer | undefined;
    try {
      const pending = producer.run(job('/slow'), { deadline: Date.now() + 8_000 });
      for (const started = Date.now(); slowHits === 0 && Date.now() - started < 5_000;)
        await new Promise((resolve) => setTimeout(resolve, 10));
      other = startPageConsumer(config(), logger, { kind: 'in-process', broker });
      const stoppedAt = Date.now();
      await stopping.close({ graceMs: 300 });
      expect(Date.now() - stoppedAt).toBeLessThan(3_000);
      await expect(pending).resolves.toMatchObject({ outcome: 'read', attempt: 1 });
      expect(slowHits).toBe(2);
      const { samples } = parseExposition((await metrics.exposition()).body);
      expect(
        valueOf(samples, 'rankgate_queue_job_duration_seconds_count', { queue: 'deep-pages', outcome: 'handed_back' }),
      ).toBe(1);
    } finally {
      await other?.close();
      await producer.close();
    }
  });
});
