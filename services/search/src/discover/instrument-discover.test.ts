import type { AppMetrics, MetricSample } from '@rankgate/platform/metrics';
import { createAppMetrics, parseExposition } from '@rankgate/platform/metrics';
import { describe, expect, it } from 'vitest';
import type { DiscoverProvider } from './discover-provider.ts';
import { ProviderNotConfiguredError, ProviderTimeoutError, ProviderUpstreamError } from './discover-errors.ts';
import { instrumentDiscoverProvider } from './instrument-discover.ts';

async function scrape(metrics: AppMetrics) {
  return parseExposition((await metrics.exposition()).body);
}

const valueOf = (samples: MetricSample[], name: string, labels: Record<string, string>): number | undefined =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('instrumentDiscoverProvider', () => {
  const failing = (error: Error): DiscoverProvider => ({
    name: 'brave',
    discover: async () => {
      throw error;
    },
  });

  it('records latency and outcome by provider and passes results and errors through unchanged', async () => {
    const metrics = createAppMetrics({ service: 'search', processMetrics: false });
    const ok = instrumentDiscoverProvider(
      {
        name: 'brave',
        discover: async () => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return [{ title: 't', url: 'https://a.example/', snippet: 's', provider_rank: 1 }];
        },
      },
      metrics,
    );
    const signal = new AbortController().signal;
    expect(await ok.discover('q', { maxCandidates: 5, signal })).toHaveLength(1);
    const errors = [
      new ProviderTimeoutError('brave', 100),
      new ProviderNotConfiguredError('brave', 'BRAVE_API_KEY'),
      new ProviderUpstreamError('brave', 'answered HTTP 500'),
    ];
    for (const error of errors)
      await expect(
        instrumentDiscoverProvider(failing(error), metrics).discover('q', { maxCandidates: 5, signal }),
      ).rejects.toBe(error);
    const aborted = AbortSignal.abort();
    await expect(
      instrumentDiscoverProvider(failing(new Error('gone')), metrics).discover('q', {
        maxCandidates: 5,
        signal: aborted,
      }),
    ).rejects.toThrow('gone');

    const { samples } = await scrape(metrics);
    const count = (outcome: string) =>
      valueOf(samples, 'rankgate_upstream_requests_total', { kind: 'discover', provider: 'brave', outcome });
    expect([count('ok'), count('timeout'), count('not_configured'), count('error'), count('aborted')]).toEqual([
      1, 1, 1, 1, 1,
    ]);
    expect(
      valueOf(samples, 'rankgate_upstream_request_duration_seconds_sum', { provider: 'brave', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(0.025);
  });
});
