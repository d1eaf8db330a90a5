import type { AppMetrics, MetricSample } from '@rankgate/platform/metrics';
import { createAppMetrics, parseExposition } from '@rankgate/platform/metrics';
import { describe, expect, it } from 'vitest';
import type { Judge } from './judge.ts';
import { instrumentJudge } from './instrument-judge.ts';

async function scrape(metrics: AppMetrics) {
  return parseExposition((await metrics.exposition()).body);
}

const valueOf = (samples: MetricSample[], name: string, labels: Record<string, string>): number | undefined =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('instrumentJudge', () => {
  it('counts backend calls and tokens from the usage, and outages reported as warnings', async () => {
    const metrics = createAppMetrics({ service: 'search', processMetrics: false });
    let warnings: { kind: string }[] = [];
    const llm: Judge = {
      name: 'openai',
      judge: async (_q, inputs) =>
        ({
          verdicts: inputs.map((input) => ({ id: input.id, signals: {}, is_republisher: null })),
          usage: { calls: 2, input_tokens: 1200, output_tokens: 80 },
          warnings,
        }) as never,
    };
    const judge = instrumentJudge(llm, metrics);
    expect(judge.name).toBe('openai');
    const inputs = [{ id: 0, title: 't', url: 'https://a.example/', snippet: 's' }];
    const result = await judge.judge('q', inputs, { signal: new AbortController().signal });
    expect(result.verdicts).toHaveLength(1);
    warnings = [{ kind: 'timeout' }];
    await judge.judge('q', inputs, { signal: new AbortController().signal });

    const { samples } = await scrape(metrics);
    expect(valueOf(samples, 'rankgate_judge_calls_total', { judge: 'openai' })).toBe(4);
    expect(valueOf(samples, 'rankgate_judge_tokens_total', { judge: 'openai', direction: 'input' })).toBe(2400);
    expect(valueOf(samples, 'rankgate_judge_tokens_total', { judge: 'openai', direction: 'output' })).toBe(160);
    expect(valueOf(samples, 'rankgate_judge_warnings_total', { judge: 'openai', kind: 'timeout' })).toBe(1);
    expect(
      valueOf(samples, 'rankgate_upstream_requests_total', { kind: 'judge', provider: 'openai', outcome: 'ok' }),
    ).toBe(1);
    expect(
      valueOf(samples, 'rankgate_upstream_requests_total', { kind: 'judge', provider: 'openai', outcome: 'timeout' }),
    ).toBe(1);
  });
});
