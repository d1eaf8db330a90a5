import { describe, expect, it } from 'vitest';

import { ratiosOf } from './ratios.ts';
import { fixtureResults } from './testing/results-fixture.ts';

describe('ratiosOf', () => {
  const { ratios } = fixtureResults();

  it('compares the gateway hop with calling the search service directly, per endpoint', () => {
    expect(ratios.gatewayVsDirect).toEqual([
      { endpoint: 'GET /v1/sandbox', gatewayRps: 6000, directRps: 12000, throughputPct: 50, addedP50Ms: 3 },
      {
        endpoint: 'GET /v1/search (snip, cache hit)',
        gatewayRps: 600,
        directRps: 800,
        throughputPct: 75,
        addedP50Ms: 15,
      },
    ]);
  });

  it('sets our overhead against the provider latency, alone and under load', () => {
    expect(ratios.overheadVsUpstream).toEqual({
      upstreamMs: 100,
      oneClient: { clientP50Ms: 110, overheadP50Ms: 10, overheadPct: 10 },
      underLoad: { connections: 50, clientP50Ms: 200, overheadP50Ms: 100, overheadPct: 100 },
    });
  });

  it('compares MCP with REST, the cascade with judging all, deep mode with its slowest page', () => {
    expect(ratios.mcpVsRest).toEqual({
      mcpRps: 240,
      restRps: 600,
      throughputPct: 40,
      addedP50Ms: 110,
      oneClientAddedP50Ms: 2.2,
    });
    expect(ratios.cascadeVsAll).toEqual({
      judgeTopN: 30,
      candidates: 100,
      callsPct: 30.8,
      inputTokensPct: 30.4,
      outputTokensPct: 30,
    });
    expect(ratios.deepVsSlowestPage).toEqual({
      stageCP50Ms: 840,
      slowestMs: 800,
      ratio: 1.05,
      sumMs: 6600,
      ratioToSum: 0.127,
    });
    expect(ratios.deepWorkerScaling).toBe(2);
    expect(ratios.limiterAdded).toEqual([
      { store: 'redis', addedP50Ms: 0.5, addedP99Ms: 1 },
      { store: 'redis-rest', addedP50Ms: 5, addedP99Ms: 10 },
    ]);
  });

  it('leaves out what a run did not measure', () => {
    const partial = ratiosOf({
      endpoints: fixtureResults().endpoints.filter((e) => !e.id.endsWith('-direct')),
      searchOverhead: null,
      limiter: null,
      deep: null,
      cascade: null,
    });
    expect(partial).toEqual({
      gatewayVsDirect: [],
      overheadVsUpstream: null,
      mcpVsRest: { mcpRps: 240, restRps: 600, throughputPct: 40, addedP50Ms: 110 },
      cascadeVsAll: null,
      deepVsSlowestPage: null,
      deepWorkerScaling: null,
      limiterAdded: [],
      providerDownVsHealthy: null,
      extractVsSlowestPage: null,
    });
  });

  it('sets a second provider that is down against one healthy provider, and extract against its slowest page', () => {
    expect(ratios.providerDownVsHealthy).toEqual({ healthyP50Ms: 110, oneDownP50Ms: 121, ratio: 1.1 });
    expect(ratios.extractVsSlowestPage).toEqual({ clientP50Ms: 880, slowestMs: 800, ratio: 1.1, pages: 10 });
  });
});
