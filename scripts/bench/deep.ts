/**
 * Deep mode in the split topology (one process per service, real Redis, BullMQ), pages served by a
 * fake web in this process (e2e/harness/fake-web.ts: Brave's API plus the pages, each after its
 * own delay; FETCH_ALLOW_HOSTS=127.0.0.1 lets the fetcher reach it).
 *
 * 1. Parallel pages: a deep search whose 12 results' pages answer after 300-800 ms. Stage C
 *    (`meta.timings_ms.fetch`) is compared with the slowest page and with the sum of all delays:
 *    read in parallel, it takes about the slowest page.
 * 2. Scaling out: the page throughput of one ranking-worker process, then of two, under the same
 *    load (BENCH_CLIENTS concurrent deep searches of 8 pages × 400 ms each). Each worker reads
 *    RANKING_WORKER_CONCURRENCY=4 pages at a time, so one worker is the bottleneck; the gain is the
 *    second throughput over the first.
 *
 * Prints both, writes .bench/deep.json, exits 1 on any failed request or unjudged page.
 * BENCH_DURATION_S (default 10) sets each load phase; BENCH_CLIENTS (default 6) the clients.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { generateInternalToken } from '../../bin/internal-token.ts';
import { redisAnswers } from '../../bin/redis-ping.ts';
import type { ProcessSpec, ServiceName } from '../../bin/split-topology.ts';
import { freePorts, ManagedProcess, REPO_ROOT, freeTopologyPorts, startTopology, stopTopology, topologySpecs } from '../../bin/split-topology.ts';
import type { FakeWeb } from '../../e2e/harness/fake-web.ts';
import { FAKE_WEB_KEY, startFakeWeb, tidePage } from '../../e2e/harness/fake-web.ts';
import { round } from './report.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 6);
const PARALLEL_RUNS = 5;
const DELAYS_MS = Array.from({ length: 12 }, (_, i) => 300 + Math.round((i * 500) / 11));
const LOAD_PAGES = 8;
const LOAD_DELAY_MS = 400;
const WORKER_CONCURRENCY = 4;

const interruption = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interruption.signal.aborted) process.exit(130);
    console.error(`\n${signal}: stopping (again to exit at once)`);
    interruption.abort();
  });
}

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
      headers: { 'x-api-key': apiKey }, signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    const clientMs = performance.now() - started;
    if (response.status !== 200) return { status: response.status, clientMs, fetchMs: 0, planned: 0, judged: 0, problem: text.slice(0, 300) };
    const meta = (JSON.parse(text) as { meta: { timings_ms: { fetch: number }; counts: { pages_planned?: number; pages_judged?: number } } }).meta;
    return { status: 200, clientMs, fetchMs: meta.timings_ms.fetch, planned: meta.counts.pages_planned ?? 0, judged: meta.counts.pages_judged ?? 0 };
  } catch (error) {
    return { status: 0, clientMs: performance.now() - started, fetchMs: 0, planned: 0, judged: 0, problem: String(error) };
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** CLIENTS loops of deep searches for DURATION_S; pages judged per second. */
async function loadPhase(origin: string, apiKey: string, queries: string[]): Promise<{ requests: number; pagesJudged: number; pagesPerS: number; requestsPerS: number; p50ClientMs: number; failures: DeepAnswer[] }> {
  const endAt = performance.now() + DURATION_S * 1000;
  const answers: DeepAnswer[] = [];
  let lastDone = performance.now();
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async (_, client) => {
    for (let n = 0; performance.now() < endAt && !interruption.signal.aborted; n += 1) {
      answers.push(await deepSearch(origin, apiKey, queries[(client + n * CLIENTS) % queries.length] ?? 'tides'));
      lastDone = performance.now();
    }
  }));
  const seconds = (lastDone - started) / 1000;
  const ok = answers.filter((a) => a.status === 200);
  const pagesJudged = ok.reduce((sum, a) => sum + a.judged, 0);
  return {
    requests: answers.length, pagesJudged, pagesPerS: round(pagesJudged / seconds, 2), requestsPerS: round(ok.length / seconds, 2),
    p50ClientMs: round(median(ok.map((a) => a.clientMs))), failures: answers.filter((a) => a.status !== 200 || a.judged < a.planned),
  };
}

/** Another ranking-worker process from the topology's spec, with its own port and settings. */
async function startWorker(base: ProcessSpec, env: Record<string, string>): Promise<ManagedProcess> {
  const [port = 0] = await freePorts(1);
  const worker = new ManagedProcess({ ...base, port, healthUrl: `http://127.0.0.1:${port}/internal/health`, env: { ...base.env, RANKING_WORKER_PORT: String(port), ...env } });
  await worker.start();
  return worker;
}

if (!(await redisAnswers(REDIS_URL))) {
  console.error(`Redis does not answer PING at ${new URL(REDIS_URL).host}; start it (redis-server --daemonize yes) or set REDIS_URL.`);
  process.exit(1);
}

let web: FakeWeb | undefined;
let processes: Map<ServiceName, ManagedProcess> | undefined;
const extraWorkers: ManagedProcess[] = [];
try {
  web = await startFakeWeb();
  const apiKey = `bench-${randomBytes(16).toString('hex')}`;
  const internalToken = generateInternalToken();
  const ports = await freeTopologyPorts();
  const specs = topologySpecs({
    ports, internalToken, redisUrl: REDIS_URL, logLevel: 'warn',
    env: {
      DISCOVER_PROVIDER: 'brave', BRAVE_BASE_URL: web.origin, BRAVE_API_KEY: FAKE_WEB_KEY, OPERATOR_API_KEY: apiKey,
      REDIS_KEY_PREFIX: `bench-${internalToken.slice(0, 12)}:`, DISCOVER_CACHE_TTL_S: '60',
      FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_ALLOWED_PORTS: `80,443,${web.port}`,
      // Every page of the fake web is on one host; real results spread over many.
      FETCH_PER_HOST_CONCURRENCY: '32', RANKING_WORKER_CONCURRENCY: '12', DEEP_DEADLINE_MS: '20000',
    },
  });
  processes = await startTopology(specs);
  const origin = `http://127.0.0.1:${ports.gateway}`;

  // 1. Parallel pages.
  web.publish('warm-up tides', [1, 2, 3].map((n) => tidePage(n)));
  await deepSearch(origin, apiKey, 'warm-up tides');
  const runs: DeepAnswer[] = [];
  for (let run = 0; run < PARALLEL_RUNS && !interruption.signal.aborted; run += 1) {
    const query = `twelve tide pages run ${run}`;
    web.publish(query, DELAYS_MS.map((delayMs, i) => tidePage(100 * (run + 1) + i, { delayMs })));
    runs.push(await deepSearch(origin, apiKey, query));
  }
  const slowest = Math.max(...DELAYS_MS);
  const sum = DELAYS_MS.reduce((a, b) => a + b, 0);
  const fetchMs = median(runs.map((r) => r.fetchMs));
  const parallel = {
    pages: DELAYS_MS.length, delaysMs: DELAYS_MS, slowestMs: slowest, sumMs: sum, runs: runs.length,
    stageCMs: { p50: round(fetchMs, 1), min: round(Math.min(...runs.map((r) => r.fetchMs)), 1), max: round(Math.max(...runs.map((r) => r.fetchMs)), 1) },
    clientMsP50: round(median(runs.map((r) => r.clientMs))),
    ratioToSlowest: round(fetchMs / slowest, 2), ratioToSum: round(fetchMs / sum, 3),
    judged: runs.map((r) => r.judged),
  };

  // 2. One worker, then two, each reading WORKER_CONCURRENCY pages at a time.
  const queries = Array.from({ length: 10 }, (_, q) => {
    const query = `tide load query ${q}`;
    web?.publish(query, Array.from({ length: LOAD_PAGES }, (_, i) => tidePage(5_000 + q * 100 + i, { delayMs: LOAD_DELAY_MS })));
    return query;
  });
  const workerSpec = specs.find((s) => s.name === 'ranking-worker');
  if (!workerSpec) throw new Error('no ranking-worker spec');
  await processes.get('ranking-worker')?.stop('SIGTERM');
  const workerEnv = { RANKING_WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) };
  extraWorkers.push(await startWorker(workerSpec, workerEnv));
  await deepSearch(origin, apiKey, queries[0] ?? '');
  const one = await loadPhase(origin, apiKey, queries);
  extraWorkers.push(await startWorker(workerSpec, workerEnv));
  await deepSearch(origin, apiKey, queries[1] ?? '');
  const two = await loadPhase(origin, apiKey, queries);
  const scaling = {
    clients: CLIENTS, durationS: DURATION_S, pagesPerRequest: LOAD_PAGES, pageDelayMs: LOAD_DELAY_MS, workerConcurrency: WORKER_CONCURRENCY,
    oneWorker: { ...one, failures: one.failures.length }, twoWorkers: { ...two, failures: two.failures.length },
    gain: round(two.pagesPerS / one.pagesPerS, 2),
  };

  const report = { date: new Date().toISOString(), node: process.version, cpus: availableParallelism(), parallel, scaling };
  console.log(`Rankgate deep mode: node ${report.node}, ${report.cpus} CPUs, split topology + Redis (BullMQ), local judge, LOG_LEVEL=warn`);
  console.log('');
  console.log(`parallel pages: ${parallel.pages} pages with ${DELAYS_MS[0]}-${slowest} ms delays (sum ${sum} ms), ${parallel.runs} runs`);
  console.log(`  stage C (meta.timings_ms.fetch)  p50 ${parallel.stageCMs.p50} ms  (min ${parallel.stageCMs.min}, max ${parallel.stageCMs.max}); client p50 ${parallel.clientMsP50} ms`);
  console.log(`  stage C / slowest page           ${parallel.ratioToSlowest}   (1.0 = exactly the slowest page)`);
  console.log(`  stage C / sum of all delays      ${parallel.ratioToSum}   (1.0 = one page after another)`);
  console.log('');
  console.log(`scaling out: ${CLIENTS} clients, deep searches of ${LOAD_PAGES} pages × ${LOAD_DELAY_MS} ms, ${DURATION_S} s per phase, ${WORKER_CONCURRENCY} pages at a time per worker`);
  console.log(`  one ranking-worker    ${one.pagesPerS} pages/s   ${one.requestsPerS} searches/s   client p50 ${one.p50ClientMs} ms   failures ${one.failures.length}`);
  console.log(`  two ranking-workers   ${two.pagesPerS} pages/s   ${two.requestsPerS} searches/s   client p50 ${two.p50ClientMs} ms   failures ${two.failures.length}`);
  console.log(`  throughput gain       ×${scaling.gain}`);
  const outDir = join(REPO_ROOT, '.bench');
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'deep.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${join('.bench', 'deep.json')}`);

  const failures = [...runs.filter((r) => r.status !== 200 || r.judged !== DELAYS_MS.length), ...one.failures, ...two.failures];
  if (failures.length > 0) {
    console.error(`FAIL: ${failures.length} failed or incompletely judged searches; first: ${JSON.stringify(failures[0])}`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!interruption.signal.aborted) console.error(error);
  process.exitCode = 1;
} finally {
  await Promise.all(extraWorkers.map((worker) => worker.stop('SIGTERM')));
  if (processes) await stopTopology(processes);
  await web?.close();
}
