import { readFile } from 'node:fs/promises';

import { describe, expect, it } from 'vitest';

import { readComparisons, readResults, renderPerformance } from './render-performance.ts';
import { PERFORMANCE_DOC_PATH } from './results.ts';
import { fixtureResults } from './testing/results-fixture.ts';

/** The Markdown table row whose first cell starts with `first`. */
const rowOf = (page: string, first: string): string[] | undefined =>
  page
    .split('\n')
    .find((line) => line.startsWith(`| ${first}`))
    ?.split(' | ')
    .map((cell) => cell.replace(/^\| |\s\|$/g, '').trim());

describe('docs/performance.md renderer', () => {
  const page = renderPerformance(fixtureResults());

  it('states when, where and on which commit the figures were measured', () => {
    expect(page).toMatch(/^# Performance, measured\n/);
    expect(page).toContain(
      'Measured 2026-11-22T10:00:00.000Z at commit `abc1234`, in 150 s: Node v20.20.2, Linux 6.1,',
    );
    expect(page).toContain('2 × Test CPU, 8.0 GiB.');
    expect(page).toContain('Other processes (Redis included) used 4.0 % of the cores during the run.');
    expect(page).not.toContain('uncommitted');
    expect(page).not.toContain('shared with other work');
  });

  it('leads with the ratios, each from the same run', () => {
    expect(rowOf(page, 'Gateway hop, GET /v1/sandbox')?.[1]).toBe(
      '**50.0 %** of direct throughput (6,000 vs 12,000 req/s), +3.0 ms p50',
    );
    expect(rowOf(page, 'Our overhead over a 100 ms provider, cache miss, one client')?.[1]).toBe(
      'client p50 110.0 ms: **+10.0 ms** (10.0 % of the upstream latency)',
    );
    expect(rowOf(page, 'MCP `search_web` vs REST')?.[1]).toBe(
      '40.0 % of REST throughput (240 vs 600 req/s), +110.0 ms p50; one client, per call: +2.2 ms p50',
    );
    expect(rowOf(page, 'Cascade (judge sees the top 30) vs judging all 100 candidates')?.[1]).toBe(
      '**30.8 %** of the judge calls, 30.4 % of the input tokens, 30.0 % of the output tokens',
    );
    expect(rowOf(page, 'Deep mode: 12 pages read in parallel vs the slowest page (800 ms)')?.[1]).toBe(
      'stage C p50 840.0 ms = **1.05 ×** the slowest page (0.127 × the 6,600 ms sum)',
    );
    expect(rowOf(page, 'Deep mode: two ranking-workers vs one')?.[1]).toBe('**× 2.00**');
    expect(rowOf(page, 'Burst limiter on the redis store')?.[1]).toBe('+0.500 ms p50, +1.000 ms p99');
    expect(rowOf(page, 'Two providers with one down vs one healthy provider')?.[1]).toBe(
      '121.0 vs 110.0 ms = **1.10 ×**',
    );
    expect(rowOf(page, 'POST /v1/extract of 10 pages vs the slowest page (800 ms)')?.[1]).toBe(
      'client p50 880.0 ms = **1.10 ×** the slowest page',
    );
  });

  it('puts every load run in one table: throughput, p50, p99, errors', () => {
    expect(rowOf(page, 'GET /health')).toEqual([
      'GET /health',
      'gateway',
      '50',
      '20,000',
      '2.0',
      '8.0',
      '100,000',
      '0',
      '0',
    ]);
    expect(rowOf(page, 'GET /v1/search (snip, cache miss)')).toEqual([
      'GET /v1/search (snip, cache miss)',
      'gateway',
      '50',
      '250',
      '200',
      '600',
      '1,250',
      '0',
      '0',
    ]);
    expect(rowOf(page, 'GET /v1/search (deep, 8 pages × 400 ms, two ranking-workers)')).toEqual([
      'GET /v1/search (deep, 8 pages × 400 ms, two ranking-workers)',
      'gateway',
      '6',
      '2.50',
      '2,400',
      '2,600',
      '20',
      '0',
      '0',
    ]);
    expect(rowOf(page, 'gateway')).toEqual(['gateway', '700', '100.0', '150.5', '140.0']);
  });

  it('has a section per part and says how to reproduce, with the settings of the run', () => {
    for (const heading of [
      '## Summary',
      '## Throughput and latency',
      '## Resident memory per service',
      '## Where a cache-miss search spends its time',
      '## Deep mode',
      '## Several providers and reading pages',
      '## Judge cost: the cascade vs judging everything',
      '## Burst limiter',
      '## Problems and skipped parts',
      '## How to reproduce',
    ]) {
      expect(page).toContain(`\n${heading}\n`);
    }
    expect(page).toContain('None: every request answered as expected, and every part ran.');
    expect(page).toContain('npm run bench');
    expect(rowOf(page, '`BENCH_DURATION_S`')?.[2]).toBe('5');
  });

  it('says when the machine was busy, what failed and what was not measured', () => {
    const busy = renderPerformance(
      fixtureResults({
        machine: { ...fixtureResults().machine, otherCpuPct: 35, dirty: true },
        cascade: null,
        skipped: { 'cascade judge cost': 'the TREC DL19 evaluation data is not here' },
        problems: ['GET /health via gateway: 3 non-2xx, 0 errors'],
      }),
    );
    expect(busy).toContain('(with uncommitted changes)');
    expect(busy).toContain('Other processes (Redis included) used 35.0 % of the cores during the run.');
    expect(busy).toContain(
      '**The machine was shared with other work during this run: the figures are noisy, and throughput is a lower bound.**',
    );
    expect(busy).toContain('- Problem: GET /health via gateway: 3 non-2xx, 0 errors');
    expect(busy).toContain('- Not measured: cascade judge cost: the TREC DL19 evaluation data is not here');
    expect(busy).not.toContain('## Judge cost');
    expect(busy).not.toContain('Cascade (judge sees');
    expect(busy).not.toContain('None: every request');
  });
});

describe('docs/performance.md', () => {
  it('is the rendering of the committed bench/results.json (run `npm run bench`, or render-performance.ts after editing the renderer)', async () => {
    expect(await readFile(PERFORMANCE_DOC_PATH, 'utf8')).toBe(
      renderPerformance(await readResults(), await readComparisons()),
    );
  });

  it('shows each committed before/after comparison with its table and the command that measured it', () => {
    const page = renderPerformance(fixtureResults(), [
      {
        title: 'A change',
        note: 'Why it was measured.',
        command: 'node scripts/bench/endpoints.ts',
        headers: ['figure', 'before', 'after'],
        rows: [['MCP req/s', '97', '120']],
      },
    ]);
    expect(page).toContain('## Before and after\n\n### A change\n\nWhy it was measured.\n');
    expect(page).toMatch(/\| MCP req\/s \| 97 +\| 120 +\|/);
    expect(page).toContain('Measured with `node scripts/bench/endpoints.ts`.');
    expect(page.indexOf('## Before and after')).toBeLessThan(page.indexOf('## Problems and skipped parts'));
    expect(renderPerformance(fixtureResults())).not.toContain('## Before and after');
  });
});
