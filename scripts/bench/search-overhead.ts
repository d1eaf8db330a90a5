/**
 * The search service's own overhead under load. Starts a fake Brave provider (fixed 100 ms latency,
 * see ./fake-provider.ts) in this process and the split topology (one process per service, real
 * Redis, LOG_LEVEL=warn so per-request logging is not what is measured), then runs 50 concurrent
 * clients against `GET /v1/search?q=…&nocache=true&k=10` through the gateway. Each 200 response's
 * `meta.timings_ms` splits the client latency into discover (the provider call plus the cache
 * write), rank (the cascade: stage A, the judge, the gates), service overhead
 * (total − discover − rank) and gateway+network overhead (client latency − total).
 *
 * Queries: 100 fixed queries (10 topics × 10 wordings), each client owning two of them, so no two
 * requests in flight share a query. The search service coalesces identical concurrent discover
 * misses even with nocache=true; with distinct queries every request pays the provider's 100 ms.
 * BENCH_SHARED_QUERIES=1 makes every client cycle through the 10 bare topics instead (coalescing on).
 * BENCH_CONNECTIONS overrides the 50 clients (e.g. 1, to see the figures without queueing).
 *
 * Prints a table, writes .bench/search-overhead.json, exits 1 on any non-200 or failed request.
 * BENCH_DURATION_S (default 10) sets the measured time; a 2 s warm-up comes first.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { Pool } from 'undici';

import { generateInternalToken } from '../../bin/internal-token.ts';
import type { ManagedProcess, ServiceName } from '../../bin/split-topology.ts';
import { REPO_ROOT, freeTopologyPorts, startTopology, stopTopology, topologySpecs } from '../../bin/split-topology.ts';
import type { FakeProvider } from './fake-provider.ts';
import { RESULTS_PER_QUERY, startFakeProvider } from './fake-provider.ts';
import { round } from './report.ts';
import { redisAnswers } from '../../bin/redis-ping.ts';

const LOG_LEVEL = 'warn';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const WARMUP_S = 2;
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const PROVIDER_DELAY_MS = 100;
const K = 10;
/** A request that takes longer than this counts as an error (keeps the run bounded). */
const REQUEST_TIMEOUT_MS = 10_000;
const SHARED_QUERIES = process.env.BENCH_SHARED_QUERIES === '1';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

// First SIGINT/SIGTERM: stop the load and fall through to the cleanup below; a second one: exit now.
const interruption = new AbortController();
const interrupted = interruption.signal;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted.aborted) process.exit(130);
    console.error(`\n${signal}: stopping the topology and the fake provider (again to exit at once)`);
    interruption.abort();
  });
}

const TOPICS = [
  'how do ocean tides work', 'causes of the french revolution', 'rust borrow checker lifetimes',
  'photosynthesis light reactions', 'kubernetes pod eviction', 'history of the printing press',
  'mrna vaccine mechanism', 'black hole event horizon', 'sourdough starter hydration', 'byzantine fault tolerance',
];
const WORDINGS = ['', 'explained', 'overview', 'history', 'examples', 'for beginners', 'common misconceptions', 'latest research', 'summary', 'key facts'];
const QUERIES = TOPICS.flatMap((topic) => WORDINGS.map((wording) => (wording ? `${topic} ${wording}` : topic)));

/** Each client's own slice of QUERIES (distinct while CONNECTIONS ≤ QUERIES.length). */
const OWN_QUERIES = Array.from({ length: CONNECTIONS }, (_, c) => QUERIES.filter((_q, i) => i % CONNECTIONS === c % QUERIES.length));

/** Client `c`'s n-th query: from its own slice, or (shared) the bare topics in turn. */
function queryFor(client: number, n: number): string {
  const list = SHARED_QUERIES ? TOPICS : (OWN_QUERIES[client] ?? TOPICS);
  return list[(client + n) % list.length] ?? 'ocean tides';
}

interface Sample {
  clientMs: number;
  totalMs: number;
  discoverMs: number;
  rankMs: number;
  gatedOut: number;
  discovered: number;
  cacheHit: boolean;
}

interface Distribution { p50: number; p90: number; p99: number; mean: number; max: number }

/** Nearest-rank percentiles (and mean, max), rounded to 0.1 ms. */
function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
  return { p50: round(at(50), 1), p90: round(at(90), 1), p99: round(at(99), 1), mean: round(mean, 1), max: round(sorted.at(-1) ?? Number.NaN, 1) };
}

/** The fields of a search response the bench reads; undefined when the body does not have them. */
function readSample(body: unknown, clientMs: number): Sample | undefined {
  const meta = (body as { meta?: { timings_ms?: Record<string, unknown>; counts?: Record<string, unknown>; cache?: { hit?: unknown } } } | null)?.meta;
  const t = meta?.timings_ms;
  const { total, discover, rank } = t ?? {};
  if (typeof total !== 'number' || typeof discover !== 'number' || typeof rank !== 'number') return undefined;
  return {
    clientMs, totalMs: total, discoverMs: discover, rankMs: rank,
    gatedOut: Number(meta?.counts?.gated_out ?? 0), discovered: Number(meta?.counts?.discovered ?? 0), cacheHit: meta?.cache?.hit === true,
  };
}


interface LoadResult {
  samples: Sample[];
  /** Non-200 responses by status, warm-up included. */
  non200: Record<string, number>;
  /** Transport errors, timeouts and 200s without meta.timings_ms, warm-up included. */
  errors: number;
  firstProblem: string | undefined;
  measuredS: number;
}

/** CONNECTIONS async loops over one keep-alive pool; records requests started after the warm-up. */
async function runLoad(origin: string, apiKey: string, onMeasureStart: () => void): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });
  const result: LoadResult = { samples: [], non200: {}, errors: 0, firstProblem: undefined, measuredS: DURATION_S };
  const problem = (what: string) => {
    result.firstProblem ??= what;
  };
  const measureFrom = performance.now() + WARMUP_S * 1000;
  const endAt = measureFrom + DURATION_S * 1000;
  let lastDone = endAt;
  const mark = setTimeout(onMeasureStart, WARMUP_S * 1000);

  const client = async (c: number) => {
    for (let n = 0; performance.now() < endAt && !interrupted.aborted; n += 1) {
      const path = `/v1/search?${new URLSearchParams({ q: queryFor(c, n), nocache: 'true', k: String(K) })}`;
      const started = performance.now();
      try {
        const { statusCode, body } = await pool.request({ method: 'GET', path, headers: { 'x-api-key': apiKey } });
        const text = await body.text();
        const done = performance.now();
        if (statusCode !== 200) {
          result.non200[statusCode] = (result.non200[statusCode] ?? 0) + 1;
          problem(`HTTP ${statusCode} for ${path}: ${text.slice(0, 300)}`);
          continue;
        }
        const sample = readSample(JSON.parse(text), done - started);
        if (!sample) {
          result.errors += 1;
          problem(`200 without meta.timings_ms for ${path}`);
          continue;
        }
        if (started >= measureFrom) {
          result.samples.push(sample);
          lastDone = Math.max(lastDone, done);
        }
      } catch (error) {
        result.errors += 1;
        problem(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => client(c)));
  } finally {
    clearTimeout(mark);
    await pool.close();
  }
  result.measuredS = (lastDone - measureFrom) / 1000;
  return result;
}

const ROWS = [
  ['client latency', 'clientLatency', 'request sent → body read, at the client'],
  ['discover', 'discover', 'meta.timings_ms.discover: provider call + cache write'],
  ['rank (judge)', 'rank', 'meta.timings_ms.rank: cascade, judge, gates'],
  ['service total', 'serviceTotal', 'meta.timings_ms.total'],
  ['service overhead', 'serviceOverhead', 'total − discover − rank'],
  ['gateway+network', 'gatewayNetworkOverhead', 'client latency − total'],
] as const;

type MetricName = (typeof ROWS)[number][1];

interface SearchOverheadReport {
  date: string;
  node: string;
  cpus: number;
  logLevel: string;
  /** `calls`: searches answered from the end of the warm-up on (about one per request unless coalesced). */
  provider: { name: 'fake brave'; delayMs: number; resultsPerQuery: number; calls: number; maxInFlight: number };
  load: { connections: number; durationS: number; warmupS: number; path: string; queries: 'per-client' | 'shared'; distinctQueries: number };
  requests: number;
  requestsPerSecond: number;
  non200: Record<string, number>;
  errors: number;
  cacheHits: number;
  meanDiscovered: number;
  meanGatedOut: number;
  ms: Record<MetricName, Distribution>;
}

function formatTable(r: SearchOverheadReport): string {
  const widths = [18, 7, 7, 7, 7, 7];
  const row = (cells: (string | number)[]) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0))).join('  ');
  const fixed = (v: number) => v.toFixed(1);
  return [
    `Rankgate search overhead: node ${r.node}, ${r.cpus} CPUs, split topology + Redis, LOG_LEVEL=${r.logLevel} (info-level request logging off: logging is not what is measured)`,
    `provider: fake Brave in the bench process, fixed ${r.provider.delayMs} ms latency, ${r.provider.resultsPerQuery} results/query (2 carry injection text, 2 from republishers, 1 spam)`,
    `load: GET ${r.load.path} via the gateway, ${r.load.connections} clients, ${r.load.durationS} s after a ${r.load.warmupS} s warm-up, `
      + `${r.load.distinctQueries} distinct queries (${r.load.queries === 'per-client' ? 'each owned by one client: no discover coalescing' : 'shared: concurrent identical misses coalesce'})`,
    '',
    `requests ${r.requests}   req/s ${fixed(r.requestsPerSecond)}   non-200 ${Object.values(r.non200).reduce((a, b) => a + b, 0)}   errors ${r.errors}   `
      + `provider calls ${r.provider.calls} (max ${r.provider.maxInFlight} in flight)   cache hits ${r.cacheHits}   discovered/req ${fixed(r.meanDiscovered)}   gated out/req ${fixed(r.meanGatedOut)}`,
    '',
    row(['ms', 'p50', 'p90', 'p99', 'mean', 'max']) + '   what',
    ...ROWS.map(([label, key, what]) => {
      const d = r.ms[key];
      return `${row([label, fixed(d.p50), fixed(d.p90), fixed(d.p99), fixed(d.mean), fixed(d.max)])}   ${what}`;
    }),
  ].join('\n');
}

/** The last lines a service wrote (warn and above), for a failed run. */
const tail = (managed: ManagedProcess | undefined, lines = 15): string =>
  (managed?.recentOutput() ?? '').trimEnd().split('\n').slice(-lines).join('\n');

if (!(await redisAnswers(REDIS_URL))) {
  console.error(`Redis does not answer PING at ${new URL(REDIS_URL).host}; start it (redis-server --daemonize yes) or set REDIS_URL.`);
  process.exit(1);
}

const providerKey = `bench-brave-${randomBytes(8).toString('hex')}`;
const apiKey = `bench-${randomBytes(16).toString('hex')}`;
let provider: FakeProvider | undefined;
let processes: Map<ServiceName, ManagedProcess> | undefined;
try {
  provider = await startFakeProvider({ delayMs: PROVIDER_DELAY_MS, apiKey: providerKey });
  const ports = await freeTopologyPorts();
  const internalToken = generateInternalToken();
  processes = await startTopology(topologySpecs({
    ports, internalToken, redisUrl: REDIS_URL, logLevel: LOG_LEVEL,
    env: {
      DISCOVER_PROVIDER: 'brave', BRAVE_BASE_URL: provider.url, BRAVE_API_KEY: providerKey, OPERATOR_API_KEY: apiKey,
      // Unique per run so runs never read each other's entries; short TTL so they do not linger.
      REDIS_KEY_PREFIX: `bench-${internalToken.slice(0, 12)}:`, DISCOVER_CACHE_TTL_S: '60',
    },
  }));

  const fakeProvider = provider;
  let callsBefore = 0;
  interrupted.throwIfAborted();
  const load = await runLoad(`http://127.0.0.1:${ports.gateway}`, apiKey, () => {
    callsBefore = fakeProvider.stats().calls;
  });
  interrupted.throwIfAborted();
  const s = load.samples;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const stats = provider.stats();
  const report: SearchOverheadReport = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    logLevel: LOG_LEVEL,
    provider: { name: 'fake brave', delayMs: PROVIDER_DELAY_MS, resultsPerQuery: RESULTS_PER_QUERY, calls: stats.calls - callsBefore, maxInFlight: stats.maxInFlight },
    load: {
      connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, path: `/v1/search?q=…&nocache=true&k=${K}`,
      queries: SHARED_QUERIES ? 'shared' : 'per-client', distinctQueries: SHARED_QUERIES ? TOPICS.length : QUERIES.length,
    },
    requests: s.length,
    requestsPerSecond: round(s.length / load.measuredS, 1),
    non200: load.non200,
    errors: load.errors,
    cacheHits: s.filter((x) => x.cacheHit).length,
    meanDiscovered: round(mean(s.map((x) => x.discovered)), 1),
    meanGatedOut: round(mean(s.map((x) => x.gatedOut)), 1),
    ms: {
      clientLatency: distribution(s.map((x) => x.clientMs)),
      discover: distribution(s.map((x) => x.discoverMs)),
      rank: distribution(s.map((x) => x.rankMs)),
      serviceTotal: distribution(s.map((x) => x.totalMs)),
      serviceOverhead: distribution(s.map((x) => x.totalMs - x.discoverMs - x.rankMs)),
      gatewayNetworkOverhead: distribution(s.map((x) => x.clientMs - x.totalMs)),
    },
  };

  console.log(formatTable(report));
  const outDir = join(REPO_ROOT, '.bench');
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'search-overhead.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${join('.bench', 'search-overhead.json')}`);

  const non200 = Object.values(load.non200).reduce((a, b) => a + b, 0);
  if (non200 > 0 || load.errors > 0 || s.length === 0) {
    console.error(`FAIL: ${non200} non-200 responses ${JSON.stringify(load.non200)}, ${load.errors} errors, ${s.length} measured requests`);
    if (load.firstProblem) console.error(`first problem: ${load.firstProblem}`);
    for (const name of ['gateway', 'search'] as const) console.error(`--- ${name} (last lines) ---\n${tail(processes.get(name))}`);
    process.exitCode = 1;
  }
  if (report.cacheHits > 0) console.warn(`warning: ${report.cacheHits} cache hits despite nocache=true`);
} catch (error) {
  if (!interrupted.aborted) console.error(error);
  process.exitCode = 1;
} finally {
  if (processes) await stopTopology(processes);
  await provider?.close();
}
