/** A small, complete bench result with round numbers, for the renderer's and the ratios' tests. */
import { ratiosOf } from '../ratios.ts';
import type { BenchResults, EndpointFigures, SearchOverheadSection, TimingName } from '../results.ts';
import { RESULTS_VERSION } from '../results.ts';
import type { Distribution } from '../stats.ts';

const endpoint = (
  id: string,
  label: string,
  via: EndpointFigures['via'],
  requestsPerSecond: number,
  p50Ms: number,
): EndpointFigures => ({
  id,
  label,
  via,
  connections: 50,
  durationS: 5,
  requests: requestsPerSecond * 5,
  requestsPerSecond,
  p50Ms,
  p99Ms: p50Ms * 4,
  non2xx: 0,
  errors: 0,
});

const spread = (p50: number): Distribution => ({ n: 100, p50, p90: p50 * 2, p99: p50 * 3, mean: p50, max: p50 * 4 });
const timings = (client: number, discover: number, rank: number): Record<TimingName, Distribution> => ({
  client: spread(client),
  discover: spread(discover),
  rank: spread(rank),
  serviceTotal: spread(discover + rank + 0.5),
  serviceOverhead: spread(0.5),
  gatewayNetwork: spread(client - discover - rank - 0.5),
});

const searchOverhead: SearchOverheadSection = {
  providerDelayMs: 100,
  underLoad: {
    connections: 50,
    durationS: 5,
    requests: 1250,
    requestsPerSecond: 250,
    p50Ms: 200,
    p99Ms: 600,
    non2xx: 0,
    errors: 0,
    providerCalls: 1250,
    ms: timings(200, 150, 10),
  },
  oneClient: { requests: 40, errors: 0, ms: timings(110, 102, 2) },
};

/** `overrides` replace whole top-level fields; the ratios are derived from the result. */
export function fixtureResults(overrides: Partial<BenchResults> = {}): BenchResults {
  const base: BenchResults = {
    version: RESULTS_VERSION,
    machine: {
      date: '2026-11-22T10:00:00.000Z',
      commit: 'abc1234',
      dirty: false,
      node: 'v20.20.2',
      os: 'Linux 6.1',
      cpuModel: 'Test CPU',
      cpus: 2,
      memoryGiB: 8,
      otherCpuPct: 4,
    },
    settings: {
      durationS: 5,
      warmupS: 1,
      connections: 50,
      providerDelayMs: 100,
      sequentialRequests: 40,
      deepDurationS: 8,
      deepClients: 6,
      limiterRequests: 3000,
      logLevel: 'info',
    },
    durationS: 150,
    topology: {
      logLevel: 'info',
      providerDelayMs: 100,
      services: {
        gateway: { readyMs: 700, rssReadyMiB: 100, rssPeakMiB: 150.5, rssEndMiB: 140 },
        search: { readyMs: 600, rssReadyMiB: 110, rssPeakMiB: 180, rssEndMiB: 170 },
      },
    },
    endpoints: [
      endpoint('health', 'GET /health', 'gateway', 20000, 2),
      endpoint('sandbox', 'GET /v1/sandbox', 'gateway', 6000, 6),
      endpoint('sandbox-direct', 'GET /v1/sandbox', 'search service', 12000, 3),
      endpoint('search-hit', 'GET /v1/search (snip, cache hit)', 'gateway', 600, 70),
      endpoint('search-hit-direct', 'GET /v1/search (snip, cache hit)', 'search service', 800, 55),
      endpoint('mcp-search-web', 'MCP tools/call search_web (cache hit)', 'gateway', 240, 180),
    ],
    searchOverhead,
    mcpOverhead: { pairs: 200, restP50Ms: 5, mcpP50Ms: 7.5, addedP50Ms: 2.2, addedP90Ms: 4 },
    limiter: {
      requests: 3000,
      concurrency: 8,
      stores: [
        { store: 'off', p50Ms: 1, p99Ms: 10, addedP50Ms: 0, addedP99Ms: 0 },
        { store: 'redis', p50Ms: 1.5, p99Ms: 11, addedP50Ms: 0.5, addedP99Ms: 1 },
        { store: 'redis-rest', p50Ms: 6, p99Ms: 20, addedP50Ms: 5, addedP99Ms: 10 },
      ],
    },
    deep: {
      parallel: {
        pages: 12,
        delaysMs: { min: 300, max: 800 },
        slowestMs: 800,
        sumMs: 6600,
        runs: 5,
        stageCMs: { p50: 840, min: 820, max: 860 },
        clientMsP50: 850,
      },
      load: {
        clients: 6,
        durationS: 8,
        pagesPerSearch: 8,
        pageDelayMs: 400,
        workerConcurrency: 4,
        oneWorker: { searches: 10, searchesPerSecond: 1.25, pagesPerSecond: 10, p50Ms: 4000, p99Ms: 5000, errors: 0 },
        twoWorkers: { searches: 20, searchesPerSecond: 2.5, pagesPerSecond: 20, p50Ms: 2400, p99Ms: 2600, errors: 0 },
      },
      rssPeakMiB: { search: 150, 'ranking-worker': 170 },
    },
    cascade: {
      dataset: 'TREC DL19 passage',
      queries: 43,
      candidatesPerQuery: 100,
      judge: 'OpenAI-compatible (fake)',
      batchSize: 8,
      cascade: {
        label: 'rank=on, cascade (JUDGE_TOP_N 30)',
        judgeTopN: 30,
        judgeCallsPerQuery: 4,
        inputTokensPerQuery: 7000,
        outputTokensPerQuery: 600,
        rankMsP50: 9,
      },
      all: {
        label: 'rank=on, judge all 100',
        judgeTopN: 100,
        judgeCallsPerQuery: 13,
        inputTokensPerQuery: 23000,
        outputTokensPerQuery: 2000,
        rankMsP50: 15,
      },
    },
    capabilities: {
      providers: {
        requests: 40,
        providerDelayMs: 100,
        healthy: { p50Ms: 110, p90Ms: 130, errors: 0 },
        oneDown: { p50Ms: 121, p90Ms: 140, errors: 0, statuses: { 'brave:ok': 40, 'searxng:cooling_down': 40 } },
      },
      extract: {
        pages: 10,
        runs: 5,
        delaysMs: { min: 200, max: 800 },
        slowestMs: 800,
        sumMs: 5000,
        clientMs: { p50: 880, min: 850, max: 950 },
        pagesRead: 50,
      },
    },
    ratios: ratiosOf({ endpoints: [], searchOverhead: null, limiter: null, deep: null, cascade: null }),
    skipped: {},
    problems: [],
  };
  const results = { ...base, ...overrides };
  return { ...results, ratios: ratiosOf(results) };
}
