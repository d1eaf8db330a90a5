/**
 * Where a cache-miss search's time goes, against the bench topology (./topology.ts: the fake Brave
 * provider answers after a fixed delay). Clients send `GET /v1/search?q=…&nocache=true&k=10` through
 * the gateway; each 200's `meta.timings_ms` splits the client latency into discover (the provider
 * call plus the cache write), rank (the cascade: stage A, the judge, the gates), service overhead
 * (total − discover − rank) and gateway+network (client latency − total).
 *
 * Two runs: BENCH_CONNECTIONS clients for BENCH_DURATION_S (throughput; at this load the cores are
 * the limit and every stage includes time queued behind other requests), then one client sending
 * BENCH_SEQUENTIAL_REQUESTS one at a time (the overhead without queueing). Queries: 10 topics × 10
 * wordings, each client owning its own, so no two requests in flight share one (the search service
 * coalesces identical concurrent misses even with nocache=true) and every request pays the provider.
 *
 * Alone: `node scripts/bench/search-overhead.ts`; writes .bench/search-overhead.json,
 * exits 1 on any failed request.
 */
import { Pool } from 'undici';

import { renderText } from '../eval/report.ts';
import type { SearchOverheadSection, TimingName } from './results.ts';
import { writeScratch } from './results.ts';
import { BENCH_SETTINGS, interrupted, isMain, requireRedis, stopOnSignals } from './settings.ts';
import { distribution, round } from './stats.ts';
import { overheadTable } from './tables.ts';
import type { BenchTopology } from './topology.ts';
import { startBenchTopology } from './topology.ts';

const K = 10;
/** A request slower than this counts as an error (keeps the run bounded). */
const REQUEST_TIMEOUT_MS = 10_000;

const TOPICS = [
  'how do ocean tides work',
  'causes of the french revolution',
  'rust borrow checker lifetimes',
  'photosynthesis light reactions',
  'kubernetes pod eviction',
  'history of the printing press',
  'mrna vaccine mechanism',
  'black hole event horizon',
  'sourdough starter hydration',
  'byzantine fault tolerance',
];
const WORDINGS = [
  '',
  'explained',
  'overview',
  'history',
  'examples',
  'for beginners',
  'common misconceptions',
  'latest research',
  'summary',
  'key facts',
];
const QUERIES = TOPICS.flatMap((topic) => WORDINGS.map((wording) => (wording ? `${topic} ${wording}` : topic)));

type Sample = Record<TimingName, number>;

/** The timings of a search response; undefined when the body does not have them or is a cache hit. */
function readSample(body: unknown, clientMs: number): Sample | undefined {
  const meta = (body as { meta?: { timings_ms?: Record<string, unknown>; cache?: { hit?: unknown } } } | null)?.meta;
  const { total, discover, rank } = meta?.timings_ms ?? {};
  if (
    typeof total !== 'number' ||
    typeof discover !== 'number' ||
    typeof rank !== 'number' ||
    meta?.cache?.hit !== false
  )
    return undefined;
  return {
    client: clientMs,
    discover,
    rank,
    serviceTotal: total,
    serviceOverhead: total - discover - rank,
    gatewayNetwork: clientMs - total,
  };
}

interface LoopResult {
  samples: Sample[];
  non200: number;
  /** Transport errors, timeouts, and 200s that are not an uncached search answer. */
  errors: number;
  firstProblem: string | undefined;
  measuredS: number;
}

/**
 * `clients` loops over one keep-alive pool, each cycling through its own queries; requests started
 * after `warmupS` are recorded. Ends after `durationS`, or after `requests` recorded ones.
 */
async function searchLoop(
  t: BenchTopology,
  clients: number,
  until: { warmupS: number; durationS?: number; requests?: number },
): Promise<LoopResult> {
  const own = Array.from({ length: clients }, (_, c) => QUERIES.filter((_q, i) => i % clients === c % QUERIES.length));
  const pool = new Pool(t.origin, {
    connections: clients,
    keepAliveTimeout: 30_000,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });
  const result: LoopResult = { samples: [], non200: 0, errors: 0, firstProblem: undefined, measuredS: 0 };
  const measureFrom = performance.now() + until.warmupS * 1000;
  const endAt = until.durationS === undefined ? Number.POSITIVE_INFINITY : measureFrom + until.durationS * 1000;
  const done = () =>
    performance.now() >= endAt ||
    interrupted.aborted ||
    (until.requests !== undefined && result.samples.length >= until.requests);
  let lastDone = measureFrom;
  const client = async (c: number) => {
    const queries = own[c] ?? TOPICS;
    for (let n = 0; !done(); n += 1) {
      const path = `/v1/search?${new URLSearchParams({ q: queries[n % queries.length] ?? 'ocean tides', nocache: 'true', k: String(K) })}`;
      const started = performance.now();
      try {
        const { statusCode, body } = await pool.request({ method: 'GET', path, headers: { 'x-api-key': t.apiKey } });
        const text = await body.text();
        const finished = performance.now();
        const sample = statusCode === 200 ? readSample(JSON.parse(text), finished - started) : undefined;
        if (!sample) {
          if (statusCode === 200) result.errors += 1;
          else result.non200 += 1;
          result.firstProblem ??= `HTTP ${statusCode} for ${path}: ${text.slice(0, 300)}`;
        } else if (started >= measureFrom) {
          result.samples.push(sample);
          lastDone = Math.max(lastDone, finished);
        }
      } catch (error) {
        result.errors += 1;
        result.firstProblem ??= `${path}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  } finally {
    await pool.close();
  }
  result.measuredS = (lastDone - measureFrom) / 1000;
  return result;
}

const TIMINGS: readonly TimingName[] = [
  'client',
  'discover',
  'rank',
  'serviceTotal',
  'serviceOverhead',
  'gatewayNetwork',
];
const timingsOf = (samples: readonly Sample[]) =>
  Object.fromEntries(
    TIMINGS.map((name) => [name, distribution(samples.map((s) => s[name]))]),
  ) as SearchOverheadSection['oneClient']['ms'];

export interface OverheadSettings {
  connections: number;
  durationS: number;
  warmupS: number;
  sequentialRequests: number;
  providerDelayMs: number;
}

export async function measureSearchOverhead(
  t: BenchTopology,
  s: OverheadSettings,
): Promise<{ section: SearchOverheadSection; problems: string[] }> {
  const callsBefore = t.provider.stats().calls;
  const loaded = await searchLoop(t, s.connections, { warmupS: s.warmupS, durationS: s.durationS });
  const providerCalls = t.provider.stats().calls - callsBefore;
  interrupted.throwIfAborted();
  const single = await searchLoop(t, 1, { warmupS: 0.5, requests: s.sequentialRequests });
  const ms = timingsOf(loaded.samples);
  const section: SearchOverheadSection = {
    providerDelayMs: s.providerDelayMs,
    underLoad: {
      connections: s.connections,
      durationS: s.durationS,
      requests: loaded.samples.length,
      requestsPerSecond: round(loaded.samples.length / Math.max(loaded.measuredS, 1e-9), 1),
      p50Ms: ms.client.p50,
      p99Ms: ms.client.p99,
      non2xx: loaded.non200,
      errors: loaded.errors,
      providerCalls,
      ms,
    },
    oneClient: {
      requests: single.samples.length,
      errors: single.errors + single.non200,
      ms: timingsOf(single.samples),
    },
  };
  const problems = [loaded, single].flatMap((run, i) =>
    run.errors + run.non200 > 0
      ? [
          `cache-miss search (${i === 0 ? `${s.connections} clients` : 'one client'}): ${run.non200} non-200, ${run.errors} errors; first: ${run.firstProblem ?? ''}`,
        ]
      : [],
  );
  if (loaded.samples.length === 0) problems.push('cache-miss search: no request measured');
  return { section, problems };
}

if (isMain(import.meta.url)) {
  stopOnSignals();
  await requireRedis();
  const s = BENCH_SETTINGS;
  const topology = await startBenchTopology({
    redisUrl: s.redisUrl,
    logLevel: s.logLevel,
    providerDelayMs: s.providerDelayMs,
  });
  try {
    const { section, problems } = await measureSearchOverhead(topology, s);
    console.log(renderText(overheadTable(section)));
    console.log(
      `\nwrote ${await writeScratch('search-overhead', { date: new Date().toISOString(), logLevel: s.logLevel, ...section })}`,
    );
    if (problems.length > 0) {
      console.error(`FAIL:\n  ${problems.join('\n  ')}\n--- search (last lines) ---\n${topology.tail('search')}`);
      process.exitCode = 1;
    }
  } finally {
    await topology.stop();
  }
}
