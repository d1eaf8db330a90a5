/**
 * Deep mode in the split topology (one process per service, real Redis, BullMQ), pages served by a
 * fake web in this process (e2e/harness/fake-web.ts: Brave's API plus the pages, each after its
 * own delay; FETCH_ALLOW_HOSTS=127.0.0.1 lets the fetcher reach it).
 *
 * 1. Parallel pages: a deep search whose 12 results' pages answer after 300-800 ms, five times.
 *    Stage C (`meta.timings_ms.fetch`) is compared with the slowest page and with the sum of all
 *    delays: read in parallel, it takes about the slowest page.
 * 2. Load and scaling out: BENCH_DEEP_CLIENTS concurrent deep searches of 8 pages × 400 ms each for
 *    BENCH_DEEP_DURATION_S, served by one ranking-worker process, then by two. Each worker reads
 *    4 pages at a time (RANKING_WORKER_CONCURRENCY), so one worker is the bottleneck; the gain is
 *    the second page throughput over the first.
 *
 * Alone: `node scripts/bench/deep.ts`; writes .bench/deep.json, exits 1 on any failed
 * search or unjudged page.
 */
import { randomBytes } from 'node:crypto';

import { generateInternalToken } from '../../bin/internal-token.ts';
import type { ProcessSpec, ServiceName } from '../../bin/split-topology.ts';
import {
  freePorts,
  ManagedProcess,
  freeTopologyPorts,
  startTopology,
  stopTopology,
  topologySpecs,
} from '../../bin/split-topology.ts';
import type { FakeWeb } from '../../e2e/harness/fake-web.ts';
import { FAKE_WEB_KEY, startFakeWeb, tidePage } from '../../e2e/harness/fake-web.ts';
import { renderText } from '../eval/report.ts';
import type { DeepLoadFigures, DeepSection } from './results.ts';
import { writeScratch } from './results.ts';
import { BENCH_SETTINGS, interrupted, isMain, requireRedis, stopOnSignals } from './settings.ts';
import { percentile, round } from './stats.ts';
import { deepTables } from './tables.ts';
import { MemorySampler } from './topology.ts';

const PARALLEL_RUNS = 5;
const DELAYS_MS = Array.from({ length: 12 }, (_, i) => 300 + Math.round((i * 500) / 11));
const LOAD_PAGES = 8;
const LOAD_DELAY_MS = 400;
const WORKER_CONCURRENCY = 4;

interface DeepAnswer {
  status: number;
  clientMs: number;
  fetchMs: number;
  planned: number;
  judged: number;
  problem?: string;
}

async function deepSearch(origin: string, apiKey: string, query: string): Promise<DeepAnswer> {
  const started = performance.now();
  try {
    const response = await fetch(`${origin}/v1/search?${new URLSearchParams({ q: query, mode: 'deep', k: '12' })}`, {
      headers: { 'x-api-key': apiKey },
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const clientMs = performance.now() - started;
    if (response.status !== 200)
      return { status: response.status, clientMs, fetchMs: 0, planned: 0, judged: 0, problem: text.slice(0, 300) };
    const meta = (
      JSON.parse(text) as {
        meta: { timings_ms: { fetch: number }; counts: { pages_planned?: number; pages_judged?: number } };
      }
    ).meta;
    return {
      status: 200,
      clientMs,
      fetchMs: meta.timings_ms.fetch,
      planned: meta.counts.pages_planned ?? 0,
      judged: meta.counts.pages_judged ?? 0,
    };
  } catch (error) {
    return {
      status: 0,
      clientMs: performance.now() - started,
      fetchMs: 0,
      planned: 0,
      judged: 0,
      problem: String(error),
    };
  }
}

const failedAnswer = (a: DeepAnswer): boolean => a.status !== 200 || a.judged < a.planned;

/** `clients` loops of deep searches for `durationS`. */
async function loadPhase(
  origin: string,
  apiKey: string,
  queries: string[],
  clients: number,
  durationS: number,
): Promise<{ figures: DeepLoadFigures; failures: DeepAnswer[] }> {
  const endAt = performance.now() + durationS * 1000;
  const answers: DeepAnswer[] = [];
  let lastDone = performance.now();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 0; performance.now() < endAt && !interrupted.aborted; n += 1) {
        answers.push(await deepSearch(origin, apiKey, queries[(client + n * clients) % queries.length] ?? 'tides'));
        lastDone = performance.now();
      }
    }),
  );
  const seconds = (lastDone - started) / 1000;
  const ok = answers.filter((a) => a.status === 200);
  const failures = answers.filter(failedAnswer);
  const latencies = ok.map((a) => a.clientMs);
  return {
    figures: {
      searches: answers.length,
      searchesPerSecond: round(ok.length / seconds, 2),
      pagesPerSecond: round(ok.reduce((sum, a) => sum + a.judged, 0) / seconds, 2),
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      errors: failures.length,
    },
    failures,
  };
}

/** Another ranking-worker process from the topology's spec, with its own port and settings. */
async function startWorker(base: ProcessSpec, env: Record<string, string>): Promise<ManagedProcess> {
  const [port = 0] = await freePorts(1);
  const worker = new ManagedProcess({
    ...base,
    port,
    healthUrl: `http://127.0.0.1:${port}/internal/health`,
    env: { ...base.env, RANKING_WORKER_PORT: String(port), ...env },
  });
  await worker.start();
  return worker;
}

export interface DeepSettings {
  redisUrl: string;
  logLevel: string;
  deepClients: number;
  deepDurationS: number;
}

export async function measureDeep(s: DeepSettings): Promise<{ section: DeepSection; problems: string[] }> {
  let web: FakeWeb | undefined;
  let processes: Map<ServiceName, ManagedProcess> | undefined;
  const extraWorkers: ManagedProcess[] = [];
  let sampler: MemorySampler | undefined;
  try {
    web = await startFakeWeb();
    const apiKey = `bench-${randomBytes(16).toString('hex')}`;
    const internalToken = generateInternalToken();
    const ports = await freeTopologyPorts();
    const specs = topologySpecs({
      ports,
      internalToken,
      redisUrl: s.redisUrl,
      logLevel: s.logLevel,
      env: {
        DISCOVER_PROVIDER: 'brave',
        BRAVE_BASE_URL: web.origin,
        BRAVE_API_KEY: FAKE_WEB_KEY,
        OPERATOR_API_KEY: apiKey,
        REDIS_KEY_PREFIX: `bench-${internalToken.slice(0, 12)}:`,
        DISCOVER_CACHE_TTL_S: '60',
        RATE_LIMIT_PER_MINUTE: '10000000',
        FETCH_ALLOW_HOSTS: '127.0.0.1',
        FETCH_ALLOWED_PORTS: `80,443,${web.port}`,
        // Every page of the fake web is on one host; real results spread over many.
        FETCH_PER_HOST_CONCURRENCY: '32',
        RANKING_WORKER_CONCURRENCY: '12',
        DEEP_DEADLINE_MS: '20000',
      },
    });
    processes = await startTopology(specs);
    const running = processes;
    sampler = new MemorySampler(function* sampled() {
      yield* running;
      for (const [i, worker] of extraWorkers.entries())
        yield [`ranking-worker (extra ${i + 1})`, worker] as [string, ManagedProcess];
    });
    const origin = `http://127.0.0.1:${ports.gateway}`;

    // 1. Parallel pages.
    web.publish(
      'warm-up tides',
      [1, 2, 3].map((n) => tidePage(n)),
    );
    await deepSearch(origin, apiKey, 'warm-up tides');
    const runs: DeepAnswer[] = [];
    for (let run = 0; run < PARALLEL_RUNS; run += 1) {
      interrupted.throwIfAborted();
      const query = `twelve tide pages run ${run}`;
      web.publish(
        query,
        DELAYS_MS.map((delayMs, i) => tidePage(100 * (run + 1) + i, { delayMs })),
      );
      runs.push(await deepSearch(origin, apiKey, query));
    }
    const fetchMs = runs.map((r) => r.fetchMs);

    // 2. One worker, then two, each reading WORKER_CONCURRENCY pages at a time.
    const fakeWeb = web;
    const queries = Array.from({ length: 10 }, (_, q) => {
      const query = `tide load query ${q}`;
      fakeWeb.publish(
        query,
        Array.from({ length: LOAD_PAGES }, (_, i) => tidePage(5_000 + q * 100 + i, { delayMs: LOAD_DELAY_MS })),
      );
      return query;
    });
    const workerSpec = specs.find((spec) => spec.name === 'ranking-worker');
    if (!workerSpec) throw new Error('no ranking-worker spec');
    await processes.get('ranking-worker')?.stop('SIGTERM');
    const workerEnv = { RANKING_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) };
    extraWorkers.push(await startWorker(workerSpec, workerEnv));
    await deepSearch(origin, apiKey, queries[0] ?? '');
    interrupted.throwIfAborted();
    const one = await loadPhase(origin, apiKey, queries, s.deepClients, s.deepDurationS);
    extraWorkers.push(await startWorker(workerSpec, workerEnv));
    await deepSearch(origin, apiKey, queries[1] ?? '');
    interrupted.throwIfAborted();
    const two = await loadPhase(origin, apiKey, queries, s.deepClients, s.deepDurationS);

    const memory = await sampler.figures(() => null);
    const section: DeepSection = {
      parallel: {
        pages: DELAYS_MS.length,
        delaysMs: { min: Math.min(...DELAYS_MS), max: Math.max(...DELAYS_MS) },
        slowestMs: Math.max(...DELAYS_MS),
        sumMs: DELAYS_MS.reduce((a, b) => a + b, 0),
        runs: runs.length,
        stageCMs: {
          p50: round(percentile(fetchMs, 50), 1),
          min: round(Math.min(...fetchMs), 1),
          max: round(Math.max(...fetchMs), 1),
        },
        clientMsP50: round(
          percentile(
            runs.map((r) => r.clientMs),
            50,
          ),
        ),
      },
      load: {
        clients: s.deepClients,
        durationS: s.deepDurationS,
        pagesPerSearch: LOAD_PAGES,
        pageDelayMs: LOAD_DELAY_MS,
        workerConcurrency: WORKER_CONCURRENCY,
        oneWorker: one.figures,
        twoWorkers: two.figures,
      },
      rssPeakMiB: Object.fromEntries(Object.entries(memory).map(([name, m]) => [name, m.rssPeakMiB])),
    };
    const failures = [
      ...runs.filter((r) => r.status !== 200 || r.judged !== DELAYS_MS.length),
      ...one.failures,
      ...two.failures,
    ];
    const problems =
      failures.length > 0
        ? [`deep: ${failures.length} failed or incompletely judged searches; first: ${JSON.stringify(failures[0])}`]
        : [];
    return { section, problems };
  } finally {
    sampler?.stop();
    await Promise.all(extraWorkers.map((worker) => worker.stop('SIGTERM')));
    if (processes) await stopTopology(processes);
    await web?.close();
  }
}

if (isMain(import.meta.url)) {
  stopOnSignals();
  await requireRedis();
  const { section, problems } = await measureDeep(BENCH_SETTINGS);
  console.log(deepTables(section).map(renderText).join('\n\n'));
  console.log(`\nwrote ${await writeScratch('deep', { date: new Date().toISOString(), ...section })}`);
  if (problems.length > 0) {
    console.error(`FAIL: ${problems.join('; ')}`);
    process.exitCode = 1;
  }
}
