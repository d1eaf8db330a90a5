import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';

import { createLogger } from '@rankgate/platform/logger';
import { afterEach, describe, expect, it } from 'vitest';

import { buildRankingWorkerApp } from '../app.ts';
import { extractHtml } from './extract-page.ts';
import type { PageExtractor } from './extract-pool.ts';
import { createExtractPool, ExtractBudgetError } from './extract-pool.ts';
import { hostilePage } from './testing/hostile-page.ts';

const ARTICLE = `<!doctype html><html><head><title>Tides</title></head><body><main><h1>What causes tides?</h1>
<p>${'The gravitational pull of the moon is the main cause of ocean tides. '.repeat(8)}</p></main></body></html>`;

let pool: PageExtractor | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the page extraction pool', () => {
  it('extracts a page in a thread exactly as in process', async () => {
    pool = createExtractPool({ threads: 1, timeMs: 5_000, memoryMb: 64 });
    expect(await pool.extract('html', ARTICLE)).toEqual(extractHtml(ARTICLE));
    expect((await pool.extract('text', 'Tide notes\n\nThe moon pulls the sea.')).text).toContain(
      'The moon pulls the sea.',
    );
  });

  it('stops a page over its time budget and over its memory budget; the pool keeps serving', async () => {
    pool = createExtractPool({ threads: 1, timeMs: 300, memoryMb: 512 });
    const slow = await failureOf(pool.extract('html', hostilePage()));
    expect(slow).toBeInstanceOf(ExtractBudgetError);
    expect(slow).toMatchObject({ limit: 'time', message: 'parsing the page took longer than 300 ms' });
    expect((await pool.extract('html', ARTICLE)).title).toBe('Tides');
    await pool.close();

    pool = createExtractPool({ threads: 1, timeMs: 30_000, memoryMb: 32 });
    const large = await failureOf(pool.extract('html', hostilePage()));
    expect(large).toMatchObject({ limit: 'memory', message: 'parsing the page needed more than 32 MiB' });
    expect((await pool.extract('html', ARTICLE)).title).toBe('Tides');
  });

  it('keeps the health probe answering while hostile pages (1 MB, 100,000 attributes on one element) are parsed', async () => {
    const logger = createLogger({
      service: 'ranking-worker',
      destination: new Writable({ write: (_c, _e, done) => done() }),
    });
    const app = buildRankingWorkerApp({
      config: { BASE_URL: 'http://127.0.0.1', INTERNAL_TOKEN: 'i'.repeat(48), METRICS_TOKEN: undefined },
      logger,
    });
    await app.ready();
    pool = createExtractPool({ threads: 2, timeMs: 1_500, memoryMb: 128 });
    const page = hostilePage();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const utilisationBefore = performance.eventLoopUtilization();
    const parsing = Promise.allSettled(Array.from({ length: 4 }, () => pool!.extract('html', page)));
    const healthMs: number[] = [];
    let settled = false;
    void parsing.then(() => (settled = true));
    while (!settled) {
      const started = performance.now();
      const health = await app.inject({ method: 'GET', url: '/internal/health' });
      healthMs.push(performance.now() - started);
      expect(health.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const utilisation = performance.eventLoopUtilization(utilisationBefore).utilization;
    loop.disable();
    await app.close();
    const outcomes = await parsing;
    expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof ExtractBudgetError)).toBe(true);
    expect(healthMs.length).toBeGreaterThan(3);
    // In process, one such page held the event loop for about 3 s (busy all along). Here the loop
    // mostly waits: its utilisation does not depend on how many other processes share the CPU,
    // while latencies do, so those get a bound well under one page's in-process cost.
    expect(utilisation).toBeLessThan(0.5);
    expect(Math.max(...healthMs)).toBeLessThan(1_500);
    expect(loop.max / 1e6).toBeLessThan(1_500);
  }, 20_000);
});
