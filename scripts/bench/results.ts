/**
 * The shape of `bench/results.json`: every figure `npm run bench` measured, by section, plus the
 * machine it ran on and the ratios derived from the sections (./ratios.ts). docs/performance.md is
 * rendered from this file alone (./render-performance.ts). A bench run alone writes its section to
 * `.bench/<name>.json` (not committed).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { REPO_ROOT } from '../../bin/split-topology.ts';
import type { Distribution } from './stats.ts';

export const RESULTS_VERSION = 1;
export const RESULTS_PATH = join(REPO_ROOT, 'bench', 'results.json');
export const PERFORMANCE_DOC_PATH = join(REPO_ROOT, 'docs', 'performance.md');
export const COMPARISONS_PATH = join(REPO_ROOT, 'bench', 'comparisons.json');

export interface MachineFacts {
  /** ISO time the bench started. */
  date: string;
  /** The commit measured (short hash), and whether the worktree had uncommitted changes. */
  commit: string | null;
  dirty: boolean;
  node: string;
  os: string;
  cpuModel: string;
  cpus: number;
  memoryGiB: number;
  /**
   * Share of all cores used during the run by processes other than the bench and the services it
   * started (Redis included): other work on the box. Null where it cannot be measured.
   */
  otherCpuPct: number | null;
}

/** One load run: requests counted after the warm-up. */
export interface LoadFigures {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses with another status than the one expected. */
  non2xx: number;
  /** Connection errors, timeouts and 2xx bodies that were not the expected answer. */
  errors: number;
}

export interface EndpointFigures extends LoadFigures {
  /** Stable id the ratios refer to, e.g. `search-hit`, `search-hit-direct`. */
  id: string;
  /** What was called, e.g. `GET /v1/search (cache hit)`. */
  label: string;
  via: 'gateway' | 'search service';
  connections: number;
  durationS: number;
}

export interface ServiceMemory {
  readyMs: number | null;
  rssReadyMiB: number | null;
  rssPeakMiB: number | null;
  rssEndMiB: number | null;
}

interface TopologyFacts {
  logLevel: string;
  providerDelayMs: number;
  /** Per process of the split topology (gateway, search, auth-server, mcp, ranking-worker). */
  services: Record<string, ServiceMemory>;
}

export type TimingName = 'client' | 'discover' | 'rank' | 'serviceTotal' | 'serviceOverhead' | 'gatewayNetwork';

export interface SearchOverheadSection {
  providerDelayMs: number;
  /** Cache misses (nocache=true, distinct queries per client) under load. */
  underLoad: LoadFigures & {
    connections: number;
    durationS: number;
    providerCalls: number;
    ms: Record<TimingName, Distribution>;
  };
  /** The same requests one at a time: the overhead without queueing. */
  oneClient: { requests: number; errors: number; ms: Record<TimingName, Distribution> };
}

/** One client sending a REST search and an MCP `search_web` for the same cached query in turn (./mcp-overhead.ts). */
export interface McpOverheadSection {
  pairs: number;
  restP50Ms: number;
  mcpP50Ms: number;
  /** Median of the per-pair differences (MCP − REST): the cost of one call, without queueing. */
  addedP50Ms: number;
  addedP90Ms: number;
}

export interface LimiterFigures {
  store: 'off' | 'redis' | 'redis-rest';
  p50Ms: number;
  p99Ms: number;
  addedP50Ms: number;
  addedP99Ms: number;
}

export interface LimiterSection {
  requests: number;
  concurrency: number;
  stores: LimiterFigures[];
}

export interface DeepLoadFigures {
  searches: number;
  searchesPerSecond: number;
  pagesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Failed searches, and searches with pages left unjudged. */
  errors: number;
}

export interface DeepSection {
  parallel: {
    pages: number;
    delaysMs: { min: number; max: number };
    slowestMs: number;
    sumMs: number;
    runs: number;
    /** `meta.timings_ms.fetch` (stage C). */
    stageCMs: { p50: number; min: number; max: number };
    clientMsP50: number;
  };
  load: {
    clients: number;
    durationS: number;
    pagesPerSearch: number;
    pageDelayMs: number;
    workerConcurrency: number;
    oneWorker: DeepLoadFigures;
    twoWorkers: DeepLoadFigures;
  };
  /** Peak resident memory per process over the deep run (the extra ranking-workers included). */
  rssPeakMiB: Record<string, number | null>;
}

/** Issue 18: a second provider that is down, and reading pages by URL (./capabilities.ts). */
export interface CapabilitiesSection {
  providers: {
    /** Cache-miss searches one at a time, per configuration. */
    requests: number;
    providerDelayMs: number;
    healthy: { p50Ms: number; p90Ms: number; errors: number };
    /** `brave,searxng` with SearXNG refusing connections; `statuses` counts `provider:status` over the answers. */
    oneDown: { p50Ms: number; p90Ms: number; errors: number; statuses: Record<string, number> };
  };
  extract: {
    pages: number;
    runs: number;
    delaysMs: { min: number; max: number };
    slowestMs: number;
    sumMs: number;
    /** Client latency of `POST /v1/extract` of all the pages. */
    clientMs: { p50: number; min: number; max: number };
    pagesRead: number;
  };
}

export interface CascadeConfigFigures {
  label: string;
  judgeTopN: number;
  judgeCallsPerQuery: number;
  inputTokensPerQuery: number;
  outputTokensPerQuery: number;
  /** `meta.timings_ms.rank` p50, in process, with an instant judge. */
  rankMsP50: number;
}

export interface CascadeSection {
  dataset: string;
  queries: number;
  candidatesPerQuery: number;
  judge: string;
  batchSize: number;
  cascade: CascadeConfigFigures;
  all: CascadeConfigFigures;
}

export interface Ratios {
  gatewayVsDirect: {
    endpoint: string;
    gatewayRps: number;
    directRps: number;
    throughputPct: number;
    addedP50Ms: number;
  }[];
  overheadVsUpstream: {
    upstreamMs: number;
    oneClient: { clientP50Ms: number; overheadP50Ms: number; overheadPct: number };
    underLoad: { connections: number; clientP50Ms: number; overheadP50Ms: number; overheadPct: number };
  } | null;
  mcpVsRest: {
    mcpRps: number;
    restRps: number;
    throughputPct: number;
    /** p50 difference at the throughput runs' clients: mostly queueing (p50 ≈ clients ÷ throughput). */
    addedP50Ms: number;
    /** p50 of the paired one-client differences, when measured. */
    oneClientAddedP50Ms?: number;
  } | null;
  cascadeVsAll: {
    judgeTopN: number;
    candidates: number;
    callsPct: number;
    inputTokensPct: number;
    outputTokensPct: number;
  } | null;
  deepVsSlowestPage: {
    stageCP50Ms: number;
    slowestMs: number;
    ratio: number;
    sumMs: number;
    ratioToSum: number;
  } | null;
  deepWorkerScaling: number | null;
  /** Cache-miss search p50 with a second provider down ÷ with one healthy provider. */
  providerDownVsHealthy?: { healthyP50Ms: number; oneDownP50Ms: number; ratio: number } | null;
  /** `POST /v1/extract` of N pages, client p50 ÷ the slowest page's delay. */
  extractVsSlowestPage?: { clientP50Ms: number; slowestMs: number; ratio: number; pages: number } | null;
  limiterAdded: { store: string; addedP50Ms: number; addedP99Ms: number }[];
}

export interface BenchResults {
  version: typeof RESULTS_VERSION;
  machine: MachineFacts;
  /** The BENCH_* settings of the run (see ./settings.ts). */
  settings: Record<string, string | number>;
  /** Wall time of the whole bench. */
  durationS: number;
  topology: TopologyFacts | null;
  endpoints: EndpointFigures[];
  searchOverhead: SearchOverheadSection | null;
  /** Absent in results written before the one-client MCP comparison. */
  mcpOverhead?: McpOverheadSection | null;
  limiter: LimiterSection | null;
  deep: DeepSection | null;
  cascade: CascadeSection | null;
  /** Absent in results written before issue 18. */
  capabilities?: CapabilitiesSection | null;
  ratios: Ratios;
  /** Sections not measured, with the reason (e.g. no evaluation data). */
  skipped: Record<string, string>;
  /** Anything that went wrong: failed requests, errors, a section that threw. Empty on a clean run. */
  problems: string[];
}

/** A bench run alone keeps its figures in `.bench/<name>.json` (git-ignored). */
export async function writeScratch(name: string, value: unknown): Promise<string> {
  const dir = join(REPO_ROOT, '.bench');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.json`);
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
  return join('.bench', `${name}.json`);
}
